// Which pages a user reaches and what they see when they may not (SPEC §2, §8): a page is a route of the
// user's menu, else the 403 page (never the screen's filters and buttons); an item whose route flag is "0" is
// not a page and not in the menu; a group crumb is text; a failing page shows the 500 page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { createSession } from '../domain/sessions.js';
import { inProcessTransport, Upstream } from '../upstream/client.js';
import { createPages } from './index.js';

let t: TestApp;
const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
const get = (path: string, cookie: string, headers: Record<string, string> = {}) => t.request(path, { headers: { Cookie: cookie, ...headers } });
const content = { 'HX-Request': 'true', 'HX-Target': 'content' };
const dialog = { 'HX-Request': 'true', 'HX-Target': 'xt-modal' };

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('a page the user lacks', () => {
  it('answers 403 with the 403 page inside the shell, without the screen', async () => {
    const student = await cookieOf('student1');
    const res = await get('/isystem/user', student);
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain('id="xt-menu"');
    expect(html).toContain('<title>403 · 学堂</title>');
    expect(html).toContain('抱歉，你无权访问该页面');
    for (const screen of ['用户账号', '真实姓名', '回收站', '没有权限，请联系管理员授权']) expect(html).not.toContain(screen);

    // An htmx navigation gets the same as a shell fragment (content, title, breadcrumb and page marker).
    const frag = await get('/isystem/user?pageNo=2', student, content);
    expect(frag.status).toBe(403);
    const body = await frag.text();
    expect(body).not.toContain('id="xt-menu"');
    expect(body).toContain('抱歉，你无权访问该页面');
    expect(body).toMatch(/id="xt-page"[^>]*hx-swap-oob="true"/);
  });

  it('refuses its sub-pages and dialogs too', async () => {
    const teacher = await cookieOf('teacher');
    for (const path of ['/isystem/role/form', '/isystem/dict/recycle', '/isystem/role/auth?id=x', '/isystem/log', '/isystem/position', '/isystem/position/form']) {
      const res = await get(path, teacher);
      expect(res.status, path).toBe(403);
      expect(await res.text(), path).toContain('抱歉，你无权访问该页面');
    }
    const form = await get('/isystem/role/form', teacher, dialog);
    expect(form.status).toBe(403);
    expect(await form.text()).not.toContain('角色编码');
  });

  it('opens the static pages of SPEC §2 to everyone logged in', async () => {
    const student = await cookieOf('student1');
    for (const path of ['/dashboard/index', '/account/center', '/account/settings/base', '/isps/userAnnouncement']) {
      expect((await get(path, student)).status, path).toBe(200);
    }
  });
});

describe('menu items whose route flag is "0"', () => {
  it('are neither in the menu nor pages', async () => {
    const admin = await cookieOf('admin');
    const before = await (await get('/dashboard/index', admin)).text();
    expect(before).toContain('<a href="/isystem/log">日志管理</a>');
    await t.db.updateTable('sys_permission').set({ is_route: 0 }).where('url', '=', '/isystem/log').execute();
    try {
      const html = await (await get('/dashboard/index', admin)).text();
      expect(html).not.toContain('日志管理');
      expect(html).toContain('<a href="/isystem/role">角色管理</a>');
      const res = await get('/isystem/log', admin);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/404');
      expect((await get('/isystem/log', admin, content)).headers.get('location')).toBe('/404');
    } finally {
      await t.db.updateTable('sys_permission').set({ is_route: 1 }).where('url', '=', '/isystem/log').execute();
    }
  });

  it('take their children with them, and a group left empty is not offered', async () => {
    const admin = await cookieOf('admin');
    // Every screen of 系统管理 but 用户管理 (whose url sits outside /isystem's group page in this test).
    const group = await t.db.selectFrom('sys_permission').select('id').where('name', '=', '系统管理').where('menu_type', '=', 0).executeTakeFirstOrThrow();
    await t.db.updateTable('sys_permission').set({ is_route: 0 }).where('parent_id', '=', group.id).where('menu_type', '=', 1).where('name', '!=', '用户管理').execute();
    try {
      const html = await (await get('/dashboard/index', admin)).text();
      // 系统管理 has no page left: no submenu, and no leaf linking to /isystem either.
      expect(html).not.toContain('系统管理');
      expect(html).not.toContain('href="/isystem"');
      expect(html).toContain('<a href="/isystem/user">用户管理</a>');
    } finally {
      await t.db.updateTable('sys_permission').set({ is_route: 1 }).where('menu_type', '!=', 2).execute();
    }
  });
});

describe('breadcrumbs', () => {
  it('show a group (route container) as text, never as a link to a page that does not exist', async () => {
    const html = await (await get('/isystem/role', await cookieOf('admin'))).text();
    const crumbs = /<nav id="xt-breadcrumb"[\s\S]*?<\/nav>/.exec(html)![0];
    expect(crumbs).toContain('<a class="ant-breadcrumb-link" href="/dashboard/index">首页</a>');
    expect(crumbs).toContain('<span class="ant-breadcrumb-link">系统管理</span>');
    expect(crumbs).not.toContain('href="/isystem"');
    expect(crumbs).toContain('<span class="ant-breadcrumb-link" aria-current="page">角色管理</span>');
  });
});

describe('a page that fails', () => {
  it('shows the 500 page (in the shell for htmx), never the error', async () => {
    // The pages over an upstream whose log list breaks (a bug, an upstream answering garbage …).
    const transport = inProcessTransport((url, init, env) => {
      if (url.includes('/sys/log/list')) throw new Error('SECRET stack detail');
      return t.app.request(url, init, env as never);
    });
    const pages = createPages({ upstream: new Upstream(transport), config: { ...t.deps.config, logLevel: 'silent' } });
    const admin = await cookieOf('admin');
    const frag = await pages.request('http://127.0.0.1/isystem/log', { headers: { Cookie: admin, ...content } });
    expect(frag.status).toBe(500);
    const body = await frag.text();
    expect(body).toContain('抱歉，服务器出错了');
    expect(body).toMatch(/id="xt-page"[^>]*hx-swap-oob="true"/);
    expect(body).not.toContain('SECRET');
    const page = await pages.request('http://127.0.0.1/isystem/log', { headers: { Cookie: admin } });
    expect(page.status).toBe(500);
    const html = await page.text();
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('抱歉，服务器出错了');
    expect(html).not.toContain('SECRET');
  });
});
