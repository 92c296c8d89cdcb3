// The anchor's list query contract (JeecgBoot QueryGenerator), applied to an allow-list of fields:
// plain values match exactly, `*` wildcards mean LIKE, `a,b` means IN, `!x` means not equal,
// `> 5`/`>= 5`/`< 5`/`<= 5` compare, `<field>_begin`/`_end` bound a range (10-character dates are padded
// to the whole day); `column`/`order` sort by an allow-listed key; `pageNo`/`pageSize` page.
// Nothing from the request is ever used as an identifier: keys are looked up in the field map.
import type { Context } from 'hono';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { ApiEnv } from '../context.js';
import { decorate } from '../domain/dicts.js';
import { escapeLike, like } from '../domain/sql-like.js';
import { dictFields, sortableKeys, type FieldMap, type ListSpec } from '../resources/spec.js';
import { ok, page, paging, type Answer, type Page } from './envelope.js';

type FieldType = NonNullable<FieldMap[string]['type']>;
export type { FieldMap };

// A query builder of any shape: list endpoints build their own joins (aliased tables) and selections, and every
// column reaches this module as an allow-listed string (sql.ref), so there is no static shape to name here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Qb = SelectQueryBuilder<any, any, any>;

const MAX_IN = 200;

function typed(value: string, type: FieldType | undefined): string | number | null {
  if (type === 'number') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return value;
}

/** One `field=value` condition in the anchor's value syntax; null when the value cannot apply (ignored). */
function condition(column: string, raw: string, type: FieldType | undefined) {
  const ref = sql.ref(column);
  const v = raw.trim();
  if (v === '') return null;
  if (type !== 'number' && v.includes('*')) {
    const inner = v.replace(/^\*+|\*+$/g, '');
    const pattern = `${v.startsWith('*') ? '%' : ''}${escapeLike(inner)}${v.endsWith('*') ? '%' : ''}`;
    return like(column, pattern);
  }
  const cmp = /^(>=|<=|>|<|!=)\s+(.+)$/.exec(v);
  if (cmp) {
    const val = typed(cmp[2], type);
    return val === null ? null : sql<boolean>`${ref} ${sql.raw(cmp[1] === '!=' ? '<>' : cmp[1])} ${val}`;
  }
  if (v.startsWith('!')) {
    const val = typed(v.slice(1), type);
    return val === null ? null : sql<boolean>`${ref} <> ${val}`;
  }
  if (v.includes(',')) {
    const vals = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, MAX_IN)
      .map((s) => typed(s, type))
      .filter((x): x is string | number => x !== null);
    if (!vals.length) return null;
    return sql<boolean>`${ref} in (${sql.join(vals)})`;
  }
  const val = typed(v, type);
  return val === null ? null : sql<boolean>`${ref} = ${val}`;
}

function rangeBound(value: string, end: boolean): string {
  const v = value.trim();
  return v.length === 10 ? `${v} ${end ? '23:59:59' : '00:00:00'}` : v;
}

/** Applies every recognised filter of the query string to the builder. */
export function applyFilters<Q extends Qb>(qb: Q, query: Record<string, string>, fields: FieldMap): Q {
  let out = qb;
  for (const [key, raw] of Object.entries(query)) {
    const base = key.replace(/_(begin|end)$/, '');
    const field = fields[base];
    if (!field || typeof raw !== 'string' || raw.trim() === '') continue;
    if (key !== base) {
      const bound = field.type === 'date' ? rangeBound(raw, key.endsWith('_end')) : typed(raw.trim(), field.type);
      if (bound === null) continue;
      const op = key.endsWith('_begin') ? '>=' : '<=';
      out = out.where(sql<boolean>`${sql.ref(field.column)} ${sql.raw(op)} ${bound}`) as Q;
      continue;
    }
    const cond = condition(field.column, raw, field.type);
    if (cond) out = out.where(cond) as Q;
  }
  return out;
}

/** Sorting by `column` (`_dictText` stripped) when it is an allowed key, else the spec's default. */
export function applySort<Q extends Qb>(qb: Q, query: Record<string, string>, spec: ListSpec, fields: FieldMap, tieBreak?: string, tieFollows = false): Q {
  const allowed = sortableKeys(spec);
  const requested = (query.column ?? '').replace(/_dictText$/, '');
  const useRequested = requested && allowed.includes(requested) && fields[requested];
  const key = useRequested ? requested : spec.defaultSort.column;
  const order = useRequested ? (/asc/i.test(query.order ?? '') ? 'asc' : 'desc') : spec.defaultSort.order;
  let out = qb;
  const field = fields[key];
  if (field) out = out.orderBy(sql.ref(field.column), order) as Q;
  // Ascending by default; `tieFollows` runs it in the sort's direction, so one index (key, tieBreak) serves both.
  if (tieBreak) out = out.orderBy(sql.ref(tieBreak), tieFollows ? order : 'asc') as Q;
  return out;
}

