// Uniqueness checks for forms. Tables and fields come from this allow-list only
// (teaching-open interpolated both straight into SQL).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

const DUPLICATE_CHECKS: Record<string, readonly string[]> = {
  sys_user: ['username', 'email', 'phone', 'work_no'],
  sys_role: ['role_code'],
  sys_dict: ['dict_code'],
  sys_depart: ['org_code'],
  sys_permission: ['perms'],
  sys_config: ['config_key'],
  sys_position: ['code'],
};

// Own keys only: 'constructor' or '__proto__' would otherwise reach inherited members (and throw).
export const isCheckable = (table: string, field: string) => Object.hasOwn(DUPLICATE_CHECKS, table) && DUPLICATE_CHECKS[table].includes(field);

/** True when another row (other than dataId) already holds the value. */
export async function valueTaken(
  db: Kysely<Database>,
  table: string,
  field: string,
  value: string,
  dataId?: string,
): Promise<boolean> {
  if (!isCheckable(table, field)) throw new Error(`not checkable: ${table}.${field}`);
  const q = db
    .selectFrom(table as 'sys_user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(field as 'username', '=', value)
    .$if(!!dataId, (qb) => qb.where('id', '!=', dataId!));
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0) > 0;
}
