// 课程包管理 (/course/course) and 课程单元管理 (/course/courseUnit): the course's and the unit's fields, and the
// list and form declarations made from them, shared by the API (validation, filters, sort keys, dictionary
// texts, export) and the pages (query form, table, dialogs).
import { courseApi, courseUnitApi } from '../contracts/courses.js';
import { departApi } from '../contracts/departs.js';
import { crudActions } from './crud-actions.js';
import { DATA_LOG_ROUTE } from './data-logs.js';
import { resource } from './fields.js';
import { listEndpoints, type FormSpec, type ListSpec } from './spec.js';

export const COURSE_ROUTE = '/course/course';
export const UNIT_ROUTE = '/course/courseUnit';
/** The map editor (地图编辑器) of a map course's units. */
export const MAP_EDITOR_ROUTE = `${UNIT_ROUTE}/map`;
/** Upload folder of course covers, maps and unit covers (images); unit media go to `courseunit`. */
const COURSE_IMAGE_BIZ = 'course';
/** Departments to authorise (a tree, children indented). */
const DEPART_OPTIONS = { api: departApi.idTree, value: 'value', label: 'title' };
/** Courses to choose from. */
const COURSE_OPTIONS = { api: courseApi.list, value: 'id', label: 'courseName' };

/** Rows whose `canEdit` / `canDelete` (set by the API for the caller) are true. */
const MAY_EDIT = { field: 'canEdit', values: ['true'] };
const MAY_DELETE = { field: 'canDelete', values: ['true'] };

/**
 * A course's fields. Limits are the columns' sizes (teaching_course). showType, isShared and showHome keep the
 * API's own checks (their contract wording, and the defaults a body that leaves them out gets: 卡片, 否, 否), and
 * so does departIds (a list of distinct ids, each at most `max`: fields.ts would hold a whole comma list to it).
 */
export const courseFields = resource({
  courseName: { label: '课程名', kind: 'text', required: true, max: 64 },
  courseDesc: { label: '课程介绍', kind: 'richtext', max: 100_000 },
  courseCover: { label: '课程封面', kind: 'upload', max: 256 },
  courseMap: { label: '课程地图', kind: 'upload', max: 256 },
  courseIcon: { label: '课程图标', kind: 'upload', max: 256 },
  showType: {
    label: '展示形式',
    kind: 'int',
    required: true,
    dict: 'course_show_type',
    options: [
      { value: '1', label: '地图' },
      { value: '2', label: '卡片' },
    ],
  },
  isShared: { label: '是否共享', kind: 'flag' },
  showHome: { label: '首页展示', kind: 'flag' },
  departIds: { label: '授权部门', kind: 'choices', max: 64 },
  orderNum: { label: '展示排序', kind: 'int', min: 0, max: 99_999 },
  courseType: { label: '课程性质', kind: 'choice', dict: 'course_type', max: 16 },
  courseCategory: { label: '课程分类', kind: 'choice', dict: 'course_category', max: 16 },
  createBy: { label: '创建人', kind: 'text' },
  createTime: { label: '创建日期', kind: 'datetime' },
});

/** The fields an add or an edit of a course validates by their declaration. */
export const COURSE_BODY_KEYS = ['courseName', 'courseDesc', 'courseCover', 'courseMap', 'courseIcon', 'orderNum', 'courseType', 'courseCategory'] as const;

// 导出 carries no code: every reader of the list may export it.
const courseActions = crudActions({ add: 'course:add', edit: 'course:edit', del: 'course:del' });

