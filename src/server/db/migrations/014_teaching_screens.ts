// The teaching screens built after migration 007 hid their menu entries: databases seeded before they existed
// get them back (un-hidden with the grants 007 kept, or inserted with the seed's grants), with their route
// containers and button permissions. The list is a snapshot of what this migration brings; it never changes.
import type { Kysely } from 'kysely';
import { syncSeededEntries } from '../seed/menu-sync.js';

export const TEACHING_SCREENS: readonly (readonly [string, string])[] = [
  ['/teaching/mineCourse/cardList', 'account/course/CourseListCard'], // 我的课程
  ['/teaching/mineCourse/courseUnitMap', 'account/course/CourseUnitMap'], // 课程单元-地图
  ['/teaching/mineCourse/courseUnitCard', 'account/course/CourseUnitListCard'], // 课程单元-卡片
  ['/account/mineWork', 'account/center/MineWorkList'], // 我的作品列表
  ['/center/myAdditionalWork', 'account/course/MyAdditionalWorkList'], // 我的作业
  ['/teaching/workList', 'teaching/TeachingWorkList'], // 作业管理
  ['/work/additionalWork', 'teaching/TeachingAdditionalWorkList'], // 布置班级作业
  ['/scratch/assets', 'teaching/TeachingScratchAssetsList'], // Scratch素材库
  ['/report/depart', 'report/TeacherReport'], // 班级教学记录
  ['/isystem/departDetailList', 'system/DepartList'], // 班级管理: its 课程 tab button depart:course, with its grants
];

export async function up(db: Kysely<any>): Promise<void> {
  await syncSeededEntries(db, TEACHING_SCREENS);
}

/** Nothing to undo safely: the rows may have been edited or granted further since. */
export async function down(): Promise<void> {}
