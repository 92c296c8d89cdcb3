// Databases seeded while 编码校验规则 and 填值规则 were planned get the two screens with their buttons (the admin's
// only), and every database gets the seed rules whose codes it lacks — without touching rules it already has.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MENU, type MenuDef } from '../seed/menus.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, replaceMenu, type MenuState } from './menu-sync.test-kit.js';
import { addCodeRuleEntries, CODE_RULE_SCREENS } from './029_code_rules.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const SCREENS = CODE_RULE_SCREENS.map(([url]) => url);
const CODES = ['checkRule:add', 'checkRule:edit', 'checkRule:del', 'fillRule:add', 'fillRule:edit', 'fillRule:del'];
/** The menu as seeded while the two screens were planned. */
const beforeRules = (defs: MenuDef[]): MenuDef[] =>
  defs.map((d) => ({ ...d, ...(SCREENS.includes(d.url) ? { planned: true as const } : {}), children: d.children && beforeRules(d.children) }));

describe.each(dialects)('migration 029 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m029-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('a fresh database has the seed rules, and offers both screens and their buttons to the admin only', async () => {
    expect((await t.db.selectFrom('sys_check_rule').select('rule_code').orderBy('rule_code').execute()).map((r) => r.rule_code)).toEqual(['common', 'test', 'work_no']);
    expect((await t.db.selectFrom('sys_fill_rule').select('rule_code').orderBy('rule_code').execute()).map((r) => r.rule_code)).toEqual(['category_code_rule', 'user_work_no']);
    for (const url of SCREENS) expect(fresh.admin.menu, url).toContain(url);
    for (const code of CODES) expect(fresh.admin.codes).toContain(code);
    for (const u of ['teacher', 'student1']) {
      expect(fresh[u].menu.filter((p) => SCREENS.includes(p))).toEqual([]);
      expect(fresh[u].codes.filter((c) => CODES.includes(c))).toEqual([]);
    }
  });

  it('adds the screens to a database seeded while they were planned, and is idempotent', async () => {
    await replaceMenu(t.db, beforeRules(BACK_OFFICE_MENU));
    expect((await menuState(t.db, 'admin')).menu.filter((p) => SCREENS.includes(p))).toEqual([]);
    await addCodeRuleEntries(t.db);
    await expectFreshMenus(t.db, fresh);
    const rows = await permissionRows(t.db);
    await addCodeRuleEntries(t.db);
    expect(await permissionRows(t.db)).toBe(rows);
  });

  it('brings back the entries where migration 007 hid them', async () => {
    await replaceMenu(t.db, BACK_OFFICE_MENU);
    await t.db.updateTable('sys_permission').set({ del_flag: 1 }).where('url', 'in', SCREENS).execute();
    expect((await menuState(t.db, 'admin')).menu).not.toContain('/isystem/checkRule');
    await addCodeRuleEntries(t.db);
    await expectFreshMenus(t.db, fresh);
  });

  it('adds only the seed rules a database lacks and leaves a school’s own version of a rule alone', async () => {
    await t.db.updateTable('sys_check_rule').set({ rule_json: '[{"digits":"*","pattern":"\\\\d+","message":"本校规则"}]' }).where('rule_code', '=', 'common').execute();
    await t.db.deleteFrom('sys_check_rule').where('rule_code', '=', 'test').execute();
    await t.db.deleteFrom('sys_fill_rule').where('rule_code', '=', 'user_work_no').execute();
    await addCodeRuleEntries(t.db);
    await addCodeRuleEntries(t.db);
    const checks = await t.db.selectFrom('sys_check_rule').select(['rule_code', 'rule_json']).orderBy('rule_code').execute();
    expect(checks.map((r) => r.rule_code)).toEqual(['common', 'test', 'work_no']);
    expect(checks[0].rule_json).toContain('本校规则');
    expect((await t.db.selectFrom('sys_fill_rule').select('rule_code').orderBy('rule_code').execute()).map((r) => r.rule_code)).toEqual(['category_code_rule', 'user_work_no']);
  });
});
