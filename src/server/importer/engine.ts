// The copying machinery every table of the import shares. A table is declared once as a TablePlan (tables.ts):
// which teaching-open table feeds which Xuetang table, which columns are references to rows imported before,
// which unique columns identify a row Xuetang already has under another id, and what turns a source row into
// Xuetang's. The engine reads the source in pages and, per page and in one transaction:
//   - converts same-named columns to the target's types (Xuetang's tables keep teaching-open's column names);
//   - translates references through the ids already mapped (a teaching-open `admin` that met Xuetang's `admin`
//     is Xuetang's row from then on);
//   - matches each row by id, else by its natural key, and writes only what differs: a second run changes nothing,
//     and a run stopped midway and started again finishes without duplicates;
//   - counts read / imported / updated / unchanged / skipped with the reason.
// A page that fails as a whole (a unique value Xuetang already holds for another row) is written again row by row,
// and the rows that still fail are skipped with the database's reason, never half-written.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import type { FileSink } from './files.js';
import { newTableReport, skip, type ImportReport, type TableReport } from './report.js';
import type { Source, SourceRow } from './source.js';

export type TargetTable = keyof Database & string;
export type TargetRow = Record<string, unknown>;
/** A source row the import leaves out, and why (shown in the report). */
interface Skip {
  skip: string;
}

export interface TablePlan {
  source: string;
  target: TargetTable;
  /** Chinese name in the report. */
  label: string;
  /** Source column the pages are ordered by (default `id`). */
  key?: string;
  /** Unique columns besides id: a row Xuetang has under another id with the same values is that row. */
  natural?: string[];
  /** Columns holding ids of rows imported before (translated through their mapping). */
  refs?: Record<string, TargetTable>;
  /** References that must exist in Xuetang; a row whose reference does not is skipped. */
  requires?: Record<string, TargetTable>;
  /** Columns of a row Xuetang already has that the import leaves as they are (given the row as Xuetang has it and as it comes). */
  keep?: (existing: TargetRow, incoming: TargetRow) => string[];
  /** Told of each row whose `keep` columns were left as Xuetang had them (for a note in the report). */
  onKeep?: (row: TargetRow, ctx: ImportContext) => void;
  /** Runs once before the table is read (e.g. making room for the school's rows). */
  before?: (ctx: ImportContext, source: Source) => Promise<void>;
  /** Source row (already converted) → the rows to write, or why it is skipped. */
  map?: (row: TargetRow, src: SourceRow, ctx: ImportContext) => TargetRow | TargetRow[] | Skip | Promise<TargetRow | TargetRow[] | Skip>;
  /** Runs once after the table is done (e.g. a note for the report). */
  after?: (ctx: ImportContext, t: TableReport) => Promise<void> | void;
}

/** A step that is not one table to one table (an online form's own table and rows): it runs itself. */
export interface ImportStep {
  label: string;
  run(ctx: ImportContext, source: Source, onProgress: (label: string, done: number, total: number) => void): Promise<TableReport[]>;
}

export const isStep = (p: TablePlan | ImportStep): p is ImportStep => 'run' in p;

export interface ImportContext {
  db: Kysely<Database>;
  dialect: Dialect;
  dryRun: boolean;
  report: ImportReport;
  files: FileSink;
  /** source id → Xuetang id, per target table, where they differ. */
  readonly idMap: Map<TargetTable, Map<string, string>>;
  /** In a dry run: ids that would have been written, so later tables' references still resolve. */
  readonly pending: Map<TargetTable, Set<string>>;
  mapId(table: TargetTable, id: string): string;
  /** Extra state a plan keeps for later plans (e.g. the permission mapping). */
  readonly memo: Map<string, unknown>;
  /** `table:id` of Xuetang rows a plan removes to make room (in a dry run only marked): never matched. */
  readonly ghosts: Set<string>;
  /** From how many source rows an empty table is loaded in one transaction with its indexes built after. */
  bulkRows: number;
}

export function createContext(init: Omit<ImportContext, 'idMap' | 'pending' | 'mapId' | 'memo' | 'ghosts' | 'bulkRows'> & { bulkRows?: number }): ImportContext {
  const idMap = new Map<TargetTable, Map<string, string>>();
  return {
    ...init,
    idMap,
    pending: new Map(),
    memo: new Map(),
    ghosts: new Set(),
    bulkRows: init.bulkRows ?? 20_000,
    mapId(table, id) {
      return idMap.get(table)?.get(id) ?? id;
    },
  };
}

interface ColumnInfo {
  numeric: boolean;
  nullable: boolean;
}

const columnCache = new WeakMap<Kysely<Database>, Map<string, Map<string, ColumnInfo>>>();

