// GET /sys/permission/getUserPermissionByToken: the caller's menu tree, auth and allAuth.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_CODES } from '../../db/seed/index.js';
import { newId } from '../../domain/ids.js';
import { expectEnvelope, expectTokenRefusal } from '../../../../test/assertions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
let admin: string;
let teacher: string;
let student: string;
beforeAll(async () => {
  t = await startTestApp();
  [admin, teacher, student] = await Promise.all([t.login('admin'), t.login('teacher'), t.login('student1')]);
});
afterAll(async () => {
  await t?.close();
});

const PATH = '/sys/permission/getUserPermissionByToken';

interface MenuItem {
  id: string;
  route: unknown;
  path: string;
  name: string;
  component: string | null;
  hidden?: boolean;
  alwaysShow?: boolean;
  redirect?: string | null;
  meta: { title: string; keepAlive: boolean; internalOrExternal: boolean; icon?: string; url?: string };
  children?: MenuItem[];
}

const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => [i, ...flatten(i.children ?? [])]);

async function permissions(token: string) {
  const answer = await t.api('GET', `${PATH}?_t=${Math.floor(Date.now() / 1000)}`, { token });
  expectEnvelope(answer, { success: true, code: 200, message: '查询成功' });
  return answer.body.result as {
    menu: MenuItem[];
    auth: { action: string; type: string; describe: string }[];
    allAuth: { action: string; type: string; describe: string; status: string }[];
  };
}

describe('menu', () => {
  it('has exactly menu, auth and allAuth, the dashboard first', async () => {
    const r = await permissions(admin);
    expect(Object.keys(r).sort()).toEqual(['allAuth', 'auth', 'menu']);
    expect(r.menu[0]).toMatchObject({ path: '/dashboard/index', component: 'dashboard/Index', route: '1', meta: { title: '首页' } });
  });

  it('shapes every item as the anchor does: route as the string "1"/"0", meta.title, flags only when true', async () => {
    const items = flatten((await permissions(admin)).menu);
    expect(items.length).toBeGreaterThan(15);
    const rootIds = new Set((await permissions(admin)).menu.map((m) => m.id));
    for (const item of items) {
      expect(typeof item.route, item.name).toBe('string');
      expect(['0', '1']).toContain(item.route);
      expect(typeof item.meta.title).toBe('string');
      expect(item.meta.title.length).toBeGreaterThan(0);
      expect(typeof item.meta.keepAlive).toBe('boolean');
      expect(typeof item.meta.internalOrExternal).toBe('boolean');
      if ('hidden' in item) expect(item.hidden).toBe(true);
      if ('alwaysShow' in item) expect(item.alwaysShow).toBe(true);
      // redirect only on roots (null when unset); never on children.
      if (rootIds.has(item.id)) expect('redirect' in item).toBe(true);
      else expect('redirect' in item).toBe(false);
      if ('children' in item) expect(item.children!.length).toBeGreaterThan(0);
    }
    // Names derive from the url when no component name is set: /isystem/role → isystem-role.
    expect(items.find((i) => i.path === '/isystem/role')?.name).toBe('isystem-role');
    // Hidden items say so; the settings root keeps its redirect.
    expect(items.find((i) => i.path === '/account/settings')).toMatchObject({ hidden: true, redirect: '/account/settings/base' });
    // Buttons (type 2) never appear in the menu.
    expect(items.some((i) => i.meta.title === '添加用户')).toBe(false);
  });

  it('gives a student only the menus granted to students', async () => {
    const paths = flatten((await permissions(student)).menu).map((i) => i.path);
    expect(paths).toContain('/account/center');
    expect(paths).toContain('/isps/userAnnouncement');
    expect(paths).not.toContain('/isystem/user');
    expect(paths).not.toContain('/isystem/role');
    const teacherPaths = flatten((await permissions(teacher)).menu).map((i) => i.path);
    expect(teacherPaths).toContain('/isystem/user');
    expect(teacherPaths).not.toContain('/isystem/role');
  });

  it('marks a non-route item "0", hashes an external url into the path and keeps the url in meta', async () => {
    const url = 'https://example.org/help?x=1';
    const ids = { plain: newId(), external: newId() };
    const studentRole = await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'student').executeTakeFirstOrThrow();
    await t.db
      .insertInto('sys_permission')
      .values([
        { id: ids.plain, parent_id: '', name: '测试链接', url: '/test/link', component: 'test/Link', menu_type: 0, is_route: 0, sort_no: 90 },
        { id: ids.external, parent_id: '', name: '帮助中心', url, component: 'layouts/IframePageView', menu_type: 0, is_route: 1, sort_no: 91 },
      ])
      .execute();
    await t.db
      .insertInto('sys_role_permission')
      .values([
        { id: newId(), role_id: studentRole.id, permission_id: ids.plain },
        { id: newId(), role_id: studentRole.id, permission_id: ids.external },
      ])
      .execute();
    try {
      const items = flatten((await permissions(student)).menu);
      expect(items.find((i) => i.id === ids.plain)).toMatchObject({ route: '0', path: '/test/link', name: 'test-link' });
      const ext = items.find((i) => i.id === ids.external)!;
      expect(ext.path).toBe(createHash('md5').update(url).digest('hex'));
      expect(ext.meta.url).toBe(url);
      expect(items.find((i) => i.id === ids.plain)!.meta).not.toHaveProperty('url');
    } finally {
      await t.db.deleteFrom('sys_role_permission').where('permission_id', 'in', [ids.plain, ids.external]).execute();
      await t.db.deleteFrom('sys_permission').where('id', 'in', [ids.plain, ids.external]).execute();
    }
  });

  it('puts the dashboard first even when the user’s roles do not grant it', async () => {
    const home = await t.db.selectFrom('sys_permission').select('id').where('component', '=', 'dashboard/Index').executeTakeFirstOrThrow();
    const studentRole = await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'student').executeTakeFirstOrThrow();
    const grant = await t.db
      .selectFrom('sys_role_permission')
      .selectAll()
      .where('role_id', '=', studentRole.id)
      .where('permission_id', '=', home.id)
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('sys_role_permission').where('id', '=', grant.id).execute();
    try {
      const menu = (await permissions(student)).menu;
      expect(menu[0]).toMatchObject({ id: home.id, path: '/dashboard/index', meta: { title: '首页' } });
      expect(menu.filter((m) => m.id === home.id)).toHaveLength(1);
    } finally {
      await t.db.insertInto('sys_role_permission').values(grant).execute();
    }
  });

  it('drops deleted menus', async () => {
    const role = await t.db.selectFrom('sys_permission').select('id').where('url', '=', '/account/center').executeTakeFirstOrThrow();
    await t.db.updateTable('sys_permission').set({ del_flag: 1 }).where('id', '=', role.id).execute();
    try {
      expect(flatten((await permissions(student)).menu).map((i) => i.path)).not.toContain('/account/center');
    } finally {
      await t.db.updateTable('sys_permission').set({ del_flag: 0 }).where('id', '=', role.id).execute();
    }
  });
});

