// Which users a caller may see and manage (teaching-open's class scoping, §0 of the teaching domain):
// admins and developers see everyone; anyone else sees the members of the departments in the subtrees of
// the departments they manage (sys_user_manage_depart; subtree = org_code prefix). Managing none means
// seeing nobody (`您没有负责的班级`). Role levels stop anyone touching a user above their own level.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { escapeLike } from './sql-like.js';
import { isSuperUser, type SessionUser } from './sessions.js';

export const NO_MANAGED_DEPARTS = '您没有负责的班级';

export type UserScope =
  | { all: true }
  /** org codes of the managed departments, reduced to the roots of their subtrees. */
  | { all: false; orgCodes: string[] };

/** Keeps only codes that are not inside another code's subtree (A01 covers A01A02). */
export function subtreeRoots(codes: string[]): string[] {
  const sorted = [...new Set(codes.filter(Boolean))].sort((a, b) => a.length - b.length || a.localeCompare(b));
  const roots: string[] = [];
  for (const c of sorted) if (!roots.some((r) => c.startsWith(r))) roots.push(c);
  return roots;
}

export async function userScope(db: Kysely<Database>, user: Pick<SessionUser, 'id' | 'roles'>): Promise<UserScope> {
  if (isSuperUser(user)) return { all: true };
  const rows = await db
    .selectFrom('sys_user_manage_depart as m')
    .innerJoin('sys_depart as d', 'd.id', 'm.dep_id')
    .select('d.org_code')
    .where('m.user_id', '=', user.id)
    .execute();
  return { all: false, orgCodes: subtreeRoots(rows.map((r) => r.org_code)) };
}

export const hasScope = (scope: UserScope) => scope.all || scope.orgCodes.length > 0;

/** `org_code LIKE 'A01%' OR …` for the scope's subtrees (false when the scope is empty). */
function orgCodeIn(column: string, orgCodes: string[]) {
  if (!orgCodes.length) return sql<boolean>`1 = 0`;
  return sql<boolean>`(${sql.join(
    orgCodes.map((code) => sql`${sql.ref(column)} like ${`${escapeLike(code)}%`} escape ${'\\'}`),
    sql` or `,
  )})`;
}

/** Ids of the departments inside the scope, as a subquery. */
export function scopeDepartIds(db: Kysely<Database>, scope: UserScope) {
  let q = db.selectFrom('sys_depart as sd').select('sd.id');
  if (!scope.all) q = q.where(orgCodeIn('sd.org_code', scope.orgCodes));
  return q;
}

/** Ids of users who are members of a department inside the scope, as a subquery. */
export function scopeMemberIds(db: Kysely<Database>, scope: UserScope) {
  return db.selectFrom('sys_user_depart as sud').select('sud.user_id').where('sud.dep_id', 'in', scopeDepartIds(db, scope));
}

export interface DepartOption {
  id: string;
  parentId: string;
  departName: string;
  orgCode: string;
  orgCategory: string;
  /** Full path for display, e.g. 希望小学 / 一年级 / 一年级一班. */
  title: string;
}

/** The departments inside the scope, in tree order, each with its full path as title. */
export async function departsInScope(db: Kysely<Database>, scope: UserScope): Promise<DepartOption[]> {
  if (!hasScope(scope)) return [];
  const all = await db
    .selectFrom('sys_depart')
    .select(['id', 'parent_id', 'depart_name', 'org_code', 'org_category', 'depart_order'])
    .orderBy('org_code')
    .execute();
  const byCode = new Map(all.map((d) => [d.org_code, d]));
  const inScope = scope.all ? all : all.filter((d) => scope.orgCodes.some((c) => d.org_code.startsWith(c)));
  return inScope.map((d) => {
    const names: string[] = [];
    for (let len = 3; len <= d.org_code.length; len += 3) {
      const a = byCode.get(d.org_code.slice(0, len));
      if (a) names.push(a.depart_name);
    }
    return {
      id: d.id,
      parentId: d.parent_id,
      departName: d.depart_name,
      orgCode: d.org_code,
      orgCategory: d.org_category,
      title: names.join(' / ') || d.depart_name,
    };
  });
}

/** The given department ids that do not exist or lie outside the scope (empty when all are fine). */
export async function departsOutsideScope(db: Kysely<Database>, scope: UserScope, ids: string[]): Promise<{ unknown: string[]; outside: string[] }> {
  if (!ids.length) return { unknown: [], outside: [] };
  const rows = await db.selectFrom('sys_depart').select(['id', 'org_code']).where('id', 'in', ids).execute();
  const found = new Map(rows.map((r) => [r.id, r.org_code]));
  const unknown = ids.filter((id) => !found.has(id));
  const outside = scope.all ? [] : ids.filter((id) => found.has(id) && !scope.orgCodes.some((c) => found.get(id)!.startsWith(c)));
  return { unknown, outside };
}

/** Whether a department (by org code) lies inside the scope. */
export const orgCodeInScope = (scope: UserScope, orgCode: string) => scope.all || scope.orgCodes.some((c) => orgCode.startsWith(c));

/** Highest role level of each user (0 for users without roles). */
export async function roleLevels(db: Kysely<Database>, userIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>(userIds.map((id) => [id, 0]));
  if (!userIds.length) return out;
  const rows = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select(['ur.user_id', (eb) => eb.fn.max('r.role_level').as('level')])
    .where('ur.user_id', 'in', userIds)
    .groupBy('ur.user_id')
    .execute();
  for (const r of rows) out.set(r.user_id, Number(r.level ?? 0));
  return out;
}
