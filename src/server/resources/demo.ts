// 开发示例 (the developer gallery): the declarations behind its pages, shared by the demo API
// (api/demo/gallery.ts, which validates and serves an in-memory sample store) and the pages (pages/demo/).
// Copy a declaration from here and a page from pages/demo/ to start a real screen.
import type { FieldOption, FormSpec, ListSpec } from './spec.js';

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

const SAMPLE_API = {
  list: '/demo/sample/list',
  add: '/demo/sample/add',
  edit: '/demo/sample/edit',
  queryById: '/demo/sample/queryById',
  delete: '/demo/sample/delete',
  deleteBatch: '/demo/sample/deleteBatch',
};

/** Options of the select filters, answered by the demo API (a filter's options come from an API). */
const SAMPLE_OPTION_APIS = {
  category: { api: '/demo/sample/categories', value: 'value', label: 'label' },
  status: { api: '/demo/sample/statuses', value: 'value', label: 'label' },
};

/** 查询表格 (/list/query-list): a whole list screen — query form, sort, paging, add/edit/delete, batch delete. */
export const queryList: ListSpec = {
  route: '/list/query-list',
  title: '查询表格',
  api: SAMPLE_API,
  columns: [
    { key: 'name', title: '名称', sortable: true },
    { key: 'categoryText', title: '类别', width: 80, align: 'center' },
    { key: 'owner', title: '负责人', sortable: true, width: 100 },
    { key: 'statusText', title: '状态', width: 90, align: 'center', render: 'tag', colors: SAMPLE_STATUS_COLORS },
    { key: 'progress', title: '进度(%)', sortable: true, width: 90, align: 'right' },
    { key: 'description', title: '描述', render: 'ellipsis' },
    { key: 'createTime', title: '创建时间', sortable: true, width: 170 },
  ],
  filters: [
    { key: 'name', label: '名称', type: 'text', placeholder: '请输入名称查询' },
    { key: 'status', label: '状态', type: 'select', optionsFrom: SAMPLE_OPTION_APIS.status },
    { key: 'category', label: '类别', type: 'select', optionsFrom: SAMPLE_OPTION_APIS.category, advanced: true },
    { key: 'owner', label: '负责人', type: 'text', advanced: true },
    { key: 'createTime', label: '创建时间', type: 'dateRange', advanced: true },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: { add: { key: 'add', label: '新增' } },
  rowActions: [
    { key: 'edit', label: '编辑' },
    { key: 'delete', label: '删除', confirm: '确定删除吗?', more: true, danger: true },
  ],
  bulkActions: [{ key: 'delete', label: '删除', confirm: '是否删除选中数据?', danger: true }],
  exportName: '示例数据',
};

export const sampleForm: FormSpec = {
  width: 640,
  fields: [
    { key: 'name', label: '名称', type: 'text', required: true, maxLength: 30, help: '2–30个字符' },
    { key: 'category', label: '类别', type: 'select', required: true, options: SAMPLE_CATEGORIES },
    { key: 'owner', label: '负责人', type: 'text', required: true, maxLength: 20 },
    { key: 'status', label: '状态', type: 'radio', required: true, options: SAMPLE_STATUSES, defaultValue: 'running' },
    { key: 'progress', label: '进度(%)', type: 'number', required: true, help: '0–100 的整数', defaultValue: '0' },
    { key: 'email', label: '联系邮箱', type: 'text', maxLength: 100 },
    { key: 'description', label: '描述', type: 'textarea', maxLength: 200 },
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
  filters: [{ key: 'name', label: '名称', type: 'text', placeholder: '请输入名称' }],
  tabs: { key: 'status', label: '状态', items: [{ value: '', label: '全部' }, ...SAMPLE_STATUSES.map(({ value, label }) => ({ value, label }))] },
  defaultPageSize: 5,
});

export const cardList = readOnly('/list/card', '卡片列表', { defaultPageSize: 8, filters: [{ key: 'name', label: '名称', type: 'text' }] });

export const searchList = readOnly('/list/search', '搜索列表', {
  filters: [{ key: 'name', label: '关键词', type: 'text', placeholder: '请输入关键词' }],
  tabs: { key: 'category', label: '类别', items: SAMPLE_CATEGORIES.map(({ value, label }) => ({ value, label })) },
  defaultPageSize: 5,
});

/** 基础表单 (/form/base-form): one of each validation the real forms use. */
export const baseForm: FormSpec = {
  fields: [
    { key: 'title', label: '标题', type: 'text', required: true, maxLength: 30, placeholder: '给目标起个名字', help: '2–30个字符' },
    { key: 'email', label: '联系邮箱', type: 'text', required: true, maxLength: 100, placeholder: '例如 teacher@example.com' },
    { key: 'phone', label: '手机号', type: 'text', maxLength: 11, help: '选填，11位手机号' },
    { key: 'startDate', label: '开始日期', type: 'date', required: true },
    { key: 'endDate', label: '结束日期', type: 'date', required: true, help: '不早于开始日期' },
    { key: 'weight', label: '权重', type: 'number', help: '选填，0–100' },
    { key: 'visibility', label: '目标公开', type: 'radio', required: true, defaultValue: 'public', options: [
      { value: 'public', label: '公开' },
      { value: 'partial', label: '部分公开' },
      { value: 'private', label: '不公开' },
    ] },
    { key: 'goal', label: '目标描述', type: 'textarea', required: true, maxLength: 500, placeholder: '请输入你的阶段性工作目标' },
  ],
};

/** 分步表单 (/form/step-form), step 1: 填写转账信息. Step 2 adds the 支付密码. */
export const stepForm: FormSpec = {
  fields: [
    { key: 'payAccount', label: '付款账户', type: 'select', required: true, defaultValue: 'school@example.com', options: [
      { value: 'school@example.com', label: 'school@example.com' },
      { value: 'office@example.com', label: 'office@example.com' },
    ] },
    { key: 'receiverAccount', label: '收款账户', type: 'text', required: true, maxLength: 100, placeholder: '收款人的邮箱' },
    { key: 'receiverName', label: '收款人姓名', type: 'text', required: true, maxLength: 20 },
    { key: 'amount', label: '转账金额', type: 'number', required: true, help: '0.01–50000 元' },
  ],
};

export const stepPassword: FormSpec = {
  fields: [{ key: 'password', label: '支付密码', type: 'password', required: true, maxLength: 6, help: '示例：6位数字，演示用 123456' }],
};

/** 高级表单 (/form/advanced-form): two field groups and a table of repeating rows. */
export const advancedGroups: { title: string; form: FormSpec }[] = [
  {
    title: '仓库管理',
    form: {
      fields: [
        { key: 'repoName', label: '仓库名', type: 'text', required: true, maxLength: 30 },
        { key: 'repoUrl', label: '仓库域名', type: 'text', required: true, maxLength: 60, placeholder: '例如 code.example.com', help: '字母、数字、点和连字符' },
        { key: 'repoOwner', label: '仓库管理员', type: 'text', required: true, maxLength: 20 },
        { key: 'repoType', label: '仓库类型', type: 'select', required: true, options: [
          { value: 'private', label: '私密' },
          { value: 'public', label: '公开' },
        ] },
      ],
    },
  },
  {
    title: '任务管理',
    form: {
      fields: [
        { key: 'taskName', label: '任务名', type: 'text', required: true, maxLength: 30 },
        { key: 'taskDate', label: '生效日期', type: 'date', required: true },
        { key: 'taskDescription', label: '任务描述', type: 'textarea', maxLength: 200 },
      ],
    },
  },
];

/** Columns of the 成员管理 rows (field names `members.<i>.<key>`). */
export const memberColumns: FormSpec['fields'] = [
  { key: 'name', label: '成员姓名', type: 'text', required: true, maxLength: 20 },
  { key: 'workNo', label: '工号', type: 'text', required: true, maxLength: 10, help: '数字' },
  { key: 'department', label: '所属部门', type: 'text', maxLength: 30 },
];

export const MAX_MEMBERS = 20;
