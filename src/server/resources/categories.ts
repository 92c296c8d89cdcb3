// 分类字典 (/isys/category): the coded category tree (sys_category) as one list — ordered by code, so every
// category follows its parent and the page indents it by depth — with the add/edit form. Shared by the API
// and the page. Pure data: no database, no HTML.
import type { FormSpec, ListSpec } from './spec.js';

export const CATEGORY_ROUTE = '/isys/category';
export const CATEGORY_API = '/sys/category';

export const CATEGORY_PERMS = {
  add: 'category:add',
  edit: 'category:edit',
  del: 'category:del',
  export: 'category:export',
  import: 'category:import',
} as const;

export const categoriesList: ListSpec = {
  route: CATEGORY_ROUTE,
  title: '分类字典',
  api: {
    list: `${CATEGORY_API}/list`,
    add: `${CATEGORY_API}/add`,
    edit: `${CATEGORY_API}/edit`,
    queryById: `${CATEGORY_API}/queryById`,
    delete: `${CATEGORY_API}/delete`,
    deleteBatch: `${CATEGORY_API}/deleteBatch`,
    exportXls: `${CATEGORY_API}/exportXls`,
    importExcel: `${CATEGORY_API}/importExcel`,
  },
  columns: [
    { key: 'name', title: '分类名称', sortable: true, width: 240 },
    { key: 'code', title: '分类编码', sortable: true, width: 160 },
    { key: 'itemValue', title: '分类值', width: 140 },
    { key: 'pidCode', title: '上级编码', width: 140 },
    { key: 'createTime', title: '创建时间', sortable: true, width: 170 },
  ],
  filters: [
    { key: 'name', label: '分类名称', type: 'text', placeholder: '请输入分类名称' },
    { key: 'code', label: '分类编码', type: 'text', placeholder: '请输入分类编码' },
    { key: 'itemValue', label: '分类值', type: 'text', advanced: true },
  ],
  defaultSort: { column: 'code', order: 'asc' },
  defaultPageSize: 30,
  toolbar: {
    add: { key: 'add', label: '新增', perm: CATEGORY_PERMS.add },
    export: { key: 'export', label: '导出', perm: CATEGORY_PERMS.export },
    import: { key: 'import', label: '导入', perm: CATEGORY_PERMS.import },
  },
  rowActions: [
    { key: 'edit', label: '编辑', perm: CATEGORY_PERMS.edit },
    { key: 'delete', label: '删除', perm: CATEGORY_PERMS.del, confirm: '确定删除吗?', more: true, danger: true },
  ],
  bulkActions: [{ key: 'delete', label: '删除', perm: CATEGORY_PERMS.del, confirm: '是否删除选中数据?', danger: true }],
  exportName: '分类字典',
};

export const categoryForm: FormSpec = {
  width: 640,
  fields: [
    {
      key: 'pid',
      label: '上级分类',
      type: 'select',
      placeholder: '无（顶级分类）',
      optionsFrom: { api: `${CATEGORY_API}/loadTreeRoot`, value: 'key', label: 'title' },
      help: '不选则为顶级分类',
    },
    { key: 'name', label: '分类名称', type: 'text', required: true, maxLength: 100 },
    {
      key: 'code',
      label: '分类编码',
      type: 'text',
      maxLength: 100,
      // 生成 asks the 填值规则 category_code_rule for the next free code under the chosen 上级分类.
      fillRule: 'category_code_rule',
      help: '字母、数字或下划线，须以上级分类的编码开头；留空则自动生成（如 A03A01），也可点“生成”先看到编码',
    },
    { key: 'itemValue', label: '分类值', type: 'text', maxLength: 100, help: '使用方保存的值（如 Scratch 素材标签 fantasy）；留空则为编码' },
  ],
};
