// 布置班级作业 (/work/additionalWork): the list and dialog declarations shared by the API (filters, sort keys,
// dictionary texts) and the page (query form, table, dialog); 我的作业 (/center/myAdditionalWork) is a page of
// its own.
import type { FormSpec, ListSpec } from './spec.js';

export const HOMEWORK_ROUTE = '/work/additionalWork';
export const HOMEWORK_SUBMISSIONS_ROUTE = `${HOMEWORK_ROUTE}/submissions`;
export const MY_HOMEWORK_ROUTE = '/center/myAdditionalWork';
/** The grading desk (作业管理), filtered to one homework with `?additionalId=`. */
export const GRADING_DESK_ROUTE = '/teaching/workList';
/** Classes (班级) the caller may assign homework to: `[{id, title}]`. */
const HOMEWORK_CLASSES_API = '/teaching/teachingAdditionalWork/classList';

export const homeworkList: ListSpec = {
  route: HOMEWORK_ROUTE,
  title: '布置班级作业',
  api: {
    list: '/teaching/teachingAdditionalWork/list',
    add: '/teaching/teachingAdditionalWork/add',
    edit: '/teaching/teachingAdditionalWork/edit',
    queryById: '/teaching/teachingAdditionalWork/queryById',
    delete: '/teaching/teachingAdditionalWork/delete',
    deleteBatch: '/teaching/teachingAdditionalWork/deleteBatch',
  },
  columns: [
    // In the export only: a 32-character id means nothing on screen.
    { key: 'id', title: 'ID', list: false },
    { key: 'codeType', title: '代码类型', dict: 'work_type', width: 100 },
    { key: 'workName', title: '作业名', sortable: true, width: 160 },
    { key: 'workDesc', title: '作业描述', render: 'ellipsis', width: 160 },
    { key: 'workCover_url', title: '作业封面', render: 'image', export: false, width: 90 },
    { key: 'workUrl_url', title: '作业文件', render: 'link', linkText: '下载', export: false, width: 80 },
    { key: 'workDept_dictText', title: '分配班级', render: 'ellipsis', width: 160 },
    { key: 'status', title: '状态', dict: 'additional_work_status', render: 'tag', colors: { '0': 'orange', '1': 'green', '2': 'red' }, width: 90 },
    { key: 'createTime', title: '创建日期', sortable: true, width: 160 },
  ],
  filters: [
    { key: 'workName', label: '作业名', type: 'text', placeholder: '请输入作业名' },
    { key: 'workDept', label: '班级', type: 'select', optionsFrom: { api: HOMEWORK_CLASSES_API, value: 'id', label: 'title' } },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: {
    add: { key: 'add', label: '布置作业', perm: 'additional:add' },
  },
  rowActions: [
    { key: 'edit', label: '编辑', perm: 'additional:edit' },
    { key: 'submissions', label: '提交情况', navigate: { href: HOMEWORK_SUBMISSIONS_ROUTE, param: 'id' } },
    { key: 'delete', label: '删除', perm: 'additional:del', confirm: '确定删除吗?', more: true, danger: true },
  ],
  bulkActions: [{ key: 'delete', label: '删除', perm: 'additional:del', confirm: '是否删除选中数据?', danger: true }],
  exportName: '班级作业',
};

const HOMEWORK_FILES = { biz: 'additional' };

export const homeworkForm: FormSpec = {
  width: 800,
  fields: [
    { key: 'status', label: '状态', type: 'radio', dict: 'additional_work_status', required: true, defaultValue: '0', optionColors: { '0': 'orange', '1': 'green', '2': 'red' } },
    { key: 'codeType', label: '作业类型', type: 'select', dict: 'work_type', defaultValue: '0' },
    { key: 'workName', label: '作业名', type: 'text', required: true, maxLength: 64 },
    { key: 'workDesc', label: '作业描述', type: 'textarea', maxLength: 512 },
    { key: 'workCover', label: '作业封面', type: 'upload', upload: { ...HOMEWORK_FILES, accept: 'image/*' } },
    { key: 'workDocumentUrl', label: '作业资料', type: 'upload', upload: { ...HOMEWORK_FILES }, help: '参考资料（PDF、Office 文档或图片），学生在“我的作业”里打开' },
    { key: 'workUrl', label: '作业文件', type: 'upload', upload: { ...HOMEWORK_FILES }, help: '初始项目（如 .sb3），学生“去做作业”时打开' },
    {
      key: 'workDept',
      label: '分配班级',
      type: 'multiselect',
      required: true,
      optionsFrom: { api: HOMEWORK_CLASSES_API, value: 'id', label: 'title' },
      help: '只能布置给您负责的班级；学生只在状态为“已发布”时看到作业',
    },
  ],
};
