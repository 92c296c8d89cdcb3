// 在线表单, tree forms (是否树 Y): a row names its parent in the head's 树表单父ID column (tree_parent_id_field, `pid`
// by JeecgBoot's designer; empty or '0' at the top level), and JeecgBoot's list reads the 是否有子节点 column
// (tree_id_field, `has_child`: '1' or '0') to show an expander. The server keeps that column right: on every write
// and delete of a row, and for the whole table after 同步数据库.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { generatedTable, type Cgform } from './cgforms.js';

export interface TreeShape {
  /** The parent column. */
  pid: string;
  /** The 是否有子节点 column. */
  hasChild: string;
  /** The column the tree opens on (树开表单列). */
  text: string;
}

/** The tree columns of a form, or null when it is not a tree form (or they are not its fields). */
export function treeShape(f: Cgform): TreeShape | null {
  if (f.head.is_tree !== 'Y') return null;
  const names = new Set(f.fields.map((x) => x.db_field_name));
  const { tree_parent_id_field: pid, tree_id_field: hasChild, tree_fieldname: text } = f.head;
  if (!pid || !hasChild || !names.has(pid) || !names.has(hasChild) || pid === hasChild) return null;
  return { pid, hasChild, text: text && names.has(text) ? text : pid };
}

/** What is wrong with a tree definition (head and fields as the designer sends them), or null. */
export function treeProblem(head: { isTree?: string | null; treeParentIdField?: string | null; treeIdField?: string | null; treeFieldname?: string | null }, fields: { dbFieldName: string; dbType?: string | null }[]): string | null {
  if (head.isTree !== 'Y') return null;
  const byName = new Map(fields.map((f) => [f.dbFieldName, f]));
  const parts: [string | null | undefined, string][] = [
    [head.treeParentIdField, '树表单父ID字段'],
    [head.treeIdField, '是否有子节点字段'],
    [head.treeFieldname, '树开表单列'],
  ];
  for (const [name, label] of parts) {
    if (!name) return `树表单须填写${label}`;
    if (!byName.has(name)) return `${label}“${name}”不是表单的字段`;
  }
  if (head.treeParentIdField === head.treeIdField) return '树表单父ID字段与是否有子节点字段不能是同一个字段';
  for (const name of [head.treeParentIdField!, head.treeIdField!]) {
    if ((byName.get(name)!.dbType || 'string') !== 'string') return `树表单的字段“${name}”须为 string 类型`;
  }
  return null;
}

/** Whether a parent value means the top level. */
export const isTopLevel = (v: unknown) => v === null || v === undefined || v === '' || v === '0';

/** Sets the 是否有子节点 column from the rows: of the given rows, or of every row. */
export async function refreshHasChild(db: Kysely<Database>, table: string, t: TreeShape, ids?: string[]): Promise<void> {
  const list = ids?.filter((id) => !isTopLevel(id));
  if (ids && !list?.length) return;
  let q = generatedTable(db, table)
    .updateTable(table)
    .set({ [t.hasChild]: sql`case when exists (select 1 from ${sql.table(table)} as kid where ${sql.ref(`kid.${t.pid}`)} = ${sql.ref(`${table}.id`)}) then '1' else '0' end` });
  if (list) q = q.where('id', 'in', list);
  await q.execute();
}
