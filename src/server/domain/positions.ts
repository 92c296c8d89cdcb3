// 职务 (sys_position) and the users holding them. As in the anchor, sys_user.post is a comma list of position
// codes; codes never contain a comma (the API allows letters, digits, _ and -), so a code matches a list
// exactly when ',<code>,' occurs in ',<post>,'.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { escapeLike } from './sql-like.js';

/** The codes of a post value, in order, without blanks or repeats. */
const postCodes = (post: unknown): string[] =>
  typeof post === 'string' ? [...new Set(post.split(',').map((s) => s.trim()).filter(Boolean))] : [];

/** Condition: the user's post list holds `code` (parameterised; LIKE wildcards in the code escaped). */
export const holdsPosition = (column: string, code: string) =>
  sql<boolean>`(${sql.lit(',')} || coalesce(${sql.ref(column)}, ${sql.lit('')}) || ${sql.lit(',')}) like ${`%,${escapeLike(code)},%`} escape ${'\\'}`;

/**
 * How many users (not deleted) hold each of the codes: one scan of the distinct post lists, so a page of
 * positions costs one query however many users there are.
 */
export async function holderCounts(db: Kysely<Database>, codes: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>(codes.map((c) => [c, 0]));
  if (!codes.length) return out;
  const rows = await db
    .selectFrom('sys_user')
    .select(['post', (eb) => eb.fn.countAll<number>().as('n')])
    .where('del_flag', '=', 0)
    .where('post', 'is not', null)
    .where('post', '!=', '')
    .groupBy('post')
    .execute();
  for (const r of rows) for (const code of postCodes(r.post)) if (out.has(code)) out.set(code, out.get(code)! + Number(r.n));
  return out;
}

/** Code → name of every position (a school has a handful). */
export async function positionNames(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('sys_position').select(['code', 'name']).execute();
  return new Map(rows.map((r) => [r.code, r.name]));
}

/** The names of a post list's positions, comma-joined as the anchor's `_dictText`; unknown codes are left out. */
export const postText = (names: Map<string, string>, post: unknown) =>
  postCodes(post)
    .map((c) => names.get(c))
    .filter(Boolean)
    .join(',');
