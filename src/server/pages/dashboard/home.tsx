// 首页 (/dashboard/index), the home tab: the role's own summary — the school's key figures for admins, the to-do
// for teachers, their own works and homework for students — and the functions the user may open.
import type { Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { Alert, Card, LinkButton } from '../../../templates/antd.js';
import { navAttrs } from '../../../templates/list/list-view.js';
import { leafTarget, visibleItems, inMenu } from '../../../templates/shell/side-menu.js';
import { MY_HOMEWORK_ROUTE } from '../../resources/additional-work.js';
import { dashboardApi, type StudentHome } from '../../contracts/dashboards.js';
import { DASHBOARD_ROUTES } from '../../resources/dashboards.js';
import { MINE_WORK_ROUTE, WORK_ROUTE } from '../../resources/works.js';
import type { MenuItem } from '../../upstream/client.js';
import { siteConfig, type PageEnv, type PageSession } from '../context.js';
import { shellPage } from '../shell-page.js';
import { Kpi, MiniTable, shortTime, Styles } from './shared.js';
import { AnalysisKpis } from './analysis.js';
import { UngradedTable } from './workplace.js';
import { str } from '../../shared/text.js';

type Row = Record<string, unknown>;
const CREATE_URL = '/scratch3/index.html?scene=create';

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

export function registerHomePage(app: Hono<PageEnv>) {
  app.get(DASHBOARD_ROUTES.home, (c) =>
    shellPage(c, { current: DASHBOARD_ROUTES.home, title: '首页', isHome: true, open: true }, async (session) => {
      const up = c.get('upstream');
      const isAdmin = session.user.abilities.schoolDashboard;
      const others = session.menu.filter((m) => m.path !== DASHBOARD_ROUTES.home);
      // The role's home: the school's key figures for admins, the to-do for teachers, their own works for students.
      if (isAdmin && inMenu(session.menu, DASHBOARD_ROUTES.analysis)) {
        const [cfg, res] = await Promise.all([siteConfig(c), up.send(dashboardApi.analysis, { query: { brief: '1' } })]);
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
        const [cfg, res] = await Promise.all([siteConfig(c), up.send(dashboardApi.workplace)]);
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
      const [cfg, res] = await Promise.all([siteConfig(c), up.send(dashboardApi.mine)]);
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
}