/** After a step creates a table: the next lookup reads the catalogue again. */
export const forgetColumns = (db: Kysely<Database>) => void columnCache.delete(db);

/** Xuetang's columns of a table and whether each is numeric and nullable (from the database itself). */
async function targetColumns(db: Kysely<Database>, table: TargetTable): Promise<Map<string, ColumnInfo>> {
  let byTable = columnCache.get(db);
  if (!byTable) {
    byTable = new Map();
    for (const t of await db.introspection.getTables()) {
      const cols = new Map<string, ColumnInfo>();
      for (const c of t.columns) cols.set(c.name, { numeric: /int|real|double|float|numeric|decimal/i.test(c.dataType), nullable: c.isNullable });
      byTable.set(t.name, cols);
    }
    columnCache.set(db, byTable);
  }
  const cols = byTable.get(table);
  if (!cols) throw new Error(`学堂数据库缺少表 ${table}（请先启动一次学堂以完成升级）`);
  return cols;
}

/** A source value as the target column stores it. */
function convert(v: unknown, col: ColumnInfo): unknown {
  if (v === undefined || v === null) return col.nullable ? null : col.numeric ? 0 : '';
  if (Buffer.isBuffer(v)) v = col.numeric ? (v.length ? v[v.length - 1] : 0) : v.toString('utf8');
  if (col.numeric) {
    const n = typeof v === 'number' ? v : Number(v);
    return Number.isFinite(n) ? n : col.nullable ? null : 0;
  }
  const s = String(v);
  // MySQL's zero dates mean "none".
  if (s.startsWith('0000-00-00')) return col.nullable ? null : '';
  return s;
}

/** The tables of a plan are chosen at run time: Kysely sees them as rows of unknown columns (names come from the plans, never from data). */
type LooseDb = Record<string, Record<string, unknown>>;
const loose = (db: Kysely<Database> | Transaction<Database>) => db as unknown as Kysely<LooseDb>;

const same = (a: unknown, b: unknown) => (a === null || a === undefined ? null : String(a)) === (b === null || b === undefined ? null : String(b));

/** How many rows go into one INSERT: under both databases' bound-parameter limits. */
const rowsPerInsert = (columns: number) => Math.max(1, Math.floor(30_000 / Math.max(1, columns)));
const PAGE = 5000;

/** The next page is read from the source while this one is written (the two databases work at once). */
async function* readAhead<T>(pages: AsyncGenerator<T>): AsyncGenerator<T> {
  let next = pages.next();
  for (;;) {
    const r = await next;
    if (r.done) return;
    next = pages.next();
    // Should the caller stop at this page (an error), the read under way must not end as an unhandled rejection.
    next.catch(() => undefined);
    yield r.value;
  }
}

export async function runPlan(
  ctx: ImportContext,
  source: Source,
  plan: TablePlan,
  onProgress: (done: number, total: number) => void,
): Promise<TableReport> {
  const started = Date.now();
  const srcCols = await source.columns(plan.source);
  if (!srcCols) return { ...newTableReport(plan.source, plan.label), absent: true };
  await plan.before?.(ctx, source);
  const total = await source.count(plan.source);
  let t: TableReport | undefined;
  // A big table into an empty one (a fresh Xuetang): one transaction with its secondary indexes dropped and built
  // again at the end (1M works: ~6× faster than keeping 18 indexes up to date row by row). A run stopped midway
  // rolls the whole table back, indexes included. Should any page fail, the table is done again page by page.
  if (!ctx.dryRun && total >= ctx.bulkRows && (await isEmpty(ctx.db, plan.target))) {
    try {
      t = await ctx.db.transaction().execute(async (trx) => {
        const restore = await dropSecondaryIndexes(trx, ctx.dialect, plan.target);
        const done = await copyTable({ ...ctx, db: trx }, source, plan, total, onProgress, true);
        for (const statement of restore) await sql.raw(statement).execute(trx);
        return done;
      });
    } catch (err) {
      if (!(err instanceof PageRefused)) throw err;
    }
  }
  t ??= await copyTable(ctx, source, plan, total, onProgress, false);
  await plan.after?.(ctx, t);
  t.seconds = Math.round((Date.now() - started) / 100) / 10;
  return t;
}

/** A page the one-transaction load could not write: the table is loaded again page by page. */
class PageRefused extends Error {}

async function isEmpty(db: Kysely<Database>, table: TargetTable): Promise<boolean> {
  return !(await loose(db).selectFrom(table).select(sql.lit(1).as('one')).limit(1).executeTakeFirst());
}

