// Scratch素材库 (/scratch/assets): the list declaration, the asset types, and where the tags an asset may
// carry live: 分类字典 (sys_category) under A03 素材库标签, one group per asset type; a tag's value (the
// English Scratch library tag, as stored on the asset) is the category's 分类值, its label the name.
import type { ListSpec } from './spec.js';

export const ASSETS_ROUTE = '/scratch/assets';
export const ASSETS_API = '/teaching/teachingScratchAssets';

export const ASSET_TYPES = [
  { value: 1, label: '背景' },
  { value: 2, label: '声音' },
  { value: 3, label: '造型' },
  { value: 4, label: '角色' },
] as const;
export type AssetType = 1 | 2 | 3 | 4;
export const isAssetType = (v: number): v is AssetType => v === 1 || v === 2 || v === 3 || v === 4;

export interface AssetTag {
  value: string;
  label: string;
}

/** 分类字典 root of the asset tags (素材库标签). */
export const ASSET_TAG_ROOT = 'A03';
/** The category whose children are the tags of each asset type (A03A01 背景, A03A02 声音, A03A03 角色 — also 造型). */
export const ASSET_TAG_GROUPS: Record<AssetType, string> = { 1: 'A03A01', 2: 'A03A02', 3: 'A03A03', 4: 'A03A03' };

export const scratchAssetsList: ListSpec = {
  route: ASSETS_ROUTE,
  title: 'Scratch素材库',
  api: {
    list: `${ASSETS_API}/list`,
    add: `${ASSETS_API}/add`,
    edit: `${ASSETS_API}/edit`,
    queryById: `${ASSETS_API}/queryById`,
    delete: `${ASSETS_API}/delete`,
    deleteBatch: `${ASSETS_API}/deleteBatch`,
  },
  columns: [
    { key: 'assetType', title: '素材类型', dict: 'scratch_asset_type', width: 90 },
    { key: 'assetName', title: '素材名', sortable: true },
    { key: 'preview', title: '素材', render: 'media', export: false, width: 200 },
    { key: 'tags_dictText', title: '标签', render: 'ellipsis' },
    { key: 'createBy_dictText', title: '创建人', width: 100 },
    { key: 'createTime', title: '创建时间', sortable: true, width: 170 },
  ],
  filters: [
    { key: 'assetType', label: '素材类型', type: 'dict', dict: 'scratch_asset_type' },
    { key: 'assetName', label: '素材名', type: 'text', placeholder: '请输入素材名' },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: {
    add: { key: 'add', label: '新增', perm: 'assets:add' },
  },
  rowActions: [
    { key: 'edit', label: '编辑', perm: 'assets:edit' },
    { key: 'delete', label: '删除', perm: 'assets:del', confirm: '确定删除吗?', more: true, danger: true },
  ],
  bulkActions: [{ key: 'delete', label: '删除', perm: 'assets:del', confirm: '是否删除选中数据?', danger: true }],
  exportName: 'Scratch素材',
};
