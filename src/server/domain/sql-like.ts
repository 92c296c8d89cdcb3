// LIKE with user text: wildcards in the text are escaped, and the escape character is declared explicitly
// because SQLite has no default one.
import { sql, type RawBuilder } from 'kysely';

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/** `column LIKE pattern ESCAPE '\'`; `pattern` uses % and _ as wildcards and has already been escaped. */
export function like(column: string, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape ${'\\'}`;
}

export const contains = (column: string, text: string) => like(column, `%${escapeLike(text)}%`);