/** Drops the table's indexes but its primary key, answering the statements that build them again. */
async function dropSecondaryIndexes(db: Transaction<Database>, dialect: Dialect, table: TargetTable): Promise<string[]> {
  const found =
    dialect === 'sqlite'
      ? (await sql<{ name: string; def: string }>`SELECT name, sql AS def FROM sqlite_master WHERE type = 'index' AND tbl_name = ${table} AND sql IS NOT NULL`.execute(db)).rows
      : (
          await sql<{ name: string; def: string }>`SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
            WHERE i.schemaname = current_schema() AND i.tablename = ${table}
              AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.connamespace = current_schema()::regnamespace)`.execute(db)
        ).rows;
  for (const f of found) await db.schema.dropIndex(f.name).execute();
  return found.map((f) => f.def);
}

async function copyTable(
  ctx: ImportContext,
  source: Source,
  plan: TablePlan,
  total: number,
  onProgress: (done: number, total: number) => void,
  strict: boolean,
): Promise<TableReport> {
  const t = newTableReport(plan.source, plan.label);
  const cols = await targetColumns(ctx.db, plan.target);
  const key = plan.key ?? 'id';
  onProgress(0, total);
  for await (const page of readAhead(source.pages(plan.source, key, PAGE))) {
    const rows: TargetRow[] = [];
    for (const src of page) {
      t.read++;
      const base: TargetRow = {};
      for (const [name, info] of cols) if (name in src) base[name] = convert(src[name], info);
      for (const [col, table] of Object.entries(plan.refs ?? {})) {
        if (typeof base[col] === 'string' && base[col]) base[col] = ctx.mapId(table, base[col] as string);
      }
      const mapped = plan.map ? await plan.map(base, src, ctx) : base;
      if ('skip' in mapped && typeof mapped.skip === 'string') {
        skip(t, mapped.skip, String(src[key] ?? ''));
        continue;
      }
      for (const r of Array.isArray(mapped) ? mapped : [mapped as TargetRow]) rows.push(r);
    }
    await writeRows(ctx, plan, t, rows, strict);
    onProgress(t.read, total);
  }
  return t;
}

/** Rows of `table` with these ids (or these values of one column), in chunks the databases accept. */
async function selectIn(db: Kysely<Database> | Transaction<Database>, table: TargetTable, column: string, values: unknown[], only?: string): Promise<TargetRow[]> {
  const out: TargetRow[] = [];
  for (let i = 0; i < values.length; i += 1000) {
    const chunk = values.slice(i, i + 1000);
    const q = loose(db).selectFrom(table).where(column, 'in', chunk);
    out.push(...(await (only ? q.select(only) : q.selectAll()).execute()));
  }
  return out;
}

