import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/database.ts';
import { cupCategories, cupCategoryAgeCategories, cupCategoryRaces, cups, organizations } from '../db/schema/index.ts';
import { hashPassword } from '../features/auth/password-hashing.ts';
import { createOngoingCompetition, createPastCompetition, type DemoCompetition } from './demo-competitions.ts';
import { createDemoOrganization, requireId, type AgeCategoryName } from './demo-organization.ts';
import { DEMO_ORGANIZATION, DEMO_PASSWORD, STAFF, demoAccountEmails, demoRacers } from './demo-people.ts';
import { deleteDemo } from './demo-reset.ts';

export interface SeedDemoOptions {
  /** Delete the existing demo and build it again (fresh dates); otherwise an existing demo is left alone. */
  reset?: boolean;
  /** YYYY-MM-DD the demo's dates are computed from; defaults to today (UTC). */
  today?: string;
}

export type DemoStatus = 'CREATED' | 'UNCHANGED' | 'RECREATED';

export interface DemoLogin {
  email: string;
  password: string;
  label: string;
}

export interface DemoReport {
  status: DemoStatus;
  organizationId: number;
  logins: DemoLogin[];
  /** Present when this run built the demo. */
  created?: { ongoing: DemoCompetition; past: DemoCompetition; cupId: number; cupName: string };
}

/** Serialises concurrent demo runs on PostgreSQL (any arbitrary constant shared by all runs works). */
const DEMO_LOCK_KEY = 748_201_913;

/** The age categories of both demo races and of the cup category: the men's open field from 16. */
const OPEN_CATEGORIES: readonly AgeCategoryName[] = ['U18', 'Juniori', 'Dospelí'];

export function demoLogins(currentYear: number): DemoLogin[] {
  const racerLogins = demoRacers(currentYear)
    .filter((racer) => racer.kind !== 'UNREGISTERED')
    .map((racer) => ({
      email: racer.email,
      password: DEMO_PASSWORD,
      label: `racer ${racer.name} ${racer.surname} (${racer.kind === 'MEMBER' ? 'HKB member' : racer.club})`,
    }));
  return [...STAFF.map((person) => ({ email: person.email, password: DEMO_PASSWORD, label: person.label })), ...racerLogins];
}

async function findDemoOrganization(tx: Executor): Promise<number | null> {
  const [row] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.name, DEMO_ORGANIZATION.name), eq(organizations.shortcut, DEMO_ORGANIZATION.shortcut)))
    .orderBy(organizations.id)
    .limit(1);
  return row?.id ?? null;
}

/**
 * Fills the database with the demo: the HKB organisation, its staff and racers, an event running
 * today (qualification half scored), a finished event 12 weeks ago and a cup over both races.
 * Idempotent: when the demo organisation exists nothing is written (status UNCHANGED) unless
 * `reset` is asked. Everything happens in one transaction, so a failure leaves no half demo.
 */
export async function seedDemo(db: Database, options: SeedDemoOptions = {}): Promise<DemoReport> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const year = Number(today.slice(0, 4));
  const logins = demoLogins(year);

  return db.transaction(async (tx) => {
    // Two demo runs at once would both find no demo and both insert it; the lock makes them queue.
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK_KEY})`);
    const existing = await findDemoOrganization(tx);
    if (existing !== null && !options.reset) return { status: 'UNCHANGED', organizationId: existing, logins };
    if (existing !== null) await deleteDemo(tx, existing, demoAccountEmails(year));

    // One hash for the shared demo password: argon2id is slow on purpose, 27 identical hashes would only cost time.
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const racers = demoRacers(year);
    const organization = await createDemoOrganization(tx, racers, passwordHash);
    const ageCategoryIds = OPEN_CATEGORIES.map((name) => requireId(organization.ageCategoryIdByName, name));
    const context = { organizationId: organization.organizationId, racers, userIdByEmail: organization.userIdByEmail, ageCategoryIds, today };
    const past = await createPastCompetition(tx, context);
    const ongoing = await createOngoingCompetition(tx, context);

    const cupName = `Pohár HKB v boulderingu ${year}`;
    // The season is the calendar year (seasonStartMonth null); early in January the past race may
    // fall into the previous December, so the cup starts early enough to include it.
    const seasonStart = `${year}-01-01`;
    const [cup] = await tx
      .insert(cups)
      .values({
        organizationId: organization.organizationId,
        name: cupName,
        displayName: `Pohár HKB ${year}`,
        description: 'Seriál pretekov v boulderingu organizovaných HKB; boduje sa podľa tabuľky IFSC. (Ukážkové dáta.)',
        startDate: past.startingDate < seasonStart ? past.startingDate : seasonStart,
        endDate: `${year}-12-31`,
        type: 'CLASSIC',
        disciplines: ['BOULDERING'],
        openCup: true,
        isPublic: true,
        maxCountedResults: null,
      })
      .returning({ id: cups.id });
    if (!cup) throw new Error('The demo cup was not created');
    // Named for men, it ranks men only: a mixed race added later counts its men, never its women.
    const [category] = await tx.insert(cupCategories).values({ cupId: cup.id, name: 'Muži', sex: 'M', position: 0 }).returning({ id: cupCategories.id });
    if (!category) throw new Error('The demo cup category was not created');
    await tx.insert(cupCategoryAgeCategories).values(ageCategoryIds.map((ageCategoryId) => ({ cupCategoryId: category.id, ageCategoryId })));
    await tx.insert(cupCategoryRaces).values(
      [past, ongoing].map((competition) => ({
        cupCategoryId: category.id,
        raceId: competition.raceId,
        cupRankCategoryId: organization.ifscRankCategoryId,
      })),
    );

    return {
      status: existing === null ? 'CREATED' : 'RECREATED',
      organizationId: organization.organizationId,
      logins,
      created: { ongoing, past, cupId: cup.id, cupName },
    };
  });
}
