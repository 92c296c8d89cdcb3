// 仪表盘: /dashboard/index (the home tab: the role's own summary), /dashboard/analysis (分析页: users, works and
// submissions per day, views and likes, top classes — SVG charts drawn here, no script), /dashboard/workplace
// (工作台: a teacher's to-do) and /dashboard/monitor (监控页: the health summary, linking to 系统监控). Data through
// the upstream client only; a teacher's figures are those of their classes (the API scopes them).
import type { Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { Alert, Card, CellTable, LinkButton, Tag } from '../../templates/antd.js';
import { BarChart, PieChart, RankBars } from '../../templates/charts.js';
import { navAttrs } from '../../templates/list/list-view.js';
import { formatBytes, formatDuration, formatNumber, LivePanel, MonitorError, Stats } from '../../templates/monitor.js';
import { leafTarget, visibleItems, inMenu } from '../../templates/shell/side-menu.js';
import { HOMEWORK_ROUTE, HOMEWORK_SUBMISSIONS_ROUTE, MY_HOMEWORK_ROUTE } from '../lists/additional-work.js';
import { DASHBOARD_API, DASHBOARD_ROUTES, type AnalysisFigures, type HomeworkItem, type StudentHome, type WorkplaceData } from '../lists/dashboards.js';
import { MONITOR_ROUTES } from '../lists/monitor.js';
import { MINE_WORK_ROUTE, WORK_ROUTE } from '../lists/works.js';
import type { HttpStats } from '../monitor/recorder.js';
import type { DiskInfo, RuntimeInfo, SystemInfo } from '../monitor/system.js';
import type { MenuItem } from '../upstream/client.js';
import { siteConfig, type PageEnv, type PageSession } from './context.js';
import { shellPage } from './shell-page.js';

type Row = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const CREATE_URL = '/scratch3/index.html?scene=create';
const COLORS = { works: '#1677ff', submissions: '#52c41a', views: '#faad14', likes: '#eb2f96' };
const ROLE_COLORS = ['#1677ff', '#52c41a', '#faad14', '#eb2f96', '#13c2c2', '#722ed1'];

function Entry({ item }: { item: MenuItem }) {
  const { href, newWindow } = leafTarget(item);
  return newWindow ? <a href={href} target="_blank" rel="noopener noreferrer">{item.meta.title}</a> : <a href={href}>{item.meta.title}</a>;
}

function MenuOverview({ items, root }: { items: MenuItem[]; root?: boolean }) {
  // Shell links swap the content area with htmx, as the menu's do.
  const nav = root ? { 'hx-boost': 'true', 'hx-target': '#content', 'hx-swap': 'innerHTML show:window:top' } : {};
  return (
    <ul class="xt-menu-overview" {...nav}>
      {visibleItems(items).map((item) => (
        <li>
          {item.children?.length ? <span>{item.meta.title}</span> : <Entry item={item} />}
          {item.children?.length ? <MenuOverview items={item.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

function Kpi({ label, value, hint, href }: { label: string; value: Child; hint?: Child; href?: string }) {
  return (
    <div class="xt-kpi" data-kpi={label}>
      <div class="xt-kpi-label">{label}</div>
      <div class="xt-kpi-value">{href ? <a {...navAttrs(href)}>{value}</a> : value}</div>
      {hint !== undefined && <div class="xt-kpi-hint">{hint}</div>}
    </div>
  );
}

const Styles = () => (
  <>
    <link rel="stylesheet" href="/static/css/report.css" />
    <link rel="stylesheet" href="/static/css/dashboard.css" />
  </>
);

/** A bordered table of cells with an empty-state row (the shared CellTable), under an optional anchor id. */
function MiniTable({ id, ...table }: { head: string[]; rows: Child[][]; empty: string; id?: string }) {
  return (
    <div id={id}>
      <CellTable {...table} />
    </div>
  );
}

const md = (day: string) => day.slice(5);
const shortTime = (t: string) => t.slice(5, 16);

// ---------------------------------------------------------------- 分析页

function AnalysisKpis({ a }: { a: AnalysisFigures }) {
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

// ---------------------------------------------------------------- 工作台

function gradeHref(id: string) {
  return `${WORK_ROUTE}/form?id=${encodeURIComponent(id)}`;
}

function UngradedTable({ w, canGrade }: { w: WorkplaceData; canGrade: boolean }) {
  return (
    <MiniTable
      id="xt-ungraded"
      head={['作品', '学生', '班级', '所属作业', '提交时间', '操作']}
      empty="没有待批改的作品"
      rows={w.ungraded.records.map((r) => [
        // The name opens grading too: on a phone the 操作 column may be scrolled out of view.
        canGrade ? <a {...navAttrs(gradeHref(r.id))}>{r.workName}</a> : r.workName,
        r.realname || r.username,
        r.departName || '—',
        r.homeworkName || '—',
        shortTime(r.createTime),
        canGrade ? (
          <a class="xt-action" {...navAttrs(gradeHref(r.id))} aria-label={`批改“${r.workName}”`}>
            批改
          </a>
        ) : (
          '—'
        ),
      ])}
    />
  );
}

function daysLeft(endsAt: string, now = Date.now()) {
  const ms = new Date(endsAt.replace(' ', 'T')).getTime() - now;
  return Math.max(0, Math.ceil(ms / 86_400_000));
}

function HomeworkList({ items, empty, ending, canOpen }: { items: HomeworkItem[]; empty: string; ending?: boolean; canOpen: boolean }) {
  if (!items.length) return <p class="xt-chart-empty">{empty}</p>;
  return (
    <ul class="xt-dash-list">
      {items.map((h) => (
        <li>
          <div class="xt-dash-list-main">
            {canOpen ? <a {...navAttrs(`${HOMEWORK_SUBMISSIONS_ROUTE}?id=${encodeURIComponent(h.id)}`)}>{h.workName}</a> : <span>{h.workName}</span>}
            {ending && h.endsAt && <Tag color={daysLeft(h.endsAt) <= 2 ? 'red' : 'orange'}>{`${daysLeft(h.endsAt)} 天后结束`}</Tag>}
          </div>
          <div class="xt-muted xt-dash-list-sub">
            {h.classes || '—'} · 已交 {h.submitted}/{h.members} · 发布于 {shortTime(h.createTime)}
          </div>
        </li>
      ))}
    </ul>
  );
}

const ACTIVITY_TEXT = { save: '保存了作品', submit: '提交了作品', comment: '评论了作品' } as const;

function ActivityList({ w }: { w: WorkplaceData }) {
  if (!w.activity.length) return <p class="xt-chart-empty">班级最近没有动态</p>;
  return (
    <ul class="xt-dash-list" id="xt-activity">
      {w.activity.map((a) => (
        <li>
          <div class="xt-dash-list-main">
            <strong>{a.realname}</strong> {ACTIVITY_TEXT[a.kind]} <a href={`/work-detail?id=${encodeURIComponent(a.workId)}`} target="_blank" rel="noopener">《{a.workName}》</a>
          </div>
          {a.kind === 'comment' && <div class="xt-dash-quote">{a.text}</div>}
          <div class="xt-muted xt-dash-list-sub">{a.time}</div>
        </li>
      ))}
    </ul>
  );
}

function WorkplaceView({ w, session }: { w: WorkplaceData; session: PageSession }) {
  const canGrade = inMenu(session.menu, WORK_ROUTE);
  const canOpenHomework = inMenu(session.menu, HOMEWORK_ROUTE);
  return (
    <div class="xt-dash">
      <div class="xt-kpis xt-dash-kpis">
        <Kpi label="待批改作品" value={formatNumber(w.ungraded.total)} href={canGrade ? `${WORK_ROUTE}?workStatus=1` : undefined} />
        <Kpi label="即将结束的作业" value={w.homework.autoEndDays === null ? '—' : String(w.homework.endingSoon.length)} hint={w.homework.autoEndDays === null ? '未启用自动结束' : `发布 ${w.homework.autoEndDays} 天后自动结束`} />
        <Kpi label="近7天发布的作业" value={String(w.homework.recent.length)} />
        <Kpi
          label="近7天作业已交"
          value={`${w.homework.recent.reduce((n, h) => n + h.submitted, 0)} / ${w.homework.recent.reduce((n, h) => n + h.members, 0)}`}
          hint="已交人数 / 应交人数"
        />
      </div>
      <Card title={`待批改作品（共 ${w.ungraded.total} 个）`} class="xt-report-card">
        <UngradedTable w={w} canGrade={canGrade} />
        {canGrade && w.ungraded.total > w.ungraded.records.length && (
          <p class="xt-dash-more">
            <a {...navAttrs(`${WORK_ROUTE}?workStatus=1`)}>在作业管理中查看全部待批改作品</a>
          </p>
        )}
      </Card>
      <div class="xt-dash-grid">
        <Card title="即将结束的作业" class="xt-report-card">
          {w.homework.autoEndDays === null ? (
            <p class="xt-chart-empty">班级作业没有截止日期；“结束过期班级作业”定时任务未启用，作业不会自动结束。</p>
          ) : (
            <HomeworkList items={w.homework.endingSoon} empty="7 天内没有将要结束的作业" ending canOpen={canOpenHomework} />
          )}
        </Card>
        <Card title="最近发布的作业" class="xt-report-card">
          <HomeworkList items={w.homework.recent} empty="近 7 天没有发布作业" canOpen={canOpenHomework} />
        </Card>
      </div>
      <Card title="班级动态" class="xt-report-card">
        <ActivityList w={w} />
      </Card>
    </div>
  );
}

// ---------------------------------------------------------------- 监控页

type Health = {
  status: string;
  components: {
    db: { status: string; details: { database: string; latencyMs: number; error?: string } };
    redis: { status: string; details: { configured: boolean; server?: string; latencyMs?: number; version?: string; error?: string; message?: string } };
  };
};

const STATUS_TAG: Record<string, { color: string; text: string }> = {
  UP: { color: 'green', text: '正常' },
  DOWN: { color: 'red', text: '异常' },
  UNKNOWN: { color: 'default', text: '未配置' },
};
const StatusTag = ({ status }: { status: string }) => <Tag color={STATUS_TAG[status]?.color ?? 'default'}>{STATUS_TAG[status]?.text ?? status}</Tag>;

interface MonitorReadings {
  health: Health | null;
  system: SystemInfo | null;
  runtime: RuntimeInfo | null;
  http: HttpStats | null;
  disk: DiskInfo | null;
  errors: string[];
}

function MonitorView({ m }: { m: MonitorReadings }) {
  const { health, system, runtime, http, disk } = m;
  const errorRate = http && http.total ? Math.round((http.errors / http.total) * 10000) / 100 : 0;
  const fs = disk?.fileSystem ?? null;
  const rows: [string, Child, Child, string][] = [
    ['数据库', health ? <StatusTag status={health.components.db.status} /> : '—', health ? `${health.components.db.details.database}，响应 ${health.components.db.details.latencyMs} ms${health.components.db.details.error ? `：${health.components.db.details.error}` : ''}` : '—', MONITOR_ROUTES.disk],
    [
      'Redis',
      health ? <StatusTag status={health.components.redis.status} /> : '—',
      health
        ? health.components.redis.details.configured
          ? `${health.components.redis.details.server ?? ''}${health.components.redis.details.version ? `，版本 ${health.components.redis.details.version}` : ''}，响应 ${health.components.redis.details.latencyMs ?? 0} ms${health.components.redis.details.error ? `：${health.components.redis.details.error}` : ''}`
          : '未配置 REDIS_URL，通知推送与登录限制在本进程内完成'
        : '—',
      MONITOR_ROUTES.redis,
    ],
    ['服务器', system ? <StatusTag status="UP" /> : '—', system ? `CPU ${system.cpu.usagePct}%，内存 ${system.memory.usedPct}%，负载 ${system.load['1m']}` : '—', MONITOR_ROUTES.system],
    ['Node.js', runtime ? <StatusTag status="UP" /> : '—', runtime ? `堆内存 ${formatBytes(runtime.memory.heapUsed)} / ${formatBytes(runtime.heap.limit)}，事件循环 P99 ${runtime.eventLoop.p99Ms} ms` : '—', MONITOR_ROUTES.runtime],
    ['HTTP服务', http ? <StatusTag status={errorRate >= 5 ? 'DOWN' : 'UP'} /> : '—', http ? `${formatNumber(http.total)} 个请求，5xx ${formatNumber(http.errors)}（${errorRate}%），平均 ${http.latency.meanMs} ms，P95 ≤ ${http.latency.p95} ms` : '—', MONITOR_ROUTES.http],
    ['磁盘', fs ? <StatusTag status={fs.usedPct >= 90 ? 'DOWN' : 'UP'} /> : '—', fs ? `已用 ${fs.usedPct}%，可用 ${formatBytes(fs.available)} / ${formatBytes(fs.total)}；数据库 ${formatBytes(disk?.database.bytes)}` : '—', MONITOR_ROUTES.disk],
  ];
  return (
    <>
      {m.errors.map((e) => (
        <MonitorError message={e} />
      ))}
      <Stats
        items={[
          { label: '服务状态', value: health ? <StatusTag status={health.status} /> : '—' },
          { label: '运行时长', value: system ? formatDuration(system.uptime.processSeconds) : '—' },
          { label: '进程内存（RSS）', value: runtime ? formatBytes(runtime.memory.rss) : '—', hint: system ? `系统内存已用 ${system.memory.usedPct}%` : undefined },
          { label: '事件循环延迟 P99', value: runtime ? `${runtime.eventLoop.p99Ms} ms` : '—', hint: runtime ? `平均 ${runtime.eventLoop.meanMs} ms` : undefined },
          { label: 'HTTP 错误率（5xx）', value: http ? `${errorRate}%` : '—', hint: http ? `共 ${formatNumber(http.total)} 个请求` : undefined },
          { label: '平均响应时间', value: http ? `${http.latency.meanMs} ms` : '—', hint: http ? `P95 ≤ ${http.latency.p95} ms` : undefined },
          { label: '数据库', value: health ? <StatusTag status={health.components.db.status} /> : '—', hint: health ? `${health.components.db.details.latencyMs} ms` : undefined },
          { label: '磁盘使用率', value: fs ? `${fs.usedPct}%` : '—', hint: fs ? `可用 ${formatBytes(fs.available)}` : undefined },
        ]}
      />
      <Card class="xt-card xt-monitor-card" title="各项状态">
        <MiniTable
          id="xt-health"
          head={['项目', '状态', '说明', '详情']}
          empty="暂无数据"
          rows={rows.map(([name, status, text, href]) => [name, status, text, <a {...navAttrs(href)}>查看</a>])}
        />
      </Card>
    </>
  );
}

// ---------------------------------------------------------------- 首页

function Greeting({ session, brandName, children }: { session: PageSession; brandName: string; children?: Child }) {
  return (
    <Card class="xt-card xt-dash-hello">
      <h2 class="xt-page-title">
        {session.user.realname || session.user.username}，欢迎使用{brandName}
      </h2>
      {children}
    </Card>
  );
}

function QuickLinks({ links }: { links: { href: string; text: string; newWindow?: boolean }[] }) {
  return (
    <nav class="xt-dash-links" aria-label="快捷入口">
      {links.map((l) =>
        l.newWindow ? (
          <LinkButton type="primary" href={l.href} target="_blank" rel="noopener">
            {l.text}
          </LinkButton>
        ) : (
          <LinkButton {...navAttrs(l.href)}>{l.text}</LinkButton>
        ),
      )}
    </nav>
  );
}

function StudentHomeView({ s, session, brandName }: { s: StudentHome; session: PageSession; brandName: string }) {
  const links = [
    { href: CREATE_URL, text: '开始创作', newWindow: true },
    ...(inMenu(session.menu, MINE_WORK_ROUTE) ? [{ href: MINE_WORK_ROUTE, text: '我的作品' }] : []),
    ...(inMenu(session.menu, MY_HOMEWORK_ROUTE) ? [{ href: MY_HOMEWORK_ROUTE, text: '我的作业' }] : []),
  ];
  return (
    <>
      <Greeting session={session} brandName={brandName}>
        <QuickLinks links={links} />
      </Greeting>
      <div class="xt-kpis xt-dash-kpis">
        <Kpi label="我的作品" value={String(s.counts.works)} />
        <Kpi label="已提交" value={String(s.counts.submitted)} />
        <Kpi label="已批改" value={String(s.counts.graded)} />
        <Kpi label="待完成作业" value={String(s.homework.total)} href={inMenu(session.menu, MY_HOMEWORK_ROUTE) ? MY_HOMEWORK_ROUTE : undefined} />
      </div>
      <div class="xt-dash-grid">
        <Card title="待完成的作业" class="xt-report-card">
          {s.homework.records.length ? (
            <ul class="xt-dash-list" id="xt-todo">
              {s.homework.records.map((h) => (
                <li>
                  <div class="xt-dash-list-main">
                    {inMenu(session.menu, MY_HOMEWORK_ROUTE) ? <a {...navAttrs(MY_HOMEWORK_ROUTE)}>{h.workName}</a> : h.workName}
                  </div>
                  <div class="xt-muted xt-dash-list-sub">
                    {h.teacherName ? `${h.teacherName} · ` : ''}发布于 {shortTime(h.createTime)}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p class="xt-chart-empty">没有待完成的作业</p>
          )}
        </Card>
        <Card title="最新评论" class="xt-report-card">
          {s.comments.length ? (
            <ul class="xt-dash-list" id="xt-comments">
              {s.comments.map((c) => (
                <li>
                  <div class="xt-dash-list-main">
                    <strong>{c.realname}</strong> 评论了 <a href={`/work-detail?id=${encodeURIComponent(c.workId)}`} target="_blank" rel="noopener">《{c.workName}》</a>
                  </div>
                  <div class="xt-dash-quote">{c.comment}</div>
                  <div class="xt-muted xt-dash-list-sub">{c.createTime}</div>
                </li>
              ))}
            </ul>
          ) : (
            <p class="xt-chart-empty">还没有人评论你的作品</p>
          )}
        </Card>
      </div>
      <Card title="我最近的作品" class="xt-report-card">
        <MiniTable
          id="xt-my-works"
          head={['作品', '状态', '评分', '老师评语', '创建时间']}
          empty="还没有作品，点击“开始创作”完成第一个作品吧"
          rows={s.latestWorks.map((w) => {
            const r = w as unknown as Row;
            return [
              <a href={`/work-detail?id=${encodeURIComponent(w.id)}`} target="_blank" rel="noopener">
                {w.workName}
              </a>,
              str(r.workStatus_dictText) || String(w.workStatus),
              w.score === null ? '—' : <span aria-label={`${w.score} 星`}>{'★'.repeat(Math.max(0, Math.min(5, w.score)))}</span>,
              w.comment || '—',
              shortTime(w.createTime),
            ];
          })}
        />
      </Card>
    </>
  );
}

export function registerDashboardPages(app: Hono<PageEnv>) {
  app.get(DASHBOARD_ROUTES.home, (c) =>
    shellPage(c, { current: DASHBOARD_ROUTES.home, title: '首页', isHome: true, open: true }, async (session) => {
      const up = c.get('upstream');
      const isAdmin = session.user.roles.includes('admin');
      const others = session.menu.filter((m) => m.path !== DASHBOARD_ROUTES.home);
      // The role's home: the school's key figures for admins, the to-do for teachers, their own works for students.
      if (isAdmin && inMenu(session.menu, DASHBOARD_ROUTES.analysis)) {
        const [cfg, res] = await Promise.all([siteConfig(c), up.call<AnalysisFigures>('GET', DASHBOARD_API.analysis, { brief: '1' })]);
        return (
          <div class="xt-dash">
            <Styles />
            <Greeting session={session} brandName={cfg.brandName}>
              <h3 class="xt-dash-subtitle">关键数据</h3>
              {res.body.success ? <AnalysisKpis a={res.body.result} /> : <Alert type="warning">{res.body.message}</Alert>}
              <QuickLinks
                links={[
                  { href: DASHBOARD_ROUTES.analysis, text: '分析页' },
                  ...(inMenu(session.menu, DASHBOARD_ROUTES.workplace) ? [{ href: DASHBOARD_ROUTES.workplace, text: '工作台' }] : []),
                  ...(inMenu(session.menu, DASHBOARD_ROUTES.monitor) ? [{ href: DASHBOARD_ROUTES.monitor, text: '监控页' }] : []),
                ]}
              />
            </Greeting>
            <Card title="您可以使用的功能" class="xt-report-card">
              <MenuOverview root items={others} />
            </Card>
          </div>
        );
      }
      if (inMenu(session.menu, DASHBOARD_ROUTES.workplace)) {
        const [cfg, res] = await Promise.all([siteConfig(c), up.call<WorkplaceData>('GET', DASHBOARD_API.workplace)]);
        const w = res.body.success ? res.body.result : null;
        const canGrade = inMenu(session.menu, WORK_ROUTE);
        return (
          <div class="xt-dash">
            <Styles />
            <Greeting session={session} brandName={cfg.brandName}>
              {w && (
                <p class="xt-dash-summary">
                  您负责的班级有 <strong>{w.ungraded.total}</strong> 个作品待批改，近 7 天发布了 <strong>{w.homework.recent.length}</strong> 个作业
                  {w.homework.autoEndDays !== null && (
                    <>
                      ，<strong>{w.homework.endingSoon.length}</strong> 个作业即将结束
                    </>
                  )}
                  。
                </p>
              )}
              <QuickLinks
                links={[
                  { href: DASHBOARD_ROUTES.workplace, text: '进入工作台' },
                  ...(inMenu(session.menu, DASHBOARD_ROUTES.analysis) ? [{ href: DASHBOARD_ROUTES.analysis, text: '分析页' }] : []),
                  ...(canGrade ? [{ href: WORK_ROUTE, text: '作业管理' }] : []),
                ]}
              />
            </Greeting>
            {w ? (
              <Card title="待批改作品" class="xt-report-card">
                <UngradedTable w={{ ...w, ungraded: { ...w.ungraded, records: w.ungraded.records.slice(0, 5) } }} canGrade={canGrade} />
              </Card>
            ) : (
              <Alert type="warning">{res.body.message}</Alert>
            )}
            <Card title="您可以使用的功能" class="xt-report-card">
              <MenuOverview root items={others} />
            </Card>
          </div>
        );
      }
      const [cfg, res] = await Promise.all([siteConfig(c), up.call<StudentHome>('GET', DASHBOARD_API.mine)]);
      return (
        <div class="xt-dash">
          <Styles />
          {res.body.success ? (
            <StudentHomeView s={res.body.result} session={session} brandName={cfg.brandName} />
          ) : (
            <>
              <Greeting session={session} brandName={cfg.brandName} />
              <Alert type="warning">{res.body.message}</Alert>
            </>
          )}
        </div>
      );
    }),
  );

  app.get(DASHBOARD_ROUTES.analysis, (c) =>
    shellPage(c, { current: DASHBOARD_ROUTES.analysis, title: '分析页' }, async () => {
      const res = await c.get('upstream').call<AnalysisFigures>('GET', DASHBOARD_API.analysis);
      return (
        <>
          <Styles />
          {res.body.success ? <AnalysisView a={res.body.result} /> : <Alert type="warning">{res.body.message}</Alert>}
        </>
      );
    }),
  );

  app.get(DASHBOARD_ROUTES.workplace, (c) =>
    shellPage(c, { current: DASHBOARD_ROUTES.workplace, title: '工作台' }, async (session) => {
      const res = await c.get('upstream').call<WorkplaceData>('GET', DASHBOARD_API.workplace);
      return (
        <>
          <Styles />
          {res.body.success ? <WorkplaceView w={res.body.result} session={session} /> : <Alert type="warning">{res.body.message}</Alert>}
        </>
      );
    }),
  );

  app.get(DASHBOARD_ROUTES.monitor, (c) =>
    shellPage(c, { current: DASHBOARD_ROUTES.monitor, title: '监控页' }, async () => {
      const up = c.get('upstream');
      const [health, system, runtime, http, disk] = await Promise.all([
        up.call<Health>('GET', DASHBOARD_API.health),
        up.call<SystemInfo>('GET', '/actuator/system'),
        up.call<RuntimeInfo>('GET', '/actuator/runtime'),
        up.call<HttpStats>('GET', '/actuator/http'),
        up.call<DiskInfo>('GET', '/actuator/disk'),
      ]);
      const value = <T,>(r: { body: { success: boolean; result: T } }) => (r.body.success ? r.body.result : null);
      const errors = [...new Set([health, system, runtime, http, disk].filter((r) => !r.body.success).map((r) => r.body.message || '读取失败'))];
      return (
        <div class="xt-dash xt-dash-monitor">
          <Styles />
          <LivePanel route={DASHBOARD_ROUTES.monitor} seconds={10} readAt={Date.now()}>
            <MonitorView m={{ health: value(health), system: value(system), runtime: value(runtime), http: value(http), disk: value(disk), errors }} />
          </LivePanel>
        </div>
      );
    }),
  );
}

