// 作业管理 (/teaching/workList): the teachers' grading desk over the works of their classes' members, and
// 我的作品列表 (/account/mineWork): a student's own works. A work's fields are declared once; the API derives
// its filter and sort allow-list, the grade's validation, dictionary texts and Excel columns (作业列表) from them.
import { workApi, workTagApi } from '../contracts/works.js';
import { crudActions } from './crud-actions.js';
import { DATA_LOG_ROUTE } from './data-logs.js';
import { resource } from './fields.js';
import { listEndpoints, type FormSpec, type ListSpec } from './spec.js';
import { PLAYABLE_TYPES } from '../shared/work-types.js';

export const WORK_ROUTE = '/teaching/workList';
/** The caller's own work tags (a list of names). */
const WORK_TAG_OPTIONS = { api: workTagApi.tags, value: 'value', label: 'label' };
/** Rows whose `canGrade` / `canDelete` (the API's row abilities for the caller) are true. */
const MAY_GRADE = { field: 'canGrade', values: ['true'] };
const MAY_DELETE = { field: 'canDelete', values: ['true'] };

/**
 * A work's fields, labelled as the grading dialog shows them (the lists title some columns differently).
 * Limits are the columns' sizes (teaching_work, teaching_work_correct). workStatus and score keep the API's
 * own checks (the contract's wording: 作品状态只能是0到4, 评分只能是1到5, 请选择评分); the API changes a work's
 * name and status only when they are sent, so their required marks are the dialog's.
 */
export const workFields = resource({
  username: { label: '账号', kind: 'text' },
  realname: { label: '姓名', kind: 'text' },
  workName: { label: '作业名', kind: 'text', required: true, max: 64 },
  workType: { label: '作业类型', kind: 'choice', dict: 'work_type' },
  workStatus: { label: '作业状态', kind: 'int', required: true, dict: 'work_status', min: 0, max: 4 },
  score: { label: '评分', kind: 'rate', required: true, min: 1, max: 5 },
  comment: { label: '评语', kind: 'text', max: 512 },
  workScene: { label: '来源', kind: 'choice', dict: 'work_scene' },
  workTag: { label: '标签', kind: 'text' },
  viewNum: { label: '查看', kind: 'int' },
  starNum: { label: '点赞', kind: 'int' },
  createTime: { label: '提交时间', kind: 'datetime' },
  updateBy: { label: '更新人', kind: 'text' },
  updateTime: { label: '更新日期', kind: 'datetime' },
  userId: { label: '用户ID', kind: 'code' },
  courseId: { label: '课程ID', kind: 'code' },
  departId: { label: '班级ID', kind: 'code' },
  additionalId: { label: '班级作业ID', kind: 'code' },
});

const workActions = crudActions('work');

