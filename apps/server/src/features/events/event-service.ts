import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, exists, gt, gte, ilike, inArray, isNull, lt, lte, max, or, sql, type SQL } from 'drizzle-orm';
import {
  ATTACHMENTS_TOTAL_MAX_BYTES,
  DomainError,
  EVENT_ACTUAL_GRACE_DAYS,
  addDays,
  canDeleteEvent,
  compareDates,
  isOnlineRegistrationInProgress,
  monthRange,
  newEventDefaults,
  normalizeEventFlags,
  type IsoDate,
} from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { addresses, eventAttachments, events, files, judgeAccounts, organizations, raceRegistrations, races, type EventRow } from '../../db/schema/index.ts';
import type { Actor } from '../auth/policy.ts';
import { deleteFile, insertFile } from '../files/file-repository.ts';
import type { UploadedImage } from '../files/file-upload.ts';
import { findOrganization } from '../organizations/organization-presenter.ts';
import { deleteRaceResults, insertRace } from '../races/race-service.ts';
import { saveAddress } from '../users/user-repository.ts';
import { activeOrganizationSql, findEvent } from './event-access.ts';
import { addressText, queueEventUpdateMails, racersShouldHear } from './event-update-mail.ts';
import type { CreateEventInput, EventListQuery, UpdateEventInput } from './event-schemas.ts';

function assertEventDates(startingDate: IsoDate, closingDate: IsoDate): void {
  if (compareDates(startingDate, closingDate) > 0) throw new DomainError('VALIDATION_FAILED', { fields: { closingDate: 'validation.startAfterEnd' } });
}

/**
 * POST /api/event: the event and its races in one transaction. What the body leaves out takes the
 * spec 9 defaults (online registration on, public, hidden, unregistered users allowed, update info
 * on); the public/unregistered rule of spec 4 is applied to what was sent.
 */
export async function createEvent(app: FastifyInstance, input: CreateEventInput): Promise<EventRow> {
  if (input.races.length === 0) throw new DomainError('EVENT_NEEDS_RACE', { fields: { races: 'validation.notEmpty' } });
  assertEventDates(input.startingDate, input.closingDate);
  const defaults = newEventDefaults();
  const flags = normalizeEventFlags(defaults, {
    isPublic: input.isPublic ?? defaults.isPublic,
    allowedUnregisteredUsers: input.allowedUnregisteredUsers ?? defaults.allowedUnregisteredUsers,
  });
  return app.db.transaction(async (tx) => {
    const organization = await findOrganization(tx, input.organizationId);
    if (!organization.active) throw new DomainError('ORGANIZATION_INACTIVE');
    const addressId = await saveAddress(tx, null, input.address);
    const [event] = await tx
      .insert(events)
      .values({
        organizationId: organization.id,
        name: input.name,
        displayName: input.displayName ?? null,
        description: input.description ?? null,
        addressId,
        startingDate: input.startingDate,
        closingDate: input.closingDate,
        ...flags,
        onlineRegistration: input.onlineRegistration ?? defaults.onlineRegistration,
        isHidden: input.isHidden ?? defaults.isHidden,
        sendUpdateInfo: input.sendUpdateInfo ?? defaults.sendUpdateInfo,
      })
      .returning();
    if (!event) throw new DomainError('EVENT_CANNOT_BE_CREATED');
    for (const race of input.races) await insertRace(tx, event, organization, race);
    return event;
  });
}

/**
 * PUT /api/event/{id}. Making the event non-public turns unregistered access off, allowing
 * unregistered users makes it public, and while online registration is in progress (a race open
 * for registration) it cannot be made non-public: ONLINE_REGISTRATION_IN_PROGRESS.
 */
