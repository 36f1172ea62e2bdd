import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq, isNull, ne, or, sql } from 'drizzle-orm';
import {
  DomainError,
  assertCanRegister,
  assertFitsAgeCategory,
  assertGenderFits,
  assertRegistrationRemovable,
  canEditRegistration,
  canEditRoster,
  canRenumberAll,
  genderFits,
  groupHasStartingOrder,
  groupTakesLateEntries,
  lateEntryRefusal,
  racerProfileGaps,
  selfCheckInRefusal,
  yearOf,
  type LanguageCode,
  type RacerProfileGap,
  type RegistrationState,
  type Sex,
} from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import {
  organizationMemberships,
  qualificationGroups,
  raceRegistrations,
  racers,
  races,
  rounds,
  users,
  type EventRow,
  type QualificationGroup,
  type Race,
} from '../../db/schema/index.ts';
import { today } from '../../lib/today.ts';
import { checkInQrAttachment, CHECK_IN_QR_CID } from '../check-in/check-in-qr.ts';
import { queueMail } from '../mail/mail-service.ts';
import { htmlMail, REGISTRATION_MAIL } from '../mail/mail-templates.ts';
import { findRaceWithEvent } from '../events/event-access.ts';
import { appendToStartingOrder } from '../races/qualification-racers.ts';
import { racerHasResults } from '../races/racer-results.ts';
import { assertCategoryChoice, loadRacePlacement, placeRacer, replaceRaceAgeCategories } from './age-category-placement.ts';
import { findRegistration, personOf, registrationsOfRace, type RegistrationRecord } from './registration-repository.ts';
import type { UnregisteredRegistrationInput, UpdateRegistrationInput } from './registration-schemas.ts';

/** Who registers: the racer themself, an admin or coach for a member, or a visitor without an account. */
export type RegistrationKind = 'SELF' | 'MEMBER' | 'UNREGISTERED';

export interface RegistrationRequest {
  kind: RegistrationKind;
  /** The caller manages the event (its admins): the online registration period does not bind them. */
  privileged: boolean;
  /** The caller is a member of the event's organization (internal groups). */
  callerIsMember: boolean;
  userId?: number;
  unregistered?: UnregisteredRegistrationInput;
  qualificationGroupId?: number | null | undefined;
  /** The event's admins at the desk: the racer is here, PRESENT at once. */
  present?: boolean | undefined;
  /** The language of the confirmation e-mail of a one-time racer (an account's own language wins). */
  language?: LanguageCode | undefined;
}

/**
 * Queues the registration confirmation with the check-in code, in text and as an inline QR image
 * (the same code the racer's board shows and the desk scans), to the account's or the one-time
 * racer's address; nothing when there is no address.
 */
async function queueRegistrationMail(
  app: FastifyInstance,
  tx: Executor,
  race: Race,
  event: EventRow,
  registration: { id: number; racerNumber: number },
  recipient: { to: string; name: string; language: LanguageCode; withAccount: boolean },
): Promise<number> {
  const checkInCode = app.checkInCodes.codeFor(race.id, registration.id);
  const content = REGISTRATION_MAIL[recipient.language]({
    name: recipient.name,
    eventName: event.name,
    raceName: race.name,
    startingDate: race.startingDate,
    racerNumber: registration.racerNumber,
    checkInCode,
    link: `${app.config.publicUrl}/events/${event.id}`,
    withAccount: recipient.withAccount,
  });
  const html = htmlMail(content.text, { cid: CHECK_IN_QR_CID, alt: `QR: ${checkInCode}` });
  return queueMail(tx, { kind: 'REGISTRATION', to: recipient.to, language: recipient.language, ...content, html, attachments: [checkInQrAttachment(checkInCode)] });
}

export async function lockRace(tx: Executor, raceId: number): Promise<{ race: Race; event: EventRow }> {
  // Registrations of one race are serialised on its row: the max-racers and racer-number checks stay true.
  await tx.select({ id: races.id }).from(races).where(eq(races.id, raceId)).for('update');
  return findRaceWithEvent(tx, raceId);
}

async function isActiveMember(tx: Executor, organizationId: number, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: organizationMemberships.id })
    .from(organizationMemberships)
    .where(and(eq(organizationMemberships.organizationId, organizationId), eq(organizationMemberships.userId, userId), eq(organizationMemberships.state, 'ACTIVE'), eq(organizationMemberships.blocked, false)));
  return row !== undefined;
}

