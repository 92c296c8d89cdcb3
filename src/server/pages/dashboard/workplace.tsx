// 工作台 (/dashboard/workplace): a teacher's to-do — ungraded works, homework ending soon or just published, and
// the classes' latest activity.
import type { Hono } from 'hono';
import { Alert, Card, Tag } from '../../../templates/antd.js';
import { navAttrs } from '../../../templates/list/list-view.js';
import { formatNumber } from '../../../templates/monitor.js';
import { inMenu } from '../../../templates/shell/side-menu.js';
import { HOMEWORK_ROUTE, HOMEWORK_SUBMISSIONS_ROUTE } from '../../resources/additional-work.js';
import { dashboardApi, type HomeworkItem, type WorkplaceData } from '../../contracts/dashboards.js';
import { DASHBOARD_ROUTES } from '../../resources/dashboards.js';
import { WORK_ROUTE } from '../../resources/works.js';
import type { PageEnv, PageSession } from '../context.js';
import { shellPage } from '../shell-page.js';
import { Kpi, MiniTable, shortTime, Styles } from './shared.js';
import { WORK_STATUS } from '../../shared/work-status.js';

function gradeHref(id: string) {
  return `${WORK_ROUTE}/form?id=${encodeURIComponent(id)}`;
}

export function UngradedTable({ w, canGrade }: { w: WorkplaceData; canGrade: boolean }) {
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
        <Kpi label="待批改作品" value={formatNumber(w.ungraded.total)} href={canGrade ? `${WORK_ROUTE}?workStatus=${WORK_STATUS.submitted}` : undefined} />
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
            <a {...navAttrs(`${WORK_ROUTE}?workStatus=${WORK_STATUS.submitted}`)}>在作业管理中查看全部待批改作品</a>
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

export function registerWorkplacePage(app: Hono<PageEnv>) {
  app.get(DASHBOARD_ROUTES.workplace, (c) =>
    shellPage(c, { current: DASHBOARD_ROUTES.workplace, title: '工作台' }, async (session) => {
      const res = await c.get('upstream').send(dashboardApi.workplace);
      return (
        <>
          <Styles />
          {res.body.success ? <WorkplaceView w={res.body.result} session={session} /> : <Alert type="warning">{res.body.message}</Alert>}
        </>
      );
    }),
  );
}
