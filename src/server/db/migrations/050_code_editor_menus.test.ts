// Databases seeded while the code editors were planned get 创作 → 图形化Python and Blockly with the grants of a fresh
// seed (one seeded while they were planned, one where 007 hid them), and the public 创作 group gets Python and
// Blockly under the site's own group; running it again changes nothing. ScratchJr stays out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MENU, type MenuDef } from '../seed/menus.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, replaceMenu, type MenuState } from './menu-sync.test-kit.js';
import { CODE_EDITOR_SCREENS, up } from './050_code_editor_menus.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const EDITORS = CODE_EDITOR_SCREENS.map(([url]) => url);
const PLANNED = new Set(EDITORS);
/** The menu as seeded while the code editors were planned. */
const before = (defs: MenuDef[]): MenuDef[] => defs.map((d) => (PLANNED.has(d.url) ? { ...d, planned: true as const } : { ...d, ...(d.children ? { children: before(d.children) } : {}) }));
const editorPaths = (menu: string[]) => menu.filter((p) => PLANNED.has(p));

describe.each(dialects)('migration 050 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};
  const front = () => t.db.selectFrom('teaching_menu').select(['id', 'parent_id', 'name', 'url', 'is_leaf', 'internal_or_external']).where('del_flag', '=', 0).execute();
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m050-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('a fresh seed offers both code editors to everyone, and not ScratchJr', () => {
    for (const u of MENU_TEST_USERS) {
      expect(editorPaths(fresh[u].menu), u).toEqual([...EDITORS].sort());
      expect(fresh[u].menu, u).not.toContain('/scratchjr/home.html');
    }
  });

  it('adds the entries to a database seeded while they were planned, and is idempotent', async () => {
    await replaceMenu(t.db, before(BACK_OFFICE_MENU));
    expect(editorPaths((await menuState(t.db, 'student1')).menu)).toEqual([]);
    await up(t.db);
    await expectFreshMenus(t.db, fresh);
    const rows = await permissionRows(t.db);
    await up(t.db);
    expect(await permissionRows(t.db)).toBe(rows);
  });

  it('brings back the entries where migration 007 hid them, with the grants they kept', async () => {
    await replaceMenu(t.db, BACK_OFFICE_MENU);
    await t.db.updateTable('sys_permission').set({ del_flag: 1 }).where('url', 'in', EDITORS).execute();
    expect(editorPaths((await menuState(t.db, 'teacher')).menu)).toEqual([]);
    await up(t.db);
    await expectFreshMenus(t.db, fresh);
  });

  it('adds Python and Blockly to the public 创作 group seeded without them, once, beside Scratch', async () => {
    const seeded = await front();
    const scratch = seeded.find((r) => r.url === '/scratch3/index.html?scene=create')!;
    await t.db.deleteFrom('teaching_menu').where('url', 'in', EDITORS).execute();
    await up(t.db);
    await up(t.db);
    const rows = await front();
    for (const url of EDITORS) {
      const added = rows.filter((r) => r.url === url);
      expect(added, url).toHaveLength(1);
      expect(added[0]).toMatchObject({ parent_id: scratch.parent_id, internal_or_external: 1, is_leaf: 1 });
    }
    expect(rows.filter((r) => r.name === '创作')).toHaveLength(1);
  });

  it('adds the public 创作 group with the editors where the site has none', async () => {
    const group = (await front()).find((r) => r.name === '创作' && r.parent_id === '')!;
    await t.db.deleteFrom('teaching_menu').where((eb) => eb.or([eb('id', '=', group.id), eb('parent_id', '=', group.id)])).execute();
    await up(t.db);
    const rows = await front();
    const groups = rows.filter((r) => r.name === '创作' && r.parent_id === '');
    expect(groups).toHaveLength(1);
    expect(groups[0].is_leaf).toBe(0);
    expect(rows.filter((r) => r.parent_id === groups[0].id).map((r) => r.url).sort()).toEqual([...EDITORS].sort());
  });
});
