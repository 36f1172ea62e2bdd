import { createRandom } from './demo-random.ts';

/** Every demo account logs in with this password (letters and digits, as the password rule asks). */
export const DEMO_PASSWORD = 'Demo12345';
const EMAIL_DOMAIN = 'demo.example.com';

export const DEMO_ORGANIZATION = {
  name: 'Horolezecký klub Bratislava',
  shortcut: 'HKB',
  /** The organising club's own name as racers write it in the club field. */
  club: 'HK Bratislava',
  country: 'SVK',
} as const;

/**
 * How a racer takes part: a member of HKB with an account, an account holder from another club, or
 * a one-time registration without an account (spec 1: the three ways to register).
 */
export type RacerKind = 'MEMBER' | 'ACCOUNT' | 'UNREGISTERED';

export interface DemoRacerPerson {
  name: string;
  surname: string;
  /** Three-letter codes like the IFSC's (SVK, CZE); the schema accepts alpha-2 or alpha-3. */
  country: string;
  club: string;
  city: string;
  kind: RacerKind;
  email: string;
  birthYear: number;
  birthday: string;
  /** 0.3-1.0: how strong a climber is; the same in every race so the cup standings look coherent. */
  ability: number;
}

export interface DemoStaffPerson {
  name: string;
  surname: string;
  email: string;
  sex: 'M' | 'F';
  birthday: string;
  role: 'ADMIN' | 'JUDGE' | 'COACH';
  label: string;
}

const CITY_OF_CLUB: Record<string, string> = {
  'HK Bratislava': 'Bratislava',
  'HK Žilina': 'Žilina',
  'HK Tatry Poprad': 'Poprad',
  'Boulder Club Nitra': 'Nitra',
  'Horoklub Banská Bystrica': 'Banská Bystrica',
  'HK Košice': 'Košice',
  'HK Trenčín': 'Trenčín',
  'HO Brno': 'Brno',
  'Lezecký klub Praha': 'Praha',
  'HK Ostrava': 'Ostrava',
  'SK Liberec': 'Liberec',
  'KW Kraków': 'Kraków',
  'Alpenverein Wien': 'Wien',
  'Budapest Boulder Club': 'Budapest',
};

type RacerSeed = readonly [name: string, surname: string, country: string, club: string, kind: RacerKind];

// Invented people with common Slovak, Czech, Polish, Austrian and Hungarian names; any likeness to a real climber is chance.
const RACER_SEEDS: readonly RacerSeed[] = [
  ['Tomáš', 'Horváth', 'SVK', 'HK Bratislava', 'MEMBER'],
  ['Lukáš', 'Varga', 'SVK', 'HK Bratislava', 'MEMBER'],
  ['Michal', 'Tóth', 'SVK', 'HK Bratislava', 'MEMBER'],
  ['Jakub', 'Nagy', 'SVK', 'HK Bratislava', 'MEMBER'],
  ['Filip', 'Baláž', 'SVK', 'HK Bratislava', 'MEMBER'],
  ['Samuel', 'Szabó', 'SVK', 'HK Bratislava', 'MEMBER'],
  ['Matej', 'Molnár', 'SVK', 'HK Bratislava', 'MEMBER'],
  ['Dominik', 'Lukáč', 'SVK', 'HK Bratislava', 'MEMBER'],
  ['Patrik', 'Novák', 'SVK', 'HK Bratislava', 'MEMBER'],
  ['Adam', 'Kollár', 'SVK', 'HK Bratislava', 'MEMBER'],
  ['Marek', 'Hudák', 'SVK', 'HK Žilina', 'ACCOUNT'],
  ['Peter', 'Oravec', 'SVK', 'HK Tatry Poprad', 'ACCOUNT'],
  ['Andrej', 'Polák', 'SVK', 'HK Žilina', 'ACCOUNT'],
  ['Richard', 'Krajčí', 'SVK', 'Boulder Club Nitra', 'ACCOUNT'],
  ['Erik', 'Benko', 'SVK', 'Horoklub Banská Bystrica', 'ACCOUNT'],
  ['Daniel', 'Hronec', 'SVK', 'HK Tatry Poprad', 'ACCOUNT'],
  ['Jozef', 'Kučera', 'SVK', 'Horoklub Banská Bystrica', 'ACCOUNT'],
  ['Roman', 'Blaho', 'SVK', 'Boulder Club Nitra', 'ACCOUNT'],
  ['Viktor', 'Čierny', 'SVK', 'HK Košice', 'ACCOUNT'],
  ['Oliver', 'Mráz', 'SVK', 'HK Košice', 'ACCOUNT'],
  ['Šimon', 'Bartoš', 'SVK', 'HK Trenčín', 'UNREGISTERED'],
  ['Ján', 'Ďurica', 'SVK', 'HK Trenčín', 'UNREGISTERED'],
  ['Marián', 'Gašpar', 'SVK', 'HK Tatry Poprad', 'UNREGISTERED'],
  ['Igor', 'Vavrík', 'SVK', 'HK Košice', 'UNREGISTERED'],
  ['Branislav', 'Hlinka', 'SVK', 'HK Žilina', 'UNREGISTERED'],
  ['Radoslav', 'Sloboda', 'SVK', 'Boulder Club Nitra', 'UNREGISTERED'],
  ['Jan', 'Dvořák', 'CZE', 'HO Brno', 'ACCOUNT'],
  ['Ondřej', 'Černý', 'CZE', 'Lezecký klub Praha', 'ACCOUNT'],
  ['Vojtěch', 'Procházka', 'CZE', 'HO Brno', 'ACCOUNT'],
  ['Jiří', 'Svoboda', 'CZE', 'HK Ostrava', 'ACCOUNT'],
  ['Štěpán', 'Veselý', 'CZE', 'Lezecký klub Praha', 'UNREGISTERED'],
  ['Matěj', 'Kratochvíl', 'CZE', 'SK Liberec', 'UNREGISTERED'],
  ['Vít', 'Marek', 'CZE', 'HK Ostrava', 'UNREGISTERED'],
  ['Jakub', 'Pokorný', 'CZE', 'Lezecký klub Praha', 'UNREGISTERED'],
  ['Tadeáš', 'Růžička', 'CZE', 'SK Liberec', 'UNREGISTERED'],
  ['David', 'Beneš', 'CZE', 'HO Brno', 'UNREGISTERED'],
  ['Kacper', 'Wiśniewski', 'POL', 'KW Kraków', 'UNREGISTERED'],
  ['Bartosz', 'Kowalczyk', 'POL', 'KW Kraków', 'UNREGISTERED'],
  ['Lukas', 'Gruber', 'AUT', 'Alpenverein Wien', 'UNREGISTERED'],
  ['Bence', 'Kovács', 'HUN', 'Budapest Boulder Club', 'UNREGISTERED'],
];

