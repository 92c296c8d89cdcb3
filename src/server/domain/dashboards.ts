// The figures of the dashboards: 分析页 (users, works and submissions per day, views and likes, top classes),
// 工作台 (a teacher's to-do: ungraded works, homework ending soon or just published, recent activity) and a
// student's home. Everything is counted in SQL (grouped, limited) and scoped as the lists are: admins see the
// school, anyone else the members and classes of the subtrees they manage (user-scope.ts); a student sees only
// their own works and the homework of their own classes.
import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.js';
import { formatDateTime } from './time.js';
import { hasScope, scopeDepartIds, type UserScope } from './user-scope.js';
import { userClassIds } from './works.js';
import { WORK_STATUS } from '../shared/work-status.js';
import type { AnalysisFigures, HomeworkItem, StudentHome, WorkplaceData } from '../contracts/dashboards.js';

type Db = Kysely<Database>;
const DAY_MS = 86_400_000;
/** Days of the analysis page's series and top classes. */
const ANALYSIS_DAYS = 30;
/** "Ending soon" and "recently published" both look this many days ahead or back. */
const HOMEWORK_WINDOW_DAYS = 7;
const n = (v: unknown) => Number(v ?? 0) || 0;
const dayOf = (d: Date) => formatDateTime(d).slice(0, 10);

/**
 * Restricts a query over `teaching_work as w` to the scope's works (authors who are members of its classes), as
 * the grading desk does: the classes are resolved to ids first, so the query holds a plain IN list.
 */
type Restrict = <DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>;
async function worksScope(db: Db, scope: UserScope): Promise<Restrict | null> {
  if (scope.all) return (q) => q;
  if (!hasScope(scope)) return null;
  const departs = (await scopeDepartIds(db, scope).execute()).map((r) => r.id);
  if (!departs.length) return null;
  const members = db.selectFrom('sys_user_depart as sud').select('sud.user_id').where('sud.dep_id', 'in', departs);
  // Raw, so one function serves every query over `teaching_work as w` (its joins differ).
  return (q) => q.where(sql<SqlBool>`${sql.ref('w.user_id')} in ${members}`);
}

const emptyAnalysis = (scope: UserScope, days: string[], brief: boolean): AnalysisFigures => ({
  scope: scope.all ? 'all' : 'classes',
  brief,
  days: days.length,
  users: { total: 0, byRole: [] },
  works: { total: 0, submitted: 0, ungraded: 0, graded: 0, views: brief ? null : 0, likes: brief ? null : 0 },
  today: { works: 0, submissions: 0, views: brief ? null : 0, likes: brief ? null : 0 },
  daily: brief ? [] : days.map((day) => ({ day, works: 0, submissions: 0 })),
  topClasses: [],
});

/** The last `count` calendar days, oldest first, today last. */
function lastDays(now: Date, count = ANALYSIS_DAYS): string[] {
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) out.push(dayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() - i, 12)));
  return out;
}

/**
 * 分析页's figures; `brief` (the admin's home) leaves out what needs more than an index: the views and likes
 * (summed over every work), the 30-day series and the ranking.
 */
