// 同步数据库: a form definition made real, through Kysely's schema builder on SQLite and PostgreSQL. Every name is
// checked again here (domain/cgform-names.ts) before it reaches the builder, so nothing but a form's own `cg_`
// table is ever created, altered or dropped, whatever was stored.
//   normal: creates the table when it is missing; otherwise adds the columns and indexes it lacks. It never drops
//           or changes a column (a changed type or a removed field stays as it was: force does that).
//   force:  drops the table and creates it anew. A table that holds rows is dropped only when the caller confirmed.
// Columns: the system columns (id varchar(32) primary key, create_by, create_time, update_by, update_time,
// sys_org_code), then the fields in order; besides the definition's indexes, one on (create_time, id) for the list's
// default order (both syncs make it, so a table synced before it existed gets it at its next sync), and a normal
// index is (its fields, create_time, id) so that a filter on them pages in that order too. Dates and times are text ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss') like every
// Xuetang table; double/BigDecimal are decimal(length, point); Text/Blob are text. Columns other than id are
// nullable in the database (a column added to a table with rows could be nothing else): required is the form's rule.
import { sql, type ColumnDataType, type Kysely } from 'kysely';
import { isUniqueViolation } from '../db/errors.js';
import type { Database } from '../db/schema.js';
import { fieldNameProblem, indexNameProblem, isSystemColumn, LIST_ORDER_INDEX, physicalIndexName, SYSTEM_COLUMNS, tableNameProblem } from './cgform-names.js';

export class CgformDdlError extends Error {}

interface DdlField {
  name: string;
  dbType: string;
  length: number;
  point: number | null;
}

interface DdlIndex {
  name: string;
  fields: string[];
  unique: boolean;
}

export interface DdlTable {
  table: string;
  fields: DdlField[];
  indexes: DdlIndex[];
}

type Dialect = 'sqlite' | 'postgres';
// Generated tables are not in db/schema.ts (they are data): the builder sees them through an untyped view.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
const untyped = (db: Kysely<Database>) => db as unknown as Kysely<any>;

const SYSTEM_TYPES: Record<(typeof SYSTEM_COLUMNS)[number], ColumnDataType> = {
  id: 'varchar(32)',
  create_by: 'varchar(50)',
  create_time: 'varchar(19)',
  update_by: 'varchar(50)',
  update_time: 'varchar(19)',
  sys_org_code: 'varchar(64)',
};

/** The column type of a field (its length and point already checked). */
function columnType(f: DdlField): ColumnDataType {
  switch (f.dbType) {
    case 'int':
      return 'integer';
    case 'double':
    case 'BigDecimal':
      return `decimal(${f.length || 10}, ${f.point ?? 0})` as ColumnDataType;
    case 'Date':
      return 'varchar(10)';
    case 'Datetime':
      return 'varchar(19)';
    case 'Text':
    case 'Blob':
      return 'text';
    default:
      return `varchar(${f.length || 32})` as ColumnDataType;
  }
}

/** Refuses a definition whose table, columns or indexes are not names a form may use. */
function checkDdl(t: DdlTable): void {
  const bad = tableNameProblem(t.table);
  if (bad) throw new CgformDdlError(bad);
  const names = new Set<string>();
  for (const f of t.fields) {
    if (isSystemColumn(f.name)) continue;
    const problem = fieldNameProblem(f.name);
    if (problem) throw new CgformDdlError(problem);
    names.add(f.name);
  }
  for (const i of t.indexes) {
    const problem = indexNameProblem(i.name);
    if (problem) throw new CgformDdlError(problem);
    const missing = i.fields.find((f) => !names.has(f) && !isSystemColumn(f));
    if (missing) throw new CgformDdlError(`索引“${i.name}”的栏位“${missing}”不是表单的字段`);
  }
}

/** Whether the table exists in Xuetang's database (its PostgreSQL schema). */
export async function tableExists(db: Kysely<Database>, dialect: Dialect, table: string): Promise<boolean> {
  const q =
    dialect === 'postgres'
      ? sql<{ n: number }>`select 1 as n from information_schema.tables where table_schema = current_schema() and table_name = ${table}`
      : sql<{ n: number }>`select 1 as n from sqlite_master where type = 'table' and name = ${table}`;
  return (await q.execute(db)).rows.length > 0;
}

/** The tables of the generated namespace that exist in the database. */
export async function generatedTables(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  const q =
    dialect === 'postgres'
      ? sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_name like 'cg\\_%' escape '\\' order by table_name`
      : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name like 'cg\\_%' escape '\\' order by name`;
  return (await q.execute(db)).rows.map((r) => r.name).filter((n) => !tableNameProblem(n));
}

