// 在线报表: a saved report (head, columns, parameters) read from the database it names, with the screen's search,
// sort and paging wrapped around its checked SELECT. Every value from a request is a bound parameter; every
// identifier is a column the report's items name (checked on save), quoted.
import type { Kysely } from 'kysely';
import type { Database, RowOf } from '../db/schema.js';
import { connectionSpec, decryptPassword, type Keys, type Place } from './data-sources.js';
import { formatDateTime } from './time.js';
import { externalDatabase, ownDatabase, ReadError, type ReadSource, type ReportLimits } from './report-runner.js';
import { prepareReportSql, quoteIdent, type PreparedSql, type SqlDialect } from './report-sql.js';

type Head = RowOf<'onl_cgreport_head'>;
type Item = RowOf<'onl_cgreport_item'>;
type Param = RowOf<'onl_cgreport_param'>;
export interface Report {
  head: Head;
  items: Item[];
  params: Param[];
}

/** A report by its code or its id (JeecgBoot's menus name the id), with its columns and parameters in order. */
export async function loadReport(db: Kysely<Database>, codeOrId: string): Promise<Report | undefined> {
  if (!codeOrId || codeOrId.length > 100) return undefined;
  const head =
    (await db.selectFrom('onl_cgreport_head').selectAll().where('code', '=', codeOrId).executeTakeFirst()) ??
    (await db.selectFrom('onl_cgreport_head').selectAll().where('id', '=', codeOrId).executeTakeFirst());
  if (!head) return undefined;
  const [items, params] = await Promise.all([
    db.selectFrom('onl_cgreport_item').selectAll().where('cgrhead_id', '=', head.id).orderBy('order_num').orderBy('id').execute(),
    db.selectFrom('onl_cgreport_param').selectAll().where('cgrhead_id', '=', head.id).orderBy('order_num').orderBy('id').execute(),
  ]);
  return { head, items, params };
}

export interface SourceContext {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  sqliteFile?: string;
  place: Place;
  keys: Keys;
  limits: ReportLimits;
}

/**
 * The database a report reads: Xuetang's own (no data source), or the data source with this code, its password
 * decrypted. Throws ReadError (unknown data source) or DataSourceError (its address or password).
 */
export async function reportSource(ctx: SourceContext, dbSource: string | null | undefined): Promise<ReadSource> {
  if (!dbSource) return ownDatabase(ctx, ctx.limits);
  const row = await ctx.db.selectFrom('sys_data_source').selectAll().where('code', '=', dbSource).executeTakeFirst();
  if (!row) throw new ReadError(`数据源“${dbSource}”不存在`);
  const spec = connectionSpec({ dbType: row.db_type, dbUrl: row.db_url, dbName: row.db_name, dbUsername: row.db_username }, ctx.place, true);
  return externalDatabase(spec, row.db_password ? decryptPassword(row.db_password, ctx.keys) : undefined, ctx.limits);
}

const NUMERIC = new Set(['Integer', 'Long', 'Double', 'BigDecimal']);
/** Below the text of a parameter: a value longer than this is not a parameter value. */
const MAX_VALUE = 200;

/** Values as JSON carries them: times as the anchor writes them, big integers and buffers as text. */
function plain(v: unknown): unknown {
  if (v instanceof Date) return formatDateTime(v);
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (v instanceof Uint8Array) return `[${v.length} bytes]`;
  return v;
}

/** Builds the SQL around the report: its own placeholders first, then those of the search. */
class Wrapper {
  readonly values: unknown[];
  constructor(
    readonly dialect: SqlDialect,
    base: unknown[],
  ) {
    this.values = [...base];
  }
  bind(v: unknown): string {
    this.values.push(v);
    return this.dialect === 'postgres' ? `$${this.values.length}` : '?';
  }
  col(name: string) {
    return `xt_r.${quoteIdent(name, this.dialect)}`;
  }
}

/** The value of each parameter: `self_<name>` (JeecgBoot's), else `<name>` unless a search field has that name, else its default, else ''. */
function paramValues(report: Report, prepared: PreparedSql, query: Record<string, string>): unknown[] {
  const searchable = new Set(report.items.filter((i) => i.is_search === 1).map((i) => i.field_name));
  const byName = new Map<string, string>();
  for (const name of prepared.names) {
    const declared = report.params.find((p) => p.param_name === name);
    const given = query[`self_${name}`] ?? (searchable.has(name) ? undefined : query[name]);
    const value = given !== undefined && given !== '' ? given : (declared?.param_value ?? '');
    if (value.length > MAX_VALUE) throw new ReadError(`参数${declared?.param_txt || name}不能超过${MAX_VALUE}个字符`);
    byName.set(name, value);
  }
  return prepared.params.map((n) => byName.get(n) ?? '');
}

