// The work screens as a browser without JavaScript uses them: 作业管理 (a teacher's grading desk, scoped to
// the classes they manage; refused to students), the 批改 dialog (stars as radios, status, remark), the QR
// dialog, private tags, 我的作品列表 (own works only, grade shown) and 个人中心's 我的作品 cards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
let admin: string;
let teacher: string;
let student1: string;
let student3: string;

const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
const get = (path: string, cookie: string) => t.request(path, { headers: { Cookie: cookie } });
const post = (path: string, fields: Record<string, string | string[]>, cookie: string) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of ([] as string[]).concat(v)) body.append(k, one);
  return t.request(path, { method: 'POST', headers: { Cookie: cookie, Origin: 'http://127.0.0.1', 'Content-Type': 'application/x-www-form-urlencoded' }, body });
};
const work = (name: string, author: string) =>
  t.db
    .selectFrom('teaching_work as w')
    .innerJoin('sys_user as u', 'u.id', 'w.user_id')
    .selectAll('w')
    .where('w.work_name', '=', name)
    .where('u.username', '=', author)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await startTestApp();
  [admin, teacher, student1, student3] = await Promise.all(['admin', 'teacher', 'student1', 'student3'].map(cookieOf));
});
afterAll(async () => {
  await t?.close();
});

describe('作业管理 (/teaching/workList)', () => {
  it("shows a teacher the works of their classes' students with the grading actions", async () => {
    const res = await get('/teaching/workList?pageSize=50', teacher);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const title of ['账号', '姓名', '名称', '封面', '来源', '标签', '类型', '状态', '查看', '点赞', '提交时间', '所属班级', '所属课程', '所属作业']) {
      expect(html).toContain(`>${title}<`);
    }
    expect(html).toContain('小猫跳舞');
    expect(html).toContain('弹跳小球');
    expect(html).toContain('/teaching/workList/form?id=');
    expect(html).toContain('>批改<');
    expect(html).toContain('/teaching/workList/preview?id=');
    expect(html).toContain('/scratch3/index.html?workId=');
    expect(html).toContain('克隆至其他账号');
    expect(html).toContain('下载作业文件');
    expect(html).toContain('/api/teaching/teachingWork/exportXls');
    // 导入 (work:import, seeded for teachers) posts the workbook to the list's import.
    expect(html).toContain('action="/teaching/workList/import"');
  });

  it('预览 plays a submitted work in a dialog for the teacher of its class, and only for readers of the work', async () => {
    const w = await work('认识Scratch', 'student2'); // submitted (status 1): not public
    const list = await (await get('/teaching/workList?pageSize=50', teacher)).text();
    const m = new RegExp(`/teaching/workList/preview\\?id=${w.id}&amp;file=([^&"]+)`).exec(list);
    expect(m, 'the row links its 预览').toBeTruthy();
    const href = `/teaching/workList/preview?id=${w.id}&file=${m![1]}`;
    const dialog = await (await t.request(href, { headers: { Cookie: teacher, 'HX-Request': 'true', 'HX-Target': 'xt-modal' } })).text();
    expect(dialog).toContain('预览：认识Scratch');
    expect(dialog).toMatch(/<iframe src="\/scratch3\/player.html\?workUrl=%2Fapi%2Fsys%2Fcommon%2Fstatic%2F[^"]+&amp;autoplay=1"/);
    expect(dialog).toContain('allowfullscreen');
    // The player itself plays that stored file for the teacher.
    const src = /<iframe src="([^"]+)"/.exec(dialog)![1].replace(/&amp;/g, '&');
    const player = await get(src, teacher);
    expect(player.status).toBe(200);
    expect(await player.text()).toMatch(/data-src="\/api\/sys\/common\/static\/[^"]+"/);
    // Another student cannot read the work: a message, no player.
    const other = await (await t.request(href.replace('/teaching/workList/', '/account/mineWork/'), { headers: { Cookie: student3, 'HX-Request': 'true', 'HX-Target': 'xt-modal' } })).text();
    expect(other).not.toContain('<iframe');
  });

  it('refuses a student the grading desk', async () => {
    const res = await get('/teaching/workList', student1);
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).not.toContain('小猫跳舞');
    expect(html).not.toContain('>批改<');
    expect((await get(`/teaching/workList/form?id=${(await work('小猫跳舞', 'student1')).id}`, student1)).status).toBe(403);
  });

  it('filters by 创作来源 from the address (?workScene=) and by student name', async () => {
    const html = await (await get('/teaching/workList?workScene=course', teacher)).text();
    expect(html).toContain('认识Scratch');
    expect(html).not.toContain('小猫跳舞');
    const byName = await (await get(`/teaching/workList?realname=${encodeURIComponent('小刚')}`, teacher)).text();
    expect(byName).toContain('弹跳小球');
    expect(byName).not.toContain('海底世界');
  });

  it('grades with stars, status and remark through the 批改 dialog', async () => {
    const w = await work('认识Scratch', 'student2');
    const form = await (await get(`/teaching/workList/form?id=${w.id}`, teacher)).text();
    expect(form).toContain('批改');
    // Five star radios, 1→5, none chosen before the teacher chooses (not graded yet); the five statuses as radios.
    const stars = [...form.matchAll(/<input[^>]*name="score" value="(\d)"[^>]*>/g)];
    expect(stars.map((m) => m[1])).toEqual(['1', '2', '3', '4', '5']);
    expect(stars.filter((m) => /\bchecked\b/.test(m[0]))).toEqual([]);
    for (const s of ['已保存', '待批改', '已批改', '首页展示', '精选作品']) expect(form).toContain(s);
    const res = await post('/teaching/workList/save', { id: w.id, workName: '认识Scratch', workStatus: '3', score: '5', comment: '画面很有创意', back: '/teaching/workList' }, teacher);
    expect(res.status).toBe(303);
    expect((await work('认识Scratch', 'student2')).work_status).toBe(3);
    const grade = await t.db.selectFrom('teaching_work_correct').selectAll().where('work_id', '=', w.id).executeTakeFirstOrThrow();
    expect([grade.score, grade.comment]).toEqual([5, '画面很有创意']);
    // Opening the dialog again shows the saved grade.
    const again = await (await get(`/teaching/workList/form?id=${w.id}`, teacher)).text();
    expect(again).toMatch(/name="score" value="5" checked/);
    expect(again).toContain('画面很有创意');
  });

  it('plays the work beside the 批改 form, in a wide dialog', async () => {
    const w = await work('认识Scratch', 'student2');
    const dialog = await (await t.request(`/teaching/workList/form?id=${w.id}`, { headers: { Cookie: teacher, 'HX-Request': 'true', 'HX-Target': 'xt-modal' } })).text();
    expect(dialog).toMatch(/role="dialog"[^>]*style="width:1200px"/);
    // The player (by work id: the API lets the teacher of the author's class see an unpublished work) sits in the
    // dialog beside the form, so it loads when the dialog opens and stops when it closes.
    const split = dialog.slice(dialog.indexOf('xt-form-split'));
    expect(split).toContain(`<iframe src="/scratch3/player.html?workId=${w.id}"`);
    expect(split.indexOf('<iframe')).toBeLessThan(split.indexOf('name="score"'));
    // The list itself loads no player.
    expect(await (await get('/teaching/workList', teacher)).text()).not.toContain('<iframe');
    // A file (type 文件) has no player: the usual narrow form.
    const file = await work('校园一角', 'student2');
    const plain = await (await t.request(`/teaching/workList/form?id=${file.id}`, { headers: { Cookie: teacher, 'HX-Request': 'true', 'HX-Target': 'xt-modal' } })).text();
    expect(plain).toMatch(/role="dialog"[^>]*style="width:720px"/);
    expect(plain).not.toContain('<iframe');
  });

  it('refuses a grade without a score, keeping what the teacher typed', async () => {
    const w = await work('海底世界', 'student2');
    const grades = () => t.db.selectFrom('teaching_work_correct').selectAll().where('work_id', '=', w.id).execute();
    const gradesBefore = await grades();
    const res = await post('/teaching/workList/save', { id: w.id, workName: '海底世界', workType: String(w.work_type), workStatus: '2', comment: '颜色很漂亮', back: '/teaching/workList' }, teacher);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/id="f-score-error"[^>]*>请选择评分</);
    expect(html).toContain('颜色很漂亮');
    expect(html).toMatch(/name="workStatus" value="2" checked/);
    expect(await grades()).toEqual(gradesBefore);
    expect(await work('海底世界', 'student2')).toEqual(w);
  });

  it('shows the QR code of the share page as an SVG', async () => {
    const w = await work('海底世界', 'student2');
    const html = await (await get(`/teaching/workList/qr?id=${w.id}&back=/teaching/workList`, teacher)).text();
    expect(html).toContain('<svg');
    expect(html).toContain(`/work-detail?id=${w.id}`);
  });

  it('tags a work with a private tag and filters by it', async () => {
    const w = await work('弹跳小球', 'student3');
    const res = await post('/teaching/workList/tag', { id: w.id, workTag: '优秀', back: '/teaching/workList' }, teacher);
    expect(res.status).toBe(303);
    const html = await (await get(`/teaching/workList?workTag=${encodeURIComponent('优秀')}`, teacher)).text();
    expect(html).toContain('弹跳小球');
    expect(html).not.toContain('海底世界');
    // The tag is the teacher's own: the author's list does not show it.
    expect(await (await get('/account/mineWork', student3)).text()).not.toContain('优秀');
  });
});