async function writeRows(ctx: ImportContext, plan: TablePlan, t: TableReport, rows: TargetRow[], strict: boolean): Promise<void> {
  if (!rows.length) return;
  // The same row twice in one page (a comma list naming a class twice): the first wins.
  const unique = new Map<string, TargetRow>();
  for (const r of rows) if (!unique.has(String(r.id))) unique.set(String(r.id), r);
  rows = [...unique.values()];

  // A required reference that does not exist: the row is skipped (a membership of a user who is not there).
  for (const [col, table] of Object.entries(plan.requires ?? {})) {
    const values = [...new Set(rows.map((r) => r[col]).filter((v): v is string => typeof v === 'string' && v !== ''))];
    const present = new Set((await selectIn(ctx.db, table, 'id', values, 'id')).map((r) => String(r.id)));
    for (const v of ctx.pending.get(table) ?? []) present.add(v);
    rows = rows.filter((r) => {
      if (typeof r[col] === 'string' && present.has(r[col] as string)) return true;
      skip(t, `引用的${table}记录不存在（${col}）`, String(r.id));
      return false;
    });
  }

  const existing = new Map((await selectIn(ctx.db, plan.target, 'id', rows.map((r) => r.id))).map((r) => [String(r.id), r]));
  // Not found by id: maybe Xuetang has it under another id (its natural key); that row is this one from now on.
  for (const col of plan.natural?.length === 1 ? plan.natural : []) {
    const missing = rows.filter((r) => !existing.has(String(r.id)) && r[col] !== null && r[col] !== undefined && r[col] !== '');
    if (!missing.length) continue;
    const byValue = new Map((await selectIn(ctx.db, plan.target, col, missing.map((r) => r[col]))).map((r) => [String(r[col]), r]));
    for (const r of missing) {
      const found = byValue.get(String(r[col]));
      if (!found || ctx.ghosts.has(`${plan.target}:${String(found.id)}`)) continue;
      let ids = ctx.idMap.get(plan.target);
      if (!ids) ctx.idMap.set(plan.target, (ids = new Map()));
      ids.set(String(r.id), String(found.id));
      r.id = found.id;
      existing.set(String(found.id), found);
    }
  }
  if ((plan.natural?.length ?? 0) > 1) await matchCompositeKeys(ctx, plan, rows, existing);
  // References to this same table (a department's parent) follow the matches just made.
  for (const [col, table] of Object.entries(plan.refs ?? {})) {
    if (table !== plan.target) continue;
    for (const r of rows) if (typeof r[col] === 'string' && r[col]) r[col] = ctx.mapId(table, r[col] as string);
  }

  const inserts: TargetRow[] = [];
  const updates: { id: string; set: TargetRow }[] = [];
  for (const r of rows) {
    const old = existing.get(String(r.id));
    if (!old) {
      inserts.push(r);
      continue;
    }
    const kept = new Set(plan.keep?.(old, r) ?? []);
    if (kept.size) plan.onKeep?.(r, ctx);
    const set: TargetRow = {};
    for (const [k, v] of Object.entries(r)) if (k !== 'id' && !kept.has(k) && !same(v, old[k])) set[k] = v;
    if (Object.keys(set).length) updates.push({ id: String(r.id), set });
    else t.unchanged++;
  }

  if (ctx.dryRun) {
    let ids = ctx.pending.get(plan.target);
    if (!ids) ctx.pending.set(plan.target, (ids = new Set()));
    for (const r of inserts) ids.add(String(r.id));
    t.imported += inserts.length;
    t.updated += updates.length;
    return;
  }
  if (strict) {
    // Inside the table's one transaction: a refusal ends it (and the table is loaded again page by page).
    try {
      await insertAll(ctx.db, plan.target, inserts);
      for (const u of updates) await loose(ctx.db).updateTable(plan.target).set(u.set).where('id', '=', u.id).execute();
    } catch (err) {
      throw new PageRefused(conflictReason(err), { cause: err });
    }
    t.imported += inserts.length;
    t.updated += updates.length;
    return;
  }
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertAll(trx, plan.target, inserts);
      for (const u of updates) await loose(trx).updateTable(plan.target).set(u.set).where('id', '=', u.id).execute();
    });
    t.imported += inserts.length;
    t.updated += updates.length;
  } catch {
    // Row by row, so one conflicting row does not keep the rest of its page out.
    for (const r of inserts) {
      try {
        await insertAll(ctx.db, plan.target, [r]);
        t.imported++;
      } catch (err) {
        skip(t, `写入失败：${conflictReason(err)}`, String(r.id));
      }
    }
    for (const u of updates) {
      try {
        await loose(ctx.db).updateTable(plan.target).set(u.set).where('id', '=', u.id).execute();
        t.updated++;
      } catch (err) {
        skip(t, `更新失败：${conflictReason(err)}`, u.id);
      }
    }
  }
}

/** Join tables (user–role, class–course …): a row Xuetang has with the same pair under another id is that row. */
async function matchCompositeKeys(ctx: ImportContext, plan: TablePlan, rows: TargetRow[], existing: Map<string, TargetRow>): Promise<void> {
  const [first, ...rest] = plan.natural!;
  const missing = rows.filter((r) => !existing.has(String(r.id)));
  if (!missing.length) return;
  const candidates = await selectIn(ctx.db, plan.target, first, [...new Set(missing.map((r) => r[first]))]);
  const keyOf = (r: TargetRow) => plan.natural!.map((c) => String(r[c])).join('\u0000');
  const byKey = new Map(candidates.map((c) => [keyOf(c), c]));
  for (const r of missing) {
    const found = byKey.get(keyOf(r));
    if (!found || rest.some((c) => !same(found[c], r[c]))) continue;
    r.id = found.id;
    existing.set(String(found.id), found);
  }
}

async function insertAll(db: Kysely<Database> | Transaction<Database>, table: TargetTable, rows: TargetRow[]): Promise<void> {
  if (!rows.length) return;
  // One statement needs one column list: rows are grouped by their set of columns (plans produce one shape).
  const byShape = new Map<string, TargetRow[]>();
  for (const r of rows) {
    const shape = Object.keys(r).sort().join(',');
    const list = byShape.get(shape);
    if (list) list.push(r);
    else byShape.set(shape, [r]);
  }
  for (const [shape, list] of byShape) {
    const n = rowsPerInsert(shape.split(',').length);
    for (let i = 0; i < list.length; i += n) await loose(db).insertInto(table).values(list.slice(i, i + n)).execute();
  }
}

/** The database's refusal in a few words (which unique value, which constraint). */
function conflictReason(err: unknown): string {
  const msg = (err as Error)?.message ?? String(err);
  if (/unique|duplicate/i.test(msg)) return `与学堂已有数据重复（${msg.replace(/^.*?(constraint|failed:)\s*/i, '').slice(0, 80)}）`;
  return msg.slice(0, 120);
}
