// 在线表单: a stored definition (head, fields, indexes) read as one, turned into the table the DDL makes, and the
// generated table reached through it. Every identifier that reaches SQL is the definition's (names checked on
// save and again here); every value is bound.
import type { Kysely } from 'kysely';
import type { Database, RowOf } from '../db/schema.js';
import { tableNameProblem } from './cgform-names.js';
import type { DdlTable } from './cgform-ddl.js';

type Head = RowOf<'onl_cgform_head'>;
type Field = RowOf<'onl_cgform_field'>;
type Index = RowOf<'onl_cgform_index'>;
export interface Cgform {
  head: Head;
  fields: Field[];
  indexes: Index[];
}

const orderedFields = (db: Kysely<Database>, headIds: string[]) =>
  db.selectFrom('onl_cgform_field').selectAll().where('cgform_head_id', 'in', headIds).orderBy('order_num').orderBy('id').execute();
const liveIndexes = (db: Kysely<Database>, headIds: string[]) =>
  db.selectFrom('onl_cgform_index').selectAll().where('cgform_head_id', 'in', headIds).where('del_flag', '=', 0).orderBy('index_name').execute();

/** A form by its id (JeecgBoot's menus name the id) or its table name, with its fields in order and its indexes. */
export async function loadCgform(db: Kysely<Database>, codeOrId: string): Promise<Cgform | undefined> {
  if (!codeOrId || codeOrId.length > 64) return undefined;
  const head =
    (await db.selectFrom('onl_cgform_head').selectAll().where('id', '=', codeOrId).executeTakeFirst()) ??
    (await db.selectFrom('onl_cgform_head').selectAll().where('table_name', '=', codeOrId).executeTakeFirst());
  if (!head) return undefined;
  const [fields, indexes] = await Promise.all([orderedFields(db, [head.id]), liveIndexes(db, [head.id])]);
  return { head, fields, indexes };
}

/** What 同步数据库 makes of a definition. */
export const ddlOf = (f: Cgform): DdlTable => ({
  table: f.head.table_name,
  fields: f.fields.map((x) => ({ name: x.db_field_name, dbType: x.db_type, length: x.db_length, point: x.db_point_length ?? null })),
  indexes: f.indexes.map((i) => ({
    name: i.index_name ?? '',
    fields: (i.index_field ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    unique: i.index_type === 'unique',
  })),
});

/**
 * The generated table for a query of its own. Generated tables are data, not in db/schema.ts: the builder sees
 * them untyped, and the name is checked to be in the generated namespace before it is used.
 */
export function generatedTable(db: Kysely<Database>, table: string) {
  if (tableNameProblem(table)) throw new Error(`not a generated table: ${table}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  return db as unknown as Kysely<any>;
}

// ---- main and sub tables (一对多 / 一对一) -------------------------------------------------------------------

/** JeecgBoot's table types: 1 单表 (0 in older definitions), 2 主表, 3 附表. */
export const isMainForm = (f: Cgform) => f.head.table_type === 2;
export const isSubForm = (f: Cgform) => f.head.table_type === 3;

/** How a sub table names its main: its column `field` holds the main row's `mainField`. */
export interface SubLink {
  field: string;
  mainTable: string;
  mainField: string;
}

/** The sub table's columns that name a main table (外键主表 / 外键字段), names checked. */
function linksOf(sub: Cgform): SubLink[] {
  return sub.fields.flatMap((x) =>
    x.main_table && x.main_field && !tableNameProblem(x.main_table) && /^[a-z][a-z0-9_]*$/.test(x.main_field) ? [{ field: x.db_field_name, mainTable: x.main_table, mainField: x.main_field }] : [],
  );
}

/** A main form's sub tables as its 附表 list names them (sub_table_str), each with the column that links it; tab order. */
export async function subFormsOf(db: Kysely<Database>, main: Cgform): Promise<{ form: Cgform; link: SubLink }[]> {
  if (!isMainForm(main)) return [];
  const names = [...new Set((main.head.sub_table_str ?? '').split(',').map((s) => s.trim()).filter((s) => s && !tableNameProblem(s)))].slice(0, 20);
  const subs = [];
  for (const name of names) {
    const form = await loadCgform(db, name);
    const link = form && isSubForm(form) ? linksOf(form).find((l) => l.mainTable === main.head.table_name) : undefined;
    if (form && link && form.head.table_name === name) subs.push({ form, link });
  }
  return subs.sort((a, b) => (a.form.head.tab_order_num ?? 0) - (b.form.head.tab_order_num ?? 0));
}

/** A sub form's main forms: those its link columns name and whose 附表 list names it, each with the link. */
export async function mainFormsOf(db: Kysely<Database>, sub: Cgform): Promise<{ form: Cgform; link: SubLink }[]> {
  if (!isSubForm(sub)) return [];
  const mains = [];
  for (const link of linksOf(sub)) {
    const form = await loadCgform(db, link.mainTable);
    const lists = (form?.head.sub_table_str ?? '').split(',').map((s) => s.trim()).includes(sub.head.table_name);
    if (form && form.head.table_name === link.mainTable && isMainForm(form) && lists) mains.push({ form, link });
  }
  return mains;
}
