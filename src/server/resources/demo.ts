// 开发示例 (the developer gallery): the declarations behind its pages, shared by the demo API
// (api/demo/gallery.ts, which validates and serves an in-memory sample store) and the pages (pages/demo/).
// Copy a declaration from here and a page from pages/demo/ to start a real screen.
import { z } from 'zod';
import { sampleApi } from '../contracts/demo.js';
import { crudActions } from './crud-actions.js';
import { resource } from './fields.js';
import { listEndpoints, type FieldOption, type FormSpec, type ListSpec } from './spec.js';

/** 类别 of a sample item (the 搜索列表 tabs: 文章 / 项目 / 应用). */
export const SAMPLE_CATEGORIES: FieldOption[] = [
  { value: 'article', label: '文章' },
  { value: 'project', label: '项目' },
  { value: 'application', label: '应用' },
];

export const SAMPLE_STATUSES: FieldOption[] = [
  { value: 'running', label: '进行中', color: 'blue' },
  { value: 'done', label: '已完成', color: 'green' },
  { value: 'paused', label: '已暂停', color: 'orange' },
];

/** Tag colours by the status text the API adds (`statusText`). */
export const SAMPLE_STATUS_COLORS: Record<string, string> = Object.fromEntries(SAMPLE_STATUSES.map((s) => [s.label, s.color!]));

const SAMPLE_API = listEndpoints(sampleApi);

/** Options of the select filters, answered by the demo API (a filter's options come from an API). */
const SAMPLE_OPTION_APIS = {
  category: { api: sampleApi.categories, value: 'value', label: 'label' },
  status: { api: sampleApi.statuses, value: 'value', label: 'label' },
};

// The gallery's own checks, said once in the declarations below (the form shows the limits, the API refuses
// with these words).
const atLeast = (label: string, n: number) => ({ test: (v: string) => v.length >= n, message: `${label}至少${n}个字符` });
const EMAIL = { test: (v: string) => z.email().safeParse(v).success, message: '请输入正确的邮箱地址' };
/** A well-formed date that exists (2026-02-30 does not); a malformed one is refused by the date kind itself. */
const realDate = (label: string) => ({
  test: (v: string) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || (!Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)),
  message: `${label}不是有效的日期`,
});

/** A sample item (查询表格 and the read-only lists). */
export const sampleFields = resource({
  name: { label: '名称', kind: 'text', required: true, max: 30, checks: [atLeast('名称', 2)] },
  category: { label: '类别', kind: 'choice', required: true, options: SAMPLE_CATEGORIES },
  owner: { label: '负责人', kind: 'text', required: true, max: 20 },
  status: { label: '状态', kind: 'choice', required: true, options: SAMPLE_STATUSES },
  // The form and the list title it 进度(%); the messages say 进度.
  progress: { label: '进度', kind: 'int', required: true, min: 0, max: 100, messages: { required: '请输入进度', range: '进度应在0到100之间' } },
  email: { label: '联系邮箱', kind: 'text', max: 100, checks: [EMAIL] },
  description: { label: '描述', kind: 'text', max: 200 },
  createTime: { label: '创建时间', kind: 'datetime' },
});

/** The fields an add or an edit of a sample sends. */
export const SAMPLE_FORM_KEYS = ['name', 'category', 'owner', 'status', 'progress', 'email', 'description'] as const;

const PROGRESS_TITLE = '进度(%)';

/** 查询表格 (/list/query-list): a whole list screen — query form, sort, paging, add/edit/delete, batch delete. */
// The gallery's sample store is open to every admin who can open the page: no button codes.
const sampleActions = crudActions({});

