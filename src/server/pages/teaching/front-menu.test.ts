// 前台菜单管理 pages as a browser without JavaScript uses them: the tree table (icons, paths, flags), the drawer
// form (as a page of its own here) with its icon picker, saving a group and a child, a refused link shown beside
// its field, the public header following the change, deleting (one row, and the checked rows), and who may open it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
let admin: string;
const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
const get = (p: string, cookie = admin, headers: Record<string, string> = {}) => t.request(p, { headers: { Cookie: cookie, ...headers } });
const post = (p: string, fields: Record<string, string | string[]>, cookie = admin) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of ([] as string[]).concat(v)) f.append(k, x);
  return t.request(p, { method: 'POST', headers: { Cookie: cookie, Origin: 'http://127.0.0.1' }, body: f });
};
const byName = (name: string) => t.db.selectFrom('teaching_menu').selectAll().where('name', '=', name).executeTakeFirst();

beforeAll(async () => {
  t = await startTestApp();
  admin = await cookieOf('admin');
});
afterAll(async () => {
  await t?.close();
});

describe('前台菜单管理 pages', () => {
  it('shows the seeded menu as a tree table with icons, paths and the new-tab mark', async () => {
    const html = await (await get('/teaching/menu')).text();
    expect(html).toContain('role="treegrid" aria-label="前台菜单"');
    for (const s of ['菜单名称', '图标', '路径', '排序', '新增', '批量删除', '首页', '创作', 'Scratch3', '个人中心', '登录显示', '（新窗口）']) expect(html).toContain(s);
    expect(html).toContain('anticon-home');
    expect(html).toContain('href="/teaching/menu/form?menuType=0');
  });

  it('the drawer form: type switch, icon picker, switches and open mode; a child form preselects its parent', async () => {
    const drawer = await (await get('/teaching/menu/form?menuType=0', admin, { 'HX-Request': 'true', 'HX-Target': 'xt-modal' })).text();
    expect(drawer).toContain('xt-drawer-root');
    for (const s of ['新增菜单', '菜单类型', '菜单名称', '菜单路径', '菜单图标', '排序', '隐藏', '是否路由', '登录显示', '打开方式', '外部打开(新窗口)']) expect(drawer).toContain(s);
    expect(drawer).toMatch(/<input type="radio" name="icon" value="home"/);
    expect(drawer).not.toContain('name="parentId"');
    const create = (await byName('创作'))!;
    const child = await (await get(`/teaching/menu/form?parentId=${create.id}&menuType=1`)).text();
    expect(child).toMatch(new RegExp(`<option value="${create.id}" selected[^>]*>创作</option>`));
  });

  it('saves a group and an external child; the public header shows them, the child opening in a new tab', async () => {
    const res = await post('/teaching/menu/save', { menuType: '0', name: '页面测试组', url: '', icon: 'book', sortNo: '6', route: '1', internalOrExternal: '0', back: '/teaching/menu' });
    expect(res.status).toBe(303);
    const group = (await byName('页面测试组'))!;
    expect(group).toMatchObject({ icon: 'book', sort_no: 6, hidden: 0, need_login: 0, is_route: 1 });
    expect(res.headers.get('location')).toBe(`/teaching/menu?focus=${group.id}`);
    const kid = await post('/teaching/menu/save', { menuType: '1', parentId: group.id, name: '页面外链', url: 'https://example.org/', sortNo: '1', internalOrExternal: '1', back: '/teaching/menu' });
    expect(kid.status).toBe(303);
    expect(await byName('页面外链')).toMatchObject({ parent_id: group.id, internal_or_external: 1 });
    expect((await byName('页面测试组'))!.is_leaf).toBe(0);

    const home = await (await t.request('/home')).text();
    expect(home).toMatch(/<button type="button" class="xt-nav-link"><span aria-hidden="true" class="anticon anticon-book[^]*?页面测试组/);
    expect(home).toMatch(/<a class="xt-sub-link" href="https:\/\/example.org\/" target="_blank" rel="noopener">页面外链<\/a>/);
  });

  it('shows a refused link beside its field and saves nothing', async () => {
    const res = await post('/teaching/menu/save', { menuType: '0', name: '坏链接', url: 'javascript:alert(1)', back: '/teaching/menu' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('菜单路径格式不正确，应以 / 开头或为 http(s):// 链接');
    expect(html).toContain('value="javascript:alert(1)"');
    expect(await byName('坏链接')).toBeUndefined();
  });

  it('deletes one row with its children, and the checked rows with 批量删除', async () => {
    const group = (await byName('页面测试组'))!;
    const confirm = await (await get(`/teaching/menu/delete?id=${group.id}&back=/teaching/menu`)).text();
    expect(confirm).toContain('其下级菜单会一并删除');
    expect((await post('/teaching/menu/delete', { id: group.id, back: '/teaching/menu', confirmed: '1' })).status).toBe(303);
    expect(await byName('页面测试组')).toBeUndefined();
    expect(await byName('页面外链')).toBeUndefined();
    expect(await (await t.request('/home')).text()).not.toContain('页面测试组');

    for (const name of ['批删一', '批删二']) await post('/teaching/menu/save', { menuType: '0', name, url: `/${name}`, back: '/teaching/menu' });
    const ids = [(await byName('批删一'))!.id, (await byName('批删二'))!.id];
    const list = await (await get('/teaching/menu')).text();
    expect(list).toContain(`name="ids" value="${ids[0]}" form="xt-front-menu-bulk"`);
    expect((await post('/teaching/menu/delete', { ids, back: '/teaching/menu', confirmed: '1' })).status).toBe(303);
    expect(await byName('批删一')).toBeUndefined();
    expect(await byName('批删二')).toBeUndefined();
  });

  it('批量删除 without JavaScript asks first, naming how many rows go, and its 确定 deletes every checked row', async () => {
    for (const name of ['确认一', '确认二']) await post('/teaching/menu/save', { menuType: '0', name, url: `/${name}`, back: '/teaching/menu' });
    const ids = [(await byName('确认一'))!.id, (await byName('确认二'))!.id];
    const ask = await post('/teaching/menu/delete', { ids, back: '/teaching/menu' });
    expect(ask.status).toBe(200);
    const page = await ask.text();
    expect(page).toContain('确定删除选中的 2 个菜单吗？其下级菜单会一并删除。');
    expect(page).toContain(`name="ids" value="${ids.join(',')}"`);
    expect(await byName('确认一')).toBeDefined();
    expect(await byName('确认二')).toBeDefined();
    expect((await post('/teaching/menu/delete', { ids: ids.join(','), back: '/teaching/menu', confirmed: '1' })).status).toBe(303);
    expect(await byName('确认一')).toBeUndefined();
    expect(await byName('确认二')).toBeUndefined();
  });

  it('is the admin\'s screen only', async () => {
    for (const u of ['teacher', 'student1']) {
      const res = await get('/teaching/menu', await cookieOf(u));
      expect(res.status).toBe(403);
      expect(await res.text()).not.toContain('批量删除');
    }
  });
});
