// The sub-list (SubListSpec, templates/list/sub-list.tsx, pages/sub-list.tsx) as users meet it: the user recycle bin
// pages and filters its rows with the state in the URL (and htmx swaps only its container); a class's 移出 asks in a
// dialog that names the class, then removes the member; without JavaScript 还原 is a confirmation page whose 确定
// restores the user; a role's users page, and 移除 is asked with hx-confirm and answered inside the dialog.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../domain/ids.js';
import { createSession } from '../domain/sessions.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { formFields, screen } from '../../../test/html.js';

let t: TestApp;
let admin: string;
const ORIGIN = 'http://127.0.0.1';
const get = (path: string, headers: Record<string, string> = {}) => t.request(path, { headers: { Cookie: admin, ...headers } });
const post = (path: string, body: URLSearchParams, headers: Record<string, string> = {}) =>
  t.request(path, { method: 'POST', headers: { Cookie: admin, Origin: ORIGIN, ...headers }, body });
const htmx = (target: string) => ({ 'HX-Request': 'true', 'HX-Target': target });
const BIN = '/isystem/user/recycleBin';

beforeAll(async () => {
  t = await startTestApp();
  admin = `xt_token=${(await createSession(t.db, await t.userId('admin'))).token}`;
  // Twelve deleted users: one more page than the sub-list's ten rows.
  const model = await t.db.selectFrom('sys_user').selectAll().where('username', '=', 'student1').executeTakeFirstOrThrow();
  for (let i = 1; i <= 12; i++) {
    const n = String(i).padStart(2, '0');
    await t.db.insertInto('sys_user').values({ ...model, id: newId(), username: `binuser${n}`, realname: `回收${n}号`, phone: null, email: null, work_no: null, del_flag: 1 }).execute();
  }
});
afterAll(async () => {
  await t?.close();
});

describe('a sub-list', () => {
  it('pages and filters its rows, the state in the URL, htmx swapping only its container', async () => {
    const first = screen(await (await get(BIN)).text());
    const table = first.get('table', '已删除的用户');
    const rows = () => table.all('row').filter((r) => r.text.includes('binuser'));
    expect(rows()).toHaveLength(10);
    const pager = first.get('navigation', '分页');
    expect(pager.text).toContain('共12条');
    const next = pager.get('link', '下一页');
    expect(next.attr('href')).toMatch(/^\/isystem\/user\/recycleBin\?.*pageNo=2/);
    expect(next.attr('hx-target')).toBe('#sub-user-recycle');
    expect(next.attr('hx-select')).toBe('#sub-user-recycle');

    const second = screen(await (await get(next.attr('href')!, htmx('sub-user-recycle'))).text());
    expect(second.get('table', '已删除的用户').all('row').filter((r) => r.text.includes('binuser'))).toHaveLength(2);

    // The query form searches by 真实姓名 and keeps the result's URL; 重置 clears it.
    const search = first.get('search', '已删除的用户查询');
    expect(search.attr('action')).toBe(BIN);
    const found = screen(await (await get(`${BIN}?realname=${encodeURIComponent('回收07')}`)).text());
    const hit = found.get('table', '已删除的用户').all('row').filter((r) => r.text.includes('binuser'));
    expect(hit.map((r) => r.text)).toEqual([expect.stringContaining('binuser07')]);
    expect(found.get('search', '已删除的用户查询').get('link', '重置').attr('href')).toBe(BIN);
  });

  it('without JavaScript, 还原 opens a confirmation page whose 确定 restores the user', async () => {
    const page = screen(await (await get(`${BIN}?username=binuser03`)).text());
    const row = page.get('table', '已删除的用户').get('row', 'binuser03');
    const restore = row.get('link', '还原');
    // With htmx it is asked in the browser first (and posted confirmed).
    expect(restore.attr('hx-confirm')).toBe('确定还原用户“回收03号”吗?');

    const ask = await get(restore.attr('href')!);
    expect(ask.status).toBe(200);
    const confirmation = screen(await ask.text());
    expect(confirmation.all('dialog')).toHaveLength(0);
    expect(confirmation.text).toContain('确定还原选中的 1 个用户吗?');
    const form = confirmation.find((e) => e.tag === 'form' && e.attrs.id === 'xt-confirm-form')[0];
    expect(await deleted('binuser03')).toBe(1);
    const done = await post(form.attr('action')!, formFields(form));
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toMatch(/^\/isystem\/user\/recycleBin\?username=binuser03/);
    expect(await deleted('binuser03')).toBe(0);
  });

  it('in a tab, 移出 asks in a dialog that names the class, then removes the member', async () => {
    const student = await t.userId('student1');
    const depId = (await t.db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', student).executeTakeFirstOrThrow()).dep_id;
    const depart = await t.db.selectFrom('sys_depart').select('depart_name').where('id', '=', depId).executeTakeFirstOrThrow();
    const tab = screen(await (await get(`/isystem/departDetailList?id=${depId}&tab=members&username=student1`)).text());
    const row = tab.get('table', '成员').get('row', 'student1');
    const remove = row.get('link', '移出');
    expect(remove.attr('hx-target')).toBe('#xt-modal');

    const dialog = screen(await (await get(remove.attr('href')!, htmx('xt-modal'))).text()).get('dialog', '移出成员');
    expect(dialog.text).toContain(`确定将该成员移出“${depart.depart_name}”吗？`);
    const form = dialog.find((e) => e.tag === 'form' && e.attrs.id === 'xt-confirm-form')[0];
    const done = await post(form.attr('action')!, formFields(form), { 'HX-Request': 'true' });
    expect(JSON.parse(done.headers.get('HX-Location') ?? '{}')).toMatchObject({ target: '#content' });
    expect(await t.db.selectFrom('sys_user_depart').select('id').where('user_id', '=', student).where('dep_id', '=', depId).execute()).toHaveLength(0);
  });

  it('in a dialog, a role’s users page inside #xt-modal, and 移除 is answered in the dialog', async () => {
    const role = await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'student').executeTakeFirstOrThrow();
    const path = `/isystem/role/users?id=${role.id}&back=%2Fisystem%2Frole`;
    const dialog = screen(await (await get(path, htmx('xt-modal'))).text()).get('dialog', '角色用户');
    const members = dialog.get('table', '已分配的用户');
    const pager = dialog.find((e) => e.attrs.id === 'sub-role-users')[0].get('navigation', '分页');
    // Paging stays in the dialog: no URL is pushed.
    for (const link of pager.all('link')) expect(link.attr('hx-push-url')).toBeUndefined();
    const row = members.get('row', 'student2');
    const remove = row.get('link', '移除');
    expect(remove.attr('hx-confirm')).toBe('确定将 student2 移出此角色吗?');
    expect(remove.attr('hx-target')).toBe('#xt-modal');
    const vals = new URLSearchParams(JSON.parse(remove.attr('hx-vals')!) as Record<string, string>);
    const answer = screen(await (await post(remove.attr('hx-post')!, vals, htmx('xt-modal'))).text());
    expect(answer.get('dialog', '角色用户').get('alert').text).toContain('已移除 1 个用户');
    expect(answer.get('table', '已分配的用户').all('row', 'student2')).toHaveLength(0);
  });
});

const deleted = async (username: string) => (await t.db.selectFrom('sys_user').select('del_flag').where('username', '=', username).executeTakeFirstOrThrow()).del_flag;
