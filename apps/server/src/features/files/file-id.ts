import { z } from 'zod';

/** A file's id: 32 lower-case hex digits, 122 random bits (files.id, docs/security.md "Files"). */
export const FILE_ID_PATTERN = /^[0-9a-f]{32}$/;

export const fileIdSchema = z.string().regex(FILE_ID_PATTERN).describe('A file id: 32 random hex digits, for GET /api/file/image/{id} or /api/file/pdf/{id}');