describe('作业管理 克隆至其他账号 and 历史版本', () => {
  it('clones a work to a chosen student in scope', async () => {
    const w = await work('弹跳小球', 'student3');
    const dialog = await (await get(`/teaching/workList/send?id=${w.id}&back=/teaching/workList`, teacher)).text();
    const student2 = await t.userId('student2');
    expect(dialog).toContain(`name="userIds" value="${student2}"`);
    // Nothing chosen: the dialog asks again, nothing is sent.
    expect(await (await post('/teaching/workList/send', { id: w.id, back: '/teaching/workList' }, teacher)).text()).toContain('请选择用户');
    const res = await post('/teaching/workList/send', { id: w.id, userIds: [student2], back: '/teaching/workList' }, teacher);
    expect(res.status).toBe(303);
    const copy = await work('弹跳小球', 'student2');
    expect([copy.work_status, copy.work_file]).toEqual([0, w.work_file]);
    // A student holds no work:send: the dialog says so.
    expect(await (await get(`/teaching/workList/send?id=${w.id}`, student1)).text()).not.toContain('name="userIds"');
  });

  it('lists earlier versions and restores one after confirmation', async () => {
    const w = await work('太空大冒险', 'student3');
    const versionId = `v${w.id}`.slice(0, 32);
    await t.db
      .insertInto('teaching_work_version')
      .values({ id: versionId, work_id: w.id, version_no: 1, work_name: '太空大冒险（初稿）', work_type: w.work_type, work_file: w.work_file, work_cover: w.work_cover, work_status: 1, has_cloud_data: 0, create_by: 'student3', create_time: '2026-01-01 10:00:00' })
      .execute();
    const dialog = await (await get(`/teaching/workList/versions?id=${w.id}&back=/teaching/workList`, teacher)).text();
    expect(dialog).toContain('太空大冒险（初稿）');
    expect(dialog).toContain('恢复');
    // Without confirmation: a question, nothing changed.
    const ask = await post('/teaching/workList/versions/restore', { workId: w.id, versionId, back: '/teaching/workList' }, teacher);
    expect(await ask.text()).toContain('确定恢复到这个版本吗');
    expect((await work('太空大冒险', 'student3')).id).toBe(w.id);
    const res = await post('/teaching/workList/versions/restore', { workId: w.id, versionId, back: '/teaching/workList', confirmed: '1' }, teacher);
    expect(res.status).toBe(303);
    const restored = await t.db.selectFrom('teaching_work').selectAll().where('id', '=', w.id).executeTakeFirstOrThrow();
    expect(restored.work_name).toBe('太空大冒险（初稿）');
    expect(restored.work_status).toBe(w.work_status);
  });
});