/**
 * Spec 5: registration closed or period finished for racers and visitors. The event's admins add
 * late and walk-in entries in every state that allows roster edits (issue 10), whatever the period.
 */
function assertRegistrationAllowed(race: Race, event: EventRow, request: RegistrationRequest): void {
  if (request.privileged) {
    const refusal = lateEntryRefusal(race.state);
    if (refusal) throw new DomainError(refusal);
  } else {
    // Only the desk (the event's admins) marks a racer present on registering.
    if (request.present) throw new DomainError('NO_RIGHTS');
    if (!event.onlineRegistration) throw new DomainError('ONLINE_REGISTRATION_DISABLED');
    assertCanRegister(race, today());
  }
  if (request.kind === 'UNREGISTERED' && !(event.allowedUnregisteredUsers && event.isPublic)) throw new DomainError('UNREGISTERED_REGISTRATION_NOT_ALLOWED');
}

interface Applicant {
  sex: Sex | null;
  birthYear: number | null;
  userId: number | null;
  member: boolean;
}

async function accountApplicant(tx: Executor, event: EventRow, request: RegistrationRequest): Promise<Applicant> {
  const [user] = await tx.select().from(users).where(eq(users.id, request.userId ?? 0));
  if (!user) throw new DomainError('USER_NOT_FOUND');
  if (user.deleted) throw new DomainError('ACCOUNT_DELETED');
  if (!user.active) throw new DomainError('ACCOUNT_DEACTIVATED');
  const member = await isActiveMember(tx, event.organizationId, user.id);
  if (request.kind === 'MEMBER' && !member) throw new DomainError('NOT_ORGANIZATION_MEMBER');
  return { sex: user.sex, birthYear: user.birthday ? yearOf(user.birthday) : null, userId: user.id, member };
}

/**
 * Spec 5: sex fits the race, the age fits one of its age categories (with the season start month);
 * none = every age. Answers the category the racer is placed into (issue 9), null without categories.
 */
async function assertRacerFits(tx: Executor, race: Race, applicant: Applicant): Promise<number | null> {
  const placement = await loadRacePlacement(tx, race);
  // The gaps the web app shows before Confirm (racerProfileGaps); each refusal names one field.
  const gaps = racerProfileGaps({ ageCategories: placement.categories }, applicant);
  const incomplete = (field: RacerProfileGap) => new DomainError('RACER_PROFILE_INCOMPLETE', { fields: { [field]: 'validation.required' } });
  // (The null test only narrows the type: a missing sex is always a gap.)
  if (gaps.includes('sex') || applicant.sex === null) throw incomplete('sex');
  // A race the racer's sex does not fit is refused as such, whatever else the profile lacks.
  assertGenderFits(race.raceGender, applicant.sex);
  if (gaps.includes('birthday')) throw incomplete('birthday');
  if (placement.categories.length === 0 || applicant.birthYear === null) return null;
  assertFitsAgeCategory(placement.categories, placement.ageOf(applicant.birthYear));
  return placeRacer(placement, applicant.birthYear);
}

/**
 * The group of a new registration: the one asked for, if it is this race's, still open for
 * registration, fits the racer's sex and (internal groups) the racer is a member; without a
 * wish the emptiest such group. QUALIFICATION_GROUP_NOT_VALID otherwise. The event's admins may
 * also put a late entry into a group already in qualification (not a closed one); without a wish
 * an open group still comes first.
 */
async function chooseGroup(
  tx: Executor,
  race: Race,
  applicant: Applicant & { sex: Sex },
  wanted: number | null | undefined,
  caller: { isMember: boolean; privileged: boolean },
): Promise<QualificationGroup> {
  const groups = await tx.select().from(qualificationGroups).where(eq(qualificationGroups.raceId, race.id)).orderBy(asc(qualificationGroups.position), asc(qualificationGroups.id));
  const stateFits = (group: QualificationGroup) => (caller.privileged ? groupTakesLateEntries(group.state) : group.state === 'OPEN_REGISTRATION');
  const fits = (group: QualificationGroup) => stateFits(group) && genderFits(group.gender, applicant.sex) && (!group.internal || applicant.member || caller.isMember);
  if (wanted !== null && wanted !== undefined) {
    const group = groups.find((candidate) => candidate.id === wanted);
    if (!group || !fits(group)) throw new DomainError('QUALIFICATION_GROUP_NOT_VALID', { fields: { qualificationGroupId: 'validation.invalid' } });
    return group;
  }
  const counts = await tx
    .select({ groupId: raceRegistrations.qualificationGroupId, total: count() })
    .from(raceRegistrations)
    .where(eq(raceRegistrations.raceId, race.id))
    .groupBy(raceRegistrations.qualificationGroupId);
  const sizeOf = (groupId: number) => counts.find((row) => row.groupId === groupId)?.total ?? 0;
  const running = (group: QualificationGroup) => (group.state === 'OPEN_REGISTRATION' ? 0 : 1);
  const candidates = groups.filter(fits).sort((a, b) => running(a) - running(b) || sizeOf(a.id) - sizeOf(b.id) || a.position - b.position);
  const chosen = candidates[0];
  if (!chosen) throw new DomainError('QUALIFICATION_GROUP_NOT_VALID', { fields: { qualificationGroupId: 'validation.required' } });
  return chosen;
}