describe('auth and allAuth', () => {
  it('lists the user’s active buttons as {action, type, describe}', async () => {
    const { auth } = await permissions(admin);
    for (const a of auth) expect(Object.keys(a).sort()).toEqual(['action', 'describe', 'type']);
    const actions = auth.map((a) => a.action);
    for (const code of PERMISSION_CODES) expect(actions).toContain(code);
    expect(auth.find((a) => a.action === 'user:add')).toEqual({ action: 'user:add', type: '1', describe: '添加用户' });
  });

  it('gives a teacher the teacher buttons only, and a student none', async () => {
    const teacherActions = (await permissions(teacher)).auth.map((a) => a.action);
    expect(teacherActions).toContain('user:add');
    expect(teacherActions).toContain('depart:member');
    expect(teacherActions).not.toContain('role:add');
    expect(teacherActions).toContain('user:import');
    expect(teacherActions).not.toContain('user:recycle');
    expect((await permissions(student)).auth).toEqual([]);
  });

  it('lists every button rule with its status in allAuth, the same for everyone', async () => {
    const mine = await permissions(student);
    for (const a of mine.allAuth) expect(Object.keys(a).sort()).toEqual(['action', 'describe', 'status', 'type']);
    expect(new Set(mine.allAuth.map((a) => a.action))).toEqual(new Set(PERMISSION_CODES));
    expect(mine.allAuth.every((a) => a.status === '1')).toBe(true);
    expect((await permissions(admin)).allAuth).toEqual(mine.allAuth);
  });

  it('leaves out a rule switched off for its granted users, and shows it with status 0 in allAuth', async () => {
    await t.db.updateTable('sys_permission').set({ status: '0' }).where('perms', '=', 'depart:member').execute();
    try {
      const r = await permissions(teacher);
      expect(r.auth.map((a) => a.action)).not.toContain('depart:member');
      expect(r.allAuth.find((a) => a.action === 'depart:member')?.status).toBe('0');
    } finally {
      await t.db.updateTable('sys_permission').set({ status: '1' }).where('perms', '=', 'depart:member').execute();
    }
  });
});

describe('whose permissions', () => {
  it('answers for the session user, never for a token passed as a parameter', async () => {
    const res = await t.api('GET', `${PATH}?token=${encodeURIComponent(admin)}`, { token: student });
    expectEnvelope(res, { success: true, code: 200 });
    expect(res.body.result.auth).toEqual([]);
    expect(flatten(res.body.result.menu).map((i: MenuItem) => i.path)).not.toContain('/isystem/role');
  });

  it('refuses without a session, even with a valid token parameter', async () => {
    expectTokenRefusal(await t.api('GET', PATH));
    expectTokenRefusal(await t.api('GET', `${PATH}?token=${encodeURIComponent(admin)}`));
  });
});
