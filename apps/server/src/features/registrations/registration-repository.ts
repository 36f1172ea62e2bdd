import { and, asc, eq, type SQL } from 'drizzle-orm';
import { DomainError, yearOf, type Sex } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { addresses, raceRegistrations, users, type RaceRegistration } from '../../db/schema/index.ts';

/** A registration with the person behind it, whichever kind it is (account or one-time). */
export interface RegistrationRecord {
  registration: RaceRegistration;
  user: { id: number; name: string; surname: string; email: string; sex: Sex | null; birthday: string | null; club: string | null; organizationId: number | null; active: boolean; deleted: boolean } | null;
  userCountry: string | null;
}

/** The racer as the starting list, the racers snapshot and the exports show them. */
export interface RegisteredPerson {
  name: string;
  surname: string;
  fullName: string;
  sex: Sex | null;
  birthYear: number | null;
  birthday: string | null;
  country: string | null;
  club: string | null;
  email: string | null;
}

export function personOf(record: RegistrationRecord): RegisteredPerson {
  const { registration, user } = record;
  if (user) {
    return {
      name: user.name,
      surname: user.surname,
      fullName: `${user.name} ${user.surname}`.trim(),
      sex: user.sex,
      birthYear: user.birthday ? yearOf(user.birthday) : null,
      birthday: user.birthday,
      country: record.userCountry,
      club: user.club,
      email: user.email,
    };
  }
  const name = registration.unregisteredName ?? '';
  const surname = registration.unregisteredSurname ?? '';
  return {
    name,
    surname,
    fullName: `${name} ${surname}`.trim(),
    sex: registration.unregisteredSex,
    birthYear: registration.unregisteredBirthYear ?? (registration.unregisteredBirthday ? yearOf(registration.unregisteredBirthday) : null),
    birthday: registration.unregisteredBirthday,
    country: registration.unregisteredCountry,
    club: registration.unregisteredClub,
    email: registration.unregisteredEmail,
  };
}

export async function selectRegistrations(db: Executor, where: SQL | undefined): Promise<RegistrationRecord[]> {
  const rows = await db
    .select({
      registration: raceRegistrations,
      userId: users.id,
      name: users.name,
      surname: users.surname,
      email: users.email,
      sex: users.sex,
      birthday: users.birthday,
      club: users.club,
      organizationId: users.organizationId,
      active: users.active,
      deleted: users.deleted,
      userCountry: addresses.country,
    })
    .from(raceRegistrations)
    .leftJoin(users, eq(users.id, raceRegistrations.userId))
    .leftJoin(addresses, eq(addresses.id, users.addressId))
    .where(where)
    .orderBy(asc(raceRegistrations.racerNumber), asc(raceRegistrations.id));
  return rows.map(({ registration, userId, userCountry, name, surname, email, sex, birthday, club, organizationId, active, deleted }) => ({
    registration,
    userCountry,
    user:
      userId === null || name === null || surname === null || email === null || active === null || deleted === null
        ? null
        : { id: userId, name, surname, email, sex, birthday, club, organizationId, active, deleted },
  }));
}

export async function findRegistration(db: Executor, id: number): Promise<RegistrationRecord> {
  const [record] = await selectRegistrations(db, eq(raceRegistrations.id, id));
  if (!record) throw new DomainError('REGISTRATION_NOT_FOUND');
  return record;
}

export const registrationsOfRace = (db: Executor, raceId: number, extra?: SQL) => selectRegistrations(db, and(eq(raceRegistrations.raceId, raceId), extra));
