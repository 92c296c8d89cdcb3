// 职务管理 and 通讯录 pages: the position list with its dictionary text and holder counts, the form's duplicate
// code answered beside the field, a held position's delete refused with the count in the flash; the user form's
// 职务 checkboxes; 通讯录's department tree and the chosen department's people, scoped for a teacher.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
const page = (path: string, cookie: string, headers: Record<string, string> = {}) => t.request(path, { headers: { Cookie: cookie, ...headers } });
const post = (path: string, cookie: string, form: Record<string, string>) =>
  t.request(path, { method: 'POST', headers: { Cookie: cookie, Origin: 'http://127.0.0.1' }, body: new URLSearchParams(form) });
/** The flash the next page shows after a redirect (it travels in a cookie). */
const flashAfter = async (res: Response, cookie: string) => {
  const set = res.headers.get('set-cookie') ?? '';
  const flash = /xt_flash=[^;]+/.exec(set)?.[0] ?? '';
  return (await page(res.headers.get('location') ?? '/', `${cookie}; ${flash}`)).text();
};

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('职务管理', () => {
  it('lists the positions with their 职级 and holders, and offers add, edit, delete, export and import', async () => {
    await t.db.updateTable('sys_user').set({ post: 'teacher' }).where('username', '=', 'teacher').execute();
    const html = await (await page('/isystem/position?column=code&order=asc', await cookieOf('admin'))).text();
    for (const text of ['职务编码', '职务名称', '职级', '在职人数', '校长', '正高级', '任课教师', '新增', '导出', '导入', '编辑', '删除']) expect(html, text).toContain(text);
    const row = /<tr class="ant-table-row" data-row-key="[^"]+">(?:(?!<\/tr>).)*?>teacher<(?:(?!<\/tr>).)*<\/tr>/s.exec(html)?.[0] ?? '';
    expect(row).toContain('任课教师');
    expect(row).toMatch(/>1<\/td>/);
  });

  it('answers a duplicate code beside the field and keeps what was typed', async () => {
    const admin = await cookieOf('admin');
    const res = await post('/isystem/position/save', admin, { back: '/isystem/position', code: 'dean', name: '副校长', postRank: '4' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('职务编码已存在');
    expect(html).toContain('value="副校长"');
    const saved = await post('/isystem/position/save', admin, { back: '/isystem/position', code: 'vice', name: '副校长', postRank: '4' });
    expect(saved.status).toBe(303);
    expect(await t.db.selectFrom('sys_position').select('name').where('code', '=', 'vice').executeTakeFirst()).toEqual({ name: '副校长' });
  });

  it('refuses to delete a position users hold, saying how many', async () => {
    const admin = await cookieOf('admin');
    await t.db.updateTable('sys_user').set({ post: 'principal' }).where('username', 'in', ['student1', 'student2']).execute();
    const id = (await t.db.selectFrom('sys_position').select('id').where('code', '=', 'principal').executeTakeFirstOrThrow()).id;
    const res = await post('/isystem/position/delete', admin, { ids: id, back: '/isystem/position', confirmed: '1' });
    expect(res.status).toBe(303);
    expect(await flashAfter(res, admin)).toContain('职务“校长”已有 2 名用户担任，不能删除');
    expect(await t.db.selectFrom('sys_position').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
    await t.db.updateTable('sys_user').set({ post: null }).where('username', 'in', ['student1', 'student2']).execute();
  });
});

describe('the user form’s 职务', () => {
  it('offers the positions as checkboxes with the user’s own checked', async () => {
    await t.db.updateTable('sys_user').set({ post: 'dean,assistant' }).where('username', '=', 'student2').execute();
    const html = await (await page(`/isystem/user/form?id=${await t.userId('student2')}`, await cookieOf('admin'))).text();
    expect(html).toContain('职务');
    const box = (code: string) => new RegExp(`<input[^>]*name="post"[^>]*value="${code}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(box('dean')).toContain('checked');
    expect(box('assistant')).toContain('checked');
    expect(box('principal')).not.toBe('');
    expect(box('principal')).not.toContain('checked');
  });
});

describe('通讯录', () => {
  it('shows the department tree and, for the chosen department, its people with their positions', async () => {
    await t.db.updateTable('sys_user').set({ post: 'teacher,assistant', phone: '13800000009' }).where('username', '=', 'teacher').execute();
    const admin = await cookieOf('admin');
    const all = await (await page('/isystem/addressList', admin)).text();
    expect(all).toContain('role="tree"');
    expect(all).toContain('希望小学');
    const code = 'A01A01A01';
    const html = await (await page(`/isystem/addressList?orgCode=${code}`, admin, { 'HX-Request': 'true', 'HX-Target': 'content' })).text();
    expect(html).toMatch(/class="xt-tree-title xt-tree-selected"[^>]*>\s*<span>一年级一班<\/span>/);
    for (const text of ['姓名', '工号', '职务', '手机', '邮箱', '部门', '王老师', '任课教师,助教', '13800000009', '小明']) expect(html, text).toContain(text);
    expect(html).not.toContain('小刚');
    // The search keeps the department.
    const found = await (await page(`/isystem/addressList?orgCode=${code}&realname=${encodeURIComponent('明')}`, admin)).text();
    expect(found).toContain('小明');
    expect(found).not.toContain('王老师');
  });

  it('keeps a teacher to the classes they manage, and is not a student’s page', async () => {
    const teacher = await cookieOf('teacher');
    const html = await (await page('/isystem/addressList', teacher)).text();
    expect(html).toContain('一年级一班');
    expect(html).not.toContain('希望小学');
    const above = await (await page('/isystem/addressList?orgCode=A01', teacher)).text();
    expect(above).toContain('权限不足，只能查看您负责的班级');
    const student = await page('/isystem/addressList', await cookieOf('student1'));
    expect(student.status).toBe(403);
  });
});