describe('我的作品列表 (/account/mineWork)', () => {
  it("lists only the student's own works, with the grade as stars and remark", async () => {
    const res = await get('/account/mineWork', student1);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('小猫跳舞');
    expect(html).toContain('认识Scratch');
    expect(html).not.toContain('海底世界');
    expect(html).toMatch(/class="xt-stars" role="img" aria-label="\d星"/);
    expect(html).toContain('/account/mineWork/qr?id=');
  });

  it('sorts by 点赞数量', async () => {
    const html = await (await get('/account/mineWork?column=starNum&order=desc', student1)).text();
    expect(html.indexOf('小猫跳舞')).toBeLessThan(html.indexOf('迷宫探险'));
    const asc = await (await get('/account/mineWork?column=starNum&order=asc', student1)).text();
    expect(asc.indexOf('小猫跳舞')).toBeGreaterThan(asc.indexOf('迷宫探险'));
  });

  it("tags the student's own work and refuses another's", async () => {
    const own = await work('迷宫探险', 'student1');
    expect((await post('/account/mineWork/tag', { id: own.id, workTag: '得意之作', back: '/account/mineWork' }, student1)).status).toBe(303);
    const html = await (await get('/account/mineWork', student1)).text();
    expect(html).toContain('得意之作');
    const other = await work('弹跳小球', 'student3');
    await post('/account/mineWork/tag', { id: other.id, workTag: '偷偷', back: '/account/mineWork' }, student1);
    const tags = await t.db.selectFrom('teaching_work_tag').select('tag').execute();
    expect(JSON.stringify(tags)).not.toContain('偷偷');
  });
});

