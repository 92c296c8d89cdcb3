// The public site's top navigation (teaching_menu), as a tree.
import type { Kysely, Selectable } from 'kysely';
import type { Database, TeachingMenuTable } from '../db/schema.js';
import { refreshLeaf, subtreeIds } from './permission-tree.js';
import { buildTree } from '../shared/tree.js';

export interface FrontMenuNode {
  id: string;
  route: boolean;
  title: string;
  url: string;
  needLogin: number;
  internalOrExternal: boolean;
  icon?: string;
  children?: FrontMenuNode[];
}

export async function frontMenu(db: Kysely<Database>): Promise<FrontMenuNode[]> {
  const rows = await db
    .selectFrom('teaching_menu')
    .selectAll()
    .where('hidden', '=', 0)
    .where('del_flag', '=', 0)
    .where('menu_type', 'in', [0, 1])
    .orderBy('sort_no', 'asc')
    .orderBy('id', 'asc')
    .execute();
  // A hidden row hides what is below it: its children are not shown elsewhere (orphans dropped).
  return buildTree(rows, {
    id: (r) => r.id,
    parentId: (r) => r.parent_id,
    orphans: 'drop',
    toNode: (r, children) => {
      const n: FrontMenuNode = {
        id: r.id,
        route: r.is_route === 1,
        title: r.name,
        url: r.url ?? '',
        needLogin: r.need_login,
        internalOrExternal: r.internal_or_external === 1,
      };
      if (r.icon) n.icon = r.icon;
      if (children.length) n.children = children;
      return n;
    },
  });
}

// ---- 前台菜单管理 (admin) ----------------------------------------------------------------------------------

export type FrontMenuRow = Selectable<TeachingMenuTable>;

/** One row of the admin tree (the anchor's TeachingMenuTree): camelCase, flags as booleans. */
export interface FrontMenuAdminNode {
  id: string;
  key: string;
  title: string;
  value: string;
  parentId: string;
  name: string;
  url: string;
  menuType: number;
  sortNo: number;
  icon: string | null;
  isLeaf: boolean;
  leaf: boolean;
  description: string | null;
  route: boolean;
  hidden: boolean;
  needLogin: boolean;
  internalOrExternal: boolean;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  children?: FrontMenuAdminNode[];
}

/** Every non-deleted row, in menu order. */
export async function allFrontMenuRows(db: Kysely<Database>): Promise<FrontMenuRow[]> {
  return db.selectFrom('teaching_menu').selectAll().where('del_flag', '=', 0).orderBy('sort_no', 'asc').orderBy('id', 'asc').execute();
}

export function frontMenuNode(r: FrontMenuRow): FrontMenuAdminNode {
  return {
    id: r.id,
    key: r.id,
    title: r.name,
    value: r.id,
    parentId: r.parent_id ?? '',
    name: r.name,
    url: r.url ?? '',
    menuType: r.menu_type,
    sortNo: Number(r.sort_no),
    icon: r.icon ?? null,
    isLeaf: r.is_leaf === 1,
    leaf: r.is_leaf === 1,
    description: r.description ?? null,
    route: r.is_route === 1,
    hidden: r.hidden === 1,
    needLogin: r.need_login === 1,
    internalOrExternal: r.internal_or_external === 1,
    createBy: r.create_by ?? null,
    createTime: r.create_time ?? null,
    updateBy: r.update_by ?? null,
    updateTime: r.update_time ?? null,
  };
}

/** The rows as a tree; a row whose parent is gone shows at the top (so it can still be edited or deleted). */
export function frontMenuTree(rows: FrontMenuRow[]): FrontMenuAdminNode[] {
  return buildTree(rows, {
    id: (r) => r.id,
    parentId: (r) => r.parent_id,
    toNode: (r, children) => {
      const n = frontMenuNode(r);
      if (children.length) n.children = children;
      return n;
    },
  });
}

type Db = Kysely<Database>;


/** Deletes the rows and everything below them (as the anchor: physically); parents left without children become leaves. */
export async function deleteFrontMenuCascade(tx: Db, rows: FrontMenuRow[], ids: string[]): Promise<number> {
  const all = new Set<string>();
  for (const id of ids) for (const x of subtreeIds(rows, id)) all.add(x);
  const list = [...all];
  const parents = new Set(rows.filter((r) => ids.includes(r.id)).map((r) => r.parent_id).filter((p): p is string => !!p && !all.has(p)));
  for (let i = 0; i < list.length; i += 500) await tx.deleteFrom('teaching_menu').where('id', 'in', list.slice(i, i + 500)).execute();
  for (const p of parents) await refreshLeaf(tx, p, 'teaching_menu');
  return list.length;
}