export const STAFF: readonly DemoStaffPerson[] = [
  { name: 'Róbert', surname: 'Gajdoš', email: `admin@${EMAIL_DOMAIN}`, sex: 'M', birthday: '1984-03-12', role: 'ADMIN', label: 'organisation admin (HKB)' },
  { name: 'Zuzana', surname: 'Mikulová', email: `rozhodca@${EMAIL_DOMAIN}`, sex: 'F', birthday: '1990-07-25', role: 'JUDGE', label: 'judge (HKB member)' },
  { name: 'Juraj', surname: 'Kováč', email: `trener@${EMAIL_DOMAIN}`, sex: 'M', birthday: '1979-11-02', role: 'COACH', label: 'coach (HKB member)' },
];

/** Lower-case ASCII for e-mail addresses: "Ďurica" becomes "durica", "Wiśniewski" "wisniewski". */
const asciiSlug = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

const pad = (value: number): string => String(value).padStart(2, '0');

/**
 * The 40 racers with their birth dates and strength. Ages are 17-36 in the current year, so every
 * racer is 16 or older even in a race of the previous year and fits the U18, Juniori or Dospelí
 * category of the demo races.
 */
export function demoRacers(currentYear: number): DemoRacerPerson[] {
  const random = createRandom(20_240_611);
  return RACER_SEEDS.map(([name, surname, country, club, kind]) => {
    // Most competitors of an open boulder race are in their twenties; a few juniors and veterans.
    const age = random.chance(0.25) ? random.int(17, 19) : random.int(20, 36);
    const birthYear = currentYear - age;
    const domain = kind === 'UNREGISTERED' ? 'example.org' : EMAIL_DOMAIN;
    return {
      name,
      surname,
      country,
      club,
      city: CITY_OF_CLUB[club] ?? 'Bratislava',
      kind,
      email: `${asciiSlug(name)}.${asciiSlug(surname)}@${domain}`,
      birthYear,
      birthday: `${birthYear}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`,
      ability: 0.3 + 0.7 * random.next(),
    };
  });
}

/** The e-mails of every demo account (staff and racers with an account), used to find them again. */
export function demoAccountEmails(currentYear: number): string[] {
  return [...STAFF.map((person) => person.email), ...demoRacers(currentYear).filter((racer) => racer.kind !== 'UNREGISTERED').map((racer) => racer.email)];
}
