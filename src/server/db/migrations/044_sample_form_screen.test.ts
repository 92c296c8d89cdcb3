// Databases seeded before an online form's generated screen existed get 在线开发 → 比赛报名 (the sample form's entry),
// for the admin only, as a fresh seed has it; running it again changes nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MENU, type MenuDef } from '../seed/menus.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, replaceMenu, type MenuState } from './menu-sync.test-kit.js';
import { up } from './044_sample_form_screen.js';
import { SAMPLE_FORM_SCREENS as FORM_SCREENS } from './040_sample_form.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const PLANNED = new Set(FORM_SCREENS.map(([url]) => url));
/** The menu as seeded while the screen was planned. */
const before = (defs: MenuDef[]): MenuDef[] => defs.map((d) => (PLANNED.has(d.url) ? { ...d, planned: true as const } : { ...d, ...(d.children ? { children: before(d.children) } : {}) }));
const formPaths = (menu: string[]) => menu.filter((p) => PLANNED.has(p));

describe.each(dialects)('migration 044 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m044-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('a fresh seed offers the sample form 比赛报名 to the admin only', () => {
    expect(formPaths(fresh.admin.menu)).toEqual(['/online/cgformList/cg_contest_signup']);
    for (const u of ['teacher', 'student1']) expect(formPaths(fresh[u].menu), u).toEqual([]);
  });

  it('adds the entry to a database seeded before it, and is idempotent', async () => {
    await replaceMenu(t.db, before(BACK_OFFICE_MENU));
    expect(formPaths((await menuState(t.db, 'admin')).menu)).toEqual([]);
    await up(t.db);
    await expectFreshMenus(t.db, fresh);
    const rows = await permissionRows(t.db);
    await up(t.db);
    expect(await permissionRows(t.db)).toBe(rows);
  });
});
