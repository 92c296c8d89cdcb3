// A report's screen (/online/cgreport/{code}; the anchor's OnlCgreportAutoList): the list machinery's ListView over
// a ListSpec built from the report — its shown columns (dictionary texts, sortable ones), a search form from its
// parameters (`self_<name>`, the default as placeholder) and searchable columns, the one pager, 导出 (the API's
// exportXls with the same search) — and a chart of chosen columns under it (templates/online/report-chart.tsx).
// Access is the menu's: the user's menu must hold the report's path; an administrator may also open it from
// 在线报表配置 before a menu entry names it (the page then belongs to that screen). The API checks the same.
import type { Context, Hono } from 'hono';
import { reportDataApi, type ReportItemRecord, type ReportParamRecord, type ReportQueryField } from '../../contracts/online-reports.js';
import type { ApiRef, ColumnSpec, FilterSpec, ListSpec } from '../../resources/spec.js';
import { reportsList } from '../../resources/online-reports.js';
import { apiQuery, listState, type Query } from '../../resources/url-state.js';
import { ListView, type DictOptions } from '../../../templates/list/list-view.js';
import { CHART_KEYS, ReportChart, type ChartChoice, type ChartType } from '../../../templates/online/report-chart.js';
import type { PageEnv } from '../context.js';
import { takeFlash } from '../flash.js';
import { prefetchShell, shellPage } from '../shell-page.js';

const NUMERIC = new Set(['Integer', 'Long', 'Double', 'BigDecimal']);
/** The most rows a chart draws (the API's largest page). */
const CHART_ROWS = 500;

/** An endpoint of the report data contract with this report's code in its path. */
const forCode = (ref: ApiRef, code: string): ApiRef => ({ methods: ref.methods, path: ref.path.replace(':code', encodeURIComponent(code)) });

function filtersOf(params: ReportParamRecord[], fields: ReportQueryField[]): FilterSpec[] {
  const out: FilterSpec[] = params.map((p) => ({ key: `self_${p.paramName}`, label: p.paramTxt || p.paramName, type: 'exact', ...(p.paramValue ? { placeholder: `默认：${p.paramValue}` } : {}) }));
  for (const f of fields) {
    if (f.mode === 'group' && (f.view === 'date' || f.view === 'datetime')) out.push({ key: f.field, label: f.label, type: 'dateRange' });
    else if (f.mode === 'group') out.push({ key: `${f.field}_begin`, label: `${f.label}从`, type: 'exact' }, { key: `${f.field}_end`, label: `${f.label}到`, type: 'exact' });
    else if (f.dictCode) out.push({ key: f.field, label: f.label, type: 'dict', dict: f.dictCode });
    else out.push({ key: f.field, label: f.label, type: f.view === 'number' ? 'exact' : 'text' });
  }
  // The chart's choices travel with the list's state (kept by paging, sort and 查询).
  for (const key of Object.values(CHART_KEYS)) out.push({ key, label: key, type: 'exact', hidden: true });
  return out;
}

function specOf(code: string, name: string, columns: ColumnSpec[], filters: FilterSpec[]): ListSpec {
  return {
    route: `${reportsList.route}/${encodeURIComponent(code)}`,
    title: name,
    api: { list: forCode(reportDataApi.data, code), exportXls: forCode(reportDataApi.exportXls, code) },
    rowKey: '__row',
    columns,
    filters,
    defaultSort: { column: '', order: 'asc' },
    toolbar: { export: { key: 'export', label: '导出' } },
    rowActions: [],
    bulkActions: [],
    exportName: name,
  };
}

/** The chart asked for, or by default a bar chart of the numeric columns over the first other column. */
function chartChoice(state: Query, columns: ColumnSpec[], numeric: string[]): ChartChoice {
  const type = (['bar', 'line', 'pie', 'none'] as const).find((t) => t === state[CHART_KEYS.type]);
  const asked = (state[CHART_KEYS.y] ?? '').split(',').filter((k) => numeric.includes(k));
  const x = columns.find((c) => c.key === state[CHART_KEYS.x])?.key ?? columns.find((c) => !numeric.includes(c.key))?.key;
  const y = state[CHART_KEYS.y] !== undefined ? asked : numeric.filter((k) => k !== x);
  return { type: (type ?? (x && y.length ? 'bar' : 'none')) as ChartType, x, y };
}

