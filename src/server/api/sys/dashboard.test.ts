// 仪表盘 API: the figures match what the database holds (counted here row by row, not by the same SQL), a
// teacher's figures and to-do hold only the classes they manage (a class outside their grade, with its own
// student, works and homework, never shows), a student reaches only their own home, and 监控页's health check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { newId } from '../../domain/ids.js';
import { formatDateTime } from '../../domain/time.js';
import type { AnalysisFigures, StudentHome, WorkplaceData } from '../../contracts/dashboards.js';
import { addClass, addUser, storedFile } from '../teaching/work-fixtures.js';

const DAY = 86_400_000;

describe.each(dialects)('仪表盘 API on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const today = formatDateTime().slice(0, 10);

  async function work(username: string, name: string, status: number, opts: { depart?: string; views?: number; stars?: number; at?: string; additional?: string } = {}) {
    const file = await storedFile(t, username);
    const id = newId();
    await t.db
      .insertInto('teaching_work')
      .values({
        id,
        user_id: await t.userId(username),
        depart_id: opts.depart ?? '',
        additional_id: opts.additional ?? '',
        work_name: name,
        work_type: '2',
        work_file: file.id,
        work_status: status,
        view_num: opts.views ?? 0,
        star_num: opts.stars ?? 0,
        del_flag: 0,
        work_scene: opts.additional ? 'additional' : 'create',
        create_by: username,
        create_time: opts.at ?? formatDateTime(),
      })
      .execute();
    return id;
  }

  async function homework(name: string, daysAgo: number, departs: string[]) {
    const id = newId();
    await t.db
      .insertInto('teaching_additional_work')
      .values({ id, work_name: name, code_type: 2, status: 1, create_by: 'teacher', create_time: formatDateTime(new Date(Date.now() - daysAgo * DAY)) })
      .execute();
    for (const d of departs) await t.db.insertInto('teaching_additional_work_dept').values({ id: newId(), additional_id: id, dept_id: d }).execute();
    return id;
  }

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    const depart = (name: string) => t.db.selectFrom('sys_depart').selectAll().where('depart_name', '=', name).executeTakeFirstOrThrow();
    ids.class1 = (await depart('一年级一班')).id;
    const school = await depart('希望小学');
    // A class outside the teacher's grade, with its own student, works and homework.
    ids.other = await addClass(t, '二年级九班', '希望小学', `${school.org_code}Z09`);
    await addUser(t, 'outsider', '外班同学', 'student', [ids.other]);
    ids.outsideUngraded = await work('outsider', '外班待批改', 1, { depart: ids.other, views: 7, stars: 3 });
    await work('outsider', '外班草稿', 0, { depart: ids.other });
    ids.ungraded = await work('student1', '待批改测试作品', 1, { depart: ids.class1, views: 5, stars: 2 });
    await t.db.insertInto('teaching_work_comment').values({ id: newId(), work_id: ids.ungraded, comment: '画得真好！', user_id: await t.userId('student2'), create_by: 'student2', create_time: formatDateTime() }).execute();
    await t.db.insertInto('teaching_work_visit').values([
      { kind: 'view', work_id: ids.ungraded, visitor_key: 'u:x', day: today },
      { kind: 'star', work_id: ids.outsideUngraded, visitor_key: 'u:y', day: today },
    ]).execute();
    // Published 26 days ago: with the 30-day auto-end it ends in 4 days.
    ids.ending = await homework('即将结束的作业', 26, [ids.class1]);
    ids.otherEnding = await homework('外班的作业', 26, [ids.other]);
    await t.db.updateTable('sys_quartz_job').set({ status: 0, parameter: '{"days":30}' }).where('job_class_name', '=', 'endOldHomework').execute();
    for (const u of ['admin', 'teacher', 'student1', 'outsider']) tok[u] = await t.login(u);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Everything the figures are drawn from, read plainly. */
  async function snapshot() {
    const users = await t.db.selectFrom('sys_user').select(['id', 'del_flag']).execute();
    const roles = await t.db.selectFrom('sys_user_role as ur').innerJoin('sys_role as r', 'r.id', 'ur.role_id').select(['ur.user_id', 'r.role_code']).execute();
    const works = await t.db.selectFrom('teaching_work').selectAll().where('del_flag', '=', 0).execute();
    const members = await t.db.selectFrom('sys_user_depart').select(['user_id', 'dep_id']).execute();
    const departs = await t.db.selectFrom('sys_depart').select(['id', 'org_code', 'depart_name']).execute();
    return { users: users.filter((u) => u.del_flag === 0), roles, works, members, departs };
  }

  /** The teacher manages 一年级: the members of the classes under it. */
  async function teacherMembers() {
    const s = await snapshot();
    const grade = s.departs.find((d) => d.depart_name === '一年级')!;
    const depIds = new Set(s.departs.filter((d) => d.org_code.startsWith(grade.org_code)).map((d) => d.id));
    return new Set(s.members.filter((m) => depIds.has(m.dep_id)).map((m) => m.user_id));
  }

  it('分析页 for the admin: the school\'s users by role, works, views and likes, the 30 days and the top classes', async () => {
    const res = await t.api<AnalysisFigures>('GET', '/dashboard/analysis', { token: tok.admin });
    expect(res.body.success).toBe(true);
    const a = res.body.result;
    const s = await snapshot();
    expect(a.scope).toBe('all');
    expect(a.users.total).toBe(s.users.length);
    const live = new Set(s.users.map((u) => u.id));
    const students = new Set(s.roles.filter((r) => r.role_code === 'student' && live.has(r.user_id)).map((r) => r.user_id)).size;
    expect(a.users.byRole.find((r) => r.roleCode === 'student')?.count).toBe(students);
    expect(a.users.byRole.find((r) => r.roleCode === 'admin')?.count).toBe(1);
    expect(a.works.total).toBe(s.works.length);
    expect(a.works.ungraded).toBe(s.works.filter((w) => w.work_status === 1).length);
    expect(a.works.submitted).toBe(s.works.filter((w) => w.work_status >= 1).length);
    expect(a.works.views).toBe(s.works.reduce((sum, w) => sum + w.view_num, 0));
    expect(a.works.likes).toBe(s.works.reduce((sum, w) => sum + w.star_num, 0));
    expect(a.today).toMatchObject({ works: s.works.filter((w) => w.create_time?.startsWith(today)).length, views: 1, likes: 1 });
    expect(a.daily).toHaveLength(30);
    expect(a.daily[29]).toMatchObject({ day: today, works: a.today.works });
    expect(a.daily.reduce((sum, d) => sum + d.works, 0)).toBe(s.works.filter((w) => (w.create_time ?? '') >= `${a.daily[0].day} 00:00:00`).length);
    const other = a.topClasses.find((c) => c.departId === ids.other);
    expect(other).toEqual({ departId: ids.other, departName: '二年级九班', works: 2, submitted: 1 });

    // The home's brief figures: the same counts, without what needs a scan of every work.
    const brief = (await t.api<AnalysisFigures>('GET', '/dashboard/analysis?brief=1', { token: tok.admin })).body.result;
    expect(brief).toMatchObject({ brief: true, users: a.users, daily: [], topClasses: [], works: { ...a.works, views: null, likes: null }, today: { works: a.today.works, submissions: a.today.submissions, views: null } });
  });

  it('分析页 for a teacher: only the members and works of the classes they manage', async () => {
    const res = await t.api<AnalysisFigures>('GET', '/dashboard/analysis', { token: tok.teacher });
    const a = res.body.result;
    const s = await snapshot();
    const members = await teacherMembers();
    const live = new Set(s.users.map((u) => u.id));
    expect(a.scope).toBe('classes');
    expect(a.users.total).toBe([...members].filter((id) => live.has(id)).length);
    const theirs = s.works.filter((w) => members.has(w.user_id));
    expect(a.works.total).toBe(theirs.length);
    expect(a.works.views).toBe(theirs.reduce((sum, w) => sum + w.view_num, 0));
    expect(a.today).toMatchObject({ views: 1, likes: 0 });
    expect(a.topClasses.map((c) => c.departId)).not.toContain(ids.other);
    expect(a.topClasses.find((c) => c.departId === ids.class1)?.works).toBe(theirs.filter((w) => w.depart_id === ids.class1 && (w.create_time ?? '') >= `${a.daily[0].day} 00:00:00`).length);
  });

  it('工作台 for a teacher: their ungraded works, the homework ending soon, their classes\' activity — never another class\'s', async () => {
    const res = await t.api<WorkplaceData>('GET', '/dashboard/workplace', { token: tok.teacher });
    expect(res.body.success).toBe(true);
    const w = res.body.result;
    const s = await snapshot();
    const members = await teacherMembers();
    expect(w.ungraded.total).toBe(s.works.filter((x) => x.work_status === 1 && members.has(x.user_id)).length);
    expect(w.ungraded.records[0]).toMatchObject({ id: ids.ungraded, workName: '待批改测试作品', realname: '小明', departName: '一年级一班' });
    expect(w.ungraded.records.map((r) => r.id)).not.toContain(ids.outsideUngraded);
    expect(w.homework.autoEndDays).toBe(30);
    const ending = w.homework.endingSoon.find((h) => h.id === ids.ending);
    expect(ending).toMatchObject({ workName: '即将结束的作业', classes: '一年级一班', submitted: 0 });
    const studentsOfClass1 = await t.db
      .selectFrom('sys_user_depart as m')
      .innerJoin('sys_user as u', 'u.id', 'm.user_id')
      .select('u.id')
      .where('m.dep_id', '=', ids.class1)
      .where('u.user_identity', '=', 1)
      .where('u.del_flag', '=', 0)
      .execute();
    expect(ending?.members).toBe(studentsOfClass1.length);
    expect(ending?.members).toBeGreaterThan(0);
    expect(w.homework.endingSoon.map((h) => h.id)).not.toContain(ids.otherEnding);
    expect(w.homework.recent.map((h) => h.id)).not.toContain(ids.ending);
    expect(w.activity.some((a) => a.kind === 'comment' && a.text === '画得真好！' && a.workId === ids.ungraded)).toBe(true);
    expect(w.activity.map((a) => a.workName)).not.toContain('外班草稿');
    expect(w.activity.map((a) => a.workName)).not.toContain('外班待批改');

    // The admin's to-do holds the other class too.
    const all = (await t.api<WorkplaceData>('GET', '/dashboard/workplace', { token: tok.admin })).body.result;
    expect(all.ungraded.total).toBe(s.works.filter((x) => x.work_status === 1).length);
    expect(all.homework.endingSoon.map((h) => h.id)).toContain(ids.otherEnding);
  });

  it('says when homework never ends on its own (the auto-end job stopped)', async () => {
    await t.db.updateTable('sys_quartz_job').set({ status: -1 }).where('job_class_name', '=', 'endOldHomework').execute();
    try {
      const w = (await t.api<WorkplaceData>('GET', '/dashboard/workplace', { token: tok.teacher })).body.result;
      expect(w.homework).toMatchObject({ autoEndDays: null, endingSoon: [] });
    } finally {
      await t.db.updateTable('sys_quartz_job').set({ status: 0 }).where('job_class_name', '=', 'endOldHomework').execute();
    }
  });

  it('the student home: their own works with grades, remarks by others, and the homework they have not handed in', async () => {
    const res = await t.api<StudentHome>('GET', '/dashboard/mine', { token: tok.student1 });
    expect(res.body.success).toBe(true);
    const h = res.body.result;
    const me = await t.userId('student1');
    const mine = (await snapshot()).works.filter((w) => w.user_id === me);
    expect(h.counts).toEqual({ works: mine.length, submitted: mine.filter((w) => w.work_status >= 1).length, graded: mine.filter((w) => w.work_status >= 2).length });
    expect(h.latestWorks[0]).toMatchObject({ id: ids.ungraded, workStatus: 1, score: null });
    const graded = await t.db
      .selectFrom('teaching_work_correct as g')
      .innerJoin('teaching_work as w', 'w.id', 'g.work_id')
      .select(['g.work_id', 'g.score'])
      .where('w.user_id', '=', me)
      .execute();
    for (const lw of h.latestWorks.filter((x) => graded.some((g) => g.work_id === x.id))) expect(lw.score).toBe(graded.find((g) => g.work_id === lw.id)!.score);
    expect(h.comments[0]).toMatchObject({ workId: ids.ungraded, realname: '小红', comment: '画得真好！' });
    // Homework of class1 still open and not handed in by student1 (read plainly).
    const open = await t.db
      .selectFrom('teaching_additional_work as a')
      .innerJoin('teaching_additional_work_dept as ad', 'ad.additional_id', 'a.id')
      .select('a.id')
      .where('a.status', '=', 1)
      .where('ad.dept_id', '=', ids.class1)
      .execute();
    const handedIn = new Set(mine.filter((w) => w.work_status >= 1).map((w) => w.additional_id));
    const todo = [...new Set(open.map((o) => o.id))].filter((id) => !handedIn.has(id));
    expect(h.homework.total).toBe(todo.length);
    expect(h.homework.records.map((r) => r.id)).toContain(ids.ending);
    expect(h.homework.records.map((r) => r.id)).not.toContain(ids.otherEnding);

    // Another student's home shows nothing of student1's.
    const theirs = (await t.api<StudentHome>('GET', '/dashboard/mine', { token: tok.outsider })).body.result;
    expect(theirs.counts.works).toBe(2);
    expect(theirs.latestWorks.map((w) => w.id)).not.toContain(ids.ungraded);
    expect(theirs.homework.records.map((r) => r.id)).toEqual([ids.otherEnding]);
  });

  it('refuses 分析页 and 工作台 to students, and the health check to everyone but the admin', async () => {
    for (const p of ['/dashboard/analysis', '/dashboard/workplace', '/actuator/health']) {
      const res = await t.api('GET', p, { token: tok.student1 });
      expect(res.status, p).toBe(403);
      expect(res.body.code, p).toBe(510);
    }
    expect((await t.api('GET', '/actuator/health', { token: tok.teacher })).status).toBe(403);
    const health = await t.api('GET', '/actuator/health', { token: tok.admin });
    expect(health.body.result).toMatchObject({ status: 'UP', components: { db: { status: 'UP', details: { database: dialect === 'postgres' ? 'PostgreSQL' : 'SQLite' } }, redis: { status: 'UNKNOWN' } } });
  });

  it('tells a teacher who manages no class so, instead of figures of nothing', async () => {
    await addUser(t, 'newteacher', '新老师', 'teacher', [ids.class1]);
    const token = await t.login('newteacher');
    for (const p of ['/dashboard/analysis', '/dashboard/workplace']) {
      const res = await t.api('GET', p, { token });
      expect(res.body, p).toMatchObject({ success: false, message: '您没有负责的班级' });
    }
  });

  it('registers the routes with the screens\' menu rules', () => {
    const access = (path: string) => t.apiRoutes.routes.find((r) => r.method === 'GET' && r.path === path)?.access;
    expect(access('/dashboard/analysis')).toEqual({ kind: 'menu', path: '/dashboard/analysis' });
    expect(access('/dashboard/workplace')).toEqual({ kind: 'menu', path: '/dashboard/workplace' });
    expect(access('/dashboard/mine')).toEqual({ kind: 'user' });
    expect(access('/actuator/health')).toEqual({ kind: 'role', codes: ['admin'] });
  });
});
