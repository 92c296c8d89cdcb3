// Databases seeded before the teaching screens existed end with the menus, buttons and grants of a fresh seed:
// one seeded with teaching-open's whole menu (then hidden by 007), and one seeded while the screens were planned.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPermissions, type MenuItem } from '../../domain/permissions.js';
import { routedMenu } from '../../../templates/shell/side-menu.js';
import { BACK_OFFICE_MENU, buildPermissionSeed, type MenuDef } from '../seed/menus.js';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { up as hideUnbuilt } from './007_hide_unbuilt_menus.js';
import { TEACHING_SCREENS, up } from './014_teaching_screens.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const paths = (items: MenuItem[]): string[] => items.flatMap((i) => [i.path, ...paths(i.children ?? [])]);
const named = new Set(TEACHING_SCREENS.map(([u, c]) => `${u}\n${c}`));
/** teaching-open's whole menu: every entry seeded. */
const everything = (defs: MenuDef[]): MenuDef[] => defs.map(({ planned: _p, ...d }) => ({ ...d, children: d.children && everything(d.children) }));
/** The menu as seeded while this migration's screens were planned (their buttons too). */
const beforeScreens = (defs: MenuDef[]): MenuDef[] =>
  defs.map((d) => ({
    ...d,
    ...(named.has(`${d.url}\n${d.component}`) && d.url !== '/isystem/departDetailList' ? { planned: true as const } : {}),
    buttons: d.url === '/isystem/departDetailList' ? d.buttons?.filter((b) => b.code !== 'depart:course') : d.buttons,
    children: d.children && beforeScreens(d.children),
  }));

describe.each(dialects)('migration 014 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, { menu: string[]; codes: string[] }> = {};
  const userId = async (username: string) => (await t.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const stateOf = async (username: string) => {
    const p = await userPermissions(t.db, await userId(username));
    return { menu: paths(routedMenu(p.menu)).sort(), codes: p.auth.map((a) => a.action).sort() };
  };
  const replaceMenu = async (defs: MenuDef[]) => {
    const roles = Object.fromEntries((await t.db.selectFrom('sys_role').select(['id', 'role_code']).execute()).map((r) => [r.role_code, r.id]));
    const old = buildPermissionSeed({ admin: roles.admin, teacher: roles.teacher, student: roles.student }, '2026-01-01 00:00:00', defs);
    await t.db.deleteFrom('sys_role_permission').execute();
    await t.db.deleteFrom('sys_permission_data_rule').execute();
    await t.db.deleteFrom('sys_permission').execute();
    await t.db.insertInto('sys_permission').values(old.permissions).execute();
    if (old.dataRules.length) await t.db.insertInto('sys_permission_data_rule').values(old.dataRules).execute();
    await t.db.insertInto('sys_role_permission').values(old.rolePermissions).execute();
  };
  const expectFresh = async () => {
    for (const u of ['admin', 'teacher', 'student1']) expect(await stateOf(u), u).toEqual(fresh[u]);
    const live = await t.db.selectFrom('sys_permission').select(['id', 'parent_id', 'is_leaf']).where('del_flag', '=', 0).execute();
    for (const r of live) expect(r.is_leaf, r.id).toBe(live.some((k) => k.parent_id === r.id) ? 0 : 1);
  };

  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m014-'));
    await seedIfEmpty(t.db, { demoContent: true, filesDir });
    for (const u of ['admin', 'teacher', 'student1']) fresh[u] = await stateOf(u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('after 007 hid teaching-open\'s unbuilt screens, brings back the built ones with their grants', async () => {
    await replaceMenu(everything(BACK_OFFICE_MENU));
    await hideUnbuilt(t.db);
    await up(t.db);
    await expectFresh();
  });

  it('inserts the screens, buttons and grants into a database seeded while they were planned, and is idempotent', async () => {
    await replaceMenu(beforeScreens(BACK_OFFICE_MENU));
    await up(t.db);
    await expectFresh();
    const rows = await t.db.selectFrom('sys_permission').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await up(t.db);
    const again = await t.db.selectFrom('sys_permission').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(again.n)).toBe(Number(rows.n));
  });
});
