// 课程包管理 (/course/course) and 课程单元管理 (/course/courseUnit): the list and form declarations shared by
// the API (filters, sort keys, dictionary texts, export) and the pages (query form, table, dialogs).
import { DATA_LOG_ROUTE } from './data-logs.js';
import type { FormSpec, ListSpec } from './spec.js';

export const COURSE_ROUTE = '/course/course';
export const UNIT_ROUTE = '/course/courseUnit';
/** The map editor (地图编辑器) of a map course's units. */
export const MAP_EDITOR_ROUTE = `${UNIT_ROUTE}/map`;
/** Upload folder of course covers, maps and unit covers (images); unit media go to `courseunit`. */
const COURSE_IMAGE_BIZ = 'course';

/** Rows whose `canEdit` / `canDelete` (set by the API for the caller) are true. */
const MAY_EDIT = { field: 'canEdit', values: ['true'] };
const MAY_DELETE = { field: 'canDelete', values: ['true'] };

export const coursesList: ListSpec = {
  route: COURSE_ROUTE,
  title: '课程包管理',
  api: {
    list: '/teaching/teachingCourse/list',
    add: '/teaching/teachingCourse/add',
    edit: '/teaching/teachingCourse/edit',
    queryById: '/teaching/teachingCourse/queryById',
    delete: '/teaching/teachingCourse/delete',
    deleteBatch: '/teaching/teachingCourse/deleteBatch',
    exportXls: '/teaching/teachingCourse/exportXls',
  },
  columns: [
    { key: 'courseType', title: '课程性质', dict: 'course_type', width: 90 },
    { key: 'courseCategory', title: '课程分类', dict: 'course_category', width: 90 },
    { key: 'courseName', title: '课程名', sortable: true, width: 160 },
    { key: 'showType', title: '展示形式', dict: 'course_show_type', width: 90 },
    // Booleans on the wire (the anchor's entity); the API adds their 是/否 texts.
    { key: 'isShared_dictText', title: '是否共享', width: 90 },
    { key: 'showHome_dictText', title: '首页展示', width: 90 },
    { key: 'departIds_dictText', title: '授权部门', render: 'ellipsis', width: 120 },
    { key: 'courseCover_url', title: '课程封面', render: 'image', export: false, width: 90 },
    { key: 'courseMap_url', title: '课程地图', render: 'image', export: false, width: 90 },
    // In the export; the table keeps to what fits a school PC's screen.
    { key: 'createBy', title: '创建人', list: false },
    { key: 'createTime', title: '创建日期', sortable: true, width: 110 },
    { key: 'orderNum', title: '排序', sortable: true, width: 80, align: 'center' },
  ],
  filters: [
    { key: 'courseName', label: '课程名', type: 'text', placeholder: '请输入课程名' },
    { key: 'courseType', label: '课程类型', type: 'dict', dict: 'course_type' },
    { key: 'departId', label: '授权部门', type: 'select', optionsFrom: { api: '/sys/sysDepart/queryIdTree', value: 'value', label: 'title' }, advanced: true },
    { key: 'courseCategory', label: '课程分类', type: 'dict', dict: 'course_category', advanced: true },
  ],
  defaultSort: { column: 'orderNum', order: 'asc' },
  toolbar: {
    add: { key: 'add', label: '新增', perm: 'course:add' },
    export: { key: 'export', label: '导出' },
    // The anchor edits the two dictionaries in place; here they open in 字典管理's item list.
    links: [
      { key: 'courseType', label: '课程性质管理', perm: 'dict:item', href: '/isystem/dict?dictCode=course_type' },
      { key: 'courseCategory', label: '课程类分类管理', perm: 'dict:item', href: '/isystem/dict?dictCode=course_category' },
    ],
  },
  // 编辑/删除 (and the map editor) only on rows the API says the caller may change: teachers their own courses.
  rowActions: [
    { key: 'edit', label: '编辑', perm: 'course:edit', showIf: MAY_EDIT },
    { key: 'units', label: '单元', navigate: { href: UNIT_ROUTE, param: 'courseId' } },
    { key: 'map', label: '地图编辑器', perm: 'unit:edit', navigate: { href: MAP_EDITOR_ROUTE, param: 'courseId' }, showIf: { field: 'showType', values: ['1'] }, more: true },
    { key: 'history', label: '修改记录', perm: 'datalog:view', navigate: { href: DATA_LOG_ROUTE, param: 'dataId' }, more: true },
    { key: 'delete', label: '删除', perm: 'course:del', confirm: '确定删除吗?', more: true, danger: true, showIf: MAY_DELETE },
  ],
  bulkActions: [{ key: 'delete', label: '删除', perm: 'course:del', confirm: '是否删除选中数据?', danger: true }],
  exportName: '课程',
};

