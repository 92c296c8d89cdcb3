// 作业管理 (/teaching/workList): the teachers' grading desk over the works of their classes' members, and
// 我的作品列表 (/account/mineWork): a student's own works. The API derives its sort allow-list, dictionary
// texts and Excel columns (作业列表) from the desk's declaration.
import { DATA_LOG_ROUTE } from './data-logs.js';
import type { FormSpec, ListSpec } from './spec.js';

export const WORK_ROUTE = '/teaching/workList';

export const worksList: ListSpec = {
  route: WORK_ROUTE,
  title: '作业管理',
  api: {
    list: '/teaching/teachingWork/list',
    edit: '/teaching/teachingWork/edit',
    queryById: '/teaching/teachingWork/queryById',
    delete: '/teaching/teachingWork/delete',
    deleteBatch: '/teaching/teachingWork/deleteBatch',
    exportXls: '/teaching/teachingWork/exportXls',
  },
  // The table shows §3.4's columns; the export keeps the anchor's 作业列表 (export-only columns: list false).
  // 状态 comes early: at 1366 px the columns after it scroll under the fixed 操作 column.
  columns: [
    { key: 'username', title: '账号', width: 100, export: false },
    { key: 'realname', title: '姓名', width: 90, export: false },
    { key: 'workName', title: '名称', sortable: true, width: 140, export: false },
    { key: 'workStatus', title: '状态', dict: 'work_status', sortable: true, width: 90, export: false },
    { key: 'coverFileKey_url', title: '封面', render: 'image', export: false, width: 80 },
    { key: 'workScene', title: '来源', dict: 'work_scene', sortable: true, width: 90, export: false },
    { key: 'workTag', title: '标签', width: 80, export: false },
    { key: 'workType', title: '类型', dict: 'work_type', sortable: true, width: 100, export: false },
    { key: 'viewNum', title: '查看', sortable: true, width: 70, align: 'center', export: false },
    { key: 'starNum', title: '点赞', sortable: true, width: 70, align: 'center', export: false },
    { key: 'createTime', title: '提交时间', sortable: true, width: 160, export: false },
    { key: 'departId_dictText', title: '所属班级', width: 110, export: false },
    { key: 'courseId_dictText', title: '所属课程', width: 120, export: false },
    { key: 'additionalId_dictText', title: '所属作业', width: 120, export: false },
    // Export-only: the anchor's 作业列表 columns, then the grade.
    { key: 'userId_dictText', title: '用户', list: false },
    { key: 'departId_dictText', title: '班级', list: false },
    { key: 'courseId_dictText', title: '课程', list: false },
    { key: 'additionalId_dictText', title: '附加作业', list: false },
    { key: 'workName', title: '作业名', list: false },
    { key: 'workType', title: '作业类型', dict: 'work_type', list: false },
    { key: 'workStatus', title: '作业状态', dict: 'work_status', list: false },
    { key: 'workFileKey_url', title: '作品文件', list: false },
    { key: 'workScene', title: '提交场景', dict: 'work_scene', list: false },
    { key: 'createTime', title: '创建日期', list: false },
    { key: 'updateBy', title: '更新人', list: false },
    { key: 'updateTime', title: '更新日期', sortable: true, list: false },
    { key: 'score', title: '评分', sortable: true, list: false },
    { key: 'teacherComment', title: '评语', list: false },
  ],
  filters: [
    { key: 'workName', label: '作品名', type: 'text', placeholder: '请输入作品名' },
    { key: 'username', label: '账号', type: 'exact', placeholder: '请输入账号' },
    { key: 'realname', label: '学生名', type: 'text', placeholder: '请输入学生名' },
    { key: 'workTag', label: '标签', type: 'select', optionsFrom: { api: '/teaching/teachingWork/getWorkTags', value: 'value', label: 'label' } },
    { key: 'workType', label: '类型', type: 'dict', dict: 'work_type' },
    { key: 'workScene', label: '创作来源', type: 'dict', dict: 'work_scene', autoSubmit: true },
    // 工作台 links here for every work still waiting to be graded (状态 = 待批改).
    { key: 'workStatus', label: '状态', type: 'dict', dict: 'work_status', advanced: true },
    { key: 'userId', label: '用户ID', type: 'exact', advanced: true },
    { key: 'courseId', label: '课程ID', type: 'exact', advanced: true },
    { key: 'departId', label: '班级ID', type: 'exact', advanced: true },
    { key: 'additionalId', label: '班级作业ID', type: 'exact', advanced: true },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: {
    export: { key: 'export', label: '导出', perm: 'work:export' },
  },
  rowActions: [
    { key: 'edit', label: '批改', perm: 'work:correct' },
    { key: 'qr', label: '二维码', more: true, showIf: { field: 'workType', values: ['1', '2'] } },
    { key: 'send', label: '克隆至其他账号', perm: 'work:send', more: true },
    { key: 'versions', label: '历史版本', perm: 'work:correct', more: true },
    { key: 'history', label: '修改记录', perm: 'datalog:view', navigate: { href: DATA_LOG_ROUTE, param: 'dataId' }, more: true },
    { key: 'delete', label: '删除', perm: 'work:del', confirm: '确定删除吗?', more: true, danger: true },
  ],
  bulkActions: [{ key: 'delete', label: '删除', perm: 'work:del', confirm: '是否删除选中数据?', danger: true }],
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
    { key: 'workName', label: '作业名', type: 'text', required: true, maxLength: 64 },
    { key: 'workType', label: '作业类型', type: 'select', dict: 'work_type', readonlyOnEdit: true },
    { key: 'workStatus', label: '作业状态', type: 'radio', dict: 'work_status', required: true },
    { key: 'score', label: '评分', type: 'rate', required: true },
    { key: 'comment', label: '评语', type: 'textarea', maxLength: 512 },
  ],
};

