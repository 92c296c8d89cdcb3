// Databases seeded before the Scratch editor existed get 创作 → Scratch3.0 (and only it of the 创作 editors: the
// code editors came with migration 050) with the grants of a fresh seed: one where 007 hid the entry, one seeded
// while it was planned.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_MENU, type MenuDef } from '../seed/menus.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, replaceMenu, type MenuState } from './menu-sync.test-kit.js';
import { up } from './018_scratch_editor_menu.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const EDITOR = '/scratch3/index.html?scene=create';
/** The editors migration 050 brings (not this one). */
const LATER = new Set(['/python/index.html?scene=create', '/blockly/index.html?lang=zh-hans&scene=create']);
const withoutLater = (fresh: Record<string, MenuState>) => Object.fromEntries(Object.entries(fresh).map(([u, s]) => [u, { ...s, menu: s.menu.filter((p) => !LATER.has(p)) }]));
/** The menu as seeded while the 创作 group was planned. */
const beforeEditor = (defs: MenuDef[]): MenuDef[] => defs.map((d) => (d.url === '/create' ? { ...d, planned: true as const } : d));

describe.each(dialects)('migration 018 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m018-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('a fresh seed offers the Scratch editor to teachers and students, and not ScratchJr (no web package)', async () => {
    for (const u of ['teacher', 'student1']) expect(fresh[u].menu).toContain(EDITOR);
    const all = Object.values(fresh).flatMap((s) => s.menu);
    expect(all).not.toContain('/scratchjr/home.html');
  });

  it('inserts the entry with its grants into a database seeded while it was planned, and is idempotent', async () => {
    await replaceMenu(t.db, beforeEditor(BACK_OFFICE_MENU));
    expect((await menuState(t.db, 'student1')).menu).not.toContain(EDITOR);
    await up(t.db);
    await expectFreshMenus(t.db, withoutLater(fresh));
    const rows = await permissionRows(t.db);
    await up(t.db);
    expect(await permissionRows(t.db)).toBe(rows);
  });

  it('adds 创作 → Scratch3 to a public menu seeded without it, once', async () => {
    const front = () => t.db.selectFrom('teaching_menu').select(['id', 'parent_id', 'name', 'url', 'internal_or_external']).execute();
    const editor = (await front()).find((r) => r.url === '/scratch3/index.html?scene=create')!;
    await t.db.deleteFrom('teaching_menu').where('id', 'in', [editor.id, editor.parent_id]).execute();
    await up(t.db);
    await up(t.db);
    const rows = await front();
    const added = rows.filter((r) => r.url === '/scratch3/index.html?scene=create');
    expect(added).toHaveLength(1);
    expect(added[0].internal_or_external).toBe(1);
    expect(rows.find((r) => r.id === added[0].parent_id)?.name).toBe('创作');
  });

  it('brings back the entry and its group where migration 007 hid them, with the grants they kept', async () => {
    await replaceMenu(t.db, BACK_OFFICE_MENU);
    await t.db.updateTable('sys_permission').set({ del_flag: 1 }).where('url', 'in', ['/create', EDITOR]).execute();
    expect((await menuState(t.db, 'teacher')).menu).not.toContain(EDITOR);
    await up(t.db);
    await expectFreshMenus(t.db, fresh);
  });
});
