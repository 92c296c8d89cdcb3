// Scratch素材库 (/scratch/assets): the asset's fields, the list and dialog declared from them, the asset types,
// and where the tags an asset may carry live: 分类字典 (sys_category) under A03 素材库标签, one group per asset
// type; a tag's value (the English Scratch library tag, as stored on the asset) is the category's 分类值, its
// label the name.
import { scratchAssetApi } from '../contracts/scratch-assets.js';
import { crudActions } from './crud-actions.js';
import { resource } from './fields.js';
import { listEndpoints, type FormSpec, type ListSpec } from './spec.js';

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

/**
 * An asset's fields (teaching_scratch_assets). The type, the files and the tags keep the API's own checks (their
 * contract wording; files and tags are lists of stored keys and tag values); the library JSON is computed by the
 * server from the files, and what a client sends for it is ignored.
 */
export const scratchAssetFields = resource({
  assetType: { label: '素材类型', kind: 'int', required: true, dict: 'scratch_asset_type', min: 1, max: 4 },
  assetName: { label: '素材名', kind: 'text', required: true, max: 100 },
  md5Ext: { label: '素材文件', kind: 'upload', required: true },
  tags: { label: '标签', kind: 'choices' },
  assetData: { label: '素材json数据', kind: 'text' },
  createTime: { label: '创建时间', kind: 'datetime' },
});

const assetActions = crudActions('assets');

export const scratchAssetsList: ListSpec = {
  route: ASSETS_ROUTE,
  title: 'Scratch素材库',
  api: listEndpoints(scratchAssetApi),
  columns: [
    scratchAssetFields.column('assetType', { width: 90 }),
    scratchAssetFields.column('assetName', { sortable: true }),
    { key: 'preview', title: '素材', render: 'media', export: false, width: 200 },
    { key: 'tags_dictText', title: scratchAssetFields.rule('tags').label, render: 'ellipsis' },
    { key: 'createBy_dictText', title: '创建人', width: 100 },
    scratchAssetFields.column('createTime', { sortable: true, width: 170 }),
  ],
  filters: [scratchAssetFields.filter('assetType', 'dict'), scratchAssetFields.filter('assetName', 'text', { placeholder: '请输入素材名' })],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: { add: assetActions.add },
  rowActions: [assetActions.edit, assetActions.delete],
  bulkActions: [assetActions.batchDelete],
  exportName: 'Scratch素材',
};

/** The dialog: type, name, file(s), tags (a control of the page's), and the library JSON shown read-only. */
export const scratchAssetForm: FormSpec = {
  width: 860,
  fields: [
    scratchAssetFields.formField('assetType', { type: 'radio', defaultValue: '1' }),
    scratchAssetFields.formField('assetName'),
    scratchAssetFields.formField('md5Ext', {
      upload: { biz: 'scratchasset', multiple: true, accept: '.png,.jpg,.jpeg,.svg,.wav,.mp3,image/png,image/jpeg,image/svg+xml,audio/wav,audio/mpeg' },
      help: '背景、造型：一张 PNG、JPG 或 SVG 图片（PNG/JPG 不超过5MB，SVG 不超过1MB，不能含脚本）；声音：一个 WAV 或 MP3 文件（不超过10MB）；角色：若干造型图片和声音',
    }),
    scratchAssetFields.formField('tags'),
    scratchAssetFields.formField('assetData', { type: 'textarea' }),
  ],
};
