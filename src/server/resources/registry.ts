// Every form declared from a resource, with the API paths that save it. resources/declared-once.test.ts walks
// this list: each form field's maxlength and required mark must be its resource's rule, and the API must refuse
// a value one character over the limit with the form's own message. A new form is added here.
import type { FieldRule, Resource } from './fields.js';
import { homeworkFields, homeworkForm, homeworkList } from './additional-work.js';
import { announcementFields, announcementForm, announcementsList } from './announcements.js';
import { courseFields, courseForm, coursesList, unitFields, unitForm, unitsList } from './courses.js';
import { newsFields, newsForm, newsList } from './news.js';
import { roleFields, roleForm, rolesList } from './roles.js';
import { scratchAssetFields, scratchAssetForm, scratchAssetsList } from './scratch-assets.js';
import { workFields, workGradeForm, worksList } from './works.js';
import type { FormSpec } from './spec.js';

export interface DeclaredForm {
  /** What the form edits, for test names. */
  name: string;
  resource: Resource<Record<string, FieldRule>>;
  form: FormSpec;
  /** API paths (relative to /api) the form posts to, with the fixed part of their body (e.g. a parent id). */
  saves: { method: 'POST' | 'PUT'; path: string }[];
}

export const DECLARED_FORMS: DeclaredForm[] = [
  // 系统管理: users, classes, roles, positions
  { name: '角色', resource: roleFields, form: roleForm, saves: [{ method: 'POST', path: rolesList.api.add! }, { method: 'PUT', path: rolesList.api.edit! }] },

  // 系统管理: dictionaries, categories, rules, menus, jobs, messages

  // 教学: courses, units, homework, works, news, announcements, Scratch assets
  { name: '课程', resource: courseFields, form: courseForm, saves: [{ method: 'POST', path: coursesList.api.add! }, { method: 'PUT', path: coursesList.api.edit! }] },
  { name: '课程单元', resource: unitFields, form: unitForm, saves: [{ method: 'POST', path: unitsList.api.add! }, { method: 'PUT', path: unitsList.api.edit! }] },
  { name: '班级作业', resource: homeworkFields, form: homeworkForm, saves: [{ method: 'POST', path: homeworkList.api.add! }, { method: 'PUT', path: homeworkList.api.edit! }] },
  { name: '批改', resource: workFields, form: workGradeForm, saves: [{ method: 'PUT', path: worksList.api.edit! }] },
  { name: '资讯', resource: newsFields, form: newsForm, saves: [{ method: 'POST', path: newsList.api.add! }, { method: 'PUT', path: newsList.api.edit! }] },
  { name: '通告', resource: announcementFields, form: announcementForm, saves: [{ method: 'POST', path: announcementsList.api.add! }, { method: 'PUT', path: announcementsList.api.edit! }] },
  { name: 'Scratch素材', resource: scratchAssetFields, form: scratchAssetForm, saves: [{ method: 'POST', path: scratchAssetsList.api.add! }, { method: 'PUT', path: scratchAssetsList.api.edit! }] },

  // 示例 and read-only details
];
