// 班级教学记录 page: presets (60 days by default), a chosen range, KPI tiles, the SVG pie and line chart with
// their titles and values as text, the per-class table, Chinese empty states, and who may open it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { recordClassEvent } from '../../domain/day-log.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { reportRange } from './report.js';

let t: TestApp;
const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
const get = async (path: string, cookie: string) => t.request(path, { headers: { Cookie: cookie } });
const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

beforeAll(async () => {
  t = await startTestApp();
  // The demo seed writes a class record of its own; these tests draw from an empty one.
  await t.db.deleteFrom('teaching_depart_day_event').execute();
  await t.db.deleteFrom('teaching_depart_day_log').execute();
  const class1 = (await t.db.selectFrom('sys_depart').select('id').where('depart_name', '=', '一年级一班').executeTakeFirstOrThrow()).id;
  const today = `${ymd(new Date())} 09:00:00`;
  await recordClassEvent(t.db, class1, 'unitOpen', 'unit-a', today);
  await recordClassEvent(t.db, class1, 'courseWorkAssign', 'work-a', today);
  await recordClassEvent(t.db, class1, 'additionalWorkAssign', 'hw-a', today);
  await recordClassEvent(t.db, class1, 'additionalWorkAssign', 'hw-b', today);
  await recordClassEvent(t.db, class1, 'courseWorkSubmit', 'sub-a', today);
  await recordClassEvent(t.db, class1, 'additionalWorkCorrect', 'sub-b', today);
});
afterAll(async () => {
  await t?.close();
});

describe('reportRange', () => {
  it('defaults to the last 60 days, today included; takes a preset or an explicit range', () => {
    const today = new Date(2026, 2, 31);
    expect(reportRange({}, today)).toEqual({ days: 60, startTime: '2026-01-31', endTime: '2026-03-31' });
    expect(reportRange({ days: '30' }, today)).toMatchObject({ days: 30, startTime: '2026-03-02' });
    expect(reportRange({ days: '7' }, today)).toMatchObject({ days: 60 });
    expect(reportRange({ startTime: '2026-01-01', endTime: '2026-01-31' }, today)).toEqual({ days: undefined, startTime: '2026-01-01', endTime: '2026-01-31' });
  });
});

describe('班级教学记录 page', () => {
  it('shows the tiles, the two charts and the table for the admin', async () => {
    const res = await get('/report/depart', await cookieOf('admin'));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<a class="[^"]*ant-btn-primary[^"]*" href="\/report\/depart\?days=60"[^>]*aria-current="true"><span>最新60天<\/span>/);
    expect(html).toMatch(/<a class="[^"]*ant-btn-variant-outlined" href="\/report\/depart\?days=30"/);
    for (const label of ['教学数据概览', '开课节数', '作业布置次数', '作业上交次数', '作业批改次数', '布置作业类型分布', '班级教学数据统计', '作业批改数量']) expect(html).toContain(label);
    // KPI values: 1 unit, 3 assigned (1 + 2), 1 submitted, 1 corrected.
    expect(html).toMatch(/作业布置次数<\/div><div class="xt-kpi-value">3</);
    // The pie: an accessible SVG naming both values.
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="xt-pie-t xt-pie-d"/);
    expect(html).toContain('随堂作业 1（33%），自定义作业 2（67%）');
    // The line chart by month, values as text.
    expect(html).toMatch(/<title id="xt-line-t">每月开课节数与作业布置次数<\/title>/);
    expect(html).toContain(`${ymd(new Date()).slice(0, 7)}：开课节数 1，作业布置次数 3`);
    // The table row of the class.
    expect(html).toMatch(/<td class="ant-table-cell">一年级一班<\/td><td class="ant-table-cell xt-num">1<\/td><td class="ant-table-cell xt-num">3<\/td>/);
    // No chart library, no island.
    expect(html).not.toMatch(/echarts|chart\.js|data-island="chart/i);
  });

  it('shows Chinese empty states for a range without records', async () => {
    const html = await (await get('/report/depart?startTime=2020-01-01&endTime=2020-01-31', await cookieOf('admin'))).text();
    expect(html).toContain('所选时间内没有布置作业');
    expect(html).toContain('所选时间内没有教学记录');
    expect(html).toContain('所选时间内您负责的班级没有教学记录');
    expect(html).toContain('value="2020-01-01"');
  });

  it('shows a bad range as the API’s message', async () => {
    const html = await (await get('/report/depart?startTime=2026-05-01&endTime=2026-04-01', await cookieOf('admin'))).text();
    expect(html).toContain('开始日期不能晚于结束日期');
  });

  it('is open to teachers (their classes) and closed to students', async () => {
    const teacher = await get('/report/depart', await cookieOf('teacher'));
    expect(teacher.status).toBe(200);
    expect(await teacher.text()).toContain('一年级一班');
    expect((await get('/report/depart', await cookieOf('student1'))).status).toBe(403);
  });
});
