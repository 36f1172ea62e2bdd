import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { DomainError, canEditRoster, groupTakesLateEntries } from '@climbing/domain';
import { raceRegistrations, races } from '../../db/schema/index.ts';
import { findGroup } from '../races/group-state-service.ts';
import { findRegistration, registrationsOfRace } from '../registrations/registration-repository.ts';
import { applyPresence, lockRace } from '../registrations/registration-service.ts';

/**
 * "Mark all of group A present" at the desk: every registration of the group without a presence
 * yet becomes PRESENT, in racer-number order, in one transaction. Racers who withdrew (NOT_PRESENT)
 * stay withdrawn: the desk marks them one by one if they turn up after all. A group already in
 * qualification appends them to its starting order; a closed group takes nobody.
 */
export async function checkInGroup(app: FastifyInstance, groupId: number): Promise<number> {
  return app.db.transaction(async (tx) => {
    const group = await findGroup(tx, groupId);
    const { race, event } = await lockRace(tx, group.raceId);
    if (!canEditRoster(race.state)) throw new DomainError('REGISTRATION_STATE_CANNOT_BE_CHANGED');
    if (!groupTakesLateEntries(group.state)) throw new DomainError('QUALIFICATION_GROUP_NOT_VALID');
    const waiting = await registrationsOfRace(tx, race.id, and(eq(raceRegistrations.qualificationGroupId, group.id), isNull(raceRegistrations.state)));
    const ordered = [...waiting].sort((a, b) => a.registration.racerNumber - b.registration.racerNumber);
    for (const record of ordered) await applyPresence(tx, race, event, record, 'PRESENT', true);
    return ordered.length;
  });
}

/**
 * The desk scans (or types) a racer's check-in code: it checks that racer into this race only. A
 * code of another race of the event is CHECK_IN_CODE_OTHER_RACE (with that race); one of another
 * event's race or a forged one is CHECK_IN_CODE_INVALID, told apart from nothing else.
 */
/**
 * Why a code does not check in to this race: it is the code of a registration for another race of
 * the same event (CHECK_IN_CODE_OTHER_RACE, naming that race, so the desk of the event checks the
 * racer in there; a racer in two races has two codes), or of nothing here (CHECK_IN_CODE_INVALID).
 * Another event's race is not named: the desk may manage only this one.
 */
async function codeOfAnotherRace(app: FastifyInstance, raceId: number, code: string): Promise<DomainError> {
  const claimed = app.checkInCodes.claimedRegistrationOf(code);
  if (claimed === null) return new DomainError('CHECK_IN_CODE_INVALID');
  const [row] = await app.db
    .select({ raceId: races.id, raceName: races.name, eventId: races.eventId })
    .from(raceRegistrations)
    .innerJoin(races, eq(races.id, raceRegistrations.raceId))
    .where(eq(raceRegistrations.id, claimed));
  const [here] = await app.db.select({ eventId: races.eventId }).from(races).where(eq(races.id, raceId));
  if (!row || !here || row.raceId === raceId || row.eventId !== here.eventId || app.checkInCodes.registrationOf(row.raceId, code) !== claimed) return new DomainError('CHECK_IN_CODE_INVALID');
  return new DomainError('CHECK_IN_CODE_OTHER_RACE', { details: { raceId: row.raceId, raceName: row.raceName } });
}

export async function checkInByCode(app: FastifyInstance, raceId: number, code: string): Promise<{ registrationId: number; alreadyPresent: boolean }> {
  const registrationId = app.checkInCodes.registrationOf(raceId, code);
  if (registrationId === null) throw await codeOfAnotherRace(app, raceId, code);
  return app.db.transaction(async (tx) => {
    const { race, event } = await lockRace(tx, raceId);
    const record = await findRegistration(tx, registrationId).catch(() => null);
    if (!record || record.registration.raceId !== race.id) throw new DomainError('CHECK_IN_CODE_INVALID');
    const alreadyPresent = record.registration.state === 'PRESENT';
    if (!alreadyPresent) await applyPresence(tx, race, event, record, 'PRESENT', true);
    return { registrationId, alreadyPresent };
  });
}
