// 字典管理 (/isystem/dict): the dictionary list, its items list (字典配置) and their forms, shared by the API
// (filters, sorting, export columns, dictionary decorations) and the pages.
import type { FormSpec, ListSpec } from './spec.js';

export const DICT_ROUTE = '/isystem/dict';
/** The items of one dictionary: a list of its own, its state (`dictId`, filters, sort, page) in the URL. */
export const DICT_ITEMS_ROUTE = '/isystem/dict/items';
/** The deleted dictionaries (回收站). */
export const DICT_RECYCLE_ROUTE = '/isystem/dict/recycle';

export const dictsList: ListSpec = {
  route: DICT_ROUTE,
  title: '字典管理',
  api: {
    list: '/sys/dict/list',
    add: '/sys/dict/add',
    edit: '/sys/dict/edit',
    queryById: '/sys/dict/queryById',
    delete: '/sys/dict/delete',
    deleteBatch: '/sys/dict/deleteBatch',
    exportXls: '/sys/dict/exportXls',
    importExcel: '/sys/dict/importExcel',
  },
  columns: [
    { key: 'dictName', title: '字典名称', sortable: true },
    { key: 'dictCode', title: '字典编码', sortable: true },
    { key: 'description', title: '描述', render: 'ellipsis' },
    { key: 'type', title: '值类型', list: false },
    // Export-only: the items, one `值=文本` per line (`值=文本=禁用` for a disabled item); import reads them back.
    { key: 'items', title: '字典项', list: false },
    { key: 'createTime', title: '创建时间', sortable: true, width: 170, export: false },
  ],
  filters: [
    { key: 'dictName', label: '字典名称', type: 'text', placeholder: '请输入字典名称' },
    { key: 'dictCode', label: '字典编码', type: 'text', placeholder: '请输入字典编码' },
    { key: 'description', label: '描述', type: 'text', advanced: true, placeholder: '请输入描述' },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: {
    add: { key: 'add', label: '新增', perm: 'dict:add' },
    export: { key: 'export', label: '导出', perm: 'dict:export' },
    import: { key: 'import', label: '导入', perm: 'dict:import' },
    // POST /isystem/dict/refresh: drops the dictionary cache (after changes written around the API).
    actions: [{ key: 'refresh', label: '刷新缓存', perm: 'dict:edit' }],
    links: [{ key: 'recycle', label: '回收站', perm: 'dict:recycle', href: DICT_RECYCLE_ROUTE }],
  },
  rowActions: [
    { key: 'edit', label: '编辑', perm: 'dict:edit' },
    { key: 'config', label: '字典配置', perm: 'dict:item' },
    { key: 'delete', label: '删除', perm: 'dict:del', confirm: '确定删除吗?', more: true, danger: true },
  ],
  bulkActions: [{ key: 'delete', label: '删除', perm: 'dict:del', confirm: '是否删除选中数据?', danger: true }],
  exportName: '字典信息',
};

export const dictForm: FormSpec = {
  width: 640,
  fields: [
    { key: 'dictName', label: '字典名称', type: 'text', required: true, maxLength: 100 },
    { key: 'dictCode', label: '字典编码', type: 'text', required: true, maxLength: 100, help: '字母、数字或下划线，全局唯一；修改后引用旧编码的下拉框将不再显示选项' },
    {
      key: 'type',
      label: '值类型',
      type: 'radio',
      defaultValue: '0',
      options: [
        { value: '0', label: '字符串' },
        { value: '1', label: '数字' },
      ],
    },
    { key: 'description', label: '描述', type: 'textarea', maxLength: 255 },
  ],
};

export const dictItemsList: ListSpec = {
  route: DICT_ITEMS_ROUTE,
  title: '字典配置',
  api: {
    list: '/sys/dictItem/list',
    add: '/sys/dictItem/add',
    edit: '/sys/dictItem/edit',
    queryById: '/sys/dictItem/queryById',
    delete: '/sys/dictItem/delete',
    deleteBatch: '/sys/dictItem/deleteBatch',
  },
  columns: [
    { key: 'itemText', title: '名称', sortable: true },
    { key: 'itemValue', title: '数据值', sortable: true },
    { key: 'description', title: '描述', render: 'ellipsis' },
    { key: 'sortOrder', title: '排序', sortable: true, width: 90, align: 'center' },
    { key: 'status', title: '状态', dict: 'dict_item_status', render: 'tag', colors: { '1': 'green', '0': 'default' }, width: 100, align: 'center' },
  ],
  filters: [
    { key: 'dictId', label: '字典', type: 'exact', hidden: true },
    { key: 'itemText', label: '名称', type: 'text', placeholder: '请输入名称' },
    { key: 'status', label: '状态', type: 'dict', dict: 'dict_item_status' },
  ],
  defaultSort: { column: 'sortOrder', order: 'asc' },
  defaultPageSize: 20,
  toolbar: {
    add: { key: 'add', label: '新增', perm: 'dict:item' },
    links: [{ key: 'back', label: '返回字典列表', href: DICT_ROUTE }],
  },
  rowActions: [
    { key: 'edit', label: '编辑', perm: 'dict:item' },
    { key: 'toggle', label: '启用/禁用', perm: 'dict:item' },
    { key: 'delete', label: '删除', perm: 'dict:item', confirm: '确定删除吗?', more: true, danger: true },
  ],
  bulkActions: [{ key: 'delete', label: '删除', perm: 'dict:item', confirm: '是否删除选中数据?', danger: true }],
  exportName: '字典项',
};

export const dictItemForm: FormSpec = {
  width: 640,
  fields: [
    { key: 'itemText', label: '名称', type: 'text', required: true, maxLength: 100 },
    { key: 'itemValue', label: '数据值', type: 'text', required: true, maxLength: 100, help: '同一字典内不能重复' },
    { key: 'description', label: '描述', type: 'textarea', maxLength: 255 },
    { key: 'sortOrder', label: '排序值', type: 'number', help: '数字越小越靠前' },
    { key: 'status', label: '是否启用', type: 'switch', placeholder: '启用（禁用的项不出现在下拉选择中）', defaultValue: '1' },
  ],
};
