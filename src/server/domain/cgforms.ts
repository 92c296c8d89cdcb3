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
