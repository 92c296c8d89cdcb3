// 分类字典 (sys_category): the seeded tree. A03 素材库标签 holds the Scratch asset tags (teaching-open §1.4.7):
// one group per asset kind, each tag a child whose value is the English tag stored on the asset (they match
// the stock Scratch library's own tags) and whose name is the Chinese label shown.
import type { Insertable } from 'kysely';
import { newId } from '../../domain/ids.js';
import { flattenTree } from '../../shared/tree.js';
import { formatDateTime } from '../../domain/time.js';
import type { SysCategoryTable } from '../schema.js';
import { ASSET_TAG_GROUPS, ASSET_TAG_ROOT } from '../../resources/scratch-assets.js';

const GROUP = { backdrop: ASSET_TAG_GROUPS[1], sound: ASSET_TAG_GROUPS[2], sprite: ASSET_TAG_GROUPS[3] } as const;
export { ASSET_TAG_ROOT };

interface CategoryDef {
  name: string;
  code: string;
  value?: string;
  children?: CategoryDef[];
}

const tags = (group: string, list: [value: string, name: string][]): CategoryDef[] =>
  list.map(([value, name], i) => ({ name, value, code: `${group}A${String(i + 1).padStart(2, '0')}` }));

const SEED_CATEGORIES: CategoryDef[] = [
  {
    name: '素材库标签',
    code: ASSET_TAG_ROOT,
    children: [
      {
        name: '背景',
        code: GROUP.backdrop,
        children: tags(GROUP.backdrop, [
          ['fantasy', '奇幻'], ['music', '音乐'], ['sports', '运动'], ['outdoors', '户外'],
          ['indoors', '室内'], ['space', '太空'], ['underwater', '水下'], ['patterns', '图案'],
        ]),
      },
      {
        name: '声音',
        code: GROUP.sound,
        children: tags(GROUP.sound, [
          ['animals', '动物'], ['effects', '效果'], ['loops', '可循环'], ['notes', '音符'], ['percussion', '打击乐器'],
          ['space', '太空'], ['sports', '运动'], ['voice', '人声'], ['wacky', '古怪'],
        ]),
      },
      {
        name: '角色',
        code: GROUP.sprite,
        children: tags(GROUP.sprite, [
          ['animals', '动物'], ['people', '人物'], ['fantasy', '奇幻'], ['dance', '舞蹈'], ['music', '音乐'],
          ['sports', '运动'], ['food', '食物'], ['fashion', '时尚'], ['letters', '字母'],
        ]),
      },
    ],
  },
];

/** Rows of the seeded tree (or of the subtree rooted at `rootCode`). */
export function buildCategoryRows(ts: string = formatDateTime(new Date()), rootCode?: string): Insertable<SysCategoryTable>[] {
  const idOf = new Map<CategoryDef, string>();
  return flattenTree(rootCode ? SEED_CATEGORIES.filter((d) => d.code === rootCode) : SEED_CATEGORIES).map(({ node: d, parent }) => {
    const id = newId();
    idOf.set(d, id);
    return {
      id,
      pid: parent ? idOf.get(parent)! : '0',
      name: d.name,
      code: d.code,
      item_value: d.value ?? null,
      has_child: d.children?.length ? '1' : '0',
      create_by: 'admin',
      create_time: ts,
    };
  });
}
