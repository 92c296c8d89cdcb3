// Shared by the department API modules: the caller's department scope, object lookups inside it, and the
// small checks and body pieces the department, member, permission and role endpoints all use.
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import type { SysDepart } from '../../db/schema.js';
import { managedDepartIdsOf, managedSubtree } from '../../domain/departs.js';
import { userPermissionRows } from '../../domain/permissions.js';
import { isSuperUser } from '../../domain/sessions.js';

export const NOT_FOUND = '未找到对应实体';

export interface DepartScope {
  /** Admin: every department. */
  all: boolean;
  /** Otherwise: the departments managed by the caller and everything below them. */
  departs: SysDepart[];
  ids: Set<string>;
  /** org codes of the departments the caller manages directly. */
  managedCodes: string[];
}

export async function departScope(c: Context<ApiEnv>): Promise<DepartScope> {
  const user = c.get('user')!;
  if (isSuperUser(user)) return { all: true, departs: [], ids: new Set(), managedCodes: [] };
  const { db } = c.get('deps');
  const departs = await managedSubtree(db, user.id);
  const managed = new Set(await managedDepartIdsOf(db, user.id));
  return { all: false, departs, ids: new Set(departs.map((d) => d.id)), managedCodes: departs.filter((d) => managed.has(d.id)).map((d) => d.org_code) };
}

/** The department by id when it exists and lies in the caller's scope. */
export async function scopedDepart(c: Context<ApiEnv>, scope: DepartScope, id: string | undefined): Promise<SysDepart | undefined> {
  if (!id || id.length > 64) return undefined;
  if (!scope.all && !scope.ids.has(id)) return undefined;
  return c.get('deps').db.selectFrom('sys_depart').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Strictly below a department the caller manages (a teacher may not delete the department they were given). */
export const strictlyInside = (scope: DepartScope, d: SysDepart) => scope.all || scope.managedCodes.some((m) => d.org_code.startsWith(m) && d.org_code !== m);


/** A list of ids: a JSON array or the anchor's comma string (`a,b,` with its trailing comma), deduplicated. */
export const idsField = (label: string, max = 1000) =>
  z
    .union([z.string(), z.array(z.unknown())], { message: `${label}必须是列表或逗号分隔的文本` })
    .nullish()
    .transform((v, ctx) => {
      const raw = Array.isArray(v) ? v : (v ?? '').split(',');
      if (raw.length > max) {
        ctx.addIssue({ code: 'custom', message: `${label}过多` });
        return z.NEVER;
      }
      if (!raw.every((s) => typeof s === 'string' && s.trim().length <= 64)) {
        ctx.addIssue({ code: 'custom', message: `${label}无效` });
        return z.NEVER;
      }
      return [...new Set((raw as string[]).map((s) => s.trim()).filter(Boolean))];
    });

/** Permission ids a caller may hand out: every live one for admins, their own otherwise. */
export async function grantablePermissionIds(c: Context<ApiEnv>): Promise<Set<string> | null> {
  const user = c.get('user')!;
  if (isSuperUser(user)) return null;
  return new Set((await userPermissionRows(c.get('deps').db, user.id)).map((p) => p.id));
}

/** Applies the anchor's diff save: add `next − last`, remove `last − next`, within `allowed` (null = any live id). */
export function permissionDiff(next: string[], last: string[]) {
  const nextSet = new Set(next);
  const lastSet = new Set(last);
  return { add: next.filter((p) => !lastSet.has(p)), remove: last.filter((p) => !nextSet.has(p)) };
}

/** Live permission ids granted to a department. */
export async function departPermissionIds(c: Context<ApiEnv>, departId: string): Promise<string[]> {
  const rows = await c
    .get('deps')
    .db.selectFrom('sys_depart_permission as dp')
    .innerJoin('sys_permission as p', 'p.id', 'dp.permission_id')
    .select('dp.permission_id')
    .where('dp.depart_id', '=', departId)
    .where('p.del_flag', '=', 0)
    .orderBy('p.sort_no')
    .execute();
  return rows.map((x) => x.permission_id);
}

/** Departments each user belongs to. */
export async function membershipsOf(c: Context<ApiEnv>, userIds: string[]): Promise<Map<string, { id: string; depart_name: string }[]>> {
  const out = new Map<string, { id: string; depart_name: string }[]>();
  if (!userIds.length) return out;
  const rows = await c
    .get('deps')
    .db.selectFrom('sys_user_depart as ud')
    .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
    .select(['ud.user_id', 'd.id', 'd.depart_name'])
    .where('ud.user_id', 'in', userIds)
    .orderBy('d.org_code')
    .execute();
  for (const r of rows) out.set(r.user_id, [...(out.get(r.user_id) ?? []), { id: r.id, depart_name: r.depart_name }]);
  return out;
}

