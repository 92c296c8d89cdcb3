// Destructive actions without JavaScript ask first (pages/confirm.tsx): a form posted without confirmed=1 answers
// the confirmation naming what is affected and changes nothing; its 确定 then acts. And row actions follow the
// API's row abilities: 用户管理 never offers 冻结 on the caller's own row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../domain/sessions.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { formFields, screen } from '../../../test/html.js';

let t: TestApp;
const cookies: Record<string, string> = {};
const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
const get = (path: string, who = 'admin') => t.request(path, { headers: { Cookie: cookies[who] } });
const post = (path: string, body: URLSearchParams | Record<string, string>, who = 'admin') =>
  t.request(path, { method: 'POST', headers: { Cookie: cookies[who], Origin: 'http://127.0.0.1' }, body: body instanceof URLSearchParams ? body : new URLSearchParams(body) });

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['admin', 'teacher']) cookies[u] = await cookieOf(u);
});
afterAll(async () => {
  await t?.close();
});

/** Posts the confirmation's own form (确定), as the browser would. */
async function confirm(html: string, who = 'admin') {
  const form = screen(html).find((e) => e.tag === 'form' && e.attrs.id === 'xt-confirm-form')[0];
  expect(form, 'a confirmation form').toBeDefined();
  return post(form.attr('action')!, formFields(form), who);
}

describe('confirmation without JavaScript', () => {
  it('作品标签: deleting a tag asks first, then deletes it', async () => {
    const teacher = await t.userId('teacher');
    await t.db.insertInto('teaching_work_tag_name').values({ id: 'tag-confirm-test', user_id: teacher, tag: '待删标签', create_time: '2026-01-01 00:00:00' }).execute();
    const tagged = () => t.db.selectFrom('teaching_work_tag_name').select('id').where('user_id', '=', teacher).where('tag', '=', '待删标签').execute();
    const asked = await post('/teaching/workList/tag/delete', { id: 'none', back: '/teaching/workList', tag: '待删标签' }, 'teacher');
    expect(asked.status).toBe(200);
    const html = await asked.text();
    expect(screen(html).find((e) => e.tag === 'h2').map((h) => h.text)).toContain('删除标签');
    expect(screen(html).text).toContain('确定删除标签“待删标签”吗?');
    expect(await tagged()).toHaveLength(1);
    const done = await confirm(html, 'teacher');
    expect(done.status).toBe(303);
    expect(await tagged()).toEqual([]);
  });

  it('班级管理 课程: removing a course from a class asks first, naming the course, then removes it', async () => {
    const row = await t.db
      .selectFrom('teaching_course_dept as cd')
      .innerJoin('teaching_course as c', 'c.id', 'cd.course_id')
      .select(['cd.id', 'cd.dept_id', 'c.course_name'])
      .executeTakeFirstOrThrow();
    const back = `/isystem/departDetailList?id=${row.dept_id}&tab=courses`;
    const still = () => t.db.selectFrom('teaching_course_dept').select('id').where('id', '=', row.id).execute();
    // The tab's own form carries the class, as the page renders it.
    const tab = screen(await (await get(back)).text());
    const rowForm = tab.find((e) => e.tag === 'form' && e.attrs.action === '/isystem/departDetailList/courses/remove' && e.attrs.id !== 'xt-dept-courses').find((f) => formFields(f).get('ids') === row.id)!;
    expect(rowForm).toBeDefined();
    const asked = await post('/isystem/departDetailList/courses/remove', formFields(rowForm));
    expect(asked.status).toBe(200);
    const html = await asked.text();
    expect(screen(html).find((e) => e.tag === 'h2').map((h) => h.text)).toContain('删除课程关系');
    expect(screen(html).find((e) => e.tag === 'li').map((li) => li.text)).toContain(row.course_name);
    expect(await still()).toHaveLength(1);
    expect((await confirm(html)).status).toBe(303);
    expect(await still()).toEqual([]);
  });
});

describe('row abilities on the page', () => {
  it('用户管理 offers 冻结 on other active users, never on the caller’s own row', async () => {
    const page = screen(await (await get('/isystem/user?username=*a*&pageSize=100')).text());
    const rows = page.all('row').filter((r) => r.attr('data-row-key'));
    const adminId = await t.userId('admin');
    const own = rows.find((r) => r.attr('data-row-key') === adminId)!;
    expect(own).toBeDefined();
    expect(own.all('link', '冻结')).toEqual([]);
    const other = rows.find((r) => r.attr('data-row-key') !== adminId)!;
    expect(other.all('link', '冻结')).toHaveLength(1);
  });
});
