import { IFSC_POINTS_TABLE, IFSC_POINTS_TABLE_PRE_2022 } from '@climbing/domain';
import type { Executor } from '../db/database.ts';
import {
  addresses,
  ageCategories,
  contactPersons,
  cupRankCategories,
  organizationMemberships,
  organizations,
  socialLinks,
  users,
  type NewOrganizationMembership,
} from '../db/schema/index.ts';
import { DEMO_ORGANIZATION, STAFF, type DemoRacerPerson } from './demo-people.ts';

/** A Slovak federation-like ladder: youth categories by two birth years, then juniors and open adults. */
const AGE_CATEGORIES = [
  { name: 'U14', fromAge: 10, toAge: 13 },
  { name: 'U16', fromAge: 14, toAge: 15 },
  { name: 'U18', fromAge: 16, toAge: 17 },
  { name: 'Juniori', fromAge: 18, toAge: 19 },
  { name: 'Dospelí', fromAge: 20, toAge: null },
] as const;

export type AgeCategoryName = (typeof AGE_CATEGORIES)[number]['name'];

export interface DemoOrganization {
  organizationId: number;
  /** User id by e-mail (the demo's addresses are lower-case already), for staff and racers with an account. */
  userIdByEmail: Map<string, number>;
  ageCategoryIdByName: Map<AgeCategoryName, number>;
  ifscRankCategoryId: number;
  nationalRankCategoryId: number;
}

export async function createDemoOrganization(tx: Executor, racers: readonly DemoRacerPerson[], passwordHash: string): Promise<DemoOrganization> {
  const [organizationAddress] = await tx
    .insert(addresses)
    .values({ street: 'Karloveská', streetNumber: '63', city: 'Bratislava', zipcode: '841 04', country: DEMO_ORGANIZATION.country })
    .returning({ id: addresses.id });
  const [organization] = await tx
    .insert(organizations)
    .values({
      name: DEMO_ORGANIZATION.name,
      shortcut: DEMO_ORGANIZATION.shortcut,
      shortDescription: 'Lezecký klub z Karlovej Vsi: boulder, lezenie s lanom, preteky pre mládež aj dospelých.',
      description:
        'Horolezecký klub Bratislava organizuje od roku 1994 preteky v boulderingu a lezení s lanom. ' +
        'Tréningy mládeže prebiehajú trikrát týždenne na stene v Karlovej Vsi. (Ukážkové dáta.)',
      addressId: organizationAddress?.id,
      webPage: 'https://hkb.example.com',
      clubsEnabled: true,
      seasonStartMonth: null,
    })
    .returning({ id: organizations.id });
  if (!organization) throw new Error('The demo organisation was not created');
  const organizationId = organization.id;

  await tx.insert(contactPersons).values({ organizationId, email: STAFF[0]?.email, name: 'Róbert', surname: 'Gajdoš', phoneNumber: '+421 905 123 456' });
  await tx.insert(socialLinks).values([
    { organizationId, type: 'INSTAGRAM', url: 'https://www.instagram.com/hkb.example' },
    { organizationId, type: 'FACEBOOK', url: 'https://www.facebook.com/hkb.example' },
  ]);

  const userIdByEmail = new Map<string, number>();
  for (const person of STAFF) {
    const [address] = await tx.insert(addresses).values({ city: 'Bratislava', country: 'SVK' }).returning({ id: addresses.id });
    const [user] = await tx
      .insert(users)
      .values({
        email: person.email,
        passwordHash,
        name: person.name,
        surname: person.surname,
        birthday: person.birthday,
        sex: person.sex,
        phoneNumber: '+421 900 000 000',
        language: 'SK',
        addressId: address?.id,
        club: DEMO_ORGANIZATION.club,
        organizationId,
      })
      .returning({ id: users.id });
    if (user) userIdByEmail.set(person.email, user.id);
  }
  for (const racer of racers) {
    if (racer.kind === 'UNREGISTERED') continue;
    const [address] = await tx.insert(addresses).values({ city: racer.city, country: racer.country }).returning({ id: addresses.id });
    const [user] = await tx
      .insert(users)
      .values({
        email: racer.email,
        passwordHash,
        name: racer.name,
        surname: racer.surname,
        birthday: racer.birthday,
        sex: 'M',
        language: racer.country === 'SVK' ? 'SK' : 'EN',
        addressId: address?.id,
        club: racer.club,
        organizationId: racer.kind === 'MEMBER' ? organizationId : null,
      })
      .returning({ id: users.id });
    if (user) userIdByEmail.set(racer.email, user.id);
  }

  const memberships: NewOrganizationMembership[] = [
    ...STAFF.map((person) => ({
      userId: requireId(userIdByEmail, person.email),
      organizationId,
      orgAdmin: person.role === 'ADMIN',
      judge: person.role === 'JUDGE',
      coach: person.role === 'COACH',
    })),
    ...racers.filter((racer) => racer.kind === 'MEMBER').map((racer) => ({ userId: requireId(userIdByEmail, racer.email), organizationId })),
  ];
  await tx.insert(organizationMemberships).values(memberships);

  const categoryRows = await tx
    .insert(ageCategories)
    .values(AGE_CATEGORIES.map((category) => ({ organizationId, ...category })))
    .returning({ id: ageCategories.id, name: ageCategories.name });
  const ageCategoryIdByName = new Map<AgeCategoryName, number>();
  for (const category of AGE_CATEGORIES) {
    const row = categoryRows.find((candidate) => candidate.name === category.name);
    if (row) ageCategoryIdByName.set(category.name, row.id);
  }

  const [ifsc] = await tx
    .insert(cupRankCategories)
    .values({ organizationId, name: 'IFSC', numberOfRanks: IFSC_POINTS_TABLE.length, level: 1, rankPoints: [...IFSC_POINTS_TABLE] })
    .returning({ id: cupRankCategories.id });
  // A national table: the old 30-place UIAA/IFSC scale many federations still use for their cups.
  const [national] = await tx
    .insert(cupRankCategories)
    .values({ organizationId, name: 'Národný pohár', numberOfRanks: IFSC_POINTS_TABLE_PRE_2022.length, level: 2, rankPoints: [...IFSC_POINTS_TABLE_PRE_2022] })
    .returning({ id: cupRankCategories.id });
  if (!ifsc || !national) throw new Error('The demo cup rank categories were not created');

  return { organizationId, userIdByEmail, ageCategoryIdByName, ifscRankCategoryId: ifsc.id, nationalRankCategoryId: national.id };
}

export function requireId<Key>(map: ReadonlyMap<Key, number>, key: Key): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`Demo seed: no id for ${String(key)}`);
  return id;
}