/** Max racers (0 = no limit) counts every registration not marked NOT_PRESENT. */
async function assertNotFull(tx: Executor, race: Race): Promise<void> {
  if (race.maxRacersCount === 0) return;
  const [row] = await tx
    .select({ total: count() })
    .from(raceRegistrations)
    .where(and(eq(raceRegistrations.raceId, race.id), or(isNull(raceRegistrations.state), ne(raceRegistrations.state, 'NOT_PRESENT'))));
  if ((row?.total ?? 0) >= race.maxRacersCount) throw new DomainError('RACE_FULL');
}

/** The next free racer number from the race's sequence (numbers set by hand are skipped). */
async function nextRacerNumber(tx: Executor, race: Race): Promise<number> {
  const taken = new Set((await tx.select({ n: raceRegistrations.racerNumber }).from(raceRegistrations).where(eq(raceRegistrations.raceId, race.id))).map((row) => row.n));
  let number = race.racerNumberSequence;
  while (taken.has(number)) number += 1;
  await tx.update(races).set({ racerNumberSequence: number + 1 }).where(eq(races.id, race.id));
  return number;
}

/** Every registration call of spec 7 ends here: the rules of spec 5 in order, then one insert. */
export async function registerRacer(app: FastifyInstance, raceId: number, request: RegistrationRequest): Promise<number> {
  const { id, mailId } = await app.db.transaction(async (tx) => {
    const { race, event } = await lockRace(tx, raceId);
    assertRegistrationAllowed(race, event, request);
    const input = request.unregistered;
    const applicant: Applicant = input
      ? { sex: input.sex, birthYear: input.birthYear ?? (input.birthday ? yearOf(input.birthday) : null), userId: null, member: false }
      : await accountApplicant(tx, event, request);
    const ageCategoryId = await assertRacerFits(tx, race, applicant);
    if (applicant.userId !== null) {
      const [existing] = await tx.select({ id: raceRegistrations.id }).from(raceRegistrations).where(and(eq(raceRegistrations.raceId, race.id), eq(raceRegistrations.userId, applicant.userId)));
      if (existing) throw new DomainError('ALREADY_REGISTERED');
    }
    if (input?.email) {
      const [existing] = await tx
        .select({ id: raceRegistrations.id })
        .from(raceRegistrations)
        .where(and(eq(raceRegistrations.raceId, race.id), sql`lower(${raceRegistrations.unregisteredEmail}) = lower(${input.email})`));
      if (existing) throw new DomainError('RACER_EMAIL_ALREADY_REGISTERED');
    }
    const sex = applicant.sex ?? 'M';
    const group = await chooseGroup(tx, race, { ...applicant, sex }, request.qualificationGroupId, { isMember: request.callerIsMember, privileged: request.privileged });
    await assertNotFull(tx, race);
    const racerNumber = await nextRacerNumber(tx, race);
    const person = input
      ? {
          unregisteredName: input.name,
          unregisteredSurname: input.surname,
          unregisteredEmail: input.email ?? null,
          unregisteredClub: input.club ?? null,
          unregisteredSex: input.sex,
          unregisteredCountry: input.country ?? null,
          unregisteredBirthday: input.birthday ?? null,
          unregisteredBirthYear: input.birthYear ?? (input.birthday ? yearOf(input.birthday) : null),
        }
      : { userId: applicant.userId };
    // Joining a group that already climbs means being here: PRESENT, and a round at the end of its order.
    const joinsStartingOrder = groupHasStartingOrder(group.state);
    const state = request.present || joinsStartingOrder ? ('PRESENT' as const) : null;
    const [registration] = await tx
      .insert(raceRegistrations)
      .values({ raceId: race.id, racerNumber, qualificationGroupId: group.id, ageCategoryId, state, ...person })
      .returning({ id: raceRegistrations.id });
    if (!registration) throw new DomainError('CONFLICT');
    if (joinsStartingOrder) await appendToStartingOrder(tx, race, event.organizationId, group.id, await findRegistration(tx, registration.id));
    const account = applicant.userId === null ? undefined : (await tx.select({ email: users.email, name: users.name, language: users.language }).from(users).where(eq(users.id, applicant.userId)))[0];
    const recipient = account
      ? { to: account.email, name: account.name, language: account.language, withAccount: true }
      : input?.email
        ? { to: input.email, name: input.name, language: request.language ?? 'SK', withAccount: false }
        : null;
    const queued = recipient ? await queueRegistrationMail(app, tx, race, event, { id: registration.id, racerNumber }, recipient) : null;
    return { id: registration.id, mailId: queued };
  });
  if (mailId !== null) await app.mail.deliver([mailId]);
  return id;
}

