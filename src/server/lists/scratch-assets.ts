// Scratch素材库 (/scratch/assets): the list declaration, the asset types, and the tags an asset may carry.
// The anchor reads the tags from sys_category (root A03 素材库标签); that screen is not built, so the stock
// Scratch library tags of the reference (§1.4.7) are a fixed allow-list here: English values as stored (they
// match the editor's own library filters), Chinese labels as shown.
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

const BACKDROP_TAGS: AssetTag[] = [
  { value: 'fantasy', label: '奇幻' },
  { value: 'music', label: '音乐' },
  { value: 'sports', label: '运动' },
  { value: 'outdoors', label: '户外' },
  { value: 'indoors', label: '室内' },
  { value: 'space', label: '太空' },
  { value: 'underwater', label: '水下' },
  { value: 'patterns', label: '图案' },
];
const SOUND_TAGS: AssetTag[] = [
  { value: 'animals', label: '动物' },
  { value: 'effects', label: '效果' },
  { value: 'loops', label: '可循环' },
  { value: 'notes', label: '音符' },
  { value: 'percussion', label: '打击乐器' },
  { value: 'space', label: '太空' },
  { value: 'sports', label: '运动' },
  { value: 'voice', label: '人声' },
  { value: 'wacky', label: '古怪' },
];
const SPRITE_TAGS: AssetTag[] = [
  { value: 'animals', label: '动物' },
  { value: 'people', label: '人物' },
  { value: 'fantasy', label: '奇幻' },
  { value: 'dance', label: '舞蹈' },
  { value: 'music', label: '音乐' },
  { value: 'sports', label: '运动' },
  { value: 'food', label: '食物' },
  { value: 'fashion', label: '时尚' },
  { value: 'letters', label: '字母' },
];

/** The tags of each asset type (A03A01 背景, A03A02 声音, A03A03 角色 — also used for 造型). */
export const ASSET_TAGS: Record<AssetType, AssetTag[]> = { 1: BACKDROP_TAGS, 2: SOUND_TAGS, 3: SPRITE_TAGS, 4: SPRITE_TAGS };

/** Every tag value with its label (a value shared by two groups has the same label in both). */
export const TAG_LABELS: Record<string, string> = Object.fromEntries(Object.values(ASSET_TAGS).flatMap((tags) => tags.map((t) => [t.value, t.label])));

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
