import { defineConfig } from 'drizzle-kit';

// Column names are snake_case in SQL and camelCase in TypeScript through `casing`; the server's
// drizzle() clients use the same setting (src/db/database.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
  strict: true,
  verbose: true,
});
