// 仪表盘 pages: 分析页 draws its SVG charts with the database's figures, 工作台 lists a teacher's ungraded work with
// the link that opens grading (and never another class's), 监控页 sums up health with links to 系统监控, and the
// home tab is the role's: key figures for the admin, the to-do for a teacher, their own works for a student.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { newId } from '../domain/ids.js';
import { createSession } from '../domain/sessions.js';
import { formatDateTime } from '../domain/time.js';
import { addClass, addUser, storedFile } from '../api/teaching/work-fixtures.js';

let t: TestApp;
const cookie: Record<string, string> = {};
const ids: Record<string, string> = {};
const get = (path: string, who: string) => t.request(path, { headers: { Cookie: cookie[who] } });
const html = async (path: string, who: string) => {
  const res = await get(path, who);
  expect(res.status, `${who} ${path}`).toBe(200);
  return res.text();
};

async function work(username: string, name: string, status: number, depart: string) {
  const file = await storedFile(t, username);
  const id = newId();
  await t.db
    .insertInto('teaching_work')
    .values({ id, user_id: await t.userId(username), depart_id: depart, work_name: name, work_type: '2', work_file: file.id, work_status: status, del_flag: 0, work_scene: 'create', create_by: username, create_time: formatDateTime() })
    .execute();
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
  const class1 = (await t.db.selectFrom('sys_depart').select('id').where('depart_name', '=', '一年级一班').executeTakeFirstOrThrow()).id;
  const school = await t.db.selectFrom('sys_depart').select('org_code').where('depart_name', '=', '希望小学').executeTakeFirstOrThrow();
  const other = await addClass(t, '二年级九班', '希望小学', `${school.org_code}Z09`);
  await addUser(t, 'outsider', '外班同学', 'student', [other]);
  ids.mine = await work('student1', '小明的新作品', 1, class1);
  ids.outside = await work('outsider', '外班的作品', 1, other);
  for (const u of ['admin', 'teacher', 'student1']) cookie[u] = `xt_token=${(await createSession(t.db, await t.userId(u))).token}`;
});
afterAll(async () => {
  await t?.close();
});

const count = async (status?: number) => {
  let q = t.db.selectFrom('teaching_work').select((eb) => eb.fn.countAll<number>().as('n')).where('del_flag', '=', 0);
  if (status !== undefined) q = q.where('work_status', '=', status);
  return Number((await q.executeTakeFirstOrThrow()).n);
};
/** The value of a KPI tile by its label. */
const kpi = (page: string, label: string) => new RegExp(`data-kpi="${label}"[\\s\\S]*?<div class="xt-kpi-value">(?:<a[^>]*>)?([^<]*)<`).exec(page)?.[1];

describe('分析页', () => {
  it('draws the 30 days as an SVG bar chart, the roles as a pie and the top classes, with the school\'s figures', async () => {
    const page = await html('/dashboard/analysis', 'admin');
    expect(page).toContain('<title>分析页 · 学堂</title>');
    expect(page).toContain('全校概况');
    expect(kpi(page, '作品总数')).toBe((await count()).toLocaleString('zh-CN'));
    const bars = /<svg[^>]*aria-labelledby="xt-daily-t xt-daily-d"[\s\S]*?<\/svg>/.exec(page)?.[0] ?? '';
    expect(bars).toContain('近30天每天新建作品数与提交作业数');
    expect((bars.match(/<rect /g) ?? []).length).toBe(60);
    const today = formatDateTime().slice(5, 10);
    expect(bars).toMatch(new RegExp(`<desc[^>]*>[^<]*${today}：新建作品 [1-9]`));
    expect(page).toMatch(/<svg[^>]*aria-labelledby="xt-roles-t xt-roles-d"/);
    expect(page).toContain('<span class="xt-rank-label">二年级九班</span>');
    // The charts need no script of their own: the content fragment carries none.
    const frag = await (await t.request('/dashboard/analysis', { headers: { Cookie: cookie.admin, 'HX-Request': 'true', 'HX-Target': 'content' } })).text();
    expect(frag).toContain('xt-daily-t');
    expect(frag).not.toContain('<script');
  });

  it('shows a teacher the classes they manage only', async () => {
    const page = await html('/dashboard/analysis', 'teacher');
    expect(page).toContain('我负责班级的概况');
    expect(page).not.toContain('二年级九班');
    expect(page).toContain('一年级一班');
  });
});

