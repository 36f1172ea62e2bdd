// The whole database schema: every table, enum, relation and row type. drizzle-kit reads this file
// (drizzle.config.ts) and the server passes `* as schema` to drizzle() for relational queries.
export * from './enums.ts';
export * from './race-settings.ts';
export * from './organization-settings.ts';
export * from './addresses.ts';
export * from './files.ts';
export * from './organizations.ts';
export * from './users.ts';
export * from './events.ts';
export * from './races.ts';
export * from './results-versions.ts';
export * from './registrations.ts';
export * from './scoring.ts';
export * from './cups.ts';
export * from './auth.ts';
export * from './audit.ts';
export * from './scorecard-sync.ts';
export * from './mail.ts';
export * from './relations.ts';
