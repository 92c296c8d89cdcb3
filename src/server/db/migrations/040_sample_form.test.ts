// Databases seeded before the sample online form 比赛报名 get its dictionary 比赛项目, its definition with a synced
// table, and — once the seed offers it — its menu entry for the admin only; running it again changes nothing, and an
// administrator's own table of that name is left alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropTable } from '../../domain/cgform-ddl.js';
import { BACK_OFFICE_MENU, isSeeded, SAMPLE_FORM_URL, type MenuDef } from '../seed/menus.js';
import { SAMPLE_FORM_TABLE } from '../seed/forms.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, replaceMenu, type MenuState } from './menu-sync.test-kit.js';
import { SAMPLE_FORM_DICT, up } from './040_sample_form.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
/** The menu as seeded before the sample form's entry existed. */
const before = (defs: MenuDef[]): MenuDef[] => defs.map((d) => (d.url === SAMPLE_FORM_URL ? { ...d, planned: true as const } : { ...d, ...(d.children ? { children: before(d.children) } : {}) }));
const sampleEntry = (() => {
  const find = (defs: MenuDef[]): MenuDef | undefined => defs.map((d) => (d.url === SAMPLE_FORM_URL ? d : d.children && find(d.children))).find(Boolean);
  return find(BACK_OFFICE_MENU)!;
})();

describe.each(dialects)('migration 040 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};

  const heads = () => t.db.selectFrom('onl_cgform_head').select(['id', 'table_txt', 'is_db_synch']).where('table_name', '=', SAMPLE_FORM_TABLE).execute();
  const columns = async () =>
    (dialect === 'postgres'
      ? (await sql<{ c: string }>`select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = ${SAMPLE_FORM_TABLE} order by ordinal_position`.execute(t.db)).rows
      : (await sql<{ c: string }>`select name as c from pragma_table_info(${SAMPLE_FORM_TABLE})`.execute(t.db)).rows
    ).map((r) => r.c);
  const indexes = async () =>
    (dialect === 'postgres'
      ? (await sql<{ n: string }>`select indexname as n from pg_indexes where schemaname = current_schema() and tablename = ${SAMPLE_FORM_TABLE}`.execute(t.db)).rows
      : (await sql<{ n: string }>`select name as n from sqlite_master where type = 'index' and tbl_name = ${SAMPLE_FORM_TABLE} and sql is not null`.execute(t.db)).rows
    )
      .map((r) => r.n)
      .filter((n) => n.includes('__'))
      .sort();
  const dictTexts = async () =>
    (await t.db.selectFrom('sys_dict_item').innerJoin('sys_dict', 'sys_dict.id', 'sys_dict_item.dict_id').select('item_text').where('dict_code', '=', SAMPLE_FORM_DICT).orderBy('sort_order').execute()).map((r) => r.item_text);
  const formPaths = (menu: string[]) => menu.filter((p) => p === SAMPLE_FORM_URL);
  const removeSample = async () => {
    const ids = (await heads()).map((h) => h.id);
    if (ids.length) {
      await t.db.deleteFrom('onl_cgform_field').where('cgform_head_id', 'in', ids).execute();
      await t.db.deleteFrom('onl_cgform_index').where('cgform_head_id', 'in', ids).execute();
      await t.db.deleteFrom('onl_cgform_head').where('id', 'in', ids).execute();
    }
    await dropTable(t.db, dialect, SAMPLE_FORM_TABLE);
    const dict = await t.db.selectFrom('sys_dict').select('id').where('dict_code', '=', SAMPLE_FORM_DICT).executeTakeFirst();
    if (dict) {
      await t.db.deleteFrom('sys_dict_item').where('dict_id', '=', dict.id).execute();
      await t.db.deleteFrom('sys_dict').where('id', '=', dict.id).execute();
    }
  };

  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m040-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('a fresh seed has the form synced, with its table, indexes and dictionary; its entry is the admin’s once the seed offers it', async () => {
    expect(await heads()).toMatchObject([{ table_txt: '比赛报名', is_db_synch: 'Y' }]);
    expect(await columns()).toEqual(['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code', 'student_name', 'class_name', 'grade', 'project', 'signup_date', 'need_coach', 'work_url', 'remark']);
    expect(await indexes()).toEqual([`${SAMPLE_FORM_TABLE}__class_name`, `${SAMPLE_FORM_TABLE}__create_time__id`, `${SAMPLE_FORM_TABLE}__project`]);
    expect(await dictTexts()).toEqual(['Scratch创意编程', 'Python编程', '创意动画', '机器人搭建', '信息学奥赛']);
    // Planned while the generated list screen is not built (db/seed/menus.ts): then no one's menu has it.
    expect(formPaths(fresh.admin.menu)).toEqual(isSeeded(sampleEntry) ? [SAMPLE_FORM_URL] : []);
    for (const u of ['teacher', 'student1']) expect(formPaths(fresh[u].menu), u).toEqual([]);
  });

  it('adds the dictionary, the form with its table and the entry to a database seeded before them, and is idempotent', async () => {
    await replaceMenu(t.db, before(BACK_OFFICE_MENU));
    await removeSample();
    expect(await heads()).toEqual([]);
    expect(await columns()).toEqual([]);
    await up(t.db);
    await expectFreshMenus(t.db, fresh);
    expect(await heads()).toMatchObject([{ table_txt: '比赛报名', is_db_synch: 'Y' }]);
    expect(await columns()).toContain('work_url');
    expect(await indexes()).toEqual(expect.arrayContaining([`${SAMPLE_FORM_TABLE}__class_name`, `${SAMPLE_FORM_TABLE}__project`]));
    expect(await dictTexts()).toHaveLength(5);
    const fields = await t.db.selectFrom('onl_cgform_field').select('db_field_name').where('cgform_head_id', '=', (await heads())[0].id).orderBy('order_num').execute();
    expect(fields.map((f) => f.db_field_name).slice(0, 9)).toEqual(['id', 'student_name', 'class_name', 'grade', 'project', 'signup_date', 'need_coach', 'work_url', 'remark']);

    await sql`insert into ${sql.table(SAMPLE_FORM_TABLE)} (id, student_name) values ('r1', '张三')`.execute(t.db);
    const rows = await permissionRows(t.db);
    await up(t.db);
    expect(await permissionRows(t.db)).toBe(rows);
    expect(await heads()).toHaveLength(1);
    expect(await dictTexts()).toHaveLength(5);
    expect((await sql<{ n: number }>`select count(*) as n from ${sql.table(SAMPLE_FORM_TABLE)}`.execute(t.db)).rows[0].n).toBe(1);
  });

  it('leaves a table of that name an administrator made alone', async () => {
    const ids = (await heads()).map((h) => h.id);
    await t.db.deleteFrom('onl_cgform_field').where('cgform_head_id', 'in', ids).execute();
    await t.db.deleteFrom('onl_cgform_index').where('cgform_head_id', 'in', ids).execute();
    await t.db.deleteFrom('onl_cgform_head').where('id', 'in', ids).execute();
    await up(t.db);
    expect(await heads()).toEqual([]);
    expect((await sql<{ n: number }>`select count(*) as n from ${sql.table(SAMPLE_FORM_TABLE)}`.execute(t.db)).rows[0].n).toBe(1);
  });
});