export async function updateEvent(app: FastifyInstance, id: number, input: UpdateEventInput): Promise<EventRow> {
  const { event, mailIds } = await app.db.transaction(async (tx) => {
    const current = await findEvent(tx, id);
    const raceStates = (await tx.select({ state: races.state }).from(races).where(eq(races.eventId, id))).map((row) => row.state);
    const onlineRegistration = input.onlineRegistration ?? current.onlineRegistration;
    const flags = normalizeEventFlags(
      current,
      { isPublic: input.isPublic ?? current.isPublic, allowedUnregisteredUsers: input.allowedUnregisteredUsers ?? current.allowedUnregisteredUsers },
      { onlineRegistrationInProgress: isOnlineRegistrationInProgress(onlineRegistration, raceStates) },
    );
    const startingDate = input.startingDate ?? current.startingDate;
    const closingDate = input.closingDate ?? current.closingDate;
    assertEventDates(startingDate, closingDate);
    const addressBefore = await addressText(tx, current.addressId);
    const addressId = await saveAddress(tx, current.addressId, input.address);
    const [event] = await tx
      .update(events)
      .set({
        name: input.name ?? current.name,
        displayName: input.displayName === undefined ? current.displayName : input.displayName,
        description: input.description === undefined ? current.description : input.description,
        addressId,
        startingDate,
        closingDate,
        ...flags,
        onlineRegistration,
        isHidden: input.isHidden ?? current.isHidden,
        sendUpdateInfo: input.sendUpdateInfo ?? current.sendUpdateInfo,
      })
      .where(eq(events.id, id))
      .returning();
    if (!event) throw new DomainError('EVENT_CANNOT_BE_UPDATED');
    // Spec 3 sendUpdateInfo: registered racers hear about a new date, place or name.
    const mailIds = racersShouldHear(current, event, (await addressText(tx, event.addressId)) !== addressBefore) ? await queueEventUpdateMails(app, tx, event) : [];
    return { event, mailIds };
  });
  await app.mail.deliver(mailIds);
  return event;
}

/** DELETE /api/event/{id}: refused with an ongoing (EVENT_ONGOING_OR_FINISHED) or finished (EVENT_HAS_FINISHED_RACE) race. */
export async function deleteEvent(app: FastifyInstance, id: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const event = await findEvent(tx, id);
    const raceRows = await tx.select({ id: races.id, state: races.state }).from(races).where(eq(races.eventId, id));
    canDeleteEvent(raceRows.map((race) => race.state));
    await deleteRaceResults(tx, raceRows.map((race) => race.id));
    const attachmentIds = (await tx.select({ fileId: eventAttachments.fileId }).from(eventAttachments).where(eq(eventAttachments.eventId, id))).map((row) => row.fileId);
    await tx.delete(events).where(eq(events.id, id));
    if (attachmentIds.length > 0) await tx.delete(files).where(inArray(files.id, attachmentIds));
    await deleteFile(tx, event.posterId);
  });
}

const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** Which events the actor may see in lists (docs/permissions.md): the same rule as reading one event. */
function visibility(actor: Actor): SQL | undefined {
  if (actor.kind === 'USER' && actor.superAdmin) return undefined;
  // A deactivated organization's events are not public (its members still see them).
  const publicEvents = and(eq(events.isPublic, true), eq(events.isHidden, false), activeOrganizationSql(events.organizationId));
  if (actor.kind === 'JUDGE_ACCOUNT') return or(publicEvents, eq(events.id, actor.eventId));
  if (actor.kind !== 'USER') return publicEvents;
  const memberOf = [...actor.memberships.keys()];
  const adminOf = [...actor.memberships.entries()].filter(([, rights]) => rights.orgAdmin).map(([organizationId]) => organizationId);
  return or(
    publicEvents,
    memberOf.length > 0 ? and(eq(events.isHidden, false), inArray(events.organizationId, memberOf)) : undefined,
    adminOf.length > 0 ? inArray(events.organizationId, adminOf) : undefined,
  );
}

function periodFilter(period: EventListQuery['period'], today: IsoDate): SQL | undefined {
  const lastActualClosingDate = addDays(today, -EVENT_ACTUAL_GRACE_DAYS);
  if (period === 'actual') return gte(events.closingDate, lastActualClosingDate);
  if (period === 'history') return lt(events.closingDate, lastActualClosingDate);
  if (period === 'planned') return gt(events.startingDate, today);
  if (period === 'open-registration') {
    return and(eq(events.onlineRegistration, true), openRaceToday(today));
  }
  return undefined;
}

/** A race of the event is open for registration today (state and period, both days included). */
function openRaceToday(today: IsoDate): SQL {
  return sql`exists (select 1 from ${races} where ${races.eventId} = ${events.id} and ${races.state} = 'OPEN_REGISTRATION'
    and (${races.openingRegistrationDate} is null or ${races.openingRegistrationDate} <= ${today})
    and (${races.closingRegistrationDate} is null or ${races.closingRegistrationDate} >= ${today}))`;
}

/**
 * GET /api/event: the events the caller may see, filtered. "actual" keeps an event until its
 * closing date plus 3 days (spec 4); history is the rest; planned starts after today;
 * open-registration has a race open for online registration today; mine = the caller's
 * organizations' events and events they are registered in.
 */