describe('个人中心 我的作品', () => {
  it("shows the user's works as cards and deletes one after confirmation", async () => {
    const html = await (await get('/account/center', student3)).text();
    // The menu calls the page 我的作品, and so do its tab and window title (the user menu's 个人中心 leads here too).
    expect(html).toContain('data-title="我的作品"');
    expect(html).toContain('<title>我的作品 · 学堂</title>');
    expect(html).toContain('xt-work-grid');
    expect(html).toContain('我的第一个作品');
    expect(html).not.toContain('小猫跳舞');
    expect(html).toContain('/account/center/share?id=');
    const w = await work('我的第一个作品', 'student3');
    // 预览 plays the card's work in a dialog (the student's own draft).
    const preview = new RegExp(`/account/center/preview\\?id=${w.id}&amp;file=[^"]+`).exec(html)?.[0].replace(/&amp;/g, '&');
    expect(preview, 'the card links its 预览').toBeTruthy();
    const dialog = await (await get(preview!, student3)).text();
    expect(dialog).toContain('预览：我的第一个作品');
    expect(dialog).toMatch(/<iframe src="\/scratch3\/player.html\?workUrl=%2Fapi%2Fsys%2Fcommon%2Fstatic%2F/);
    // Without the confirmation the handler asks first.
    const ask = await (await post('/account/center/works/delete', { id: w.id }, student3)).text();
    expect(ask).toContain('确定删除吗?');
    expect(ask).toContain('data-title="我的作品"');
    expect(await t.db.selectFrom('teaching_work').select('id').where('id', '=', w.id).executeTakeFirst()).toBeTruthy();
    // Another user's work is refused by the API.
    await post('/account/center/works/delete', { id: w.id, confirmed: '1' }, student1);
    expect(await t.db.selectFrom('teaching_work').select('id').where('id', '=', w.id).executeTakeFirst()).toBeTruthy();
    expect((await post('/account/center/works/delete', { id: w.id, confirmed: '1' }, student3)).status).toBe(303);
    expect(await t.db.selectFrom('teaching_work').select('id').where('id', '=', w.id).executeTakeFirst()).toBeUndefined();
  });

  it('gives the administrator the whole desk', async () => {
    const html = await (await get('/teaching/workList?pageSize=50', admin)).text();
    expect(html).toContain('我的小狗');
  });
});
