// /teaching/teachingDepartDayLog: the 班级教学记录 report over the per-class day counters (written only by
// domain/day-log.ts recordClassEvent). Three reads with the anchor's shapes (camel-cased counter sums):
// getReport (one row), getReportGroupByDepart (a list, not a page), getReportGroupByMonth (a list by month).
// The anchor limited teachers to the departments they manage directly (§2.14.6); here, as everywhere else,
// a teacher sees the classes of the subtrees they manage, an admin every class.
import type { Context } from 'hono';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Camel } from '../../domain/serialize.js';
import { hasScope, scopeDepartIds, userScope, type UserScope } from '../../domain/user-scope.js';
import { DAY_LOG_COUNTERS } from '../../db/migrations/008_depart_day_log.js';
import { reportApi } from '../../contracts/reports.js';
import { REPORT_ROUTE } from '../../resources/teaching-report.js';
import { menu, type ApiRoutes } from '../access.js';
import { ok, queryParams } from '../envelope.js';

/** The longest range one request may ask for (about ten years of days). */
const MAX_RANGE_DAYS = 3660;

const day = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string({ message: `${label}格式不正确，应为 YYYY-MM-DD` })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式不正确，应为 YYYY-MM-DD`)
      .refine((v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
      }, `${label}不是有效的日期`)
      .optional(),
  );

const rangeQuery = z
  .object({ startTime: day('开始日期'), endTime: day('结束日期') })
  .refine((q) => !q.startTime || !q.endTime || q.startTime <= q.endTime, '开始日期不能晚于结束日期')
  .refine(
    (q) => !q.startTime || !q.endTime || (Date.parse(q.endTime) - Date.parse(q.startTime)) / 86_400_000 <= MAX_RANGE_DAYS,
    '查询的日期范围过大，请缩小到十年以内',
  );
export type ReportRange = { startTime?: string; endTime?: string };

const camelCounter = (col: string) => col.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());
const COUNTER_KEYS = DAY_LOG_COUNTERS.map(camelCounter);
/** Every counter column, camel-cased (the contract's ReportCounters). */
type CounterSums = Camel<Record<(typeof DAY_LOG_COUNTERS)[number], number>>;

/** The day-log rows of the range inside the caller's scope, nothing selected yet. */
function scopedRows(db: Kysely<Database>, scope: UserScope, range: ReportRange) {
  let q = db.selectFrom('teaching_depart_day_log as l');
  if (!scope.all) q = q.where('l.depart_id', 'in', scopeDepartIds(db, scope));
  if (range.startTime) q = q.where('l.create_time', '>=', range.startTime);
  if (range.endTime) q = q.where('l.create_time', '<=', range.endTime);
  return q;
}

const sums = () => DAY_LOG_COUNTERS.map((col) => sql<number | string | null>`coalesce(sum(${sql.ref(`l.${col}`)}), 0)`.as(camelCounter(col)));

// Object.fromEntries loses its keys' names: they are COUNTER_KEYS, every counter camel-cased (by construction).
/** Sums arrive as strings from PostgreSQL (bigint): numbers on the wire. */
const counters = (row: Record<string, unknown>): CounterSums =>
  Object.fromEntries(COUNTER_KEYS.map((k) => [k, Number(row[k] ?? 0)])) as CounterSums;

const zero = (): CounterSums => Object.fromEntries(COUNTER_KEYS.map((k) => [k, 0])) as CounterSums;

async function reportTotals(db: Kysely<Database>, scope: UserScope, range: ReportRange) {
  if (!hasScope(scope)) return zero();
  const row = await scopedRows(db, scope, range).select(sums()).executeTakeFirst();
  return row ? counters(row) : zero();
}

async function reportByDepart(db: Kysely<Database>, scope: UserScope, range: ReportRange) {
  if (!hasScope(scope)) return [];
  const rows = await scopedRows(db, scope, range)
    .leftJoin('sys_depart as d', 'd.id', 'l.depart_id')
    // The class's current name; the row's own copy when the class is gone.
    .select(['l.depart_id as departId', sql<string>`coalesce(max(d.depart_name), max(l.depart_name))`.as('departName'), ...sums()])
    .groupBy('l.depart_id')
    .orderBy(sql`coalesce(max(d.org_code), '')`)
    .orderBy('l.depart_id')
    .execute();
  return rows.map((r) => ({ departId: r.departId, departName: String(r.departName ?? ''), ...counters(r) }));
}

async function reportByMonth(db: Kysely<Database>, scope: UserScope, range: ReportRange) {
  if (!hasScope(scope)) return [];
  const month = sql<string>`substr(${sql.ref('l.create_time')}, 1, 7)`;
  const rows = await scopedRows(db, scope, range).select([month.as('createTime'), ...sums()]).groupBy(month).orderBy(month).execute();
  return rows.map((r) => ({ createTime: String(r.createTime), ...counters(r) }));
}

async function read<T>(c: Context<ApiEnv>, run: (db: Kysely<Database>, scope: UserScope, range: ReportRange) => Promise<T>) {
  const q = queryParams(c, rangeQuery);
  if (!q.ok) return q.response;
  const { db } = c.get('deps');
  const scope = await userScope(db, c.get('user')!);
  return ok(c, await run(db, scope, q.data), '操作成功！', 200);
}

export function registerDepartDayLogRoutes(r: ApiRoutes) {
  // Reading the report is reading the screen: whoever has its menu (admin, teachers) reaches it.
  r.at(reportApi.totals, menu(REPORT_ROUTE), (c) => read(c, reportTotals));
  r.at(reportApi.byDepart, menu(REPORT_ROUTE), (c) => read(c, reportByDepart));
  r.at(reportApi.byMonth, menu(REPORT_ROUTE), (c) => read(c, reportByMonth));
}