export const queryList: ListSpec = {
  route: '/list/query-list',
  title: '查询表格',
  api: SAMPLE_API,
  columns: [
    sampleFields.column('name', { sortable: true }),
    { key: 'categoryText', title: sampleFields.rule('category').label, width: 80, align: 'center' },
    sampleFields.column('owner', { sortable: true, width: 100 }),
    { key: 'statusText', title: sampleFields.rule('status').label, width: 90, align: 'center', render: 'tag', colors: SAMPLE_STATUS_COLORS },
    sampleFields.column('progress', { title: PROGRESS_TITLE, sortable: true, width: 90, align: 'right' }),
    sampleFields.column('description', { render: 'ellipsis' }),
    sampleFields.column('createTime', { sortable: true, width: 170 }),
  ],
  filters: [
    sampleFields.filter('name', 'text', { placeholder: '请输入名称查询' }),
    sampleFields.filter('status', 'select', { optionsFrom: SAMPLE_OPTION_APIS.status }),
    sampleFields.filter('category', 'select', { optionsFrom: SAMPLE_OPTION_APIS.category, advanced: true }),
    sampleFields.filter('owner', 'text', { advanced: true }),
    sampleFields.filter('createTime', 'dateRange', { advanced: true }),
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: { add: sampleActions.add },
  rowActions: [sampleActions.edit, sampleActions.delete],
  bulkActions: [sampleActions.batchDelete],
  exportName: '示例数据',
};

export const sampleForm: FormSpec = {
  width: 640,
  fields: [
    sampleFields.formField('name', { help: '2–30个字符' }),
    sampleFields.formField('category'),
    sampleFields.formField('owner'),
    sampleFields.formField('status', { type: 'radio', defaultValue: 'running' }),
    sampleFields.formField('progress', { label: PROGRESS_TITLE, help: '0–100 的整数', defaultValue: '0' }),
    sampleFields.formField('email'),
    sampleFields.formField('description', { type: 'textarea' }),
  ],
};

/** The read-only lists (标准列表, 卡片列表, 搜索列表) declare only what they use: the API, filters and sort. */
const readOnly = (route: string, title: string, extra: Partial<ListSpec>): ListSpec => ({
  route,
  title,
  api: { list: SAMPLE_API.list },
  columns: queryList.columns,
  filters: [],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: {},
  rowActions: [],
  bulkActions: [],
  exportName: title,
  ...extra,
});

export const basicList = readOnly('/list/basic-list', '标准列表', {
  filters: [sampleFields.filter('name', 'text', { placeholder: '请输入名称' })],
  tabs: { key: 'status', label: sampleFields.rule('status').label, items: [{ value: '', label: '全部' }, ...SAMPLE_STATUSES.map(({ value, label }) => ({ value, label }))] },
  defaultPageSize: 5,
});

export const cardList = readOnly('/list/card', '卡片列表', { defaultPageSize: 8, filters: [sampleFields.filter('name', 'text')] });

export const searchList = readOnly('/list/search', '搜索列表', {
  filters: [sampleFields.filter('name', 'text', { label: '关键词', placeholder: '请输入关键词' })],
  tabs: { key: 'category', label: sampleFields.rule('category').label, items: SAMPLE_CATEGORIES.map(({ value, label }) => ({ value, label })) },
  defaultPageSize: 5,
});

/** 基础表单 (/form/base-form): one of each validation the real forms use. */
export const goalFields = resource({
  title: { label: '标题', kind: 'text', required: true, max: 30, checks: [atLeast('标题', 2)] },
  email: { label: '联系邮箱', kind: 'text', required: true, max: 100, checks: [EMAIL] },
  phone: { label: '手机号', kind: 'text', max: 11, pattern: { re: /^1[3-9]\d{9}$/, message: '请输入正确的11位手机号码' } },
  startDate: { label: '开始日期', kind: 'date', required: true, checks: [realDate('开始日期')], messages: { required: '请选择开始日期' } },
  endDate: { label: '结束日期', kind: 'date', required: true, checks: [realDate('结束日期')], messages: { required: '请选择结束日期' } },
  weight: { label: '权重', kind: 'int', min: 0, max: 100, messages: { range: '权重应在0到100之间' } },
  visibility: {
    label: '目标公开',
    kind: 'choice',
    required: true,
    options: [
      { value: 'public', label: '公开' },
      { value: 'partial', label: '部分公开' },
      { value: 'private', label: '不公开' },
    ],
    messages: { required: '请选择目标公开方式' },
  },
  goal: { label: '目标描述', kind: 'text', required: true, max: 500, checks: [atLeast('目标描述', 5)] },
});

export const GOAL_FORM_KEYS = ['title', 'email', 'phone', 'startDate', 'endDate', 'weight', 'visibility', 'goal'] as const;

export const baseForm: FormSpec = {
  fields: [
    goalFields.formField('title', { placeholder: '给目标起个名字', help: '2–30个字符' }),
    goalFields.formField('email', { placeholder: '例如 teacher@example.com' }),
    goalFields.formField('phone', { help: '选填，11位手机号' }),
    goalFields.formField('startDate'),
    goalFields.formField('endDate', { help: '不早于开始日期' }),
    goalFields.formField('weight', { help: '选填，0–100' }),
    goalFields.formField('visibility', { type: 'radio', defaultValue: 'public' }),
    goalFields.formField('goal', { type: 'textarea', placeholder: '请输入你的阶段性工作目标' }),
  ],
};

/** 分步表单 (/form/step-form): step 1 (填写转账信息) and the 支付密码 step 2 adds. */
export const transferFields = resource({
  payAccount: {
    label: '付款账户',
    kind: 'choice',
    required: true,
    options: [
      { value: 'school@example.com', label: 'school@example.com' },
      { value: 'office@example.com', label: 'office@example.com' },
    ],
  },
  receiverAccount: { label: '收款账户', kind: 'text', required: true, max: 100, checks: [EMAIL] },
  receiverName: { label: '收款人姓名', kind: 'text', required: true, max: 20, checks: [atLeast('收款人姓名', 2)] },
  amount: { label: '转账金额', kind: 'int', required: true, min: 0.01, max: 50000, decimals: 2, messages: { required: '请输入转账金额', range: '转账金额应在0.01到50000元之间' } },
  password: { label: '支付密码', kind: 'password', required: true, max: 6, pattern: { re: /^\d{6}$/, message: '支付密码为6位数字' } },
});

export const TRANSFER_KEYS = ['payAccount', 'receiverAccount', 'receiverName', 'amount'] as const;

export const stepForm: FormSpec = {
  fields: [
    transferFields.formField('payAccount', { defaultValue: 'school@example.com' }),
    transferFields.formField('receiverAccount', { placeholder: '收款人的邮箱' }),
    transferFields.formField('receiverName'),
    transferFields.formField('amount', { help: '0.01–50000 元' }),
  ],
};

export const stepPassword: FormSpec = {
  fields: [transferFields.formField('password', { help: '示例：6位数字，演示用 123456' })],
};

/** 高级表单 (/form/advanced-form): two field groups and a table of repeating rows. */
export const advancedFields = resource({
  repoName: { label: '仓库名', kind: 'text', required: true, max: 30, checks: [atLeast('仓库名', 2)] },
  repoUrl: {
    label: '仓库域名',
    kind: 'text',
    required: true,
    max: 60,
    pattern: { re: /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i, message: '请输入正确的域名，例如 code.example.com' },
  },
  repoOwner: { label: '仓库管理员', kind: 'text', required: true, max: 20, checks: [atLeast('仓库管理员', 2)] },
  repoType: {
    label: '仓库类型',
    kind: 'choice',
    required: true,
    options: [
      { value: 'private', label: '私密' },
      { value: 'public', label: '公开' },
    ],
  },
  taskName: { label: '任务名', kind: 'text', required: true, max: 30, checks: [atLeast('任务名', 2)] },
  taskDate: { label: '生效日期', kind: 'date', required: true, checks: [realDate('生效日期')], messages: { required: '请选择生效日期' } },
  taskDescription: { label: '任务描述', kind: 'text', max: 200 },
});

export const ADVANCED_KEYS = ['repoName', 'repoUrl', 'repoOwner', 'repoType', 'taskName', 'taskDate', 'taskDescription'] as const;

export const advancedGroups: { title: string; form: FormSpec }[] = [
  {
    title: '仓库管理',
    form: {
      fields: [
        advancedFields.formField('repoName'),
        advancedFields.formField('repoUrl', { placeholder: '例如 code.example.com', help: '字母、数字、点和连字符' }),
        advancedFields.formField('repoOwner'),
        advancedFields.formField('repoType'),
      ],
    },
  },
  {
    title: '任务管理',
    form: {
      fields: [advancedFields.formField('taskName'), advancedFields.formField('taskDate'), advancedFields.formField('taskDescription', { type: 'textarea' })],
    },
  },
];

/** A row of 成员管理 (field names `members.<i>.<key>`). */
export const memberFields = resource({
  name: { label: '成员姓名', kind: 'text', required: true, max: 20, checks: [atLeast('成员姓名', 2)] },
  workNo: { label: '工号', kind: 'text', required: true, max: 10, pattern: { re: /^\d{1,10}$/, message: '工号为1–10位数字' } },
  department: { label: '所属部门', kind: 'text', max: 30 },
});

export const MEMBER_FIELD_KEYS = ['name', 'workNo', 'department'] as const;

/** Columns of the 成员管理 rows. */
export const memberColumns: FormSpec['fields'] = [memberFields.formField('name'), memberFields.formField('workNo', { help: '数字' }), memberFields.formField('department')];

export const MAX_MEMBERS = 20;