export async function listEvents(db: Executor, actor: Actor, query: EventListQuery, today: IsoDate): Promise<EventRow[]> {
  const conditions: (SQL | undefined)[] = [visibility(actor), periodFilter(query.period, today)];
  if (query.organizationId !== undefined) conditions.push(eq(events.organizationId, query.organizationId));
  if (query.country) conditions.push(eq(addresses.country, query.country));
  if (query.month) {
    const { first, last } = monthRange(query.month);
    conditions.push(lte(events.startingDate, last), gte(events.closingDate, first));
  }
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(events.name, pattern), ilike(events.displayName, pattern), ilike(addresses.city, pattern), ilike(organizations.name, pattern)));
  }
  if (query.mine === 'true') {
    if (actor.kind !== 'USER') throw new DomainError('MISSING_TOKEN');
    const registered = db
      .select({ one: sql`1` })
      .from(raceRegistrations)
      .innerJoin(races, eq(races.id, raceRegistrations.raceId))
      .where(and(eq(races.eventId, events.id), eq(raceRegistrations.userId, actor.userId)));
    const memberOf = [...actor.memberships.keys()];
    conditions.push(or(exists(registered), memberOf.length > 0 ? inArray(events.organizationId, memberOf) : undefined));
  }
  const rows = await db
    .select({ event: events })
    .from(events)
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .leftJoin(addresses, eq(addresses.id, events.addressId))
    .where(and(...conditions))
    .orderBy(...(query.period === 'history' ? [desc(events.startingDate), desc(events.id)] : [asc(events.startingDate), asc(events.id)]))
    .limit(query.limit);
  return rows.map((row) => row.event);
}

/** POST /api/event/{id}/poster: the new poster replaces (and removes) the old one in one transaction. */
export async function replacePoster(app: FastifyInstance, eventId: number, image: UploadedImage): Promise<void> {
  await app.db.transaction(async (tx) => {
    const event = await findEvent(tx, eventId);
    const fileId = await insertFile(tx, { kind: 'POSTER', ...image });
    await tx.update(events).set({ posterId: fileId }).where(eq(events.id, eventId));
    await deleteFile(tx, event.posterId);
  });
}

export async function removePoster(app: FastifyInstance, eventId: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const event = await findEvent(tx, eventId);
    await tx.update(events).set({ posterId: null }).where(eq(events.id, eventId));
    await deleteFile(tx, event.posterId);
  });
}

/** POST /api/event/{id}/attachment: images or PDFs; all of an event's attachments together stay within 20 MB (413 otherwise). */
export async function addAttachments(app: FastifyInstance, eventId: number, uploads: readonly UploadedImage[]): Promise<void> {
  await app.db.transaction(async (tx) => {
    await findEvent(tx, eventId);
    const [stored] = await tx
      .select({ total: sql<number>`coalesce(sum(${files.size}), 0)::integer`, last: max(eventAttachments.position) })
      .from(eventAttachments)
      .innerJoin(files, eq(files.id, eventAttachments.fileId))
      .where(eq(eventAttachments.eventId, eventId));
    const total = (stored?.total ?? 0) + uploads.reduce((sum, upload) => sum + upload.content.byteLength, 0);
    if (total > ATTACHMENTS_TOTAL_MAX_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', { fields: { multipartFile: 'validation.attachmentsTooLarge' } });
    let position = (stored?.last ?? -1) + 1;
    for (const upload of uploads) {
      const fileId = await insertFile(tx, { kind: 'ATTACHMENT', ...upload });
      await tx.insert(eventAttachments).values({ eventId, fileId, position });
      position += 1;
    }
  });
}

export async function removeAttachment(app: FastifyInstance, eventId: number, fileId: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [link] = await tx.select().from(eventAttachments).where(and(eq(eventAttachments.eventId, eventId), eq(eventAttachments.fileId, fileId)));
    if (!link) throw new DomainError('FILE_NOT_FOUND');
    await tx.delete(files).where(eq(files.id, fileId));
  });
}

export async function listJudgeAccounts(db: Executor, eventId: number) {
  const rows = await db.select().from(judgeAccounts).where(eq(judgeAccounts.eventId, eventId)).orderBy(asc(judgeAccounts.id));
  return rows.map((row) => ({ id: row.id, eventId: row.eventId, login: row.login, createdAt: row.createdAt.toISOString(), revoked: row.revokedAt !== null }));
}

export async function findJudgeAccountOfEvent(db: Executor, eventId: number, judgeAccountId: number): Promise<void> {
  const [row] = await db.select({ id: judgeAccounts.id }).from(judgeAccounts).where(and(eq(judgeAccounts.id, judgeAccountId), eq(judgeAccounts.eventId, eventId), isNull(judgeAccounts.revokedAt)));
  if (!row) throw new DomainError('JUDGE_ACCOUNT_NOT_FOUND');
}

