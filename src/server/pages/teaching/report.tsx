// 班级教学记录 (/report/depart): the day-log report of the caller's classes for the last 30/60/90 days or a
// chosen range — KPI tiles, the homework-type pie, the monthly line chart and the per-class table. The
// charts are SVG rendered here (templates/charts.tsx); the page needs no script. The range lives in the URL.
import type { Hono } from 'hono';
import { Alert, Button, Card, cx, inputClass, LinkButton, TableFrame } from '../../../templates/antd.js';
import { LineChart, PieChart } from '../../../templates/charts.js';
import { navAttrs } from '../../../templates/list/list-view.js';
import { reportApi, type ReportCounters } from '../../contracts/reports.js';
import { DEFAULT_PRESET, REPORT_PRESETS, REPORT_ROUTE } from '../../resources/teaching-report.js';
import { hrefWith } from '../../resources/url-state.js';
import type { PageEnv } from '../context.js';
import { shellPage } from '../shell-page.js';

const assigned = (r: ReportCounters) => r.courseWorkAssignCount + r.additionalWorkAssignCount;
const submitted = (r: ReportCounters) => r.courseWorkSubmitCount + r.additionalWorkSubmitCount;
const corrected = (r: ReportCounters) => r.courseWorkCorrectCount + r.additionalWorkCorrectCount;

const pad = (n: number) => String(n).padStart(2, '0');
/** A local calendar day (the server's, as the counters are bucketed). */
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The range the URL asks for: a preset (`days`), or `startTime`/`endTime`, else the default preset. */
export function reportRange(q: Record<string, string>, today = new Date()) {
  const start = (q.startTime ?? '').trim();
  const end = (q.endTime ?? '').trim();
  if (!q.days && (DAY_RE.test(start) || DAY_RE.test(end))) return { days: undefined, startTime: start, endTime: end };
  const days = (REPORT_PRESETS as readonly number[]).includes(Number(q.days)) ? Number(q.days) : DEFAULT_PRESET;
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { days, startTime: ymd(from), endTime: ymd(today) };
}

function Kpi({ label, value }: { label: string; value: number }) {
  return (
    <div class="xt-kpi">
      <div class="xt-kpi-label">{label}</div>
      <div class="xt-kpi-value">{value}</div>
    </div>
  );
}