async function hasRacer(tx: Executor, registrationId: number): Promise<boolean> {
  const [row] = await tx.select({ id: racers.id }).from(racers).where(eq(racers.registrationId, registrationId));
  return row !== undefined;
}

/**
 * Takes a racer out of their group's starting order again (a check-in by mistake, a racer gone
 * home before climbing): their racer snapshot and rounds go, the score rows with them. Only the
 * event's admins, only while the roster may change (REGISTRATION_IN_QUALIFICATION otherwise) and
 * only while no score is entered for the racer (REGISTRATION_HAS_RESULTS: restarting the round
 * erases them first). The starting numbers of the others stay; a later check-in joins the end.
 */
async function takeOutOfStartingOrder(tx: Executor, race: Race, registrationId: number, privileged: boolean): Promise<void> {
  const [racer] = await tx.select({ id: racers.id }).from(racers).where(eq(racers.registrationId, registrationId));
  if (!racer) return;
  if (!privileged || !canEditRoster(race.state)) throw new DomainError('REGISTRATION_IN_QUALIFICATION');
  if (await racerHasResults(tx, racer.id)) throw new DomainError('REGISTRATION_HAS_RESULTS');
  await tx.delete(rounds).where(eq(rounds.racerId, racer.id));
  await tx.delete(racers).where(eq(racers.id, racer.id));
}

/**
 * DELETE /api/race-registration/{id}: not after the registration period (closing day included).
 * A racer already in a starting order is taken out of it first (the admins, no score entered).
 */
export async function removeRegistration(app: FastifyInstance, id: number, privileged: boolean): Promise<void> {
  await app.db.transaction(async (tx) => {
    const { registration } = await findRegistration(tx, id);
    const { race } = await lockRace(tx, registration.raceId);
    assertRegistrationRemovable(race, today());
    if (!privileged && !canEditRegistration(race.state)) throw new DomainError('REGISTRATION_CANNOT_BE_REMOVED');
    await takeOutOfStartingOrder(tx, race, id, privileged);
    await tx.delete(raceRegistrations).where(eq(raceRegistrations.id, id));
  });
}

/**
 * PUT /api/race-registration/{id}/{state}: PRESENT confirms participation, NOT_PRESENT withdraws it.
 * The event's admins (the check-in desk) until qualification closes; a racer checked in after their
 * group moved to qualification joins the end of its starting order, and NOT_PRESENT takes a racer
 * without a score out of it again (`takeOutOfStartingOrder`). The racer confirms only inside the
 * race's self check-in window (issue 10) and withdraws while registration may be edited.
 */
export async function setRegistrationState(app: FastifyInstance, id: number, state: RegistrationState, privileged: boolean): Promise<void> {
  await app.db.transaction(async (tx) => {
    const record = await findRegistration(tx, id);
    const { registration } = record;
    const { race, event } = await lockRace(tx, registration.raceId);
    await applyPresence(tx, race, event, record, state, privileged);
  });
}

