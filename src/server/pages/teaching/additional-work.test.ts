// The homework screens as a browser without JavaScript uses them: 布置班级作业 (list, dialog with classes in
// scope, save with an uploaded cover, 提交情况), and 我的作业 (filters, items, the 提交作业 form that uploads a
// file and hands the work in; a missing file is refused and nothing is saved).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { screen } from '../../../../test/html.js';

let t: TestApp;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const cookies: Record<string, string> = {};

const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
const get = (path: string, who = 'teacher') => t.request(path, { headers: { Cookie: cookies[who] } });
const post = (path: string, body: FormData, who = 'teacher') => t.request(path, { method: 'POST', headers: { Cookie: cookies[who], Origin: 'http://127.0.0.1' }, body });
const homework = (name: string) => t.db.selectFrom('teaching_additional_work').selectAll().where('work_name', '=', name).executeTakeFirst();
const classId = async (name: string) => (await t.db.selectFrom('sys_depart').select('id').where('depart_name', '=', name).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['admin', 'teacher', 'student1', 'student3']) cookies[u] = await cookieOf(u);
});
afterAll(async () => {
  await t?.close();
});

describe('布置班级作业 pages', () => {
  it('lists homework with class names and offers the classes in scope in the dialog', async () => {
    const list = await (await get('/work/additionalWork')).text();
    expect(list).toContain('画一只小动物');
    expect(list).toContain('一年级一班,一年级二班');
    expect(list).toContain('布置作业');
    expect(list).toContain('/work/additionalWork/submissions?id=');
    const form = await (await get('/work/additionalWork/form')).text();
    expect(form).toMatch(/<form[^>]*enctype="multipart\/form-data"/);
    for (const label of ['状态', '作业类型', '作业名', '作业描述', '作业封面', '作业资料', '作业文件', '分配班级']) expect(form).toContain(label);
    expect(form).toContain(`value="${await classId('一年级一班')}"`);
    // A grade is not a class: not offered.
    expect(form).not.toContain(`value="${await classId('一年级')}"`);
  });

  it('saves a homework with an uploaded cover and its classes; a missing name saves nothing', async () => {
    const c1 = await classId('一年级一班');
    const f = new FormData();
    f.set('workName', '页面布置的作业');
    f.set('status', '1');
    f.set('codeType', '0');
    f.set('workDesc', '交一张画');
    f.append('workDept', c1);
    f.set('back', '/work/additionalWork');
    f.set('workCover__file', new Blob([PNG], { type: 'image/png' }), 'cover.png');
    const res = await post('/work/additionalWork/save', f);
    expect(res.status).toBe(303);
    const saved = await homework('页面布置的作业');
    expect(saved?.work_cover).toMatch(/^additional\/[0-9a-f]{32}\.png$/);
    expect(saved?.status).toBe(1);
    const depts = await t.db.selectFrom('teaching_additional_work_dept').select('dept_id').where('additional_id', '=', saved!.id).execute();
    expect(depts.map((d) => d.dept_id)).toEqual([c1]);

    const g = new FormData();
    g.set('workName', '');
    g.append('workDept', c1);
    g.set('back', '/work/additionalWork');
    const bad = await post('/work/additionalWork/save', g);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('请输入作业名');
  });

  it('a student cannot open the screen', async () => {
    const res = await get('/work/additionalWork', 'student1');
    expect(res.status).not.toBe(200);
  });
});