export function registerReportPages(app: Hono<PageEnv>) {
  app.get(REPORT_ROUTE, (c) =>
    shellPage(c, { current: REPORT_ROUTE, title: '班级教学记录' }, async () => {
      const range = reportRange(c.req.query());
      const params = { startTime: range.startTime, endTime: range.endTime };
      const up = c.get('upstream');
      const [totals, departs, months] = await Promise.all([
        up.send(reportApi.totals, { query: params }),
        up.send(reportApi.byDepart, { query: params }),
        up.send(reportApi.byMonth, { query: params }),
      ]);
      const failed = [totals, departs, months].find((r) => !r.body.success);
      const t = totals.body.result;
      const rows = departs.body.success ? departs.body.result : [];
      const monthRows = months.body.success ? months.body.result : [];
      const colors = { unit: '#1677ff', assign: '#52c41a', course: '#1677ff', additional: '#faad14' };
      return (
        <div class="xt-report">
          <link rel="stylesheet" href="/static/css/list.css" />
          <link rel="stylesheet" href="/static/css/report.css" />
          <Card class="xt-report-range" title="班级教学记录">
            <div class="xt-report-filter">
              <nav class="xt-report-presets" aria-label="时间范围">
                {REPORT_PRESETS.map((d) => (
                  <LinkButton type={range.days === d ? 'primary' : 'default'} {...navAttrs(hrefWith(REPORT_ROUTE, { days: String(d) }))} {...(range.days === d ? { 'aria-current': 'true' } : {})}>
                    最新{d}天
                  </LinkButton>
                ))}
              </nav>
              <form method="get" action={REPORT_ROUTE} hx-get={REPORT_ROUTE} hx-target="#content" hx-push-url="true" class="xt-report-dates">
                <label for="r-start">开始日期</label>
                <input id="r-start" type="date" name="startTime" value={range.startTime} class={inputClass()} required />
                <span class="xt-report-end">
                  <span class="xt-range-sep" aria-hidden="true">~</span>
                  <label for="r-end" class="xt-sr">结束日期</label>
                  <input id="r-end" type="date" name="endTime" value={range.endTime} class={inputClass()} required />
                </span>
                <Button type="primary" htmlType="submit">查询</Button>
              </form>
            </div>
            <p class="xt-report-period">
              统计区间：{range.startTime || '不限'} 至 {range.endTime || '不限'}
            </p>
          </Card>
          {failed ? (
            <Alert type="warning">{failed.body.message}</Alert>
          ) : (
            <>
              <Card title="教学数据概览" class="xt-report-card">
                <div class="xt-kpis">
                  <Kpi label="开课节数" value={t.unitOpenCount} />
                  <Kpi label="作业布置次数" value={assigned(t)} />
                  <Kpi label="作业上交次数" value={submitted(t)} />
                  <Kpi label="作业批改次数" value={corrected(t)} />
                </div>
              </Card>
              <div class="xt-report-charts">
                <Card title="布置作业类型分布" class="xt-report-card">
                  <PieChart
                    id="xt-pie"
                    title="布置作业类型分布"
                    empty="所选时间内没有布置作业"
                    slices={[
                      { label: '随堂作业', value: t.courseWorkAssignCount, color: colors.course },
                      { label: '自定义作业', value: t.additionalWorkAssignCount, color: colors.additional },
                    ]}
                  />
                </Card>
                <Card title="开课节数/作业布置次数" class="xt-report-card xt-report-wide">
                  <LineChart
                    id="xt-line"
                    title="每月开课节数与作业布置次数"
                    empty="所选时间内没有教学记录"
                    categories={monthRows.map((m) => m.createTime)}
                    series={[
                      { label: '开课节数', color: colors.unit, values: monthRows.map((m) => m.unitOpenCount) },
                      { label: '作业布置次数', color: colors.assign, values: monthRows.map(assigned) },
                    ]}
                  />
                </Card>
              </div>
              <Card title="班级教学数据统计" class="xt-report-card">
                <TableFrame>
                  <thead class="ant-table-thead">
                    <tr>
                      <th class="ant-table-cell" scope="col">班级</th>
                      <th class="ant-table-cell xt-num" scope="col">开课节数</th>
                      <th class="ant-table-cell xt-num" scope="col">作业布置次数</th>
                      <th class="ant-table-cell xt-num" scope="col">作业上交次数</th>
                      <th class="ant-table-cell xt-num" scope="col">作业批改数量</th>
                    </tr>
                  </thead>
                  <tbody class="ant-table-tbody">
                    {rows.length ? (
                      rows.map((r) => (
                        <tr class="ant-table-row" data-row-key={r.departId}>
                          <td class="ant-table-cell">{r.departName}</td>
                          <td class={cx('ant-table-cell', 'xt-num')}>{r.unitOpenCount}</td>
                          <td class="ant-table-cell xt-num">{assigned(r)}</td>
                          <td class="ant-table-cell xt-num">{submitted(r)}</td>
                          <td class="ant-table-cell xt-num">{corrected(r)}</td>
                        </tr>
                      ))
                    ) : (
                      <tr class="ant-table-placeholder">
                        <td class="ant-table-cell" colSpan={5}>
                          <div class="ant-empty ant-empty-normal app xt-empty">所选时间内您负责的班级没有教学记录</div>
                        </td>
                      </tr>
                    )}
                  </tbody>
                </TableFrame>
              </Card>
            </>
          )}
        </div>
      );
    }),
  );
}