export const courseForm: FormSpec = {
  width: 800,
  fields: [
    { key: 'orderNum', label: '展示排序', type: 'number', defaultValue: '1' },
    { key: 'courseType', label: '课程性质', type: 'select', dict: 'course_type' },
    { key: 'courseCategory', label: '课程分类', type: 'select', dict: 'course_category' },
    { key: 'courseName', label: '课程名', type: 'text', required: true, maxLength: 64 },
    { key: 'courseDesc', label: '课程介绍', type: 'richtext', help: '可使用 HTML；保存时会去掉脚本、事件属性等不安全的内容' },
    { key: 'courseCover', label: '课程封面', type: 'upload', upload: { biz: COURSE_IMAGE_BIZ, accept: 'image/*' } },
    {
      key: 'showType',
      label: '展示形式',
      type: 'radio',
      required: true,
      defaultValue: '2',
      options: [
        { value: '1', label: '地图' },
        { value: '2', label: '卡片' },
      ],
    },
    { key: 'isShared', label: '是否共享', type: 'switch', help: '共享后所有学生都可以上本课程' },
    { key: 'showHome', label: '首页展示', type: 'switch', help: '是否将课程展示到网站首页' },
    {
      key: 'departIds',
      label: '授权部门',
      type: 'multiselect',
      optionsFrom: { api: '/sys/sysDepart/queryIdTree', value: 'value', label: 'title' },
      help: '有权限的部门和其子部门才可分配本课程,留空表示不做限制。',
    },
    { key: 'courseMap', label: '课程地图', type: 'upload', upload: { biz: COURSE_IMAGE_BIZ, accept: 'image/*' }, help: '展示形式为地图时，学生在这张图上点击单元；保存后在“地图编辑器”里摆放单元' },
  ],
};

export const unitsList: ListSpec = {
  route: UNIT_ROUTE,
  title: '课程单元管理',
  api: {
    list: '/teaching/teachingCourseUnit/list',
    add: '/teaching/teachingCourseUnit/add',
    edit: '/teaching/teachingCourseUnit/edit',
    queryById: '/teaching/teachingCourseUnit/queryById',
    delete: '/teaching/teachingCourseUnit/delete',
    deleteBatch: '/teaching/teachingCourseUnit/deleteBatch',
    exportXls: '/teaching/teachingCourseUnit/exportXls',
    importExcel: '/teaching/teachingCourseUnit/importExcel',
  },
  columns: [
    { key: 'unitName', title: '单元名称', sortable: true },
    { key: 'unitIntro', title: '单元简介', render: 'ellipsis' },
    { key: 'unitCover_url', title: '单元封面', render: 'image', export: false, width: 90 },
    { key: 'courseName', title: '课程名' },
    { key: 'courseWorkType', title: '作业类型', dict: 'work_type', width: 100 },
    { key: 'createBy', title: '创建人', width: 90 },
    { key: 'createTime', title: '创建日期', sortable: true, width: 160 },
    { key: 'orderNum', title: '排序', sortable: true, width: 70, align: 'center' },
  ],
  filters: [
    { key: 'courseId', label: '课程包名', type: 'select', optionsFrom: { api: '/teaching/teachingCourse/list', value: 'id', label: 'courseName' } },
    { key: 'unitName', label: '单元名称', type: 'text', placeholder: '请输入单元名称' },
  ],
  defaultSort: { column: 'orderNum', order: 'asc' },
  toolbar: {
    add: { key: 'add', label: '新增', perm: 'unit:add' },
    export: { key: 'export', label: '导出' },
    import: { key: 'import', label: '导入', perm: 'unit:add' },
  },
  // 编辑/删除 only on units of courses the caller may change (teachers: their own courses).
  rowActions: [
    { key: 'edit', label: '编辑', perm: 'unit:edit', showIf: MAY_EDIT },
    { key: 'history', label: '修改记录', perm: 'datalog:view', navigate: { href: DATA_LOG_ROUTE, param: 'dataId' }, more: true },
    { key: 'delete', label: '删除', perm: 'unit:del', confirm: '确定删除吗?', more: true, danger: true, showIf: MAY_DELETE },
  ],
  bulkActions: [{ key: 'delete', label: '删除', perm: 'unit:del', confirm: '是否删除选中数据?', danger: true }],
  exportName: '课程单元',
};