describe('工作台', () => {
  it('lists the teacher\'s ungraded work with the link that opens grading, and nothing of another class', async () => {
    const page = await html('/dashboard/workplace', 'teacher');
    expect(page).toContain('小明的新作品');
    expect(page).toContain(`href="/teaching/workList/form?id=${ids.mine}"`);
    expect(page).not.toContain('外班的作品');
    // 待批改作品 opens the grading desk filtered to them.
    expect(page).toContain('href="/teaching/workList?workStatus=1"');
    const desk = await html('/teaching/workList?workStatus=1', 'teacher');
    expect(desk).toContain('小明的新作品');
    const names = async (status: number) => (await t.db.selectFrom('teaching_work').select('work_name').where('work_status', '=', status).execute()).map((w) => w.work_name);
    const waiting = new Set(await names(1));
    const gradedOnly = (await names(2)).filter((n) => !waiting.has(n));
    expect(gradedOnly.length).toBeGreaterThan(0);
    for (const n of gradedOnly) expect(desk).not.toContain(`>${n}<`);
    const form = await html(`/teaching/workList/form?id=${ids.mine}`, 'teacher');
    expect(form).toContain('批改');
    expect(form).toContain('小明的新作品');
  });
});

describe('监控页', () => {
  it('sums up the health with links to the 系统监控 screens', async () => {
    const page = await html('/dashboard/monitor', 'admin');
    for (const text of ['服务状态', '事件循环延迟 P99', 'HTTP 错误率（5xx）', '数据库', 'Redis', '磁盘使用率']) expect(page, text).toContain(text);
    expect(page).toMatch(/数据库<\/td><td class="ant-table-cell"><span class="ant-tag[^"]*"[^>]*>正常/);
    for (const href of ['/monitor/SystemInfo', '/monitor/JvmInfo', '/monitor/TomcatInfo', '/monitor/redis', '/monitor/Disk']) expect(page, href).toContain(`href="${href}"`);
  });
});

describe('access', () => {
  it('follows the menu grants: students get none, teachers 分析页 and 工作台, 监控页 the admin only', async () => {
    for (const [who, path, status] of [
      ['student1', '/dashboard/analysis', 403],
      ['student1', '/dashboard/workplace', 403],
      ['student1', '/dashboard/monitor', 403],
      ['teacher', '/dashboard/monitor', 403],
      ['teacher', '/dashboard/analysis', 200],
      ['admin', '/dashboard/workplace', 200],
    ] as const) {
      expect((await get(path, who)).status, `${who} ${path}`).toBe(status);
    }
  });
});

describe('首页', () => {
  it('gives the admin the key figures and the links', async () => {
    const page = await html('/dashboard/index', 'admin');
    expect(page).toContain('关键数据');
    expect(kpi(page, '已提交作业')).toBe(String(await count(1) + (await count(2)) + (await count(3)) + (await count(4))));
    for (const href of ['/dashboard/analysis', '/dashboard/monitor', '/dashboard/workplace', '/isystem/log']) expect(page, href).toContain(`href="${href}"`);
  });

  it('gives a teacher their to-do', async () => {
    const page = await html('/dashboard/index', 'teacher');
    expect(page).toContain('王老师，欢迎使用');
    expect(page).toContain('进入工作台');
    expect(page).toContain(`href="/teaching/workList/form?id=${ids.mine}"`);
    expect(page).not.toContain('外班的作品');
    expect(page).not.toContain('关键数据');
  });

  it('gives a student their works, homework to do and the way to create', async () => {
    const page = await html('/dashboard/index', 'student1');
    expect(page).toContain('小明，欢迎使用');
    expect(page).toContain('href="/scratch3/index.html?scene=create"');
    expect(page).toContain('小明的新作品');
    const mine = await t.db.selectFrom('teaching_work').select('id').where('user_id', '=', await t.userId('student1')).where('del_flag', '=', 0).execute();
    expect(kpi(page, '我的作品')).toBe(String(mine.length));
    expect(page).not.toContain('关键数据');
    expect(page).not.toContain('进入工作台');
    expect(page).not.toContain('外班的作品');
  });
});