export interface PagedListOptions<Row, Rec extends object = Record<string, unknown>, Out extends object = Rec> {
  spec: ListSpec;
  fields: FieldMap;
  /** Rows to list: joins, scoping and fixed conditions (e.g. del_flag) already applied, nothing selected yet. */
  base: Qb;
  /** What to select for the records page. */
  select: (qb: Qb) => Qb;
  /** Record shape sent to the client. */
  toRecord: (row: Row) => Rec;
  /** Unique column used to make paging stable. */
  tieBreak: string;
  /** Sort the tie-break in the same direction as the sort (lets an index on (sort key, tieBreak) serve the page). */
  tieBreakFollows?: boolean;
  /** Adds related data to a page of records in one go (e.g. names of a user's departments), never per row. */
  enrich?: (records: Rec[]) => Promise<Out[]>;
}

/** Options whose enrich completes toRecord's records into another type (Out): enrich is required. */
export type EnrichedListOptions<Row, Rec extends object, Out extends object> = PagedListOptions<Row, Rec, Out> & { enrich: (records: Rec[]) => Promise<Out[]> };

/** Runs a paged list endpoint: filters, sort, page, `_dictText` decoration, envelope (code 0 as the anchor). */
export function pagedList<Row, Rec extends object = Record<string, unknown>, Out extends object = Rec>(c: Context<ApiEnv>, o: EnrichedListOptions<Row, Rec, Out>): Promise<Answer<Page<Out>>>;
export function pagedList<Row, Rec extends object = Record<string, unknown>>(c: Context<ApiEnv>, o: PagedListOptions<Row, Rec>): Promise<Answer<Page<Rec>>>;
export async function pagedList(c: Context<ApiEnv>, o: PagedListOptions<unknown, object, object>) {
  const query = c.req.query();
  const { pageNo, pageSize, offset } = paging(c, o.spec.defaultPageSize ?? 10, 500);
  const filtered = applyFilters(o.base, query, o.fields);
  const [rows, count] = await Promise.all([
    applySort(o.select(filtered), query, o.spec, o.fields, o.tieBreak, o.tieBreakFollows).limit(pageSize).offset(offset).execute(),
    filtered.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  const mapped = rows.map((row: unknown) => o.toRecord(row));
  const records = await decorate(c.get('deps').db, o.enrich ? await o.enrich(mapped) : mapped, dictFields(o.spec));
  return ok(c, page(records, Number((count as { n?: number } | undefined)?.n ?? 0), pageNo, pageSize), '操作成功！', 0);
}

/** Rows for an export: the same filters and sort, no paging, `selections` (ids) honoured, capped. */
export function filteredRows<Row, Rec extends object = Record<string, unknown>, Out extends object = Rec>(c: Context<ApiEnv>, o: EnrichedListOptions<Row, Rec, Out>, idColumn: string, cap?: number): Promise<Out[]>;
export function filteredRows<Row, Rec extends object = Record<string, unknown>>(c: Context<ApiEnv>, o: PagedListOptions<Row, Rec>, idColumn: string, cap?: number): Promise<Rec[]>;
export async function filteredRows(c: Context<ApiEnv>, o: PagedListOptions<unknown, object, object>, idColumn: string, cap = 100_000) {
  const query = c.req.query();
  let qb = applyFilters(o.base, query, o.fields);
  const selections = (query.selections ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (selections.length) qb = qb.where(sql.ref(idColumn), 'in', selections.slice(0, 10_000));
  const rows: unknown[] = await applySort(o.select(qb), query, o.spec, o.fields, o.tieBreak, o.tieBreakFollows).limit(cap).execute();
  const mapped = rows.map((row) => o.toRecord(row));
  return decorate(c.get('deps').db, o.enrich ? await o.enrich(mapped) : mapped, dictFields(o.spec));
}

/** Splits the anchor's id lists (`ids=a,b,` with its trailing comma). */
export const idList = (raw: string | undefined, max = 1000) =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, max);
