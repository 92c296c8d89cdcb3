// 分析页 (/dashboard/analysis): users, works and submissions per day, views and likes, top classes — SVG charts
// drawn on the server, no script.
import type { Hono } from 'hono';
import { Alert, Card } from '../../../templates/antd.js';
import { BarChart, PieChart, RankBars } from '../../../templates/charts.js';
import { formatNumber } from '../../../templates/monitor.js';
import { dashboardApi, type AnalysisFigures } from '../../contracts/dashboards.js';
import { DASHBOARD_ROUTES } from '../../resources/dashboards.js';
import type { PageEnv } from '../context.js';
import { shellPage } from '../shell-page.js';
import { Kpi, Styles } from './shared.js';

const COLORS = { works: '#1677ff', submissions: '#52c41a', views: '#faad14', likes: '#eb2f96' };
const ROLE_COLORS = ['#1677ff', '#52c41a', '#faad14', '#eb2f96', '#13c2c2', '#722ed1'];

const md = (day: string) => day.slice(5);

export function AnalysisKpis({ a }: { a: AnalysisFigures }) {
  return (
    <div class="xt-kpis xt-dash-kpis">
      <Kpi label={a.scope === 'all' ? '用户总数' : '班级成员'} value={formatNumber(a.users.total)} hint={a.users.byRole.map((r) => `${r.roleName} ${r.count}`).join(' · ') || '—'} />
      <Kpi label="作品总数" value={formatNumber(a.works.total)} hint={`今日新增 ${a.today.works}`} />
      <Kpi label="已提交作业" value={formatNumber(a.works.submitted)} hint={`待批改 ${a.works.ungraded} · 已批改 ${a.works.graded}`} />
      {a.works.views === null || a.works.likes === null ? (
        <Kpi label="今日新增作品" value={formatNumber(a.today.works)} hint={`今日提交作业 ${a.today.submissions}`} />
      ) : (
        <Kpi label="浏览 / 点赞" value={`${formatNumber(a.works.views)} / ${formatNumber(a.works.likes)}`} hint={`今日浏览 ${a.today.views ?? 0} · 点赞 ${a.today.likes ?? 0}`} />
      )}
    </div>
  );
}

function AnalysisView({ a }: { a: AnalysisFigures }) {
  const days = a.daily.map((d) => md(d.day));
  return (
    <div class="xt-dash">
      <Card title={a.scope === 'all' ? '全校概况' : '我负责班级的概况'} class="xt-report-card">
        <AnalysisKpis a={a} />
      </Card>
      <Card title={`近${a.days}天作品与提交`} class="xt-report-card">
        <BarChart
          id="xt-daily"
          title={`近${a.days}天每天新建作品数与提交作业数`}
          empty="暂无数据"
          categories={days}
          series={[
            { label: '新建作品', color: COLORS.works, values: a.daily.map((d) => d.works) },
            { label: '提交作业', color: COLORS.submissions, values: a.daily.map((d) => d.submissions) },
          ]}
        />
      </Card>
      <div class="xt-dash-grid">
        <Card title="用户角色分布" class="xt-report-card">
          <PieChart
            id="xt-roles"
            title="用户角色分布"
            empty="暂无用户"
            slices={a.users.byRole.map((r, i) => ({ label: r.roleName, value: r.count, color: ROLE_COLORS[i % ROLE_COLORS.length] }))}
          />
        </Card>
        <Card title={`近${a.days}天作品最多的班级`} class="xt-report-card">
          <RankBars
            id="xt-top-classes"
            title={`近${a.days}天作品最多的班级`}
            empty={`近${a.days}天没有班级作品`}
            series={[
              { label: '作品', color: COLORS.works },
              { label: '已提交', color: COLORS.submissions },
            ]}
            rows={a.topClasses.map((c) => ({ label: c.departName, values: [c.works, c.submitted] }))}
          />
        </Card>
      </div>
    </div>
  );
}

export function registerAnalysisPage(app: Hono<PageEnv>) {
  app.get(DASHBOARD_ROUTES.analysis, (c) =>
    shellPage(c, { current: DASHBOARD_ROUTES.analysis, title: '分析页' }, async () => {
      const res = await c.get('upstream').send(dashboardApi.analysis);
      return (
        <>
          <Styles />
          {res.body.success ? <AnalysisView a={res.body.result} /> : <Alert type="warning">{res.body.message}</Alert>}
        </>
      );
    }),
  );
}
