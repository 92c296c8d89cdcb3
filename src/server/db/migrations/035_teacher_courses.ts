// Teachers author courses: databases seeded before get the seed's grants of 课程管理 (课程包管理, 课程单元管理 and
// their 添加/编辑/删除 buttons) to the teacher role. What a teacher may change is the API's rule (their own courses
// and the units of those, api/teaching/course-access.ts), so the grant opens nothing of anyone else's.
import type { Kysely } from 'kysely';
import { grantSeededEntries } from '../seed/menu-sync.js';

export const COURSE_SCREENS: readonly (readonly [string, string])[] = [
  ['/course/course', 'teaching/TeachingCourseList'],
  ['/course/courseUnit', 'teaching/TeachingCourseUnitList'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await grantSeededEntries(db, COURSE_SCREENS);
}

/** Nothing to undo safely: the grants may have been changed since. */
export async function down(): Promise<void> {}