export const coursesList: ListSpec = {
  route: COURSE_ROUTE,
  title: '课程包管理',
  api: listEndpoints(courseApi),
  columns: [
    courseFields.column('courseType', { width: 90 }),
    courseFields.column('courseCategory', { width: 90 }),
    courseFields.column('courseName', { sortable: true, width: 160 }),
    courseFields.column('showType', { width: 90 }),
    // Booleans on the wire (the anchor's entity); the API adds their 是/否 texts.
    { key: 'isShared_dictText', title: courseFields.rule('isShared').label, width: 90 },
    { key: 'showHome_dictText', title: courseFields.rule('showHome').label, width: 90 },
    { key: 'departIds_dictText', title: courseFields.rule('departIds').label, render: 'ellipsis', width: 120 },
    { key: 'courseCover_url', title: courseFields.rule('courseCover').label, render: 'image', export: false, width: 90 },
    { key: 'courseMap_url', title: courseFields.rule('courseMap').label, render: 'image', export: false, width: 90 },
    // In the export; the table keeps to what fits a school PC's screen.
    courseFields.column('createBy', { list: false }),
    courseFields.column('createTime', { sortable: true, width: 110 }),
    courseFields.column('orderNum', { title: '排序', sortable: true, width: 80, align: 'center' }),
  ],
  filters: [
    courseFields.filter('courseName', 'text', { placeholder: '请输入课程名' }),
    courseFields.filter('courseType', 'dict', { label: '课程类型' }),
    // The courses that may be assigned to a department (the API's scope parameter, not a course field).
    { key: 'departId', label: courseFields.rule('departIds').label, type: 'select', optionsFrom: DEPART_OPTIONS, advanced: true },
    courseFields.filter('courseCategory', 'dict', { advanced: true }),
  ],
  defaultSort: { column: 'orderNum', order: 'asc' },
  toolbar: {
    add: courseActions.add,
    export: courseActions.export,
    // The anchor edits the two dictionaries in place; here they open in 字典管理's item list.
    links: [
      { key: 'courseType', label: '课程性质管理', perm: 'dict:item', href: '/isystem/dict?dictCode=course_type' },
      { key: 'courseCategory', label: '课程类分类管理', perm: 'dict:item', href: '/isystem/dict?dictCode=course_category' },
    ],
  },
  // 编辑/删除 (and the map editor) only on rows the API says the caller may change: teachers their own courses.
  rowActions: [
    { ...courseActions.edit, showIf: MAY_EDIT },
    { key: 'units', label: '单元', navigate: { href: UNIT_ROUTE, param: 'courseId' } },
    { key: 'map', label: '地图编辑器', perm: 'unit:edit', navigate: { href: MAP_EDITOR_ROUTE, param: 'courseId' }, showIf: { field: 'showType', values: ['1'] }, more: true },
    { key: 'history', label: '修改记录', perm: 'datalog:view', navigate: { href: DATA_LOG_ROUTE, param: 'dataId' }, more: true },
    { ...courseActions.delete, showIf: MAY_DELETE },
  ],
  bulkActions: [courseActions.batchDelete],
  exportName: '课程',
};

const RICH_HELP = '可使用 HTML；保存时会去掉脚本、事件属性等不安全的内容';

export const courseForm: FormSpec = {
  width: 800,
  fields: [
    courseFields.formField('orderNum', { defaultValue: '1' }),
    courseFields.formField('courseType'),
    courseFields.formField('courseCategory'),
    courseFields.formField('courseName'),
    courseFields.formField('courseDesc', { help: RICH_HELP }),
    courseFields.formField('courseCover', { upload: { biz: COURSE_IMAGE_BIZ, accept: 'image/*' } }),
    courseFields.formField('showType', { type: 'radio', defaultValue: '2' }),
    courseFields.formField('isShared', { help: '共享后所有学生都可以上本课程' }),
    courseFields.formField('showHome', { help: '是否将课程展示到网站首页' }),
    courseFields.formField('departIds', { optionsFrom: DEPART_OPTIONS, help: '有权限的部门和其子部门才可分配本课程,留空表示不做限制。' }),
    courseFields.formField('courseMap', {
      upload: { biz: COURSE_IMAGE_BIZ, accept: 'image/*' },
      help: '展示形式为地图时，学生在这张图上点击单元；保存后在“地图编辑器”里摆放单元',
    }),
  ],
};

/**
 * A unit's fields. Limits are the columns' sizes (teaching_course_unit). The video is one column the anchor's
 * clients send as `courseVideo` (a stored file, a link or an embed code, by `courseVideoSource`); the form
 * shows it as two fields, an upload and a link/embed, which the API accepts as well. The show-to-students
 * flags, the multi-file lists and the map coordinates keep the API's own checks (their contract wording,
 * defaults and file counts), which read their limits from here.
 */
export const unitFields = resource({
  orderNum: { label: '展示排序', kind: 'int', min: 0, max: 99_999 },
  courseId: { label: '所属课程包', kind: 'choice', required: true, max: 64 },
  courseName: { label: '课程名', kind: 'text' },
  unitName: { label: '单元名称', kind: 'text', required: true, max: 64 },
  unitIntro: { label: '单元简介', kind: 'text', max: 256 },
  unitCover: { label: '单元封面', kind: 'upload', max: 256 },
  courseVideoSource: {
    label: '视频来源',
    kind: 'int',
    min: 1,
    max: 3,
    options: [
      { value: '1', label: '上传' },
      { value: '2', label: '链接' },
      { value: '3', label: '外部' },
    ],
  },
  courseVideo: { label: '课程视频', kind: 'text', max: 2000 },
  courseVideoFile: { label: '课程视频（上传）', kind: 'upload', max: 256 },
  courseVideoLink: { label: '课程视频（链接/外部）', kind: 'text', max: 2000 },
  showCourseVideo: { label: '课程视频', kind: 'flag' },
  courseCase: { label: '课程案例', kind: 'upload', max: 256 },
  showCourseCase: { label: '课程案例', kind: 'flag' },
  coursePpt: { label: '课程资料', kind: 'upload', max: 1000 },
  showCoursePpt: { label: '课程资料', kind: 'flag' },
  coursePlan: { label: '课程教案', kind: 'upload', max: 1000 },
  showCoursePlan: { label: '课程教案', kind: 'flag' },
  courseWorkType: { label: '作业类型', kind: 'int', dict: 'work_type' },
  courseWork: { label: '预设作业', kind: 'upload', max: 256 },
  courseWorkAnswer: { label: '作业答案', kind: 'upload', max: 256 },
  mediaContent: { label: '课程内容', kind: 'richtext', max: 200_000 },
  mapX: { label: '地图坐标X', kind: 'int', min: 0, max: 10_000 },
  mapY: { label: '地图坐标Y', kind: 'int', min: 0, max: 10_000 },
  createBy: { label: '创建人', kind: 'text' },
  createTime: { label: '创建日期', kind: 'datetime' },
});

