// GET /teaching/teachingDepartDayLog/unitViewLog?unitId=: called whenever a unit opens. A teacher opening a
// unit counts 开课 (unit_open_count) once per class and unit, for the first class of theirs (member, else
// managed) that has the unit's course; students and others count nothing. The caller must be allowed to see
// the unit (the one course visibility rule).
import { z } from 'zod';
import { dayLogApi } from '../../contracts/reports.js';
import { NO_COURSE_PERMISSION, teacherClassForCourse, visibleCourse } from '../../domain/courses.js';
import { recordClassEvent } from '../../domain/day-log.js';
import { userScope } from '../../domain/user-scope.js';
import { LOGGED_IN, type ApiRoutes } from '../access.js';
import { fail, ok, queryParams } from '../envelope.js';
import { courseViewer } from './course-access.js';

const query = z.object({ unitId: z.string({ message: '请指定课程单元' }).trim().min(1, '请指定课程单元').max(64, '单元id格式不正确') });

export function registerUnitViewLogRoutes(r: ApiRoutes) {
  r.at(dayLogApi.unitView, LOGGED_IN, async (c) => {
    const q = queryParams(c, query);
    if (!q.ok) return q.response;
    const { db } = c.get('deps');
    const unit = await db.selectFrom('teaching_course_unit').select(['id', 'course_id']).where('id', '=', q.data.unitId).where('del_flag', '=', 0).executeTakeFirst();
    if (!unit) return fail(c, '未找到对应数据');
    const viewer = (await courseViewer(c))!;
    if (!(await visibleCourse(db, viewer, unit.course_id))) return fail(c, NO_COURSE_PERMISSION);
    const user = c.get('user')!;
    if (user.userIdentity === 2) {
      const scope = await userScope(db, user);
      const departId = await teacherClassForCourse(db, { ...viewer, managedOrgCodes: scope.all ? [] : scope.orgCodes }, unit.course_id);
      if (departId) await recordClassEvent(db, departId, 'unitOpen', unit.id);
    }
    return ok(c, null, '操作成功！', 200);
  });
}