export async function analysisFigures(db: Db, scope: UserScope, now = new Date(), brief = false): Promise<AnalysisFigures> {
  const days = lastDays(now);
  const restrict = await worksScope(db, scope);
  if (!restrict) return emptyAnalysis(scope, days, brief);
  const start = `${days[0]} 00:00:00`;
  const today = days[days.length - 1];
  const departs = scope.all ? null : (await scopeDepartIds(db, scope).execute()).map((r) => r.id);
  const members = departs ? db.selectFrom('sys_user_depart as sud').select('sud.user_id').where('sud.dep_id', 'in', departs) : null;

  let usersQ = db.selectFrom('sys_user as u').select((eb) => eb.fn.countAll<number>().as('n')).where('u.del_flag', '=', 0);
  if (members) usersQ = usersQ.where('u.id', 'in', members);
  let rolesQ = db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_user as u', 'u.id', 'ur.user_id')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select(['r.role_code', 'r.role_name', sql<number>`count(distinct ur.user_id)`.as('n')])
    .where('u.del_flag', '=', 0)
    .groupBy(['r.role_code', 'r.role_name'])
    .orderBy('n', 'desc')
    .orderBy('r.role_code');
  if (members) rolesQ = rolesQ.where('u.id', 'in', members);

  // Counts by status come from the (work_status, del_flag, user_id) index alone; the sums need every row.
  const byStatusQ = restrict(
    db.selectFrom('teaching_work as w').select(['w.work_status', sql<number>`count(*)`.as('n')]).where('w.del_flag', '=', 0).groupBy('w.work_status'),
  );
  const sumsQ = restrict(
    db
      .selectFrom('teaching_work as w')
      .select([sql<number>`coalesce(sum(w.view_num), 0)`.as('views'), sql<number>`coalesce(sum(w.star_num), 0)`.as('likes')])
      .where('w.del_flag', '=', 0),
  );
  const todayWorksQ = restrict(db.selectFrom('teaching_work as w').select(sql<number>`count(*)`.as('n')).where('w.del_flag', '=', 0).where('w.create_time', '>=', `${today} 00:00:00`));
  const day = sql<string>`substr(w.create_time, 1, 10)`;
  const dailyWorksQ = restrict(
    db.selectFrom('teaching_work as w').select([day.as('day'), sql<number>`count(*)`.as('n')]).where('w.del_flag', '=', 0).where('w.create_time', '>=', start).groupBy(day),
  );
  // Submissions are the class record's counters (each work counted once, on the day it was first handed in).
  let dailySubmitQ = db
    .selectFrom('teaching_depart_day_log as l')
    .select(['l.create_time as day', sql<number>`coalesce(sum(l.course_work_submit_count + l.additional_work_submit_count), 0)`.as('n')])
    .where('l.create_time', '>=', brief ? today : days[0])
    .groupBy('l.create_time');
  if (departs) dailySubmitQ = dailySubmitQ.where('l.depart_id', 'in', departs.length ? departs : ['']);
  let visitsQ = db.selectFrom('teaching_work_visit as v').select(['v.kind', sql<number>`count(*)`.as('n')]).where('v.day', '=', today).groupBy('v.kind');
  if (members) visitsQ = visitsQ.where('v.work_id', 'in', db.selectFrom('teaching_work as w').select('w.id').where('w.user_id', 'in', members));
  const topQ = restrict(
    db
      .selectFrom('teaching_work as w')
      .innerJoin('sys_depart as d', 'd.id', 'w.depart_id')
      .select(['w.depart_id', 'd.depart_name', sql<number>`count(*)`.as('works'), sql<number>`coalesce(sum(case when w.work_status >= ${sql.lit(WORK_STATUS.submitted)} then 1 else 0 end), 0)`.as('submitted')])
      .where('w.del_flag', '=', 0)
      .where('w.create_time', '>=', start)
      .groupBy(['w.depart_id', 'd.depart_name'])
      .orderBy('submitted', 'desc')
      .orderBy('works', 'desc')
      .orderBy('d.depart_name')
      .limit(10),
  );

  const none = Promise.resolve([] as never[]);
  const [users, roles, byStatus, sums, todayWorks, dailyWorks, dailySubmit, visits, top] = await Promise.all([
    usersQ.executeTakeFirst(),
    rolesQ.execute(),
    byStatusQ.execute(),
    brief ? Promise.resolve(null) : sumsQ.executeTakeFirst(),
    todayWorksQ.executeTakeFirst(),
    brief ? none : dailyWorksQ.execute(),
    dailySubmitQ.execute(),
    brief ? none : visitsQ.execute(),
    brief ? none : topQ.execute(),
  ]);
  const status = (test: (s: number) => boolean) => byStatus.filter((r) => test(n(r.work_status))).reduce((sum, r) => sum + n(r.n), 0);
  const worksByDay = new Map(dailyWorks.map((r) => [String(r.day), n(r.n)]));
  const submitByDay = new Map(dailySubmit.map((r) => [String(r.day), n(r.n)]));
  const visitsByKind = new Map(visits.map((r) => [String(r.kind), n(r.n)]));
  return {
    scope: scope.all ? 'all' : 'classes',
    brief,
    days: days.length,
    users: { total: n(users?.n), byRole: roles.map((r) => ({ roleCode: r.role_code, roleName: r.role_name, count: n(r.n) })) },
    works: {
      total: status(() => true),
      submitted: status((s) => s >= WORK_STATUS.submitted),
      ungraded: status((s) => s === WORK_STATUS.submitted),
      graded: status((s) => s >= WORK_STATUS.graded),
      views: sums ? n(sums.views) : null,
      likes: sums ? n(sums.likes) : null,
    },
    today: {
      works: n(todayWorks?.n),
      submissions: submitByDay.get(today) ?? 0,
      views: brief ? null : (visitsByKind.get('view') ?? 0),
      likes: brief ? null : (visitsByKind.get('star') ?? 0),
    },
    daily: brief ? [] : days.map((d) => ({ day: d, works: worksByDay.get(d) ?? 0, submissions: submitByDay.get(d) ?? 0 })),
    topClasses: top.map((r) => ({ departId: r.depart_id, departName: r.depart_name, works: n(r.works), submitted: n(r.submitted) })),
  };
}

