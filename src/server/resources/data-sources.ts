// 多数据源管理 (/isystem/dataSource): a data source's fields (the anchor's sys_data_source) and its list, shared by
// the API and the screen. Where an address may point and how the password is kept: domain/data-sources.ts.
import { dataSourceApi } from '../contracts/data-sources.js';
import { resource } from './fields.js';
import type { FormSpec, ListSpec } from './spec.js';
import { crudActions } from './crud-actions.js';

const DATA_SOURCES_ROUTE = '/isystem/dataSource';

/** 数据库类型: JeecgBoot's values for the engines Xuetang reads (it has none for SQLite: `sqlite` is ours). */
export const DB_TYPE_OPTIONS = [
  { value: '6', label: 'PostgreSQL' },
  { value: '1', label: 'MySQL5.5' },
  { value: '4', label: 'MySQL5.7+' },
  { value: '5', label: 'MariaDB' },
  { value: 'sqlite', label: 'SQLite' },
] as const;

export const dataSourceFields = resource({
  code: { label: '数据源编码', kind: 'code', required: true, max: 100, pattern: { re: /^[A-Za-z0-9_-]+$/, message: '数据源编码只能包含字母、数字、下划线和短横线' } },
  name: { label: '数据源名称', kind: 'name', required: true, max: 100 },
  remark: { label: '备注', kind: 'text', max: 200 },
  dbType: { label: '数据库类型', kind: 'choice', required: true, options: DB_TYPE_OPTIONS.map((o) => ({ ...o })), max: 10 },
  dbDriver: { label: '驱动类', kind: 'text', max: 100 },
  dbUrl: { label: '数据源地址', kind: 'text', required: true, max: 500 },
  dbName: { label: '数据库名称', kind: 'text', max: 100 },
  dbUsername: { label: '用户名', kind: 'text', max: 100 },
  dbPassword: { label: '密码', kind: 'password', max: 100 },
  createTime: { label: '创建时间', kind: 'datetime' },
});

export const DATA_SOURCE_FORM_KEYS = ['code', 'name', 'remark', 'dbType', 'dbDriver', 'dbUrl', 'dbName', 'dbUsername', 'dbPassword'] as const;

// Admin-only screens: their buttons need no permission code (the routes are for 管理员/开发者 alone).
const dataSourceActions = crudActions({}, { deleteInline: true });

export const dataSourcesList: ListSpec = {
  route: DATA_SOURCES_ROUTE,
  title: '多数据源管理',
  api: {
    list: dataSourceApi.list,
    add: dataSourceApi.add,
    edit: dataSourceApi.edit,
    queryById: dataSourceApi.queryById,
    delete: dataSourceApi.delete,
    deleteBatch: dataSourceApi.deleteBatch,
  },
  columns: [
    dataSourceFields.column('code', { sortable: true, width: 160 }),
    dataSourceFields.column('name', { sortable: true }),
    dataSourceFields.column('dbType', { sortable: true, width: 120 }),
    dataSourceFields.column('dbUrl', { render: 'ellipsis' }),
    dataSourceFields.column('dbUsername', { width: 120 }),
    dataSourceFields.column('remark', { render: 'ellipsis' }),
    dataSourceFields.column('createTime', { sortable: true, width: 170 }),
  ],
  filters: [
    dataSourceFields.filter('name', 'text', { placeholder: '请输入数据源名称' }),
    dataSourceFields.filter('code', 'text', { placeholder: '请输入数据源编码' }),
    dataSourceFields.filter('dbType', 'exact'),
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: { add: dataSourceActions.add },
  rowActions: [dataSourceActions.edit, dataSourceActions.delete],
  bulkActions: [dataSourceActions.batchDelete],
  exportName: '多数据源',
};

export const dataSourceForm: FormSpec = {
  width: 720,
  fields: [
    dataSourceFields.formField('name'),
    dataSourceFields.formField('code', { help: '报表按编码选择数据源' }),
    dataSourceFields.formField('dbType'),
    dataSourceFields.formField('dbUrl', { placeholder: '例如 jdbc:postgresql://127.0.0.1:5432/school', help: 'PostgreSQL、MySQL 写地址（不含用户名和密码）；SQLite 写 DATA_DIR/datasources/ 下的文件名' }),
    dataSourceFields.formField('dbName'),
    dataSourceFields.formField('dbUsername'),
    dataSourceFields.formField('dbPassword', { help: '已保存的密码不会显示；编辑时留空则保持不变' }),
    dataSourceFields.formField('remark', { type: 'textarea' }),
  ],
};
