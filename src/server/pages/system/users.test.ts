// 用户管理 page: the 负责班级 field is editable for administrators only (the API refuses anyone else).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../domain/ids.js';
import { createSession } from '../../domain/sessions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
const page = (path: string, cookie: string) => t.request(path, { headers: { Cookie: cookie } });
const checkbox = (html: string, name: string) => new RegExp(`<input[^>]*type="checkbox"[^>]*name="${name}"|<input[^>]*name="${name}"[^>]*type="checkbox"`).test(html);

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the user form’s 负责班级', () => {
  it('is a picker for the administrator, and read-only (sent back unchanged) for a teacher', async () => {
    const student = await t.userId('student1');
    const depart = (await t.db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', student).executeTakeFirstOrThrow()).dep_id;
    await t.db.insertInto('sys_user_manage_depart').values({ id: newId(), user_id: student, dep_id: depart }).execute();
    const path = `/isystem/user/form?id=${student}`;
    const asAdmin = await (await page(path, await cookieOf('admin'))).text();
    expect(checkbox(asAdmin, 'departIds')).toBe(true);
    const asTeacher = await (await page(path, await cookieOf('teacher'))).text();
    expect(asTeacher).toContain('负责班级');
    expect(checkbox(asTeacher, 'departIds')).toBe(false);
    expect(checkbox(asTeacher, 'selecteddeparts')).toBe(true);
    expect(asTeacher).toMatch(new RegExp(`<input[^>]*type="hidden"[^>]*name="departIds"[^>]*value="${depart}"`));

    // Saving the teacher's form as shown works; a forged change of 负责班级 is refused beside the field.
    const teacher = await cookieOf('teacher');
    const save = (departIds: string[]) => {
      const form = new URLSearchParams({ id: student, back: '/isystem/user', realname: '张小明', selecteddeparts: depart });
      for (const d of departIds) form.append('departIds', d);
      return t.request('/isystem/user/save', { method: 'POST', headers: { Cookie: teacher, Origin: 'http://127.0.0.1' }, body: form });
    };
    const managed = async () => (await t.db.selectFrom('sys_user_manage_depart').select('dep_id').where('user_id', '=', student).execute()).map((r) => r.dep_id);
    const ok = await save([depart]);
    expect(ok.status).toBe(303);
    expect(await managed()).toEqual([depart]);
    const forged = await save([]);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('只有管理员可以设置负责班级');
    expect(await managed()).toEqual([depart]);
  });
});