/** The age at which published homework ends, when the 结束过期班级作业 job runs (null while it is stopped). */
async function homeworkAutoEndDays(db: Db): Promise<number | null> {
  const job = await db
    .selectFrom('sys_quartz_job')
    .select(['parameter'])
    .where('job_class_name', '=', 'endOldHomework')
    .where('status', '=', 0)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  if (!job) return null;
  try {
    const days = Number((JSON.parse(job.parameter ?? '{}') as { days?: unknown }).days ?? 30);
    return Number.isFinite(days) && days > 0 ? days : 30;
  } catch {
    return 30;
  }
}

export async function workplaceData(db: Db, scope: UserScope, opts: { now?: Date; limit?: number } = {}): Promise<WorkplaceData> {
  const now = opts.now ?? new Date();
  const limit = opts.limit ?? 8;
  const autoEndDays = await homeworkAutoEndDays(db);
  const empty: WorkplaceData = { ungraded: { total: 0, records: [] }, homework: { autoEndDays, endingSoon: [], recent: [] }, activity: [] };
  const restrict = await worksScope(db, scope);
  if (!restrict) return empty;
  const departs = scope.all ? null : (await scopeDepartIds(db, scope).execute()).map((r) => r.id);

  const ungradedCountQ = restrict(db.selectFrom('teaching_work as w').select(sql<number>`count(*)`.as('n')).where('w.del_flag', '=', 0).where('w.work_status', '=', WORK_STATUS.submitted));
  // The newest works are picked first (an index walk by time), then their names joined: joined first, SQLite
  // would start from every user.
  const newestUngraded = restrict(
    db
      .selectFrom('teaching_work as w')
      .select(['w.id', 'w.user_id', 'w.depart_id', 'w.additional_id', 'w.work_name', 'w.work_type', 'w.create_time'])
      .where('w.del_flag', '=', 0)
      .where('w.work_status', '=', WORK_STATUS.submitted)
      .orderBy('w.create_time', 'desc')
      .orderBy('w.id', 'desc')
      .limit(limit),
  ).as('w');
  const ungradedQ = db
    .selectFrom(newestUngraded)
    .innerJoin('sys_user as u', 'u.id', 'w.user_id')
    .leftJoin('sys_depart as d', 'd.id', 'w.depart_id')
    .leftJoin('teaching_additional_work as a', 'a.id', 'w.additional_id')
    .select(['w.id', 'w.work_name', 'w.work_type', 'w.create_time', 'u.realname', 'u.username', 'd.depart_name', 'a.work_name as homework_name'])
    .orderBy('w.create_time', 'desc')
    .orderBy('w.id', 'desc');

  // Published homework assigned to a class in the scope.
  const assigned = db.selectFrom('teaching_additional_work_dept as ad').select('ad.additional_id').where('ad.dept_id', 'in', departs?.length ? departs : ['']);
  const inScope = <DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>) => (departs ? q.where(sql<SqlBool>`${sql.ref('a.id')} in ${assigned}`) : q);
  const window = HOMEWORK_WINDOW_DAYS * DAY_MS;
  const recentQ = inScope(
    db
      .selectFrom('teaching_additional_work as a')
      .select(['a.id', 'a.work_name', 'a.create_time'])
      .where('a.status', '=', 1)
      .where('a.create_time', '>=', formatDateTime(new Date(now.getTime() - window)))
      .orderBy('a.create_time', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit),
  );
  // Ending within the window: published more than (days − window) days ago, not yet ended by the job.
  const endingQ =
    autoEndDays === null
      ? null
      : inScope(
          db
            .selectFrom('teaching_additional_work as a')
            .select(['a.id', 'a.work_name', 'a.create_time'])
            .where('a.status', '=', 1)
            .where('a.create_time', '<', formatDateTime(new Date(now.getTime() - autoEndDays * DAY_MS + window)))
            .orderBy('a.create_time', 'asc')
            .orderBy('a.id', 'asc')
            .limit(limit),
        );

  const newestWorks = restrict(
    db.selectFrom('teaching_work as w').select(['w.id', 'w.user_id', 'w.work_name', 'w.work_status', 'w.create_time']).where('w.del_flag', '=', 0).orderBy('w.create_time', 'desc').limit(limit),
  ).as('w');
  const savedQ = db
    .selectFrom(newestWorks)
    .innerJoin('sys_user as u', 'u.id', 'w.user_id')
    .select(['w.id', 'w.work_name', 'w.work_status', 'w.create_time as time', 'u.realname'])
    .orderBy('w.create_time', 'desc');
  const commentsQ = restrict(
    db
      .selectFrom('teaching_work_comment as c')
      .innerJoin('teaching_work as w', 'w.id', 'c.work_id')
      .leftJoin('sys_user as u', 'u.id', 'c.user_id')
      .select(['w.id', 'w.work_name', 'c.comment', 'c.create_time as time', 'u.realname'])
      .where('w.del_flag', '=', 0)
      .orderBy('c.create_time', 'desc')
      .limit(limit),
  );

  const [count, ungraded, recent, ending, saved, comments] = await Promise.all([
    ungradedCountQ.executeTakeFirst(),
    ungradedQ.execute(),
    recentQ.execute() as Promise<{ id: string; work_name: string; create_time: string }[]>,
    (endingQ ? endingQ.execute() : Promise.resolve([])) as Promise<{ id: string; work_name: string; create_time: string }[]>,
    savedQ.execute(),
    commentsQ.execute(),
  ]);

  const homeworkIds = [...new Set([...recent, ...ending].map((h) => h.id))];
  const details = await homeworkDetails(db, homeworkIds, departs);
  const item = (h: { id: string; work_name: string; create_time: string }): HomeworkItem => {
    const d = details.get(h.id);
    const created = new Date(h.create_time.replace(' ', 'T'));
    return {
      id: h.id,
      workName: h.work_name,
      createTime: h.create_time,
      classes: d?.classes ?? '',
      submitted: d?.submitted ?? 0,
      members: d?.members ?? 0,
      endsAt: autoEndDays === null ? null : formatDateTime(new Date(created.getTime() + autoEndDays * DAY_MS)),
    };
  };

  const activity: WorkplaceData['activity'] = [
    ...saved.map((w) => ({ kind: (w.work_status >= WORK_STATUS.submitted ? 'submit' : 'save') as 'save' | 'submit', time: w.time ?? '', realname: w.realname, workId: w.id, workName: w.work_name, text: '' })),
    ...comments.map((c) => ({ kind: 'comment' as const, time: c.time ?? '', realname: c.realname ?? '游客', workId: c.id, workName: c.work_name, text: c.comment })),
  ]
    .sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0))
    .slice(0, limit);

  return {
    ungraded: {
      total: n(count?.n),
      records: ungraded.map((w) => ({
        id: w.id,
        workName: w.work_name,
        workType: w.work_type,
        realname: w.realname,
        username: w.username,
        departName: w.depart_name ?? '',
        homeworkName: w.homework_name ?? '',
        createTime: w.create_time ?? '',
      })),
    },
    homework: { autoEndDays, endingSoon: ending.map(item), recent: recent.map(item) },
    activity,
  };
}

