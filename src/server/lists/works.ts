// 作业管理 (/teaching/workList): the teachers' grading desk over the works of their classes' members. The API
// derives its sort allow-list, dictionary texts and Excel columns (作业列表) from this declaration.
import type { ListSpec } from './spec.js';

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
  columns: [
    { key: 'userId_dictText', title: '用户', width: 100 },
    { key: 'departId_dictText', title: '班级', width: 110 },
    { key: 'courseId_dictText', title: '课程', width: 140 },
    { key: 'additionalId_dictText', title: '附加作业', width: 140 },
    { key: 'workName', title: '作业名', sortable: true, width: 160 },
    { key: 'workType', title: '作业类型', dict: 'work_type', sortable: true, width: 100 },
    { key: 'workStatus', title: '作业状态', dict: 'work_status', sortable: true, width: 90 },
    { key: 'coverFileKey_url', title: '作品封面', render: 'image', export: false, width: 90 },
    { key: 'workFileKey_url', title: '作品文件', list: false },
    { key: 'workScene', title: '提交场景', dict: 'work_scene', width: 90 },
    { key: 'workTag', title: '标签', width: 80 },
    { key: 'score', title: '评分', sortable: true, width: 70, align: 'center' },
    { key: 'teacherComment', title: '评语', render: 'ellipsis', list: false },
    { key: 'createTime', title: '创建日期', sortable: true, width: 160 },
    { key: 'updateBy', title: '更新人', list: false },
    { key: 'updateTime', title: '更新日期', sortable: true, list: false },
  ],
  filters: [
    { key: 'realname', label: '学生姓名', type: 'text', placeholder: '请输入学生姓名' },
    { key: 'workName', label: '作业名', type: 'text', placeholder: '请输入作业名' },
    { key: 'departId', label: '班级', type: 'select', optionsFrom: { api: '/sys/sysDepart/queryIdTree', value: 'value', label: 'title' } },
    { key: 'workStatus', label: '作业状态', type: 'dict', dict: 'work_status' },
    { key: 'workScene', label: '提交场景', type: 'dict', dict: 'work_scene', advanced: true },
    { key: 'workType', label: '作业类型', type: 'dict', dict: 'work_type', advanced: true },
    { key: 'teaching_work.updateTime', label: '提交时间', type: 'dateRange', advanced: true },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: {
    export: { key: 'export', label: '导出', perm: 'work:export' },
  },
  rowActions: [
    { key: 'edit', label: '批改', perm: 'work:correct' },
    { key: 'send', label: '克隆至其他账号', perm: 'work:send', more: true },
    { key: 'delete', label: '删除', perm: 'work:del', confirm: '确定删除吗?', more: true, danger: true },
  ],
  bulkActions: [{ key: 'delete', label: '删除', perm: 'work:del', confirm: '是否删除选中数据?', danger: true }],
  exportName: '作业列表',
};
