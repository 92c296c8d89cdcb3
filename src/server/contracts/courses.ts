// /teaching/teachingCourse and /teaching/teachingCourseUnit (课程包, 课程单元): the endpoints of 课程包管理,
// 课程单元管理 and its 地图编辑器, the course pickers, and the student's 我的课程 (courses, units, a unit).
import type { Page, Saved } from './shapes.js';
import { DELETE, GET, POST, PUT_OR_POST } from './endpoint.js';

/** A course as the student's reads answer it (mineCourse): the course with its cover and map. */
export interface CourseRecord {
  id: string;
  courseName: string;
  /** Rich HTML. */
  courseDesc: string | null;
  /** 0 卡片, 1 地图: how the student's unit view shows the units. */
  showType: number;
  courseCover_url: string | null;
  courseMap_url: string | null;
}

/** One course (queryById): what the caller may do with it, and its map's natural size. */
export interface CourseDetail extends CourseRecord {
  /** Whether the caller may change it (teachers: their own courses). */
  canEdit: boolean;
  courseMapWidth: number | null;
  courseMapHeight: number | null;
}

/** A course as the course list answers it (the fields the pickers read). */
export interface CourseListRow {
  id: string;
  courseName: string;
  createTime: string | null;
}

/** A course unit (CourseUnitModel); for a student, what the show-to-students flags hide is blank. */
export interface UnitRecord {
  id: string;
  unitName: string;
  courseId: string;
  unitIntro: string | null;
  /** Its place on the course map (pixels of the map's natural size); null: not placed yet. */
  mapX: number | null;
  mapY: number | null;
  unitCover_url: string | null;
  courseVideo: string | null;
  /** 1 uploaded file, 2 link, 3 embed. */
  courseVideoSource: number;
  courseVideo_url: string | null;
  courseCase_url: string | null;
  /** Rich HTML. */
  mediaContent: string | null;
  /** A work_type value: the editor 去做作业 opens. */
  courseWorkType: number | null;
  courseWork_url: string | null;
  /** Comma lists of URLs. */
  coursePpt_url: string | null;
  coursePlan_url: string | null;
}

type Sort = { column?: string; order?: 'asc' | 'desc' };
type Paging = { pageNo?: number | string; pageSize?: number | string };

export const courseApi = {
  /** The courses the caller may see; with `departId`, those authorised for the class or one of its ancestors. */
  list: GET<Page<CourseListRow>, { departId?: string; courseName?: string } & Sort & Paging>('/teaching/teachingCourse/list'),
  add: POST<Saved<{ id?: string }>>('/teaching/teachingCourse/add'),
  edit: PUT_OR_POST<Saved>('/teaching/teachingCourse/edit'),
  queryById: GET<CourseDetail, { id: string }>('/teaching/teachingCourse/queryById'),
  delete: DELETE<null, never, { id: string }>('/teaching/teachingCourse/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/teaching/teachingCourse/deleteBatch'),
  exportXls: GET<never>('/teaching/teachingCourse/exportXls'),
  /** The export's columns read back; each row checked and added as add would. */
  importExcel: POST<{ msg?: string }, FormData>('/teaching/teachingCourse/importExcel'),
  /** 我的课程: the shared courses and those of the caller's classes whose open time has passed. */
  mine: GET<CourseRecord[]>('/teaching/teachingCourse/mineCourse'),
};

export const courseUnitApi = {
  list: GET<Page<UnitRecord>, { courseId?: string } & Sort & Paging>('/teaching/teachingCourseUnit/list'),
  add: POST<Saved<{ id?: string }>>('/teaching/teachingCourseUnit/add'),
  edit: PUT_OR_POST<Saved>('/teaching/teachingCourseUnit/edit'),
  queryById: GET<UnitRecord, { id: string }>('/teaching/teachingCourseUnit/queryById'),
  delete: DELETE<null, never, { id: string }>('/teaching/teachingCourseUnit/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/teaching/teachingCourseUnit/deleteBatch'),
  exportXls: GET<never>('/teaching/teachingCourseUnit/exportXls'),
  importExcel: POST<{ msg?: string }, FormData>('/teaching/teachingCourseUnit/importExcel'),
  /** 地图编辑器: the map coordinates of several units at once (every id must exist, else nothing changes). */
  saveMapPositions: PUT_OR_POST<null, { id: string; mapX: number | string; mapY: number | string }[]>('/teaching/teachingCourseUnit/editBatch'),
  /** The student's units of a course they may see, in order. */
  mine: GET<Page<UnitRecord>, { courseId: string } & Paging>('/teaching/teachingCourseUnit/mineUnit'),
};
