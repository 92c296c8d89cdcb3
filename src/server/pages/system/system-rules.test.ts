// The 分类字典 and 数据规则 pages without JavaScript: the category list indents children under their parent and
// offers 添加下级 (the add form with the parent chosen), a refused save shows the field error; the data rule
// preview is a page of its own with the role picker and the rows; teachers get the 403 page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
let admin: string;

const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
const get = (path: string, cookie: string) => t.request(path, { headers: { Cookie: cookie } });
const post = (path: string, cookie: string, body: Record<string, string>) =>
  t.request(path, { method: 'POST', headers: { Cookie: cookie, Origin: 'http://127.0.0.1' }, body: new URLSearchParams(body) });

beforeAll(async () => {
  t = await startTestApp();
  admin = await cookieOf('admin');
});
afterAll(async () => {
  await t?.close();
});

describe('分类字典', () => {
  it('lists the tree in code order, children indented, with 添加下级 opening the form with the parent chosen', async () => {
    const group = await t.db.selectFrom('sys_category').select('id').where('code', '=', 'A03A01').executeTakeFirstOrThrow();
    const html = await (await get('/isys/category', admin)).text();
    expect(html).toContain('<title>分类字典 · 学堂</title>');
    for (const label of ['新增', '导出', '导入', '添加下级', '编辑']) expect(html).toContain(label);
    expect(html.indexOf('素材库标签')).toBeLessThan(html.indexOf('A03A01A01'));
    expect(html).toMatch(/padding-left:40px[^>]*>.*?奇幻/s);
    const form = await (await get(`/isys/category/form?pid=${group.id}&back=%2Fisys%2Fcategory`, admin)).text();
    expect(form).toMatch(new RegExp(`<option value="${group.id}" selected[^>]*>[^<]*背景`));
  });

  it('shows a refused save beside its field and keeps what was typed', async () => {
    const group = await t.db.selectFrom('sys_category').select('id').where('code', '=', 'A03A02').executeTakeFirstOrThrow();
    const res = await post('/isys/category/save', admin, { pid: group.id, name: '新声音', code: 'ZZ1', itemValue: '', back: '/isys/category' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('编码不符合规范，须以“A03A02”开头');
    expect(html).toContain('value="新声音"');
    expect(await t.db.selectFrom('sys_category').select('id').where('name', '=', '新声音').executeTakeFirst()).toBeUndefined();
  });

  it('is refused to a teacher', async () => {
    expect((await get('/isys/category', await cookieOf('teacher'))).status).toBe(403);
  });
});

describe('数据规则', () => {
  it('lists the rules and previews one for a role as a page of its own', async () => {
    const rule = await t.db.selectFrom('sys_permission_data_rule').select('id').where('rule_name', '=', '仅显示学生').executeTakeFirstOrThrow();
    const teacherRole = await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'teacher').executeTakeFirstOrThrow();
    const list = await (await get('/isystem/permissionDataRule', admin)).text();
    expect(list).toContain('仅显示学生');
    expect(list).toContain(`/isystem/permissionDataRule/preview?id=${rule.id}`);
    const html = await (await get(`/isystem/permissionDataRule/preview?id=${rule.id}&roleId=${teacherRole.id}`, admin)).text();
    expect(html).toContain('规则预览 · 仅显示学生');
    expect(html).toMatch(new RegExp(`<option value="${teacherRole.id}" selected`));
    expect(html).toContain('当前授权带规则：仅显示学生');
    expect(html).toContain('<td>student1</td>');
    expect(html).not.toContain('<td>teacher</td>');
  });

  it('is refused to a teacher', async () => {
    expect((await get('/isystem/permissionDataRule', await cookieOf('teacher'))).status).toBe(403);
  });
});
