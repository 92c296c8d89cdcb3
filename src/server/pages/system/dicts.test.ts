// The 字典管理 pages: dictionary list, 字典配置 (items list with its preview select), 启用/禁用, the select's
// delete control (deleteItemByText), the recycle bin; what a user without the screen sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
let admin: string;
let sexId: string;

const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
const get = (path: string, cookie: string, headers: Record<string, string> = {}) => t.request(path, { headers: { Cookie: cookie, ...headers } });
const post = (path: string, cookie: string, body: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  t.request(path, { method: 'POST', headers: { Cookie: cookie, Origin: 'http://127.0.0.1', ...headers }, body: new URLSearchParams(body) });
const htmx = { 'HX-Request': 'true' };
const items = (dictId: string) => t.db.selectFrom('sys_dict_item').selectAll().where('dict_id', '=', dictId).orderBy('sort_order').execute();
const snapshot = async () =>
  JSON.stringify([await t.db.selectFrom('sys_dict').selectAll().orderBy('id').execute(), await t.db.selectFrom('sys_dict_item').selectAll().orderBy('id').execute()]);

async function makeDict(code: string, entries: [string, string][]) {
  const token = await t.login('admin');
  await t.api('POST', '/sys/dict/add', { token, body: { dictName: code, dictCode: code } });
  const id = (await t.db.selectFrom('sys_dict').select('id').where('dict_code', '=', code).executeTakeFirstOrThrow()).id;
  for (const [value, text] of entries) await t.api('POST', '/sys/dictItem/add', { token, body: { dictId: id, itemValue: value, itemText: text } });
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await cookieOf('admin');
  sexId = (await t.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'sex').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

describe('the dictionary list', () => {
  it('shows the toolbar and row actions the admin holds', async () => {
    const html = await (await get('/isystem/dict?dictCode=sex', admin)).text();
    expect(html).toContain('<title>字典管理 · 学堂</title>');
    for (const label of ['新增', '导出', '导入', '刷新缓存', '回收站', '字典配置', '批量操作']) expect(html).toContain(label);
    expect(html).toContain(`/isystem/dict/config?id=${sexId}`);
    expect(html).toContain('href="/isystem/dict/recycle"');
  });

  it('shows a teacher, who lacks the screen, the 403 page and none of its filters or buttons', async () => {
    const res = await get('/isystem/dict', await cookieOf('teacher'));
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain('抱歉，你无权访问该页面');
    expect(html).not.toContain('字典名称');
    expect(html).not.toContain('刷新缓存');
    expect(html).not.toContain('回收站');
  });

  it('字典配置 opens the items list of that dictionary in the content area', async () => {
    const res = await get(`/isystem/dict/config?id=${sexId}&back=%2Fisystem%2Fdict`, admin, { ...htmx, 'HX-Target': 'xt-modal' });
    expect(JSON.parse(res.headers.get('HX-Location') ?? '{}')).toEqual({ path: `/isystem/dict/items?dictId=${sexId}`, target: '#content' });
    const plain = await get(`/isystem/dict/config?id=${sexId}`, admin);
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toBe(`/isystem/dict/items?dictId=${sexId}`);
    const none = await get('/isystem/dict/items', admin);
    expect(none.status).toBe(302);
    expect(none.headers.get('location')).toBe('/isystem/dict');
  });

  it('刷新缓存 drops the dictionary cache', async () => {
    const id = await makeDict('page_cache', [['a', '甲']]);
    await t.api('GET', '/sys/dict/getDictItems/page_cache');
    await t.db.updateTable('sys_dict_item').set({ item_text: '甲改' }).where('dict_id', '=', id).execute();
    expect((await t.api('GET', '/sys/dict/getDictItems/page_cache')).body.result[0].text).toBe('甲');
    const res = await post('/isystem/dict/refresh', admin, { back: '/isystem/dict', confirmed: '1' }, htmx);
    expect(res.status).toBe(200);
    expect((await t.api('GET', '/sys/dict/getDictItems/page_cache')).body.result[0].text).toBe('甲改');
  });
});

describe('字典配置 (the items of one dictionary)', () => {
  it('lists the items with the dictionary selects of SPEC §5 and keeps the dictionary in every link', async () => {
    const html = await (await get(`/isystem/dict/items?dictId=${sexId}`, admin)).text();
    // Menu highlight and breadcrumb stay on 字典管理.
    expect(html).toContain('<title>字典配置 · 学堂</title>');
    expect(html).toMatch(/<td class="ant-table-cell"[^>]*>男<\/td>/);
    // The status filter: 请选择, then 全部 (show-all), then the items.
    expect(html).toMatch(/<select id="q-status" name="status"[^>]*><option value="">请选择<\/option><option value="">全部<\/option><option value="1">启用<\/option>/);
    // The dictionary stays in the query form and in 重置.
    expect(html).toContain(`<input type="hidden" name="dictId" value="${sexId}"/>`);
    expect(html).toContain(`href="/isystem/dict/items?dictId=${sexId}"`);
    // The preview select with the delete control asking the anchor's question.
    expect(html).toContain('「性别」（sex）的下拉效果');
    expect(html).toContain('hx-confirm="是否确定删除 男?"');
    expect(html).toContain('hx-confirm="是否确定删除 女?"');
  });

  it('adds an item to the dictionary named in the list URL, enabled unless unchecked', async () => {
    const id = await makeDict('page_add', []);
    const back = `/isystem/dict/items?dictId=${id}`;
    const form = await (await get(`/isystem/dict/items/form?back=${encodeURIComponent(back)}`, admin)).text();
    expect(form).toMatch(/<input type="checkbox" value="1" checked=""[^>]*name="status"/);
    const res = await post('/isystem/dict/items/save', admin, { back, itemText: '甲', itemValue: 'a', sortOrder: '', status: '1' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(back);
    expect((await items(id)).map((i) => [i.item_text, i.item_value, i.status])).toEqual([['甲', 'a', 1]]);
    // A duplicate value comes back beside its field, nothing added.
    const before = await snapshot();
    const dup = await post('/isystem/dict/items/save', admin, { back, itemText: '乙', itemValue: 'a' }, htmx);
    expect(await dup.text()).toContain('该字典中已存在相同的数据值');
    expect(await snapshot()).toBe(before);
  });

  it('启用/禁用 asks first (dialog), then flips the status', async () => {
    const id = await makeDict('page_toggle', [['a', '甲']]);
    const [item] = await items(id);
    const back = `/isystem/dict/items?dictId=${id}`;
    const dialog = await (await get(`/isystem/dict/items/toggle?id=${item.id}&back=${encodeURIComponent(back)}`, admin, { ...htmx, 'HX-Target': 'xt-modal' })).text();
    expect(dialog).toContain('role="dialog"');
    expect(dialog).toContain('确定禁用「甲」吗？');
    expect((await items(id))[0].status).toBe(1);
    const res = await post('/isystem/dict/items/toggle', admin, { id: item.id, back, confirmed: '1' });
    expect(res.status).toBe(303);
    expect((await items(id))[0].status).toBe(0);
    expect((await t.api('GET', '/sys/dict/getDictItems/page_toggle')).body.result).toEqual([]);
    await post('/isystem/dict/items/toggle', admin, { id: item.id, back, confirmed: '1' });
    expect((await items(id))[0].status).toBe(1);
  });
});

describe('启用/禁用 asks first', () => {
  it('asks again when the change arrives without its confirmation (a stale page), and changes nothing', async () => {
    const id = await makeDict('page_toggle_ask', [['a', '甲']]);
    const [item] = await items(id);
    const back = `/isystem/dict/items?dictId=${id}`;
    const res = await post('/isystem/dict/items/toggle', admin, { id: item.id, back });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('确定禁用「甲」吗？');
    expect(page).toContain('name="confirmed" value="1"');
    expect((await items(id))[0].status).toBe(1);
  });

  it('answers the dialog alone for htmx, kept out of shared caches like every page of the shell', async () => {
    const id = await makeDict('page_toggle_cache', [['a', '甲']]);
    const [item] = await items(id);
    const res = await get(`/isystem/dict/items/toggle?id=${item.id}`, admin, { ...htmx, 'HX-Target': 'xt-modal' });
    expect(await res.text()).toMatch(/^<div class="ant-modal-root[^"]*"/);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('Vary')).toContain('HX-Target');
  });
});

describe('the dictionary select’s delete control', () => {
  it('answers htmx with the select again, without the deleted item', async () => {
    const id = await makeDict('page_del', [['a', '甲'], ['b', '乙']]);
    const res = await post('/isystem/dict/deleteItemByText?dictCode=page_del&itemText=%E7%94%B2&name=kind&id=f-kind&value=b&showAll=1&confirmed=1', admin, {}, htmx);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/^<span class="xt-dict-select" id="xt-dict-f-kind">/);
    expect(html).toContain('<option value="">请选择</option><option value="">全部</option><option value="b" selected="">乙</option></select>');
    expect(html).not.toContain('甲');
    expect((await items(id)).map((i) => i.item_text)).toEqual(['乙']);
  });

  it('reloads the items page after a deletion from its preview', async () => {
    const id = await makeDict('page_reload', [['a', '甲']]);
    const back = `/isystem/dict/items?dictId=${id}`;
    const res = await post(`/isystem/dict/deleteItemByText?dictCode=page_reload&itemText=%E7%94%B2&name=test&reload=1&confirmed=1&back=${encodeURIComponent(back)}`, admin, {}, htmx);
    expect(JSON.parse(res.headers.get('HX-Location') ?? '{}')).toEqual({ path: back, target: '#content' });
    expect(await items(id)).toEqual([]);
  });

  it('asks on a page of its own without JavaScript, and deletes only once confirmed', async () => {
    const id = await makeDict('page_nojs', [['a', '甲']]);
    const before = await snapshot();
    const ask = await (await get('/isystem/dict/deleteItemByText?dictCode=page_nojs&itemText=%E7%94%B2&back=%2Fisystem%2Fdict', admin)).text();
    expect(ask).toContain('是否确定删除 甲?');
    const unconfirmed = await post('/isystem/dict/deleteItemByText', admin, { dictCode: 'page_nojs', itemText: '甲', back: '/isystem/dict' });
    expect(await unconfirmed.text()).toContain('是否确定删除 甲?');
    expect(await snapshot()).toBe(before);
    const done = await post('/isystem/dict/deleteItemByText', admin, { dictCode: 'page_nojs', itemText: '甲', back: 'https://evil.example/', confirmed: '1' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/isystem/dict');
    expect(await items(id)).toEqual([]);
  });

  it('shows the refusal beside the select and changes nothing for a user without dict:item', async () => {
    await makeDict('page_refuse', [['a', '甲']]);
    const before = await snapshot();
    const res = await post('/isystem/dict/deleteItemByText?dictCode=page_refuse&itemText=%E7%94%B2&name=x&confirmed=1', await cookieOf('teacher'), {}, htmx);
    const html = await res.text();
    expect(html).toContain('<span class="xt-dict-error" role="alert">没有权限，请联系管理员授权</span>');
    expect(await snapshot()).toBe(before);
  });

  it('refuses a cross-site post', async () => {
    await makeDict('page_csrf', [['a', '甲']]);
    const before = await snapshot();
    const res = await post('/isystem/dict/deleteItemByText?dictCode=page_csrf&itemText=%E7%94%B2&confirmed=1', admin, {}, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await snapshot()).toBe(before);
  });
});

describe('the recycle bin', () => {
  it('lists deleted dictionaries, restores them, and deletes for good only once confirmed', async () => {
    const id = await makeDict('page_bin', [['a', '甲']]);
    const token = await t.login('admin');
    await t.api('DELETE', `/sys/dict/delete?id=${id}`, { token });
    const html = await (await get('/isystem/dict/recycle', admin)).text();
    expect(html).toContain('page_bin');
    expect(html).toContain('hx-confirm="确定彻底删除字典「page_bin」及其全部字典项吗？删除后不能恢复。"');

    await post('/isystem/dict/recycle/back', admin, { id });
    expect((await t.db.selectFrom('sys_dict').select('del_flag').where('id', '=', id).executeTakeFirstOrThrow()).del_flag).toBe(0);

    await t.api('DELETE', `/sys/dict/delete?id=${id}`, { token });
    const before = await snapshot();
    const ask = await post('/isystem/dict/recycle/delete', admin, { id });
    expect(await ask.text()).toContain('确定彻底删除该字典及其全部字典项吗？');
    expect(await snapshot()).toBe(before);
    await post('/isystem/dict/recycle/delete', admin, { id, confirmed: '1' });
    expect(await t.db.selectFrom('sys_dict').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await items(id)).toEqual([]);
  });

  it('shows a user without the screen the 403 page for the recycle bin', async () => {
    const res = await get('/isystem/dict/recycle', await cookieOf('teacher'));
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain('抱歉，你无权访问该页面');
    expect(html).not.toContain('彻底删除</button>');
  });
});