export const worksList: ListSpec = {
  route: WORK_ROUTE,
  title: '作业管理',
  api: listEndpoints(workApi),
  // The table shows §3.4's columns; the export keeps the anchor's 作业列表 (export-only columns: list false).
  // 状态 comes early: at 1366 px the columns after it scroll under the fixed 操作 column.
  columns: [
    workFields.column('username', { width: 100, export: false }),
    workFields.column('realname', { width: 90, export: false }),
    workFields.column('workName', { title: '名称', sortable: true, width: 140, export: false }),
    workFields.column('workStatus', { title: '状态', sortable: true, width: 90, export: false }),
    { key: 'coverFileKey_url', title: '封面', render: 'image', export: false, width: 80 },
    workFields.column('workScene', { sortable: true, width: 90, export: false }),
    workFields.column('workTag', { width: 80, export: false }),
    workFields.column('workType', { title: '类型', sortable: true, width: 100, export: false }),
    workFields.column('viewNum', { sortable: true, width: 70, align: 'center', export: false }),
    workFields.column('starNum', { sortable: true, width: 70, align: 'center', export: false }),
    workFields.column('createTime', { sortable: true, width: 160, export: false }),
    { key: 'departId_dictText', title: '所属班级', width: 110, export: false },
    { key: 'courseId_dictText', title: '所属课程', width: 120, export: false },
    { key: 'additionalId_dictText', title: '所属作业', width: 120, export: false },
    // Export-only: the anchor's 作业列表 columns, then the grade.
    { key: 'userId_dictText', title: '用户', list: false },
    { key: 'departId_dictText', title: '班级', list: false },
    { key: 'courseId_dictText', title: '课程', list: false },
    { key: 'additionalId_dictText', title: '附加作业', list: false },
    workFields.column('workName', { list: false }),
    workFields.column('workType', { list: false }),
    workFields.column('workStatus', { list: false }),
    { key: 'workFileKey_url', title: '作品文件', list: false },
    workFields.column('workScene', { title: '提交场景', list: false }),
    workFields.column('createTime', { title: '创建日期', list: false }),
    workFields.column('updateBy', { list: false }),
    workFields.column('updateTime', { sortable: true, list: false }),
    workFields.column('score', { sortable: true, list: false }),
    { key: 'teacherComment', title: workFields.rule('comment').label, list: false },
  ],
  filters: [
    workFields.filter('workName', 'text', { label: '作品名', placeholder: '请输入作品名' }),
    workFields.filter('username', 'exact', { placeholder: '请输入账号' }),
    workFields.filter('realname', 'text', { label: '学生名', placeholder: '请输入学生名' }),
    workFields.filter('workTag', 'select', { optionsFrom: WORK_TAG_OPTIONS }),
    workFields.filter('workType', 'dict', { label: '类型' }),
    workFields.filter('workScene', 'dict', { label: '创作来源', autoSubmit: true }),
    // 工作台 links here for every work still waiting to be graded (状态 = 待批改).
    workFields.filter('workStatus', 'dict', { label: '状态', advanced: true }),
    workFields.filter('userId', 'exact', { advanced: true }),
    workFields.filter('courseId', 'exact', { advanced: true }),
    workFields.filter('departId', 'exact', { advanced: true }),
    workFields.filter('additionalId', 'exact', { advanced: true }),
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: { export: workActions.export },
  rowActions: [
    { key: 'edit', label: '批改', perm: 'work:correct', showIf: MAY_GRADE },
    { key: 'qr', label: '二维码', more: true, showIf: { field: 'workType', values: PLAYABLE_TYPES } },
    { key: 'send', label: '克隆至其他账号', perm: 'work:send', more: true },
    { key: 'versions', label: '历史版本', perm: 'work:correct', more: true },
    { key: 'history', label: '修改记录', perm: 'datalog:view', navigate: { href: DATA_LOG_ROUTE, param: 'dataId' }, more: true },
    { ...workActions.delete, showIf: MAY_DELETE },
  ],
  bulkActions: [workActions.batchDelete],
  exportName: '作业列表',
  phoneColumns: ['workName', 'realname', 'workStatus', 'createTime'],
};

/**
 * The grading dialog (批改): name, type (read-only), status, and the one grade (评分 1–5 stars, none chosen until
 * the teacher chooses; required, so the API is asked to refuse a missing score; 评语). Wide when a Scratch work
 * plays beside it.
 */
export const workGradeForm: FormSpec = {
  width: 720,
  asideWidth: 1200,
  fields: [
    workFields.formField('workName'),
    workFields.formField('workType', { readonlyOnEdit: true }),
    workFields.formField('workStatus', { type: 'radio' }),
    workFields.formField('score'),
    workFields.formField('comment', { type: 'textarea' }),
  ],
};

export const MINE_WORK_ROUTE = '/account/mineWork';

// The caller's own works: no button codes.
const mineWorkActions = crudActions({}, { deleteInline: true });

/** 我的作品列表: the caller's own works (GET mine), with their private tags and the teacher's grade. */
export const mineWorksList: ListSpec = {
  route: MINE_WORK_ROUTE,
  title: '我的作品列表',
  api: {
    list: workApi.mine,
    delete: workApi.delete,
    deleteBatch: workApi.deleteBatch,
  },
  columns: [
    workFields.column('workName', { title: '作品名', width: 140 }),
    { key: 'coverFileKey_url', title: '封面', render: 'image', width: 80 },
    workFields.column('viewNum', { title: '观看数量', sortable: true, width: 90, align: 'center' }),
    workFields.column('starNum', { title: '点赞数量', sortable: true, width: 90, align: 'center' }),
    workFields.column('workStatus', { title: '作品状态', width: 90 }),
    workFields.column('workTag', { width: 120 }),
    workFields.column('score', { title: '得分/评语', width: 160 }),
    workFields.column('workType', { title: '作品类型', width: 100 }),
    workFields.column('createTime', { title: '创作时间', sortable: true, width: 160 }),
  ],
  filters: [
    workFields.filter('workName', 'text', { label: '作品名', placeholder: '请输入作品名' }),
    workFields.filter('workTag', 'select', { optionsFrom: WORK_TAG_OPTIONS }),
    workFields.filter('workType', 'dict', { label: '类型' }),
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: {},
  rowActions: [
    { key: 'qr', label: '二维码', showIf: { field: 'workType', values: PLAYABLE_TYPES } },
    { ...mineWorkActions.delete, showIf: MAY_DELETE },
  ],
  bulkActions: [mineWorkActions.batchDelete],
  exportName: '我的作品',
  phoneColumns: ['workName', 'workStatus', 'score', 'createTime'],
};
