/** The SQLSTATE of a database error, whether the driver error is thrown as is or wrapped by Drizzle. */
export function sqlStateOf(error: unknown): string | undefined {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } };
  if (typeof candidate?.cause?.code === 'string') return candidate.cause.code;
  if (typeof candidate?.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate.code;
  return undefined;
}

/** A delete refused because other rows still reference the row (a race uses the age category). */
export const isForeignKeyViolation = (error: unknown): boolean => sqlStateOf(error) === '23503';
