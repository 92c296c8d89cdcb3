// The shell page machinery against the real app: full page vs htmx fragment, the expired session for htmx,
// iframe menu items at their own route, external items, and the site config cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../domain/sessions.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { invalidateSiteConfig } from './context.js';

let t: TestApp;
let admin: string;

const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
const get = (path: string, cookie: string, headers: Record<string, string> = {}) => t.request(path, { headers: { Cookie: cookie, ...headers } });
const now = '2026-01-01 00:00:00';

/** Adds a root menu item and grants it to the admin role. */
async function addMenu(row: { id: string; name: string; url: string; component: string; internal_or_external: number; sort_no: number }) {
  await t.db
    .insertInto('sys_permission')
    .values({ ...row, parent_id: '', menu_type: 0, is_leaf: 1, is_route: 1, hidden: 0, create_by: 'admin', create_time: now })
    .execute();
  const role = await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow();
  await t.db.insertInto('sys_role_permission').values({ id: `rp-${row.id}`, role_id: role.id, permission_id: row.id }).execute();
}

beforeAll(async () => {
  t = await startTestApp({ demoContent: false });
  admin = await cookieOf('admin');
  await addMenu({ id: 'iframe-doc', name: '在线文档', url: "{{ window._CONFIG['domianURL'] }}/sys/common/static/doc.html", component: 'layouts/IframePageView', internal_or_external: 0, sort_no: 90 });
  await addMenu({ id: 'external-site', name: '官网', url: 'https://www.example.org/', component: 'layouts/IframePageView', internal_or_external: 1, sort_no: 91 });
  await addMenu({ id: 'evil-template', name: '坏模板', url: '{{ alert(document.cookie) }}', component: 'layouts/IframePageView', internal_or_external: 0, sort_no: 92 });
});
afterAll(async () => {
  await t?.close();
});

describe('page or fragment', () => {
  it('renders the whole shell for a plain request and only content + out-of-band parts for htmx', async () => {
    const page = await get('/dashboard/index', admin);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<title>学堂</title>');
    expect(html).toContain('id="xt-menu"');
    expect(page.headers.get('cache-control')).toBe('private, no-store');

    const frag = await (await get('/dashboard/index', admin, { 'HX-Request': 'true', 'HX-Target': 'content' })).text();
    expect(frag).not.toContain('id="xt-menu"');
    expect(frag).toContain('<title>学堂</title>');
    expect(frag).toMatch(/id="xt-page"[^>]*hx-swap-oob="true"/);
    // Aimed elsewhere: the content alone.
    const part = await (await get('/dashboard/index', admin, { 'HX-Request': 'true', 'HX-Target': 'somewhere' })).text();
    expect(part).not.toContain('id="xt-page"');
    expect(part).toContain('欢迎使用学堂');
    // htmx restoring history asks for the whole page.
    const restore = await (await get('/dashboard/index', admin, { 'HX-Request': 'true', 'HX-History-Restore-Request': 'true' })).text();
    expect(restore).toContain('id="xt-menu"');
  });

  it('answers an htmx request with a dead session with the expired-session JSON, and without one with HX-Redirect', async () => {
    const dead = await get('/dashboard/index', 'xt_token=nope', { 'HX-Request': 'true', 'HX-Target': 'content' });
    expect(dead.status).toBe(500);
    expect(await dead.json()).toMatchObject({ success: false, message: 'Token失效，请重新登录', code: 500 });
    const plain = await get('/dashboard/index', 'xt_token=nope');
    expect(plain.status).toBe(302);
    expect(plain.headers.get('location')).toBe('/user/login?redirect=%2Fdashboard%2Findex');
    const none = await t.request('/isystem/role?pageNo=2', { headers: { 'HX-Request': 'true' } });
    expect(none.status).toBe(204);
    expect(none.headers.get('HX-Redirect')).toBe('/user/login?redirect=%2Fisystem%2Frole%3FpageNo%3D2');
  });
});

describe('pages that do not exist', () => {
  it('show the 404 result inside the shell for an htmx navigation, and the failure page otherwise', async () => {
    const hx = { 'HX-Request': 'true', 'HX-Target': 'content' };
    const missing = await get('/isystem/no-such-screen', admin, hx);
    expect(missing.status).toBe(302);
    expect(missing.headers.get('location')).toBe('/404');
    const inShell = await get('/404', admin, hx);
    expect(inShell.status).toBe(404);
    const frag = await inShell.text();
    expect(frag).toContain('<title>404 · 学堂</title>');
    expect(frag).toContain('抱歉，你访问的页面不存在');
    expect(frag).toMatch(/id="xt-page"[^>]*hx-swap-oob="true"/);
    const page = await (await get('/404', admin)).text();
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).not.toContain('id="xt-menu"');
  });
});

describe('menu items that are not ordinary pages', () => {
  it('shows an iframe item at its own route with the evaluated url, and never inside its own iframe', async () => {
    const html = await (await get('/dashboard/index', admin)).text();
    const href = /<li[^>]*title="在线文档"[^>]*>.*?<a href="([^"]+)"/.exec(html)?.[1];
    expect(href).toMatch(/^\/[0-9a-f]{32}$/);
    const page = await get(href!, admin);
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain('<iframe class="xt-iframe" src="http://127.0.0.1/api/sys/common/static/doc.html" title="在线文档">');
    expect(body).toContain('<title>在线文档 · 学堂</title>');
    expect(body).toMatch(/class="ant-menu-item[^"]*ant-menu-item-selected[^"]*"[^>]*data-key="\/[0-9a-f]{32}"/);
    const nested = await get(href!, admin, { 'Sec-Fetch-Dest': 'iframe' });
    expect(nested.status).toBe(302);
    expect(nested.headers.get('location')).toBe('/404');
  });

  it('opens external items in a new window and drops urls whose template is not a known lookup', async () => {
    const html = await (await get('/dashboard/index', admin)).text();
    expect(html).toContain('<a href="https://www.example.org/" target="_blank" rel="noopener noreferrer">官网</a>');
    expect(html).not.toContain('alert(document.cookie)');
    const evil = /<li[^>]*title="坏模板"[^>]*>.*?<a href="([^"]+)"/.exec(html)?.[1];
    // Its url was dropped, so there is nothing to frame at its route.
    const res = await get(evil!, admin);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/404');
  });
});

describe('site config cache (SPEC §9: 10 minutes)', () => {
  it('serves the cached brand name until invalidated', async () => {
    await get('/dashboard/index', admin); // fills the cache
    await t.db.updateTable('sys_config').set({ config_value: '新校名' }).where('config_key', '=', 'brandName').execute();
    expect(await (await get('/dashboard/index', admin)).text()).not.toContain('新校名');
    invalidateSiteConfig();
    expect(await (await get('/dashboard/index', admin)).text()).toContain('<title>新校名</title>');
  });

  it('is kept per app: another app in this process, on its own database, shows its own brand name', async () => {
    await get('/dashboard/index', admin); // this app's cache holds 新校名
    const other = await startTestApp({ demoContent: false });
    try {
      await other.db.updateTable('sys_config').set({ config_value: '另一所学校' }).where('config_key', '=', 'brandName').execute();
      const cookie = `xt_token=${(await createSession(other.db, await other.userId('admin'))).token}`;
      const html = await (await other.request('/dashboard/index', { headers: { Cookie: cookie } })).text();
      expect(html).toContain('<title>另一所学校</title>');
    } finally {
      await other.close();
    }
    expect(await (await get('/dashboard/index', admin)).text()).toContain('<title>新校名</title>');
  });
});