/** Class names, students and students who handed in, of each homework (within the scope's classes). */
async function homeworkDetails(db: Db, ids: string[], departs: string[] | null) {
  const out = new Map<string, { classes: string; members: number; submitted: number }>();
  if (!ids.length) return out;
  let classesQ = db
    .selectFrom('teaching_additional_work_dept as ad')
    .innerJoin('sys_depart as d', 'd.id', 'ad.dept_id')
    .select(['ad.additional_id', 'd.depart_name'])
    .where('ad.additional_id', 'in', ids)
    .orderBy('d.org_code');
  let membersQ = db
    .selectFrom('teaching_additional_work_dept as ad')
    .innerJoin('sys_user_depart as m', 'm.dep_id', 'ad.dept_id')
    .innerJoin('sys_user as u', 'u.id', 'm.user_id')
    .select(['ad.additional_id', sql<number>`count(distinct m.user_id)`.as('n')])
    .where('ad.additional_id', 'in', ids)
    .where('u.del_flag', '=', 0)
    .where('u.user_identity', '=', 1)
    .groupBy('ad.additional_id');
  let submittedQ = db
    .selectFrom('teaching_work as w')
    .select(['w.additional_id', sql<number>`count(distinct w.user_id)`.as('n')])
    .where('w.additional_id', 'in', ids)
    .where('w.del_flag', '=', 0)
    .where('w.work_status', '>=', WORK_STATUS.submitted)
    .groupBy('w.additional_id');
  if (departs) {
    const scoped = departs.length ? departs : [''];
    classesQ = classesQ.where('ad.dept_id', 'in', scoped);
    membersQ = membersQ.where('ad.dept_id', 'in', scoped);
    submittedQ = submittedQ.where('w.user_id', 'in', db.selectFrom('sys_user_depart as sud').select('sud.user_id').where('sud.dep_id', 'in', scoped));
  }
  const [classes, members, submitted] = await Promise.all([classesQ.execute(), membersQ.execute(), submittedQ.execute()]);
  for (const id of ids) out.set(id, { classes: '', members: 0, submitted: 0 });
  for (const c of classes) {
    const o = out.get(c.additional_id)!;
    o.classes = o.classes ? `${o.classes}、${c.depart_name}` : c.depart_name;
  }
  for (const m of members) out.get(m.additional_id)!.members = n(m.n);
  for (const s of submitted) out.get(s.additional_id)!.submitted = n(s.n);
  return out;
}

