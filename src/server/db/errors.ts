// Database errors recognised the same way on both dialects, so callers react to what happened rather than to
// one driver's wording.

/**
 * A unique-index (or primary-key) violation: PostgreSQL's SQLSTATE 23505, better-sqlite3's
 * SQLITE_CONSTRAINT_UNIQUE, or SQLite's message (a primary key answers SQLITE_CONSTRAINT_PRIMARYKEY with the
 * same "UNIQUE constraint failed" text). Callers answer "已存在" or retry with fresh data.
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || (typeof e.message === 'string' && /UNIQUE constraint failed/i.test(e.message));
}
