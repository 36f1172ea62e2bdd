import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { addresses, eventAttachments, files, organizations, raceRegistrations, type EventRow } from '../../db/schema/index.ts';
import { presentRaces, racesOfEvents } from '../races/race-presenter.ts';
import type { EventAccess } from '../races/race-access.ts';
import type { EventSummary, EventView } from './event-schemas.ts';

async function attachmentsOf(db: Executor, eventIds: readonly number[]) {
  if (eventIds.length === 0) return [];
  return db
    .select({ eventId: eventAttachments.eventId, id: files.id, name: files.name, type: files.mimeType, size: files.size })
    .from(eventAttachments)
    .innerJoin(files, eq(files.id, eventAttachments.fileId))
    .where(inArray(eventAttachments.eventId, eventIds))
    .orderBy(asc(eventAttachments.position), asc(files.id));
}

async function contextOf(db: Executor, rows: readonly EventRow[]) {
  const organizationIds = [...new Set(rows.map((event) => event.organizationId))];
  const addressIds = rows.map((event) => event.addressId).filter((id): id is number => id !== null);
  const organizationRows = organizationIds.length > 0 ? await db.select().from(organizations).where(inArray(organizations.id, organizationIds)) : [];
  const addressRows = addressIds.length > 0 ? await db.select().from(addresses).where(inArray(addresses.id, addressIds)) : [];
  const attachments = await attachmentsOf(db, rows.map((event) => event.id));
  return {
    organization: (event: EventRow) => organizationRows.find((row) => row.id === event.organizationId),
    address: (event: EventRow) => addressRows.find((row) => row.id === event.addressId) ?? null,
    attachments: (event: EventRow) => attachments.filter((row) => row.eventId === event.id).map(({ eventId: _eventId, ...file }) => file),
  };
}

/**
 * The public event summaries of a list, in a fixed number of queries. `manages(organizationId)`
 * tells whether the caller sees the event's HIDDEN races too.
 */
export async function presentEventSummaries(db: Executor, rows: readonly EventRow[], manages: (organizationId: number) => boolean): Promise<EventSummary[]> {
  const context = await contextOf(db, rows);
  const raceRows = await racesOfEvents(db, rows.map((event) => event.id));
  const raceIds = raceRows.map((race) => race.id);
  const counts = raceIds.length > 0
    ? await db.select({ raceId: raceRegistrations.raceId, total: count() }).from(raceRegistrations).where(inArray(raceRegistrations.raceId, raceIds)).groupBy(raceRegistrations.raceId)
    : [];
  return rows.map((event) => {
    const organization = context.organization(event);
    const address = context.address(event);
    return {
      id: event.id,
      name: event.name,
      displayName: event.displayName,
      city: address?.city ?? null,
      country: address?.country ?? null,
      organizationId: event.organizationId,
      organizationName: organization?.name ?? '',
      clubsEnabled: organization?.clubsEnabled ?? false,
      startingDate: event.startingDate,
      closingDate: event.closingDate,
      description: event.description,
      poster: event.posterId,
      attachments: context.attachments(event),
      allowedUnregisteredUsers: event.allowedUnregisteredUsers,
      onlineRegistration: event.onlineRegistration,
      isPublic: event.isPublic,
      isHidden: event.isHidden,
      races: raceRows
        .filter((race) => race.eventId === event.id && (race.state !== 'HIDDEN' || manages(event.organizationId)))
        .map((race) => ({
          id: race.id,
          name: race.name,
          discipline: race.discipline,
          raceGender: race.raceGender,
          state: race.state,
          startingDate: race.startingDate,
          endDate: race.endDate,
          openingRegistrationDate: race.openingRegistrationDate,
          closingRegistrationDate: race.closingRegistrationDate,
          racersCount: counts.find((row) => row.raceId === race.id)?.total ?? 0,
          maxRacersCount: race.maxRacersCount,
        })),
    };
  });
}

/** The whole event (GET /api/event/{id} and every event write). */
export async function presentEvent(db: Executor, event: EventRow, access: EventAccess): Promise<EventView> {
  const manager = access.manage;
  const context = await contextOf(db, [event]);
  const organization = context.organization(event);
  const address = context.address(event);
  const raceRows = (await racesOfEvents(db, [event.id])).filter((race) => race.state !== 'HIDDEN' || manager);
  return {
    id: event.id,
    name: event.name,
    displayName: event.displayName,
    city: address?.city ?? null,
    country: address?.country ?? null,
    address: address
      ? { id: address.id, street: address.street, streetNumber: address.streetNumber, city: address.city, zipcode: address.zipcode, country: address.country }
      : null,
    organizationId: event.organizationId,
    organizationName: organization?.name ?? '',
    clubsEnabled: organization?.clubsEnabled ?? false,
    organization: {
      id: event.organizationId,
      name: organization?.name ?? '',
      shortcut: organization?.shortcut ?? null,
      logo: organization?.logoId ?? null,
      secondaryLogo: organization?.secondaryLogoId ?? null,
      clubsEnabled: organization?.clubsEnabled ?? false,
      seasonStartMonth: organization?.seasonStartMonth ?? null,
    },
    startingDate: event.startingDate,
    closingDate: event.closingDate,
    description: event.description,
    poster: event.posterId,
    attachments: context.attachments(event),
    allowedUnregisteredUsers: event.allowedUnregisteredUsers,
    onlineRegistration: event.onlineRegistration,
    isPublic: event.isPublic,
    isHidden: event.isHidden,
    sendUpdateInfo: event.sendUpdateInfo,
    canManage: manager,
    canScore: access.score,
    races: await presentRaces(db, raceRows),
  };
}