/** One presence change inside the caller's transaction (the desk marks whole groups in one). */
export async function applyPresence(tx: Executor, race: Race, event: EventRow, record: RegistrationRecord, state: RegistrationState, privileged: boolean): Promise<void> {
  const id = record.registration.id;
  const [group] = record.registration.qualificationGroupId === null ? [] : await tx.select().from(qualificationGroups).where(eq(qualificationGroups.id, record.registration.qualificationGroupId));
  if (privileged) {
    if (!canEditRoster(race.state)) throw new DomainError('REGISTRATION_STATE_CANNOT_BE_CHANGED');
  } else if (state === 'PRESENT') {
    const refusal = selfCheckInRefusal(race, group?.state ?? null, today());
    if (refusal) throw new DomainError(refusal);
  } else if (!canEditRegistration(race.state)) {
    throw new DomainError('REGISTRATION_STATE_CANNOT_BE_CHANGED');
  }
  const inQualification = await hasRacer(tx, id);
  // Undoing a check-in: a racer without a score leaves the starting order again (the admins only).
  if (state === 'NOT_PRESENT' && inQualification) await takeOutOfStartingOrder(tx, race, id, privileged);
  if (state === 'PRESENT' && !inQualification && group && !groupTakesLateEntries(group.state)) throw new DomainError('QUALIFICATION_GROUP_NOT_VALID');
  await tx.update(raceRegistrations).set({ state }).where(eq(raceRegistrations.id, id));
  if (state === 'PRESENT' && !inQualification && group && groupHasStartingOrder(group.state)) {
    await appendToStartingOrder(tx, race, event.organizationId, group.id, { ...record, registration: { ...record.registration, state } });
  }
}

/**
 * PUT /api/race-registration/{id}/group: into another open group of the same race, before
 * qualification, that fits the racer's sex (a men's group climbs other routes than a women's, and
 * the racer would be ranked on them).
 */
export async function moveRegistration(app: FastifyInstance, id: number, groupId: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const record = await findRegistration(tx, id);
    const { registration } = record;
    const { race } = await lockRace(tx, registration.raceId);
    if (!canEditRoster(race.state)) throw new DomainError('REGISTRATION_STATE_CANNOT_BE_CHANGED');
    if (await hasRacer(tx, id)) throw new DomainError('REGISTRATION_IN_QUALIFICATION');
    const [group] = await tx.select().from(qualificationGroups).where(and(eq(qualificationGroups.id, groupId), eq(qualificationGroups.raceId, race.id)));
    const sex = personOf(record).sex;
    const fits = group !== undefined && group.state === 'OPEN_REGISTRATION' && (sex === null || genderFits(group.gender, sex));
    if (!fits) throw new DomainError('QUALIFICATION_GROUP_NOT_VALID', { fields: { qualificationGroupId: 'validation.invalid' } });
    await tx.update(raceRegistrations).set({ qualificationGroupId: group.id }).where(eq(raceRegistrations.id, id));
  });
}

/** PUT /api/race-registration/{id}: racer number (unique in the race) and the person of a one-time registration; the racer snapshot follows. */
/**
 * A one-time racer's sex corrected (a mis-tap on the phone form): the race must take the new sex,
 * and a group for the other sex is left for the emptiest open one that takes it, as a new
 * registration would be placed. A racer already climbing in a group for the other sex cannot change there.
 */
async function groupForSex(tx: Executor, race: Race, record: RegistrationRecord, sex: Sex): Promise<{ qualificationGroupId?: number }> {
  assertGenderFits(race.raceGender, sex);
  const groupId = record.registration.qualificationGroupId;
  const [group] = groupId === null ? [] : await tx.select().from(qualificationGroups).where(eq(qualificationGroups.id, groupId));
  if (!group || genderFits(group.gender, sex)) return {};
  if (await hasRacer(tx, record.registration.id)) throw new DomainError('SEX_DOES_NOT_FIT_GROUP');
  // Only a group still open for registration: one already climbing would need the racer in its starting order.
  const chosen = await chooseGroup(tx, race, { sex, birthYear: null, userId: null, member: true }, null, { isMember: true, privileged: false });
  return { qualificationGroupId: chosen.id };
}

