// 字典管理 (/isystem/dict): the dictionary list, its items list (字典配置) and their forms, shared by the API
// (filters, sorting, export columns, dictionary decorations) and the pages.
import { dictApi, dictItemApi } from '../contracts/dicts.js';
import { crudActions } from './crud-actions.js';
import { resource } from './fields.js';
import { listEndpoints, type FormSpec, type ListSpec } from './spec.js';

export const DICT_ROUTE = '/isystem/dict';
/** The items of one dictionary: a list of its own, its state (`dictId`, filters, sort, page) in the URL. */
export const DICT_ITEMS_ROUTE = '/isystem/dict/items';
/** The deleted dictionaries (回收站). */
export const DICT_RECYCLE_ROUTE = '/isystem/dict/recycle';

export const dictFields = resource({
  dictName: { label: '字典名称', kind: 'name', required: true, max: 100 },
  dictCode: { label: '字典编码', kind: 'code', required: true, max: 100, pattern: { re: /^[A-Za-z0-9_]+$/, message: '字典编码只能包含字母、数字和下划线' } },
  type: {
    label: '值类型',
    kind: 'int',
    min: 0,
    max: 1,
    options: [
      { value: '0', label: '字符串' },
      { value: '1', label: '数字' },
    ],
    messages: { invalid: '值类型只能是0（字符串）或1（数字）' },
  },
  description: { label: '描述', kind: 'text', max: 255 },
  createTime: { label: '创建时间', kind: 'datetime' },
});

/** The fields an add or an edit of a dictionary sends (and an import reads). */
export const DICT_FORM_KEYS = ['dictName', 'dictCode', 'description', 'type'] as const;

const dictActions = crudActions('dict');

export const dictsList: ListSpec = {
  route: DICT_ROUTE,
  title: '字典管理',
  api: listEndpoints(dictApi),
  columns: [
    dictFields.column('dictName', { sortable: true }),
    dictFields.column('dictCode', { sortable: true }),
    dictFields.column('description', { render: 'ellipsis' }),
    dictFields.column('type', { list: false }),
    // Export-only: the items, one `值=文本` per line (`值=文本=禁用` for a disabled item); import reads them back.
    { key: 'items', title: '字典项', list: false },
    dictFields.column('createTime', { sortable: true, width: 170, export: false }),
  ],
  filters: [
    dictFields.filter('dictName', 'text', { placeholder: '请输入字典名称' }),
    dictFields.filter('dictCode', 'text', { placeholder: '请输入字典编码' }),
    dictFields.filter('description', 'text', { advanced: true, placeholder: '请输入描述' }),
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: {
    ...dictActions.toolbar,
    // POST /isystem/dict/refresh: drops the dictionary cache (after changes written around the API).
    actions: [{ key: 'refresh', label: '刷新缓存', perm: 'dict:edit' }],
    links: [{ key: 'recycle', label: '回收站', perm: 'dict:recycle', href: DICT_RECYCLE_ROUTE }],
  },
  rowActions: [dictActions.edit, { key: 'config', label: '字典配置', perm: 'dict:item' }, dictActions.delete],
  bulkActions: [dictActions.batchDelete],
  exportName: '字典信息',
};

export const dictForm: FormSpec = {
  width: 640,
  fields: [
    dictFields.formField('dictName'),
    dictFields.formField('dictCode', { help: '字母、数字或下划线，全局唯一；修改后引用旧编码的下拉框将不再显示选项' }),
    dictFields.formField('type', { type: 'radio', defaultValue: '0' }),
    dictFields.formField('description', { type: 'textarea' }),
  ],
};

export const dictItemFields = resource({
  /** The dictionary the item belongs to (the items list's fixed scope, not a form field). */
  dictId: { label: '字典', kind: 'choice', required: true, max: 64 },
  itemText: { label: '名称', kind: 'name', required: true, max: 100 },
  itemValue: { label: '数据值', kind: 'text', required: true, max: 100 },
  description: { label: '描述', kind: 'text', max: 255 },
  sortOrder: { label: '排序值', kind: 'int', min: -999999, max: 999999, messages: { range: '排序值超出范围' } },
  status: { label: '是否启用', kind: 'flag', dict: 'dict_item_status', messages: { invalid: '状态只能是1（启用）或0（不启用）' } },
  createTime: { label: '创建时间', kind: 'datetime' },
});

/** The fields an add or an edit of an item sends. */
export const DICT_ITEM_FORM_KEYS = ['dictId', 'itemText', 'itemValue', 'description', 'sortOrder', 'status'] as const;

// A dictionary's items are all guarded by the one code dict:item.
const dictItemActions = crudActions({ add: 'dict:item', edit: 'dict:item', del: 'dict:item' });

export const dictItemsList: ListSpec = {
  route: DICT_ITEMS_ROUTE,
  title: '字典配置',
  api: listEndpoints(dictItemApi),
  columns: [
    dictItemFields.column('itemText', { sortable: true }),
    dictItemFields.column('itemValue', { sortable: true }),
    dictItemFields.column('description', { render: 'ellipsis' }),
    dictItemFields.column('sortOrder', { title: '排序', sortable: true, width: 90, align: 'center' }),
    dictItemFields.column('status', { title: '状态', render: 'tag', colors: { '1': 'green', '0': 'default' }, width: 100, align: 'center' }),
  ],
  filters: [
    dictItemFields.filter('dictId', 'exact', { hidden: true }),
    dictItemFields.filter('itemText', 'text', { placeholder: '请输入名称' }),
    dictItemFields.filter('status', 'dict', { label: '状态' }),
  ],
  defaultSort: { column: 'sortOrder', order: 'asc' },
  defaultPageSize: 20,
  toolbar: {
    add: dictItemActions.add,
    links: [{ key: 'back', label: '返回字典列表', href: DICT_ROUTE }],
  },
  rowActions: [dictItemActions.edit, { key: 'toggle', label: '启用/禁用', perm: 'dict:item' }, dictItemActions.delete],
  bulkActions: [dictItemActions.batchDelete],
  exportName: '字典项',
};

export const dictItemForm: FormSpec = {
  width: 640,
  fields: [
    dictItemFields.formField('itemText'),
    dictItemFields.formField('itemValue', { help: '同一字典内不能重复' }),
    dictItemFields.formField('description', { type: 'textarea' }),
    dictItemFields.formField('sortOrder', { help: '数字越小越靠前' }),
    dictItemFields.formField('status', { placeholder: '启用（禁用的项不出现在下拉选择中）', defaultValue: '1' }),
  ],
};
