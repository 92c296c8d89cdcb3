// 布置班级作业 (/work/additionalWork): the homework's fields, and the list and dialog declared from them, shared
// by the API (validation, filters, sort keys, dictionary texts) and the page (query form, table, dialog);
// 我的作业 (/center/myAdditionalWork) is a page of its own.
import { homeworkApi } from '../contracts/homework.js';
import { crudActions } from './crud-actions.js';
import { resource } from './fields.js';
import { listEndpoints, type FormSpec, type ListSpec, type SubListSpec } from './spec.js';
import { userFields } from './users.js';

export const HOMEWORK_ROUTE = '/work/additionalWork';
export const HOMEWORK_SUBMISSIONS_ROUTE = `${HOMEWORK_ROUTE}/submissions`;
export const MY_HOMEWORK_ROUTE = '/center/myAdditionalWork';
/** The grading desk (作业管理), filtered to one homework with `?additionalId=`. */
export const GRADING_DESK_ROUTE = '/teaching/workList';
/** Classes (班级) the caller may assign homework to: `[{id, title}]`. */
const CLASS_OPTIONS = { api: homeworkApi.classes, value: 'id', label: 'title' };
/** additional_work_status tag colours: not published orange, published green, ended red. */
const STATUS_COLORS: Record<string, string> = { '0': 'orange', '1': 'green', '2': 'red' };

/**
 * A homework's fields. Limits are the columns' sizes (teaching_additional_work); a class id is at most 64
 * characters. `status` keeps the API's own check (its contract wording, and 未发布 for a body without it), and
 * so does workDept (a list of distinct ids, each at most `max`: fields.ts would hold a whole comma list to it).
 */
export const homeworkFields = resource({
  status: { label: '状态', kind: 'int', required: true, dict: 'additional_work_status' },
  codeType: { label: '作业类型', kind: 'int', dict: 'work_type', min: 0, max: 99 },
  workName: { label: '作业名', kind: 'text', required: true, max: 64 },
  workDesc: { label: '作业描述', kind: 'text', max: 512 },
  workCover: { label: '作业封面', kind: 'upload', max: 256 },
  workDocumentUrl: { label: '作业资料', kind: 'upload', max: 256 },
  workUrl: { label: '作业文件', kind: 'upload', max: 256 },
  workDept: { label: '分配班级', kind: 'choices', required: true, max: 64 },
  createTime: { label: '创建日期', kind: 'datetime' },
});

/** The fields an add or an edit validates by their declaration. */
export const HOMEWORK_BODY_KEYS = ['codeType', 'workName', 'workDesc', 'workCover', 'workUrl', 'workDocumentUrl'] as const;

const homeworkActions = crudActions('additional', { addLabel: '布置作业' });

export const homeworkList: ListSpec = {
  route: HOMEWORK_ROUTE,
  title: '布置班级作业',
  api: listEndpoints(homeworkApi),
  columns: [
    // In the export only: a 32-character id means nothing on screen.
    { key: 'id', title: 'ID', list: false },
    homeworkFields.column('codeType', { title: '代码类型', width: 100 }),
    homeworkFields.column('workName', { sortable: true, width: 160 }),
    homeworkFields.column('workDesc', { render: 'ellipsis', width: 160 }),
    { key: 'workCover_url', title: homeworkFields.rule('workCover').label, render: 'image', export: false, width: 90 },
    { key: 'workUrl_url', title: homeworkFields.rule('workUrl').label, render: 'link', linkText: '下载', export: false, width: 80 },
    { key: 'workDept_dictText', title: homeworkFields.rule('workDept').label, render: 'ellipsis', width: 160 },
    homeworkFields.column('status', { render: 'tag', colors: STATUS_COLORS, width: 90 }),
    homeworkFields.column('createTime', { sortable: true, width: 160 }),
  ],
  filters: [
    homeworkFields.filter('workName', 'text', { placeholder: '请输入作业名' }),
    homeworkFields.filter('workDept', 'select', { label: '班级', optionsFrom: CLASS_OPTIONS }),
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: { add: homeworkActions.add },
  rowActions: [
    homeworkActions.edit,
    { key: 'submissions', label: '提交情况', navigate: { href: HOMEWORK_SUBMISSIONS_ROUTE, param: 'id' } },
    homeworkActions.delete,
  ],
  bulkActions: [homeworkActions.batchDelete],
  exportName: '班级作业',
};

const HOMEWORK_FILES = { biz: 'additional' };

/**
 * 提交情况 → 已提交: the works handed in for one homework (its `id` the scope), searchable by student and class,
 * sortable, paged. The API answers every submission of the homework at once (with the missing students), so the
 * page filters and pages them; 批改 is the page's own row link (to 作业管理 on this homework and work).
 */
export const homeworkSubmissions: SubListSpec = {
  key: 'homework-submissions',
  title: '已提交',
  route: HOMEWORK_SUBMISSIONS_ROUTE,
  scope: { id: null },
  rowKey: 'workId',
  columns: [
    userFields.column('realname', { title: '学生', sortable: true }),
    userFields.column('username', { title: '账号' }),
    { key: 'departName', title: '班级', sortable: true },
    homeworkFields.column('workName'),
    { key: 'workStatus', title: '状态' },
    { key: 'score', title: '评分', sortable: true },
    { key: 'comment', title: '评语' },
    { key: 'createTime', title: '提交时间', sortable: true },
  ],
  filters: [userFields.filter('realname', 'text', { label: '学生' }), { key: 'departName', label: '班级', type: 'text' }],
  defaultPageSize: 20,
  rowActions: [],
  bulkActions: [],
  empty: '还没有学生提交',
  phoneColumns: ['realname', 'workName', 'workStatus'],
};

export const homeworkForm: FormSpec = {
  width: 800,
  fields: [
    homeworkFields.formField('status', { type: 'radio', defaultValue: '0', optionColors: STATUS_COLORS }),
    homeworkFields.formField('codeType', { type: 'select', defaultValue: '0' }),
    homeworkFields.formField('workName'),
    homeworkFields.formField('workDesc', { type: 'textarea' }),
    homeworkFields.formField('workCover', { upload: { ...HOMEWORK_FILES, accept: 'image/*' } }),
    homeworkFields.formField('workDocumentUrl', { upload: { ...HOMEWORK_FILES }, help: '参考资料（PDF、Office 文档或图片），学生在“我的作业”里打开' }),
    homeworkFields.formField('workUrl', { upload: { ...HOMEWORK_FILES }, help: '初始项目（如 .sb3），学生“去做作业”时打开' }),
    homeworkFields.formField('workDept', { optionsFrom: CLASS_OPTIONS, help: '只能布置给您负责的班级；学生只在状态为“已发布”时看到作业' }),
  ],
};