export const MINE_WORK_ROUTE = '/account/mineWork';

/** 我的作品列表: the caller's own works (GET mine), with their private tags and the teacher's grade. */
export const mineWorksList: ListSpec = {
  route: MINE_WORK_ROUTE,
  title: '我的作品列表',
  api: {
    list: '/teaching/teachingWork/mine',
    delete: '/teaching/teachingWork/delete',
    deleteBatch: '/teaching/teachingWork/deleteBatch',
  },
  columns: [
    { key: 'workName', title: '作品名', width: 140 },
    { key: 'coverFileKey_url', title: '封面', render: 'image', width: 80 },
    { key: 'viewNum', title: '观看数量', sortable: true, width: 90, align: 'center' },
    { key: 'starNum', title: '点赞数量', sortable: true, width: 90, align: 'center' },
    { key: 'workStatus', title: '作品状态', dict: 'work_status', width: 90 },
    { key: 'workTag', title: '标签', width: 120 },
    { key: 'score', title: '得分/评语', width: 160 },
    { key: 'workType', title: '作品类型', dict: 'work_type', width: 100 },
    { key: 'createTime', title: '创作时间', sortable: true, width: 160 },
  ],
  filters: [
    { key: 'workName', label: '作品名', type: 'text', placeholder: '请输入作品名' },
    { key: 'workTag', label: '标签', type: 'select', optionsFrom: { api: '/teaching/teachingWork/getWorkTags', value: 'value', label: 'label' } },
    { key: 'workType', label: '类型', type: 'dict', dict: 'work_type' },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: {},
  rowActions: [
    { key: 'qr', label: '二维码', showIf: { field: 'workType', values: ['1', '2'] } },
    { key: 'delete', label: '删除', confirm: '确定删除吗?', danger: true },
  ],
  bulkActions: [{ key: 'delete', label: '删除', confirm: '是否删除选中数据?', danger: true }],
  exportName: '我的作品',
  phoneColumns: ['workName', 'workStatus', 'score', 'createTime'],
};
