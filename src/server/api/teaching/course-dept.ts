// /teaching/teachingCourseDept: which classes take which course, and from when (开课时间). Used by the 课程
// tab of 班级管理. The rules (the caller's department scope, courses authorised for the class) and the writes are
// domain/course-assignment.ts's; this parses, lists and answers.
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { departCourseApi } from '../../contracts/departs.js';
import { assignCourses, removeAssignments, setOpenTime, type ClassScope } from '../../domain/course-assignment.js';
import { LOGGED_IN, perm, type ApiRoutes } from '../access.js';
import { fail, jsonBody, ok, page, paging } from '../envelope.js';
import { idList } from '../list-query.js';
import { departScope } from '../sys/depart-scope.js';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

/** 'YYYY-MM-DD HH:mm[:ss]' (or the T form a datetime-local input sends) → 'YYYY-MM-DD HH:mm:ss'; '' → null. */
const openTime = z
  .string({ message: '开课时间格式不正确' })
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    if (!DATE_TIME.test(v) || Number.isNaN(Date.parse(v.replace(' ', 'T')))) {
      ctx.addIssue({ code: 'custom', message: '开课时间格式不正确，应为 年-月-日 时:分' });
      return z.NEVER;
    }
    const t = v.replace('T', ' ');
    return t.length === 16 ? `${t}:00` : t;
  });

/** Class–course rows joined with the course and the class, as the anchor's list answers them. */
function rows(c: Context<ApiEnv>, scope: ClassScope) {
  let q = c
    .get('deps')
    .db.selectFrom('teaching_course_dept as cd')
    .innerJoin('teaching_course as c', 'c.id', 'cd.course_id')
    .innerJoin('sys_depart as d', 'd.id', 'cd.dept_id');
  if (!scope.all) q = q.where('cd.dept_id', 'in', scope.ids.size ? [...scope.ids] : ['']);
  return q;
}

export function registerCourseDeptRoutes(r: ApiRoutes) {
  r.at(departCourseApi.list, LOGGED_IN, async (c) => {
    const scope = await departScope(c);
    const { pageNo, pageSize, offset } = paging(c, 10, 500);
    let q = rows(c, scope);
    const deptId = c.req.query('deptId');
    const courseId = c.req.query('courseId');
    if (deptId) q = q.where('cd.dept_id', '=', deptId);
    if (courseId) q = q.where('cd.course_id', '=', courseId);
    const [list, count] = await Promise.all([
      q
        .select([
          'cd.id',
          'cd.dept_id as deptId',
          'cd.course_id as courseId',
          'cd.open_time as openTime',
          'cd.create_time as createTime',
          'c.course_name as courseName',
          'c.course_cover as courseCover',
          'c.show_type as showType',
          'c.is_shared as isShared',
          'c.course_type as courseType',
          'c.course_category as courseCategory',
          'd.depart_name as departName',
        ])
        .orderBy('c.order_num', 'asc')
        .orderBy('cd.id', 'asc')
        .limit(pageSize)
        .offset(offset)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return ok(c, page(list.map((x) => ({ ...x, isShared: x.isShared === 1 })), Number(count?.n ?? 0), pageNo, pageSize), '操作成功！', 0);
  });

  r.get('/teaching/teachingCourseDept/queryById', LOGGED_IN, async (c) => {
    const row = await rows(c, await departScope(c))
      .select(['cd.id', 'cd.dept_id as deptId', 'cd.course_id as courseId', 'cd.open_time as openTime', 'c.course_name as courseName', 'd.depart_name as departName'])
      .where('cd.id', '=', c.req.query('id') ?? '')
      .executeTakeFirst();
    return row ? ok(c, row, '操作成功！', 200) : fail(c, '未找到对应数据');
  });

  r.at(departCourseApi.add, perm('depart:course'), async (c) => {
    const body = await jsonBody(
      c,
      z.object({
        deptId: z.string({ message: '请选择班级' }).min(1, '请选择班级').max(64, '班级格式不正确'),
        courseIdList: z.array(z.string().min(1).max(64), { message: '请选择课程' }).min(1, '请选择课程').max(200, '一次最多添加200门课程'),
      }),
    );
    if (!body.ok) return body.response;
    const done = await assignCourses(c.get('deps').db, c.get('user')!, await departScope(c), body.data.deptId, body.data.courseIdList);
    return done.ok ? ok(c, null, '操作成功！', 200) : fail(c, done.message);
  });

  r.at(departCourseApi.setOpenTime, perm('depart:course'), async (c) => {
    const body = await jsonBody(c, z.object({ id: z.string({ message: 'id不能为空' }).min(1, 'id不能为空').max(64, 'id格式不正确'), openTime }));
    if (!body.ok) return body.response;
    const done = await setOpenTime(c.get('deps').db, c.get('user')!, await departScope(c), body.data.id, body.data.openTime);
    return done.ok ? ok(c, null, '编辑成功!', 200) : fail(c, done.message);
  });

  const remove = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '请选择要删除的记录');
    const done = await removeAssignments(c.get('deps').db, await departScope(c), ids);
    return done.ok ? ok(c, null, '删除成功!', 200) : fail(c, done.message);
  };
  r.delete('/teaching/teachingCourseDept/delete', perm('depart:course'), (c) => remove(c, idList(c.req.query('id'), 1)));
  r.at(departCourseApi.removeBatch, perm('depart:course'), (c) => remove(c, idList(c.req.query('ids'))));
}
