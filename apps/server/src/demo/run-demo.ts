import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { DEMO_PASSWORD } from './demo-people.ts';
import { seedDemo, type DemoReport } from './seed-demo.ts';

/**
 * `npm run demo`: fills the database `npm start` uses (DATA_DIR or DATABASE_URL) with the demo and
 * prints the logins. An existing demo is left as it is unless a reset is asked (DEMO_RESET=1).
 */
const STATUS_LINES: Record<DemoReport['status'], string> = {
  CREATED: 'Demo created.',
  RECREATED: 'Demo deleted and created again (reset asked).',
  UNCHANGED: 'The demo is already in this database; nothing was changed. Run `DEMO_RESET=1 npm run demo` to rebuild it with dates around today.',
};

function printReport(report: DemoReport, target: string): void {
  const lines = [STATUS_LINES[report.status], `Database: ${target}`];
  if (report.created) {
    const { ongoing, past, cupName } = report.created;
    lines.push(
      `  Organisation: Horolezecký klub Bratislava (HKB), id ${report.organizationId}`,
      `  Ongoing event from ${ongoing.startingDate}: race "Muži" (race id ${ongoing.raceId}), QUALIFICATION_ONGOING, 40 racers in groups A, B (scored) and C (partly)`,
      `  Past event on ${past.startingDate}: race "Muži" (race id ${past.raceId}), FINISHED, qualification and final scored`,
      `  Cup: ${cupName}, category "Muži" counting both races with the IFSC points table`,
    );
  }
  const staff = report.logins.filter((login) => !login.label.startsWith('racer '));
  const racers = report.logins.filter((login) => login.label.startsWith('racer '));
  const width = Math.max(...report.logins.map((login) => login.email.length));
  lines.push('', `Logins (every demo account has the password ${DEMO_PASSWORD}):`);
  for (const login of staff) lines.push(`  ${login.email.padEnd(width)}  ${login.password}  ${login.label}`);
  lines.push(`  ${racers.length} racer accounts:`);
  for (const login of racers) lines.push(`  ${login.email.padEnd(width)}  ${login.password}  ${login.label}`);
  lines.push('', 'The super admin is created by `npm start` (ADMIN_EMAIL / ADMIN_PASSWORD), not by the demo.');
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  // `npm run demo -- --reset` at the root reaches the workspace script as npm's own --reset option
  // (npm exposes it as npm_config_reset), not as an argument; accept every spelling.
  const reset = process.argv.slice(2).includes('--reset') || process.env.npm_config_reset === 'true' || process.env.DEMO_RESET === '1';
  const config = loadConfig();
  const database = await openDatabase(config, 'demo');
  try {
    await database.migrate();
    const report = await seedDemo(database.db, { reset });
    // Never print a DATABASE_URL: it may carry a password.
    printReport(report, database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exitCode = 1;
    return;
  }
  console.error('The demo could not be created; no demo data was written (the transaction was rolled back).', error);
  process.exitCode = 1;
});