/** A user's own works, the latest grades and remarks on them, and the homework of their classes not yet handed in. */
export async function studentHome(db: Db, userId: string, limit = 5): Promise<StudentHome> {
  const classIds = await userClassIds(db, userId);
  const countsQ = db
    .selectFrom('teaching_work as w')
    .select([
      sql<number>`count(*)`.as('works'),
      sql<number>`coalesce(sum(case when w.work_status >= ${sql.lit(WORK_STATUS.submitted)} then 1 else 0 end), 0)`.as('submitted'),
      sql<number>`coalesce(sum(case when w.work_status >= ${sql.lit(WORK_STATUS.graded)} then 1 else 0 end), 0)`.as('graded'),
    ])
    .where('w.user_id', '=', userId)
    .where('w.del_flag', '=', 0);
  const latestQ = db
    .selectFrom('teaching_work as w')
    .select(['w.id', 'w.work_name', 'w.work_type', 'w.work_status', 'w.create_time'])
    .select((eb) => [
      eb.selectFrom('teaching_work_correct as g').select('g.score').whereRef('g.work_id', '=', 'w.id').orderBy('g.create_time', 'desc').limit(1).as('score'),
      eb.selectFrom('teaching_work_correct as g').select('g.comment').whereRef('g.work_id', '=', 'w.id').orderBy('g.create_time', 'desc').limit(1).as('comment'),
    ])
    .where('w.user_id', '=', userId)
    .where('w.del_flag', '=', 0)
    .orderBy('w.create_time', 'desc')
    .orderBy('w.id', 'desc')
    .limit(limit);
  const commentsQ = db
    .selectFrom('teaching_work_comment as c')
    .innerJoin('teaching_work as w', 'w.id', 'c.work_id')
    .leftJoin('sys_user as u', 'u.id', 'c.user_id')
    .select(['w.id', 'w.work_name', 'c.comment', 'c.create_time', 'u.realname'])
    .where('w.user_id', '=', userId)
    .where('w.del_flag', '=', 0)
    .where((eb) => eb.or([eb('c.user_id', 'is', null), eb('c.user_id', '<>', userId)]))
    .orderBy('c.create_time', 'desc')
    .limit(limit);
  const todo = () =>
    db
      .selectFrom('teaching_additional_work as a')
      .where('a.status', '=', 1)
      .where('a.id', 'in', db.selectFrom('teaching_additional_work_dept as ad').select('ad.additional_id').where('ad.dept_id', 'in', classIds))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('teaching_work as w')
              .select('w.id')
              .whereRef('w.additional_id', '=', 'a.id')
              .where('w.user_id', '=', userId)
              .where('w.del_flag', '=', 0)
              .where('w.work_status', '>=', WORK_STATUS.submitted),
          ),
        ),
      );
  const [counts, latest, comments, todoCount, todoRows] = await Promise.all([
    countsQ.executeTakeFirst(),
    latestQ.execute(),
    commentsQ.execute(),
    classIds.length ? todo().select(sql<number>`count(*)`.as('n')).executeTakeFirst() : Promise.resolve({ n: 0 }),
    classIds.length
      ? todo()
          .leftJoin('sys_user as t', 't.username', 'a.create_by')
          .select(['a.id', 'a.work_name', 'a.create_time', 't.realname'])
          .orderBy('a.create_time', 'desc')
          .orderBy('a.id', 'desc')
          .limit(limit)
          .execute()
      : Promise.resolve([]),
  ]);
  return {
    counts: { works: n(counts?.works), submitted: n(counts?.submitted), graded: n(counts?.graded) },
    latestWorks: latest.map((w) => ({
      id: w.id,
      workName: w.work_name,
      workType: w.work_type,
      workStatus: w.work_status,
      createTime: w.create_time ?? '',
      score: w.score === null || w.score === undefined ? null : n(w.score),
      comment: w.comment ?? null,
    })),
    comments: comments.map((c) => ({ workId: c.id, workName: c.work_name, realname: c.realname ?? '游客', comment: c.comment, createTime: c.create_time ?? '' })),
    homework: {
      total: n(todoCount?.n),
      records: todoRows.map((h) => ({ id: h.id, workName: h.work_name, createTime: h.create_time ?? '', teacherName: h.realname ?? '' })),
    },
  };
}