function whereClause(report: Report, w: Wrapper, query: Record<string, string>): string {
  const conds: string[] = [];
  for (const item of report.items) {
    if (item.is_search !== 1) continue;
    const name = item.field_name;
    const numeric = NUMERIC.has(item.field_type ?? '');
    const typed = (raw: string): unknown => (numeric ? (Number.isFinite(Number(raw)) ? Number(raw) : undefined) : raw);
    if (item.search_mode === 'group') {
      for (const [suffix, op, pad] of [['_begin', '>=', ' 00:00:00'], ['_end', '<=', ' 23:59:59']] as const) {
        const raw = query[`${name}${suffix}`]?.trim();
        if (!raw) continue;
        const dated = item.field_type === 'Datetime' && raw.length === 10 ? raw + pad : raw;
        const v = typed(dated);
        if (v !== undefined) conds.push(`${w.col(name)} ${op} ${w.bind(v)}`);
      }
      continue;
    }
    const raw = query[name]?.trim();
    if (!raw) continue;
    if (!numeric && raw.includes('*')) {
      const inner = raw.replace(/^\*+|\*+$/g, '').replace(/[!%_]/g, (ch) => `!${ch}`);
      conds.push(`${w.col(name)} LIKE ${w.bind(`${raw.startsWith('*') ? '%' : ''}${inner}${raw.endsWith('*') ? '%' : ''}`)} ESCAPE '!'`);
      continue;
    }
    const v = typed(raw);
    if (v !== undefined) conds.push(`${w.col(name)} = ${w.bind(v)}`);
  }
  return conds.length ? ` WHERE ${conds.join(' AND ')}` : '';
}

function orderClause(report: Report, w: Wrapper, query: Record<string, string>): string {
  const column = (query.column ?? '').replace(/_dictText$/, '');
  const item = report.items.find((i) => i.field_name === column && i.is_order === 1);
  return item ? ` ORDER BY ${w.col(item.field_name)} ${/asc/i.test(query.order ?? '') ? 'ASC' : 'DESC'}` : '';
}

/**
 * One page of a report (or, with `exportRows`, all its rows up to that cap), searched and sorted as the query
 * asks. Throws ReportSqlError (the saved SQL no longer passes the checks) or ReadError.
 */
export async function reportRows(
  source: ReadSource,
  report: Report,
  query: Record<string, string>,
  range: { pageNo: number; pageSize: number } | { exportRows: number },
): Promise<{ records: Record<string, unknown>[]; total: number }> {
  const prepared = prepareReportSql(report.head.cgr_sql, source.dialect);
  const w = new Wrapper(source.dialect, paramValues(report, prepared, query));
  const where = whereClause(report, w, query);
  const order = orderClause(report, w, query);
  const from = `FROM (${prepared.text}) xt_r${where}`;
  // The count needs no order: without it both databases count from an index instead of ordering every row first.
  const countFrom = `FROM (${prepared.unordered ?? prepared.text}) xt_r${where}`;
  const values = w.values;
  if ('exportRows' in range) {
    const [rows] = await source.read([{ sql: `SELECT * ${from}${order} LIMIT ${Math.floor(range.exportRows)}`, params: values }], range.exportRows);
    return { records: rows.rows.map(plainRow), total: rows.rows.length };
  }
  const offset = (range.pageNo - 1) * range.pageSize;
  const [rows, count] = await source.read(
    [
      { sql: `SELECT * ${from}${order} LIMIT ${Math.floor(range.pageSize)} OFFSET ${Math.floor(offset)}`, params: values },
      { sql: `SELECT count(*) AS total ${countFrom}`, params: values },
    ],
    range.pageSize,
  );
  return { records: rows.rows.map(plainRow), total: Number(count.rows[0]?.total ?? 0) };
}

const plainRow = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, plain(v)]));

function guessType(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? 'Integer' : 'Double';
  if (v instanceof Date) return 'Datetime';
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return 'Date';
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(v)) return 'Datetime';
  return 'String';
}

/**
 * 解析SQL: checks the SQL for the database it will read, runs it once with every parameter null (so it need not
 * match anything) and answers its columns and parameters as new report items and parameters.
 */
export async function parseReportSql(source: ReadSource, sqlText: string) {
  const prepared = prepareReportSql(sqlText, source.dialect);
  // LEFT JOIN from one row: a SELECT that finds nothing still answers a row, so every column is named.
  const [r] = await source.read([{ sql: `SELECT xt_r.* FROM (SELECT 1 AS xt_one) xt_o LEFT JOIN (${prepared.text}) xt_r ON 1 = 1 LIMIT 1`, params: prepared.params.map(() => null) }], 1);
  const first = r.rows[0] ?? {};
  const fields = r.columns.map((name, i) => ({
    fieldName: name,
    fieldTxt: name,
    fieldWidth: null,
    fieldType: guessType(first[name]),
    searchMode: null,
    isOrder: 0,
    isSearch: 0,
    dictCode: null,
    fieldHref: null,
    isShow: 1,
    orderNum: i + 1,
    replaceVal: null,
  }));
  const params = prepared.names.map((name, i) => ({ paramName: name, paramTxt: name, paramValue: null, orderNum: i + 1 }));
  return { fields, params };
}
