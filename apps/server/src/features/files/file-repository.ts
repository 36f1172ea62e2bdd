import { eq } from 'drizzle-orm';
import type { FileKind } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { files, type FileRow } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/secure-token.ts';

export async function insertFile(db: Executor, file: { kind: FileKind; name: string; mimeType: string; content: Uint8Array }): Promise<string> {
  const [row] = await db
    .insert(files)
    .values({ ...file, size: file.content.byteLength, sha256: sha256Hex(file.content) })
    .returning({ id: files.id });
  if (!row) throw new Error('file insert returned no row');
  return row.id;
}

export async function findFile(db: Executor, id: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}

/** A replaced logo or photo is referenced by nothing any more, so it is removed with the change. */
export async function deleteFile(db: Executor, id: string | null): Promise<void> {
  if (id !== null) await db.delete(files).where(eq(files.id, id));
}
