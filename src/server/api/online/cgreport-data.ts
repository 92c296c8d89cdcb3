// A report's screen (/online/cgreport/{code}) reads these: its columns, search fields, parameters, a page of
// rows with dictionary texts, and the Excel export. Open to those whose menus hold that screen's path (the menu
// entry of the report, granted to roles as any menu is), and to administrators.
import type { Context } from 'hono';
import { REPORT_SCREEN, reportDataApi } from '../../contracts/online-reports.js';
import type { ApiEnv } from '../../context.js';
import { decorate, dictItems, type DictOption } from '../../domain/dicts.js';
import { loadReport, reportRows, reportSource, type Report } from '../../domain/reports.js';
import { camel } from '../../domain/serialize.js';
import type { ListSpec } from '../../resources/spec.js';
import { menu, type ApiRoutes } from '../access.js';
import { fail, ok, page, paging, type Answer } from '../envelope.js';
import { exportResponse } from '../excel.js';
import { reportFailure, sourceContext } from './report-context.js';

const SCREEN = menu(REPORT_SCREEN);
const NUMERIC = new Set(['Integer', 'Long', 'Double', 'BigDecimal']);

const shown = (report: Report) => report.items.filter((i) => i.is_show !== 0);
const dictFieldsOf = (report: Report) => Object.fromEntries(report.items.filter((i) => i.dict_code).map((i) => [i.field_name, i.dict_code!]));

async function dictOptions(c: Context<ApiEnv>, report: Report): Promise<Record<string, DictOption[]>> {
  const db = c.get('deps').db;
  const entries = await Promise.all(Object.entries(dictFieldsOf(report)).map(async ([field, code]) => [field, await dictItems(db, code)] as const));
  return Object.fromEntries(entries);
}

const hrefSlots = (report: Report) => report.items.filter((i) => i.field_href).map((i) => ({ slotName: `fieldHref_${i.field_name}`, href: i.field_href! }));

/** Runs `fn` with the report of the path's code, or answers that there is none. */
const withReport = <R,>(fn: (c: Context<ApiEnv>, report: Report) => Promise<Answer<R>>) => async (c: Context<ApiEnv>): Promise<Answer<R>> => {
  const report = await loadReport(c.get('deps').db, c.req.param('code') ?? '');
  if (!report) return fail(c, '报表不存在');
  try {
    return await fn(c, report);
  } catch (err) {
    return reportFailure(c, err);
  }
};

/** One page of the report's rows, with `_dictText` for its dictionary columns. */
async function dataPage(c: Context<ApiEnv>, report: Report) {
  const ctx = sourceContext(c);
  const { pageNo, pageSize } = paging(c, 10, ctx.limits.maxPageSize);
  const source = await reportSource(ctx, report.head.db_source);
  const { records, total } = await reportRows(source, report, c.req.query(), { pageNo, pageSize });
  return page(await decorate(ctx.db, records, dictFieldsOf(report)), total, pageNo, pageSize);
}

export function registerReportDataRoutes(r: ApiRoutes) {
  r.at(
    reportDataApi.columnsAndData,
    SCREEN,
    withReport(async (c, report) => {
      const data = await dataPage(c, report);
      return ok(c, { data, columns: shown(report).map(camel), dictOptions: await dictOptions(c, report), fieldHrefSlots: hrefSlots(report), cgreportHeadName: report.head.name }, '操作成功！', 200);
    }),
  );

  r.at(reportDataApi.data, SCREEN, withReport(async (c, report) => ok(c, await dataPage(c, report), '操作成功！', 200)));

  r.at(
    reportDataApi.rpColumns,
    SCREEN,
    withReport(async (c, report) => {
      const columns = shown(report).map((i) => ({
        title: i.field_txt || i.field_name,
        dataIndex: i.dict_code ? `${i.field_name}_dictText` : i.field_name,
        align: 'center' as const,
        ...(i.field_width ? { width: i.field_width } : {}),
        ...(i.is_order === 1 ? { sorter: true } : {}),
        ...(i.field_href ? { scopedSlots: { customRender: `fieldHref_${i.field_name}` } } : {}),
      }));
      return ok(c, { columns, cgRpConfigId: report.head.id, cgRpConfigName: report.head.name, dictOptions: await dictOptions(c, report), fieldHrefSlots: hrefSlots(report) }, '操作成功！', 200);
    }),
  );

  r.at(
    reportDataApi.queryInfo,
    SCREEN,
    withReport(async (c, report) => {
      const fields = report.items
        .filter((i) => i.is_search === 1)
        .map((i) => ({
          field: i.field_name,
          label: i.field_txt || i.field_name,
          view: i.dict_code ? 'list' : i.field_type === 'Date' || i.field_type === 'Datetime' ? i.field_type.toLowerCase() : NUMERIC.has(i.field_type ?? '') ? 'number' : 'text',
          mode: i.search_mode === 'group' ? 'group' : 'single',
          dictCode: i.dict_code,
          order: i.order_num,
        }));
      return ok(c, fields, '操作成功！', 200);
    }),
  );

  r.at(reportDataApi.paramsInfo, SCREEN, withReport(async (c, report) => ok(c, report.params.map(camel), '操作成功！', 200)));

  r.at(
    reportDataApi.exportXls,
    SCREEN,
    withReport(async (c, report) => {
      const ctx = sourceContext(c);
      const source = await reportSource(ctx, report.head.db_source);
      const { records } = await reportRows(source, report, c.req.query(), { exportRows: ctx.limits.exportRows });
      const spec: ListSpec = {
        route: `/online/cgreport/${report.head.code}`,
        title: report.head.name,
        api: { list: reportDataApi.data },
        columns: shown(report).map((i) => ({ key: i.field_name, title: i.field_txt || i.field_name, ...(i.dict_code ? { dict: i.dict_code } : {}), ...(i.field_width ? { width: i.field_width } : {}) })),
        filters: [],
        defaultSort: { column: '', order: 'asc' },
        toolbar: {},
        rowActions: [],
        bulkActions: [],
        exportName: report.head.name,
      };
      return exportResponse(c, spec, await decorate(ctx.db, records, dictFieldsOf(report)));
    }),
  );
}
