// The sample online form 比赛报名 (db/seed/forms.ts) for databases seeded before it: its dictionary 比赛项目, its
// definition with the table 同步数据库 makes, and its menu entry (the admin's only) once the seed offers it. While the
// generated list screen is not built the entry is `planned` (db/seed/menus.ts) and this adds no menu row: the
// migration that brings that screen must name SAMPLE_FORM_SCREENS too, since this one will have run by then.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { dictEntryRows } from '../seed/dicts.js';
import { addSampleForm } from '../seed/forms.js';
import { CGFORM_COMPONENT, SAMPLE_FORM_URL } from '../seed/menus.js';
import { syncSeededEntries } from '../seed/menu-sync.js';

export const SAMPLE_FORM_DICT = 'contest_project';
export const SAMPLE_FORM_SCREENS: readonly (readonly [string, string])[] = [[SAMPLE_FORM_URL, CGFORM_COMPONENT]];

export async function up(db: Kysely<any>): Promise<void> {
  // Only a seeded database (it has users) gets the form; an empty one gets everything from the seed.
  if (!(await db.selectFrom('sys_user').select('id').limit(1).executeTakeFirst())) return;
  await addSampleDict(db);
  await addSampleForm(db);
  await syncSeededEntries(db, SAMPLE_FORM_SCREENS);
}

async function addSampleDict(db: Kysely<Database>): Promise<void> {
  if (await db.selectFrom('sys_dict').select('id').where('dict_code', '=', SAMPLE_FORM_DICT).executeTakeFirst()) return;
  const rows = dictEntryRows(SAMPLE_FORM_DICT);
  if (!rows) return;
  await db.insertInto('sys_dict').values(rows.dict).execute();
  await db.insertInto('sys_dict_item').values(rows.items).execute();
}

/** Nothing to undo safely: the form may hold a school's entries by now. */
export async function down(): Promise<void> {}
