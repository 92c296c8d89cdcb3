// Table dictionaries: the few `table,text,code` triples the screens use, fixed in code so no identifier
// from a request ever reaches SQL.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { DictOption } from './dicts.js';

export const TABLE_DICTS = {
  'sys_user,realname,id': { table: 'sys_user', text: 'realname', code: 'id' },
  'sys_user,realname,username': { table: 'sys_user', text: 'realname', code: 'username' },
  'sys_depart,depart_name,id': { table: 'sys_depart', text: 'depart_name', code: 'id' },
  'sys_role,role_name,id': { table: 'sys_role', text: 'role_name', code: 'id' },
  'teaching_course,course_name,id': { table: 'teaching_course', text: 'course_name', code: 'id' },
} as const;

export async function tableDictItems(db: Kysely<Database>, key: keyof typeof TABLE_DICTS): Promise<DictOption[]> {
  const d = TABLE_DICTS[key];
  const rows = (await db
    .selectFrom(d.table)
    .select([`${d.text} as text`, `${d.code} as value`] as never)
    .limit(1000)
    .execute()) as unknown as { text: string; value: string }[];
  return rows.map((r) => ({ value: String(r.value), text: r.text ?? '', title: r.text ?? '' }));
}
