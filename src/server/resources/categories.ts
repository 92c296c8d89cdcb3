// 分类字典 (/isys/category): the coded category tree (sys_category) as one list — ordered by code, so every
// category follows its parent and the page indents it by depth — with the add/edit form. Shared by the API
// and the page. Pure data: no database, no HTML.
import { categoryApi } from '../contracts/categories.js';
import { crudActions } from './crud-actions.js';
import { resource } from './fields.js';
import { listEndpoints, type FormSpec, type ListSpec } from './spec.js';

export const CATEGORY_ROUTE = '/isys/category';

export const CATEGORY_PERMS = {
  add: 'category:add',
  edit: 'category:edit',
  del: 'category:del',
  export: 'category:export',
  import: 'category:import',
} as const;

const CODE = { re: /^[A-Za-z0-9_]+$/, message: '分类编码只能包含字母、数字和下划线' };

export const categoryFields = resource({
  pid: { label: '上级分类', kind: 'choice', max: 64 },
  name: { label: '分类名称', kind: 'name', required: true, max: 100 },
  code: { label: '分类编码', kind: 'code', max: 100, pattern: CODE },
  itemValue: { label: '分类值', kind: 'name', max: 100 },
  /** The parent's code: a list column, and how an imported row names its parent. */
  pidCode: { label: '上级编码', kind: 'name', max: 100 },
  hasChild: { label: '有下级分类', kind: 'text' },
  createTime: { label: '创建时间', kind: 'datetime' },
});

/** The fields an add or an edit sends. */
export const CATEGORY_FORM_KEYS = ['pid', 'name', 'code', 'itemValue'] as const;

const categoryActions = crudActions(CATEGORY_PERMS);

export const categoriesList: ListSpec = {
  route: CATEGORY_ROUTE,
  title: '分类字典',
  api: listEndpoints(categoryApi),
  columns: [
    categoryFields.column('name', { sortable: true, width: 240 }),
    categoryFields.column('code', { sortable: true, width: 160 }),
    categoryFields.column('itemValue', { width: 140 }),
    categoryFields.column('pidCode', { width: 140 }),
    categoryFields.column('createTime', { sortable: true, width: 170 }),
  ],
  filters: [
    categoryFields.filter('name', 'text', { placeholder: '请输入分类名称' }),
    categoryFields.filter('code', 'text', { placeholder: '请输入分类编码' }),
    categoryFields.filter('itemValue', 'text', { advanced: true }),
  ],
  defaultSort: { column: 'code', order: 'asc' },
  defaultPageSize: 30,
  toolbar: categoryActions.toolbar,
  rowActions: [categoryActions.edit, categoryActions.delete],
  bulkActions: [categoryActions.batchDelete],
  exportName: '分类字典',
  // The API answers the whole tree in code order with each row's depth: indented, with 添加下级 (pages/list-tree.tsx).
  tree: { pid: 'pid', text: 'name' },
};

export const categoryForm: FormSpec = {
  width: 640,
  fields: [
    categoryFields.formField('pid', {
      placeholder: '无（顶级分类）',
      optionsFrom: { api: categoryApi.loadTreeRoot, value: 'key', label: 'title' },
      help: '不选则为顶级分类',
    }),
    categoryFields.formField('name'),
    categoryFields.formField('code', {
      // 生成 asks the 填值规则 category_code_rule for the next free code under the chosen 上级分类.
      fillRule: 'category_code_rule',
      help: '字母、数字或下划线，须以上级分类的编码开头；留空则自动生成（如 A03A01），也可点“生成”先看到编码',
    }),
    categoryFields.formField('itemValue', { help: '使用方保存的值（如 Scratch 素材标签 fantasy）；留空则为编码' }),
  ],
};