export async function updateRegistration(app: FastifyInstance, id: number, input: UpdateRegistrationInput): Promise<void> {
  await app.db.transaction(async (tx) => {
    const record = await findRegistration(tx, id);
    const { registration } = record;
    const { race } = await lockRace(tx, registration.raceId);
    if (!canEditRoster(race.state)) throw new DomainError('REGISTRATION_STATE_CANNOT_BE_CHANGED');
    const changes: Partial<typeof raceRegistrations.$inferInsert> = {};
    if (input.racerNumber !== undefined && input.racerNumber !== registration.racerNumber) {
      const [clash] = await tx.select({ id: raceRegistrations.id }).from(raceRegistrations).where(and(eq(raceRegistrations.raceId, race.id), eq(raceRegistrations.racerNumber, input.racerNumber)));
      if (clash) throw new DomainError('RACER_NUMBER_EXISTS', { fields: { racerNumber: 'validation.invalid' } });
      changes.racerNumber = input.racerNumber;
    }
    const person = input.unregisteredUser;
    if (person) {
      if (registration.userId !== null) throw new DomainError('VALIDATION_FAILED', { fields: { unregisteredUser: 'validation.invalid' } });
      const pick = <Value>(value: Value | undefined, current: Value): Value => (value === undefined ? current : value);
      Object.assign(changes, {
        unregisteredName: person.name ?? registration.unregisteredName,
        unregisteredSurname: person.surname ?? registration.unregisteredSurname,
        unregisteredClub: pick(person.club, registration.unregisteredClub),
        unregisteredSex: person.sex ?? registration.unregisteredSex,
        unregisteredCountry: pick(person.country, registration.unregisteredCountry),
        unregisteredBirthday: pick(person.birthday, registration.unregisteredBirthday),
        unregisteredBirthYear: pick(person.birthYear, registration.unregisteredBirthYear) ?? (person.birthday ? yearOf(person.birthday) : registration.unregisteredBirthYear),
        unregisteredEmail: pick(person.email, registration.unregisteredEmail),
      });
    }
    if (person?.sex && person.sex !== registration.unregisteredSex) Object.assign(changes, await groupForSex(tx, race, record, person.sex));
    if (Object.keys(changes).length === 0) return;
    await tx.update(raceRegistrations).set(changes).where(eq(raceRegistrations.id, id));
    const updated: RegistrationRecord = { ...record, registration: { ...registration, ...changes } as typeof registration };
    const snapshot = personOf(updated);
    await tx
      .update(racers)
      .set({ racerNumber: updated.registration.racerNumber, fullName: snapshot.fullName, club: snapshot.club, country: snapshot.country, birthYear: snapshot.birthYear, ...(snapshot.sex ? { sex: snapshot.sex } : {}) })
      .where(eq(racers.registrationId, id));
    if (snapshot.birthYear !== personOf(record).birthYear) await replaceRaceAgeCategories(tx, race, [id]);
  });
}

/** PUT /api/race-registration/{id}/age-category: the admins move a racer to another category of the race that fits the racer's age. */
export async function setRegistrationAgeCategory(app: FastifyInstance, id: number, ageCategoryId: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const record = await findRegistration(tx, id);
    const { race } = await lockRace(tx, record.registration.raceId);
    if (race.state === 'FINISHED') throw new DomainError('RACE_ALREADY_FINISHED');
    await assertCategoryChoice(tx, race, personOf(record).birthYear, ageCategoryId);
    await tx.update(raceRegistrations).set({ ageCategoryId }).where(eq(raceRegistrations.id, id));
    await tx.update(racers).set({ ageCategoryId }).where(eq(racers.registrationId, id));
  });
}

/**
 * POST /api/race-registration/race/{raceId}/regenerate-racer-numbers: numbers offset, offset+1, ...
 * in registration order; racers follow. Two steps through negative numbers, since the unique
 * constraint is checked row by row.
 */
export async function regenerateRacerNumbers(app: FastifyInstance, raceId: number, offset: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const { race } = await lockRace(tx, raceId);
    if (!canEditRoster(race.state)) throw new DomainError('REGISTRATION_STATE_CANNOT_BE_CHANGED');
    if (!canRenumberAll(race.state)) throw new DomainError('RACER_NUMBERS_IN_USE');
    const rows = await tx.select({ id: raceRegistrations.id }).from(raceRegistrations).where(eq(raceRegistrations.raceId, raceId)).orderBy(asc(raceRegistrations.date), asc(raceRegistrations.id));
    for (const row of rows) {
      await tx.update(raceRegistrations).set({ racerNumber: -row.id }).where(eq(raceRegistrations.id, row.id));
      await tx.update(racers).set({ racerNumber: -row.id }).where(eq(racers.registrationId, row.id));
    }
    for (const [index, row] of rows.entries()) {
      await tx.update(raceRegistrations).set({ racerNumber: offset + index }).where(eq(raceRegistrations.id, row.id));
      await tx.update(racers).set({ racerNumber: offset + index }).where(eq(racers.registrationId, row.id));
    }
    await tx.update(races).set({ racerNumberSequence: offset + rows.length }).where(eq(races.id, raceId));
  });
}

/** A race's registrations, optionally those of one age category only. */
export const listRaceRegistrations = (db: Executor, raceId: number, ageCategoryId?: number) =>
  registrationsOfRace(db, raceId, ageCategoryId === undefined ? undefined : eq(raceRegistrations.ageCategoryId, ageCategoryId));
