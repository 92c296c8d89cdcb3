// 职务管理 (/isystem/position) and 通讯录 (/isystem/addressList): the list and form declarations shared by the
// API and the pages; 职务管理's list and form are declared from the position's fields.
import { addressListApi, positionApi } from '../contracts/positions.js';
import { crudActions } from './crud-actions.js';
import { resource } from './fields.js';
import { listEndpoints, type FormSpec, type ListSpec } from './spec.js';

export const POSITIONS_ROUTE = '/isystem/position';
export const ADDRESS_LIST_ROUTE = '/isystem/addressList';

/** A position's fields (公司 is the anchor's company_id, accepted by the API beside the form). */
export const positionFields = resource({
  code: { label: '职务编码', kind: 'code', required: true, max: 100, pattern: { re: /^[A-Za-z0-9_-]+$/, message: '职务编码只能包含字母、数字、下划线和短横线' } },
  name: { label: '职务名称', kind: 'name', required: true, max: 100 },
  postRank: { label: '职级', kind: 'choice', dict: 'position_rank', required: true, max: 10 },
  companyId: { label: '公司', kind: 'name', max: 32 },
  createTime: { label: '创建时间', kind: 'datetime' },
});

/** The fields an add or an edit (and a workbook row) sends. */
export const POSITION_FORM_KEYS = ['code', 'name', 'postRank', 'companyId'] as const;

const positionActions = crudActions('position', { deleteInline: true });

export const positionsList: ListSpec = {
  route: POSITIONS_ROUTE,
  title: '职务管理',
  api: listEndpoints(positionApi),
  columns: [
    positionFields.column('code', { sortable: true, width: 160 }),
    positionFields.column('name', { sortable: true }),
    positionFields.column('postRank', { sortable: true, width: 100, align: 'center' }),
    { key: 'userCount', title: '在职人数', width: 100, align: 'center', export: false },
    positionFields.column('createTime', { sortable: true, width: 170 }),
  ],
  filters: [
    positionFields.filter('name', 'text', { placeholder: '请输入职务名称查询' }),
    positionFields.filter('code', 'text', { placeholder: '请输入职务编码查询' }),
    positionFields.filter('postRank', 'dict'),
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: positionActions.toolbar,
  rowActions: [positionActions.edit, positionActions.delete],
  bulkActions: [positionActions.batchDelete],
  exportName: '职务信息',
};

export const positionForm: FormSpec = {
  width: 640,
  fields: [
    positionFields.formField('code', { readonlyOnEdit: true, help: '字母、数字、下划线或短横线，保存后不可修改' }),
    positionFields.formField('name'),
    positionFields.formField('postRank'),
  ],
};

/** Header titles of a position workbook (import) → body keys. */
export const POSITION_COLUMNS: Record<string, string> = { 职务编码: 'code', 职务名称: 'name', 职级: 'postRank' };

/** 通讯录: the members of the department chosen in the tree (and its sub-departments), read-only. */
export const addressList: ListSpec = {
  route: ADDRESS_LIST_ROUTE,
  title: '通讯录',
  api: { list: addressListApi.list },
  columns: [
    { key: 'realname', title: '姓名', sortable: true, width: 110 },
    { key: 'workNo', title: '工号', sortable: true, width: 110 },
    // Names of the positions in sys_user.post (the API adds them; unknown codes are left out).
    { key: 'post_dictText', title: '职务' },
    { key: 'phone', title: '手机', width: 120 },
    { key: 'telephone', title: '电话', width: 120 },
    { key: 'email', title: '邮箱' },
    { key: 'departName', title: '部门', render: 'ellipsis' },
  ],
  filters: [
    { key: 'orgCode', label: '部门', type: 'exact', hidden: true },
    { key: 'realname', label: '姓名', type: 'text', placeholder: '请输入姓名查询' },
    { key: 'workNo', label: '工号', type: 'text', placeholder: '请输入工号查询' },
  ],
  defaultSort: { column: 'realname', order: 'asc' },
  toolbar: {},
  rowActions: [],
  bulkActions: [],
  exportName: '通讯录',
};