const UNIT_MEDIA = { biz: 'courseunit' };
const SHOWN = { placeholder: '对学生显示' };

export const unitForm: FormSpec = {
  width: 1000,
  fields: [
    { key: 'orderNum', label: '展示排序', type: 'number', defaultValue: '1' },
    { key: 'courseId', label: '所属课程包', type: 'select', required: true, optionsFrom: { api: '/teaching/teachingCourse/list', value: 'id', label: 'courseName' } },
    { key: 'unitName', label: '单元名称', type: 'text', required: true, maxLength: 64 },
    { key: 'unitIntro', label: '单元简介', type: 'textarea', maxLength: 256 },
    { key: 'unitCover', label: '单元封面', type: 'upload', upload: { biz: COURSE_IMAGE_BIZ, accept: 'image/*' } },
    {
      key: 'courseVideoSource',
      label: '视频来源',
      type: 'radio',
      defaultValue: '1',
      options: [
        { value: '1', label: '上传' },
        { value: '2', label: '链接' },
        { value: '3', label: '外部' },
      ],
    },
    { key: 'courseVideoFile', label: '课程视频（上传）', type: 'upload', upload: { ...UNIT_MEDIA, accept: 'video/mp4,video/webm' }, help: 'MP4 或 WEBM，不超过10MB；更大的视频请用链接或外部播放器' },
    { key: 'courseVideoLink', label: '课程视频（链接/外部）', type: 'textarea', maxLength: 2000, help: '链接：https:// 开头的视频地址；外部：视频网站的分享嵌入代码（<iframe …>），仅支持哔哩哔哩、腾讯视频、优酷、爱奇艺、西瓜视频、YouTube、Vimeo' },
    { key: 'showCourseVideo', label: '课程视频', type: 'switch', defaultValue: '1', ...SHOWN },
    { key: 'courseCase', label: '课程案例', type: 'upload', upload: { ...UNIT_MEDIA, accept: '.sb3' }, help: '示例作品（.sb3），学生在播放器里观看' },
    { key: 'showCourseCase', label: '课程案例', type: 'switch', defaultValue: '1', ...SHOWN },
    { key: 'coursePpt', label: '课程资料', type: 'upload', upload: { ...UNIT_MEDIA, multiple: true } },
    { key: 'showCoursePpt', label: '课程资料', type: 'switch', defaultValue: '0', ...SHOWN },
    { key: 'coursePlan', label: '课程教案', type: 'upload', upload: { ...UNIT_MEDIA, multiple: true } },
    { key: 'showCoursePlan', label: '课程教案', type: 'switch', defaultValue: '0', ...SHOWN },
    { key: 'courseWorkType', label: '作业类型', type: 'select', dict: 'work_type', defaultValue: '2' },
    { key: 'courseWork', label: '预设作业', type: 'upload', upload: { ...UNIT_MEDIA }, help: '学生“去做作业”时打开的初始项目' },
    { key: 'mediaContent', label: '课程内容', type: 'richtext', help: '可使用 HTML；保存时会去掉脚本、事件属性等不安全的内容' },
    { key: 'mapX', label: '地图坐标X', type: 'number' },
    { key: 'mapY', label: '地图坐标Y', type: 'number' },
  ],
};