/** The fields an add or an edit of a unit validates by their declaration. */
export const UNIT_BODY_KEYS = [
  'courseId',
  'unitName',
  'unitIntro',
  'unitCover',
  'courseVideoSource',
  'courseVideo',
  'courseVideoFile',
  'courseVideoLink',
  'courseCase',
  'courseWorkType',
  'courseWork',
  'courseWorkAnswer',
  'mediaContent',
  'orderNum',
] as const;

// 导出 carries no code; 导入 needs unit:add (it adds units).
const unitActions = crudActions({ add: 'unit:add', edit: 'unit:edit', del: 'unit:del', import: 'unit:add' });

export const unitsList: ListSpec = {
  route: UNIT_ROUTE,
  title: '课程单元管理',
  api: listEndpoints(courseUnitApi),
  columns: [
    unitFields.column('unitName', { sortable: true }),
    unitFields.column('unitIntro', { render: 'ellipsis' }),
    { key: 'unitCover_url', title: unitFields.rule('unitCover').label, render: 'image', export: false, width: 90 },
    unitFields.column('courseName'),
    unitFields.column('courseWorkType', { width: 100 }),
    unitFields.column('createBy', { width: 90 }),
    unitFields.column('createTime', { sortable: true, width: 160 }),
    unitFields.column('orderNum', { title: '排序', sortable: true, width: 70, align: 'center' }),
  ],
  filters: [
    unitFields.filter('courseId', 'select', { label: '课程包名', optionsFrom: COURSE_OPTIONS }),
    unitFields.filter('unitName', 'text', { placeholder: '请输入单元名称' }),
  ],
  defaultSort: { column: 'orderNum', order: 'asc' },
  toolbar: unitActions.toolbar,
  // 编辑/删除 only on units of courses the caller may change (teachers: their own courses).
  rowActions: [
    { ...unitActions.edit, showIf: MAY_EDIT },
    { key: 'history', label: '修改记录', perm: 'datalog:view', navigate: { href: DATA_LOG_ROUTE, param: 'dataId' }, more: true },
    { ...unitActions.delete, showIf: MAY_DELETE },
  ],
  bulkActions: [unitActions.batchDelete],
  exportName: '课程单元',
};

const UNIT_MEDIA = { biz: 'courseunit' };
const SHOWN = { placeholder: '对学生显示' };

export const unitForm: FormSpec = {
  width: 1000,
  fields: [
    unitFields.formField('orderNum', { defaultValue: '1' }),
    unitFields.formField('courseId', { optionsFrom: COURSE_OPTIONS }),
    unitFields.formField('unitName'),
    unitFields.formField('unitIntro', { type: 'textarea' }),
    unitFields.formField('unitCover', { upload: { biz: COURSE_IMAGE_BIZ, accept: 'image/*' } }),
    unitFields.formField('courseVideoSource', { type: 'radio', defaultValue: '1' }),
    unitFields.formField('courseVideoFile', { upload: { ...UNIT_MEDIA, accept: 'video/mp4,video/webm' }, help: 'MP4 或 WEBM，不超过10MB；更大的视频请用链接或外部播放器' }),
    unitFields.formField('courseVideoLink', {
      type: 'textarea',
      help: '链接：https:// 开头的视频地址；外部：视频网站的分享嵌入代码（<iframe …>），仅支持哔哩哔哩、腾讯视频、优酷、爱奇艺、西瓜视频、YouTube、Vimeo',
    }),
    unitFields.formField('showCourseVideo', { defaultValue: '1', ...SHOWN }),
    unitFields.formField('courseCase', { upload: { ...UNIT_MEDIA, accept: '.sb3' }, help: '示例作品（.sb3），学生在播放器里观看' }),
    unitFields.formField('showCourseCase', { defaultValue: '1', ...SHOWN }),
    unitFields.formField('coursePpt', { upload: { ...UNIT_MEDIA, multiple: true } }),
    unitFields.formField('showCoursePpt', { defaultValue: '0', ...SHOWN }),
    unitFields.formField('coursePlan', { upload: { ...UNIT_MEDIA, multiple: true } }),
    unitFields.formField('showCoursePlan', { defaultValue: '0', ...SHOWN }),
    unitFields.formField('courseWorkType', { type: 'select', defaultValue: '2' }),
    unitFields.formField('courseWork', { upload: { ...UNIT_MEDIA }, help: '学生“去做作业”时打开的初始项目' }),
    unitFields.formField('mediaContent', { help: RICH_HELP }),
    unitFields.formField('mapX'),
    unitFields.formField('mapY'),
  ],
};
