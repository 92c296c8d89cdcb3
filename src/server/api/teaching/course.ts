// GET /teaching/teachingCourse/getHomeCourse (public): the recommended courses of the home page.
import { z } from 'zod';
import { homeCourses } from '../../domain/courses.js';
import { PUBLIC, type ApiRoutes } from '../access.js';
import { ok, page, paging, queryParams } from '../envelope.js';

const query = z.object({
  courseName: z.string().max(64, '课程名称过长').optional(),
  courseType: z.string().max(16, '课程类型格式不正确').optional(),
  courseCategory: z.string().max(16, '课程分类格式不正确').optional(),
});

export function registerCourseRoutes(r: ApiRoutes) {
  r.get('/teaching/teachingCourse/getHomeCourse', PUBLIC, async (c) => {
    const q = queryParams(c, query);
    if (!q.ok) return q.response;
    const { pageNo, pageSize } = paging(c, 10, 100);
    const { records, total } = await homeCourses(c.get('deps').db, { pageNo, pageSize, ...q.data });
    return ok(c, page(records, total, pageNo, pageSize), '操作成功！', 200);
  });
}
