// Courses as the public catalogue shows them.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { sanitizeRichHtml } from '../shared/rich-text.js';
import { decorate } from './dicts.js';
import { camel, fileUrl } from './serialize.js';
import { contains } from './sql-like.js';

export interface HomeCourseQuery {
  pageNo: number;
  pageSize: number;
  courseName?: string;
  courseType?: string;
  courseCategory?: string;
}

/** Courses shown on the home page (show_home = 1), by their order. */
export async function homeCourses(db: Kysely<Database>, q: HomeCourseQuery) {
  let base = db.selectFrom('teaching_course').where('show_home', '=', 1).where('del_flag', '=', 0);
  if (q.courseName) base = base.where(contains('course_name', q.courseName));
  if (q.courseType) base = base.where('course_type', '=', q.courseType);
  if (q.courseCategory) base = base.where('course_category', '=', q.courseCategory);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('order_num', 'asc')
      .orderBy('create_time', 'desc')
      .orderBy('id', 'asc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const records = rows.map((r) => ({
    ...camel(r),
    isShared: r.is_shared === 1,
    showHome: r.show_home === 1,
    // Rich text (teaching-open edits it with an HTML editor): served through the one sanitiser.
    courseDesc: r.course_desc == null ? null : sanitizeRichHtml(r.course_desc),
    courseCover_url: fileUrl(r.course_cover),
    courseIcon_url: fileUrl(r.course_icon),
  }));
  return {
    records: await decorate(db, records, { courseType: 'course_type', courseCategory: 'course_category' }),
    total: Number(total?.n ?? 0),
  };
}
