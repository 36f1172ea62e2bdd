import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { fileKindEnum } from './enums.ts';

/** `bytea` column; node-postgres returns a Buffer and PGlite a Uint8Array, both are Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * Uploaded files (posters, attachments, logos, profile photos) stored in the database so that no
 * shared disk is needed. Ownership is expressed by the referencing rows (users.profile_photo_id,
 * organizations.*_logo_id, events.poster_id, event_attachments), which keeps this table a leaf
 * of the schema. A file no row references is garbage and may be removed by a cleanup job.
 */
export const files = pgTable(
  'files',
  {
    /**
     * The file's address in GET /api/file/{image,pdf}/{id}: 122 random bits (a v4 UUID without its
     * dashes), so files cannot be found by counting (docs/security.md, "Files").
     */
    id: text()
      .primaryKey()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    kind: fileKindEnum().notNull(),
    /** Original file name, shown for attachments and used in Content-Disposition. */
    name: text().notNull(),
    /** Sniffed from the bytes at upload, not taken from the client. */
    mimeType: text().notNull(),
    size: integer().notNull(),
    /** Lower-case hex SHA-256 of the content; doubles as the HTTP ETag. */
    sha256: text().notNull(),
    content: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('files_size_check', sql`${table.size} >= 0 and ${table.size} = octet_length(${table.content})`),
    check('files_sha256_check', sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
    index('files_sha256_idx').on(table.sha256),
  ],
);

export type FileRow = typeof files.$inferSelect;
/** What listings should select: the bytes are read only when a file is served. */
export type FileMetadata = Omit<FileRow, 'content'>;
export type NewFileRow = typeof files.$inferInsert;