/** Numeric columns: declared so, or (a count on PostgreSQL arrives as text) every value of the rows a number. */
function numericColumns(items: ReportItemRecord[], rows: Record<string, unknown>[]): string[] {
  return items
    .filter((i) => !i.dictCode && (NUMERIC.has(i.fieldType ?? '') || (rows.length > 0 && rows.every((r) => r[i.fieldName] !== null && r[i.fieldName] !== '' && Number.isFinite(Number(r[i.fieldName]))))))
    .map((i) => i.fieldName);
}

async function reportPage(c: Context<PageEnv>) {
  const code = (c.req.param('code') ?? '').slice(0, 100);
  const up = c.get('upstream');
  const query: Query = { ...c.req.query() };
  // The value columns are checkboxes: several `chart.y` become one comma list.
  const ys = c.req.queries(CHART_KEYS.y);
  if (ys) query[CHART_KEYS.y] = ys.join(',');
  // The shell's reads (session, the bell) run beside the report's first ones instead of after its last.
  prefetchShell(c);
  const [fields, params] = await Promise.all([up.send(reportDataApi.queryInfo, { params: { code } }), up.send(reportDataApi.paramsInfo, { params: { code } })]);
  const filters = filtersOf(params.body.success ? params.body.result : [], fields.body.success ? fields.body.result : []);
  const state = listState({ filters }, query);
  const draft = specOf(code, '在线报表', [], filters);
  const apiState = apiQuery(draft, state);
  const page = await up.send(reportDataApi.columnsAndData, { params: { code }, query: apiState });
  const ok = page.body.success;
  const result = ok ? page.body.result : null;
  const items = result?.columns ?? [];
  // The dictionaries of the report's columns come with the page (dictOptions); a search field's other one is read.
  const dicts: DictOptions = {};
  for (const i of items) if (i.dictCode && result?.dictOptions[i.fieldName]) dicts[i.dictCode] = result.dictOptions[i.fieldName];
  const missing = [...new Set(filters.filter((f) => f.type === 'dict' && f.dict && !dicts[f.dict]).map((f) => f.dict!))];
  // The chart's rows are read only when it has something to draw: a column declared numeric, or numeric on this
  // page. A report of names and dates then costs one read, not a second one of 500 rows and their count.
  const mayChart = state[CHART_KEYS.type] !== 'none' && numericColumns(items, result?.data.records ?? []).length > 0;
  const [chartRows, dictLists] = await Promise.all([
    mayChart ? up.send(reportDataApi.data, { params: { code }, query: { ...apiState, pageNo: 1, pageSize: CHART_ROWS } }) : null,
    Promise.all(missing.map((dict) => up.dictItems(dict))),
  ]);
  missing.forEach((dict, n) => (dicts[dict] = dictLists[n].success ? dictLists[n].result : []));
  const columns: ColumnSpec[] = items.map((i) => ({
    key: i.fieldName,
    title: i.fieldTxt || i.fieldName,
    ...(i.dictCode ? { dict: i.dictCode } : {}),
    ...(i.isOrder === 1 ? { sortable: true } : {}),
    ...(i.fieldWidth ? { width: i.fieldWidth } : {}),
  }));
  const name = result?.cgreportHeadName ?? '在线报表';
  const spec = specOf(code, name, columns, filters);
  const rows = chartRows?.body.success ? chartRows.body.result.records : [];
  const numeric = numericColumns(items, rows);
  const choice = chartChoice(state, columns, numeric);
  return shellPage(c, { current: spec.route, title: name, fallback: reportsList.route }, () => (
    <ListView
      spec={spec}
      state={state}
      page={result ? { ...result.data, records: result.data.records.map((r, n) => ({ ...r, __row: String(n) })) } : null}
      error={ok ? undefined : page.body.message}
      can={() => true}
      dicts={dicts}
      flash={takeFlash(c)}
    >
      {ok && items.length > 0 && <ReportChart route={spec.route} state={state} columns={columns} numeric={numeric} choice={choice} rows={rows} total={chartRows?.body.success ? chartRows.body.result.total : 0} title={name} />}
    </ListView>
  ));
}

export function registerReportScreenPages(app: Hono<PageEnv>) {
  app.get(`${reportsList.route}/:code`, reportPage);
}