async function columnsOf(db: Kysely<Database>, dialect: Dialect, table: string): Promise<Set<string>> {
  const q =
    dialect === 'postgres'
      ? sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`
      : sql<{ name: string }>`select name from pragma_table_info(${table})`;
  return new Set((await q.execute(db)).rows.map((r) => r.name));
}

/** The number of rows of a form's table (0 when it does not exist). */
export async function rowCount(db: Kysely<Database>, dialect: Dialect, table: string): Promise<number> {
  if (tableNameProblem(table) || !(await tableExists(db, dialect, table))) return 0;
  const row = await untyped(db).selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function createTable(db: Kysely<Database>, t: DdlTable) {
  let builder = untyped(db).schema.createTable(t.table).addColumn('id', SYSTEM_TYPES.id, (c) => c.primaryKey());
  for (const name of SYSTEM_COLUMNS.slice(1)) builder = builder.addColumn(name, SYSTEM_TYPES[name]);
  for (const f of t.fields) if (!isSystemColumn(f.name)) builder = builder.addColumn(f.name, columnType(f));
  await builder.execute();
}

async function createIndexes(db: Kysely<Database>, t: DdlTable) {
  // The list's default order (create_time desc, id desc): without it every first page sorts the whole table.
  await untyped(db).schema.createIndex(physicalIndexName(t.table, LIST_ORDER_INDEX.name)).ifNotExists().on(t.table).columns([...LIST_ORDER_INDEX.fields]).execute();
  for (const i of t.indexes) {
    // A normal index ends with the list's order, so a filter on its fields reads the newest page from it instead of
    // sorting every match; a unique one stays as declared (more columns would loosen it).
    const columns = i.unique ? i.fields : [...i.fields, ...LIST_ORDER_INDEX.fields.filter((f) => !i.fields.includes(f))];
    let builder = untyped(db).schema.createIndex(physicalIndexName(t.table, i.name)).ifNotExists().on(t.table).columns(columns);
    if (i.unique) builder = builder.unique();
    try {
      await builder.execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw new CgformDdlError(`表中“${i.fields.join('、')}”有重复的数据，无法建立唯一索引“${i.name}”`);
      throw err;
    }
  }
}

export type SyncMethod = 'normal' | 'force';

export interface SyncResult {
  created: boolean;
  addedColumns: string[];
  /** Rows the force sync dropped with the old table. */
  droppedRows: number;
}

/** Runs `fn` in a transaction: the caller's when it is one (the seed, a migration), else a new one. */
const inTransaction = <T,>(db: Kysely<Database>, fn: (tx: Kysely<Database>) => Promise<T>): Promise<T> => (db.isTransaction ? fn(db) : db.transaction().execute(fn));

/**
 * Makes the table match the definition (see the module comment). Runs in one transaction (the caller's, when `db`
 * is one): a failure (a unique index the rows break, say) leaves the table as it was. A force sync of a table with
 * rows needs `confirmed`.
 */
export async function syncTable(db: Kysely<Database>, dialect: Dialect, t: DdlTable, method: SyncMethod, confirmed = false): Promise<SyncResult> {
  checkDdl(t);
  return inTransaction(db, async (tx) => {
    const exists = await tableExists(tx, dialect, t.table);
    if (method === 'force' && exists) {
      const rows = await rowCount(tx, dialect, t.table);
      if (rows > 0 && !confirmed) throw new CgformDdlError(`表 ${t.table} 中有${rows}条数据，强制同步会删除这些数据；确认后请再次强制同步（confirm=1）`);
      await untyped(tx).schema.dropTable(t.table).execute();
      await createTable(tx, t);
      await createIndexes(tx, t);
      return { created: true, addedColumns: [], droppedRows: rows };
    }
    if (!exists) {
      await createTable(tx, t);
      await createIndexes(tx, t);
      return { created: true, addedColumns: [], droppedRows: 0 };
    }
    const have = await columnsOf(tx, dialect, t.table);
    const added: string[] = [];
    for (const name of SYSTEM_COLUMNS) {
      if (!have.has(name) && name !== 'id') {
        await untyped(tx).schema.alterTable(t.table).addColumn(name, SYSTEM_TYPES[name]).execute();
        added.push(name);
      }
    }
    for (const f of t.fields) {
      if (isSystemColumn(f.name) || have.has(f.name)) continue;
      await untyped(tx).schema.alterTable(t.table).addColumn(f.name, columnType(f)).execute();
      added.push(f.name);
    }
    await createIndexes(tx, t);
    return { created: false, addedColumns: added, droppedRows: 0 };
  });
}

/** Drops a form's table (when it exists); answers the number of rows that went with it. */
export async function dropTable(db: Kysely<Database>, dialect: Dialect, table: string): Promise<number> {
  const bad = tableNameProblem(table);
  if (bad) throw new CgformDdlError(bad);
  const rows = await rowCount(db, dialect, table);
  await untyped(db).schema.dropTable(table).ifExists().execute();
  return rows;
}