describe('我的作业 and 提交情况', () => {
  it('lists the open homework by default with class, teacher and the buttons of its type', async () => {
    const html = await (await get('/center/myAdditionalWork', 'student1')).text();
    expect(html).toContain('页面布置的作业');
    expect(html).toContain('班级：一年级一班');
    expect(html).toContain('老师：王老师');
    // Scratch homework opens the editor with the homework's parameters; a file homework opens 提交作业.
    expect(html).toMatch(/\/scratch3\/index\.html\?scene=additional&amp;additionalId=[^"]+&amp;departId=[^"]+&amp;workName=/);
    expect(html).toContain('/center/myAdditionalWork/submit?id=');
    expect(html).toContain('去做作业');
    // student3 (class 2) does not see class 1's homework.
    expect(await (await get('/center/myAdditionalWork', 'student3')).text()).not.toContain('页面布置的作业');
  });

  it('hands in a file: refused without one, then 上传成功 and the teacher sees it in 提交情况', async () => {
    const hw = (await homework('页面布置的作业'))!;
    const dialog = await (await get(`/center/myAdditionalWork/submit?id=${hw.id}`, 'student1')).text();
    expect(dialog).toContain('提交作业');
    expect(dialog).toContain('value="页面布置的作业"');
    // Opened from the list with htmx: the dialog alone.
    const htmx = await t.request(`/center/myAdditionalWork/submit?id=${hw.id}`, { headers: { Cookie: cookies.student1, 'HX-Request': 'true', 'HX-Target': 'xt-modal' } });
    expect(htmx.status).toBe(200);
    const frag = await htmx.text();
    expect(frag).toContain('role="dialog"');
    expect(frag).not.toContain('<html');

    const empty = new FormData();
    empty.set('additionalId', hw.id);
    empty.set('workName', '我的画');
    empty.set('back', '/center/myAdditionalWork');
    const refused = await post('/center/myAdditionalWork/submit', empty, 'student1');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('请上传作业文件');
    expect(await t.db.selectFrom('teaching_work').select('id').where('additional_id', '=', hw.id).execute()).toEqual([]);

    const f = new FormData();
    f.set('additionalId', hw.id);
    f.set('workName', '我的画');
    f.set('back', '/center/myAdditionalWork');
    f.set('workFile', new Blob([PDF], { type: 'application/pdf' }), '我的画.pdf');
    const res = await post('/center/myAdditionalWork/submit', f, 'student1');
    expect(res.status).toBe(303);
    const work = await t.db.selectFrom('teaching_work').selectAll().where('additional_id', '=', hw.id).executeTakeFirstOrThrow();
    expect(work).toMatchObject({ work_name: '我的画', work_status: 1, work_type: '0', work_scene: 'additional' });
    const file = await t.db.selectFrom('sys_file').select(['file_path', 'create_by']).where('id', '=', work.work_file).executeTakeFirstOrThrow();
    expect(file.file_path).toMatch(/^workfile\/.+\.pdf$/);
    const flash = /xt_flash=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
    expect(flash).toBeTruthy();
    const after = await (await t.request('/center/myAdditionalWork', { headers: { Cookie: `${cookies.student1}; ${flash}` } })).text();
    expect(after).toContain('上传成功');
    expect(after).not.toContain('页面布置的作业');
    expect(await (await get('/center/myAdditionalWork?submit=true', 'student1')).text()).toContain('页面布置的作业');

    const subs = await (await get(`/work/additionalWork/submissions?id=${hw.id}`)).text();
    expect(subs).toContain('已提交 <strong>1</strong> 人');
    expect(subs).toContain('我的画');
    expect(subs).toContain('待批改');
    expect(subs).toContain('小红');
    expect(subs).toContain(`/teaching/workList?additionalId=${hw.id}`);
  });

  it('a graded homework can no longer be changed: 修改作业 is disabled and a hand-in is refused, the grade kept', async () => {
    const hw = (await homework('页面布置的作业'))!;
    const work = await t.db.selectFrom('teaching_work').selectAll().where('additional_id', '=', hw.id).executeTakeFirstOrThrow();
    await t.db.updateTable('teaching_work').set({ work_status: 2 }).where('id', '=', work.id).execute();
    const page = screen(await (await get('/center/myAdditionalWork?submit=true', 'student1')).text());
    const item = page.find((e) => e.tag === 'li' && (e.attrs.class ?? '').includes('xt-hw-item')).find((i) => i.text.includes('页面布置的作业'))!;
    expect(item.text).toContain('已批改');
    expect(item.get('button', '修改作业').attr('disabled')).toBeDefined();
    expect(item.all('link', '重做')).toEqual([]);

    const f = new FormData();
    f.set('additionalId', hw.id);
    f.set('workName', '改过的画');
    f.set('back', '/center/myAdditionalWork');
    f.set('workFile', new Blob([PDF], { type: 'application/pdf' }), '改过的画.pdf');
    const res = await post('/center/myAdditionalWork/submit', f, 'student1');
    expect(res.status).toBe(400);
    expect(screen(await res.text()).get('alert').text).toContain('该作业已批改，不能再修改');
    expect(await t.db.selectFrom('teaching_work').selectAll().where('id', '=', work.id).executeTakeFirstOrThrow()).toMatchObject({ work_name: '我的画', work_status: 2, work_file: work.work_file });
  });
});
