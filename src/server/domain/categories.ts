// 分类字典 (sys_category): a tree of coded categories. A child's code starts with its parent's (A03 → A03A01),
// codes are unique, and `has_child` is kept true to the tree by every write. The table is small (tags and
// classifications), so rules that need the whole tree load it once.
import type { CategoryTreeNode } from '../contracts/categories.js';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SysCategoryTable } from '../db/schema.js';

export type Category = Selectable<SysCategoryTable>;
export const ROOT_PID = '0';

export const allCategories = (db: Kysely<Database>) => db.selectFrom('sys_category').selectAll().orderBy('code', 'asc').execute();

/** Ids of the category and everything below it. */
export function subtreeIds(rows: Category[], id: string): Set<string> {
  const out = new Set<string>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (out.has(r.pid) && !out.has(r.id)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}

/** Depth of each category (roots 0); a row whose parent is missing counts as a root. */
export function depths(rows: Category[]): Map<string, number> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = new Map<string, number>();
  const depthOf = (r: Category, seen: Set<string>): number => {
    const known = out.get(r.id);
    if (known !== undefined) return known;
    const parent = byId.get(r.pid);
    const d = parent && !seen.has(parent.id) ? depthOf(parent, seen.add(r.id)) + 1 : 0;
    out.set(r.id, d);
    return d;
  };
  for (const r of rows) depthOf(r, new Set());
  return out;
}

/** The next free generated code under `parentCode` ('' for roots): A01…A99, then B01…, as the anchor numbers them. */
export function nextCode(rows: Category[], parentCode: string): string | null {
  const used = new Set(rows.map((r) => r.code));
  for (let l = 0; l < 26; l++) {
    for (let n = 1; n <= 99; n++) {
      const code = `${parentCode}${String.fromCharCode(65 + l)}${String(n).padStart(2, '0')}`;
      if (!used.has(code)) return code;
    }
  }
  return null;
}

/** Sets has_child of the given categories from the rows below them. */
export async function refreshHasChild(db: Kysely<Database>, ids: (string | null | undefined)[]): Promise<void> {
  for (const id of new Set(ids.filter((x): x is string => !!x && x !== ROOT_PID))) {
    const kid = await db.selectFrom('sys_category').select('id').where('pid', '=', id).limit(1).executeTakeFirst();
    await db.updateTable('sys_category').set({ has_child: kid ? '1' : '0' }).where('id', '=', id).execute();
  }
}

/** The value consumers store for a category: its item_value, else its code. */
export const categoryValue = (r: Pick<Category, 'item_value' | 'code'>) => r.item_value || r.code;

/** The children of the category with `code`, in code order (e.g. the tags of one Scratch asset group). */
async function childrenOfCode(db: Kysely<Database>, code: string): Promise<Category[]> {
  return db
    .selectFrom('sys_category as c')
    .innerJoin('sys_category as p', 'p.id', 'c.pid')
    .selectAll('c')
    .where('p.code', '=', code)
    .orderBy('c.code', 'asc')
    .execute();
}


/** TreeSelectModel nodes of the children of `pid`; `deep` adds every level below. */
export function treeNodes(rows: Category[], pid: string, deep: boolean, seen = new Set<string>()): CategoryTreeNode[] {
  return rows
    .filter((r) => r.pid === pid && !seen.has(r.id))
    .map((r) => {
      const kids = rows.some((k) => k.pid === r.id);
      const node: CategoryTreeNode = { key: r.id, title: r.name, value: r.id, code: r.code, itemValue: r.item_value ?? null, parentId: r.pid, isLeaf: !kids };
      if (deep && kids) node.children = treeNodes(rows, r.id, true, new Set(seen).add(r.id));
      return node;
    });
}

/** The children of the category with `code` as choices: value = 分类值 (else the code), label = the name. */
export async function categoryChoices(db: Kysely<Database>, code: string): Promise<{ value: string; label: string }[]> {
  return (await childrenOfCode(db, code)).map((r) => ({ value: categoryValue(r), label: r.name }));
}
