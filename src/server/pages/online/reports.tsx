// 在线报表配置 (/online/cgreport): the declared list of reports (resources/online-reports.ts) with 删除 (confirmed),
// and the designer (新增 / 编辑, a dialog or a page of its own, templates/online/report-designer.tsx). The designer
// opens a report by its code (the list answers a report by code; the anchor has no queryById), 解析SQL fills the
// grids from the API's parseSql (keeping what was set for columns and parameters that remain), and 确定 saves
// {head, items, params} through add / editAll, the API's errors beside the fields they name.
import type { Context, Hono } from 'hono';
import { reportHeadApi, type ReportItemRecord, type ReportParamRecord } from '../../contracts/online-reports.js';
import { REPORT_HEAD_KEYS, REPORT_ITEM_KEYS, REPORT_PARAM_KEYS, reportHeadForm, reportItemColumns, reportParamColumns, reportsList } from '../../resources/online-reports.js';
import { hrefWith } from '../../resources/url-state.js';
import { ReportDesigner } from '../../../templates/online/report-designer.js';
import { dialogAttrs, navAttrs } from '../../../templates/list/list-view.js';
import { rowAction, rowsOf } from '../../../templates/list/row-table.js';
import type { PageEnv } from '../context.js';
import { dialogPage } from '../dialog-page.js';
import { setFlash } from '../flash.js';
import { backToList, fieldOptions, formToBody, isHtmx, registerListPage } from '../list-page.js';
import { safeLocalPath } from '../safe-path.js';

type Ctx = Context<PageEnv>;
type Row = Record<string, unknown>;

const ROUTE = reportsList.route;
const MAX_ITEMS = 200;
const MAX_PARAMS = 50;
const ITEM_KEYS = reportItemColumns.map((f) => f.key);
const PARAM_KEYS = reportParamColumns.map((f) => f.key);
const HEAD_FIELDS = reportHeadForm.fields;
const OPTION_FIELDS = [...HEAD_FIELDS, ...reportItemColumns].filter((f) => f.optionsFrom || f.dict);

/** The screen of a report (its menu entry's path). */
const reportScreenPath = (code: string) => `${ROUTE}/${encodeURIComponent(code)}`;

interface DesignerState {
  id?: string;
  head: Row;
  items: Row[];
  params: Row[];
  errors: Record<string, string>;
  message?: string;
  notice?: string;
  back: string;
}

const safeBack = (v: unknown) => safeLocalPath(v, ROUTE, ROUTE);
const one = (v: unknown) => (Array.isArray(v) ? String(v[0] ?? '') : v === undefined || v === null ? '' : String(v));
/** A record's flags and numbers as the grid's inputs show them. */
const asRow = (r: object, keys: string[]): Row => Object.fromEntries(keys.map((k) => [k, (r as Row)[k] === null || (r as Row)[k] === undefined ? '' : String((r as Row)[k])]));
/** A grid row as the API reads it: flags 1/0, numbers or null, empty text as null. */
const rowBody = (row: Record<string, string>, columns: typeof reportItemColumns) =>
  Object.fromEntries(Object.entries(formToBody(row, columns)).map(([k, v]) => [k, v === '' ? null : v]));

function render(c: Ctx, s: DesignerState, status: 200 | 400 = 200) {
  return dialogPage(
    c,
    { current: ROUTE, title: reportsList.title },
    async (asDialog) => (
      <ReportDesigner
        title={s.id ? '编辑报表' : '新增报表'}
        id={s.id}
        head={s.head}
        items={s.items}
        params={s.params}
        errors={s.errors}
        message={s.message}
        notice={s.notice}
        headFields={HEAD_FIELDS}
        itemColumns={reportItemColumns}
        paramColumns={reportParamColumns}
        options={await fieldOptions(c.get('upstream'), OPTION_FIELDS)}
        action={`${ROUTE}/save`}
        back={s.back}
        asDialog={asDialog}
        maxItems={MAX_ITEMS}
        maxParams={MAX_PARAMS}
      />
    ),
    status,
  );
}

/**
 * Where the API's errors go: `code`, `cgrSql`, `dbSource` beside their fields; a refusal of the head as a whole
 * (`head`) beside the field whose label it names; `items` / `params` above their grid; anything else above the form.
 */
function placeErrors(errors: Record<string, string>, message: string | undefined): { errors: Record<string, string>; message?: string } {
  const placed: Record<string, string> = {};
  const left: string[] = [];
  for (const [key, text] of Object.entries(errors)) {
    if (key === 'head') {
      const field = HEAD_FIELDS.find((f) => text.includes(f.label));
      if (field) placed[field.key] = text;
      else left.push(text);
    } else if (HEAD_FIELDS.some((f) => f.key === key) || key === 'items' || key === 'params') placed[key] = text;
    else left.push(text);
  }
  if (!Object.keys(errors).length && message) left.push(message);
  return { errors: placed, message: left.length ? left.join('；') : undefined };
}

/** Columns and parameters from 解析SQL, keeping what the designer had set for those that remain. */
function merged(found: object[], had: Row[], key: string, keys: string[]): Row[] {
  return found.map((f) => {
    const fresh = asRow(f, keys);
    const old = had.find((h) => h[key] === fresh[key]);
    return old ? { ...old, orderNum: fresh.orderNum } : fresh;
  });
}

/** The designer's state from a submitted form. */
async function submitted(c: Ctx): Promise<{ form: Record<string, string | string[]>; state: DesignerState }> {
  const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
  const id = one(form.id).slice(0, 64) || undefined;
  return {
    form,
    state: {
      id,
      head: Object.fromEntries(HEAD_FIELDS.map((f) => [f.key, one(form[f.key])])),
      items: rowsOf(form, 'items', ITEM_KEYS, MAX_ITEMS),
      params: rowsOf(form, 'params', PARAM_KEYS, MAX_PARAMS),
      errors: {},
      back: safeBack(form.back),
    },
  };
}

export function registerReportDesignPages(app: Hono<PageEnv>) {
  registerListPage(app, {
    spec: reportsList,
    rowExtra: () => (record, back) => {
      const code = String(record.code ?? '');
      return {
        inline: (
          <>
            <a class="xt-action" {...navAttrs(reportScreenPath(code))}>
              打开报表
            </a>
            <span class="ant-divider ant-divider-vertical app" role="separator" />
            <a class="xt-action" {...dialogAttrs(hrefWith(`${ROUTE}/form`, { code, back }))} aria-label={`编辑${String(record.name ?? code)}`}>
              编辑
            </a>
          </>
        ),
      };
    },
  });

  app.get(`${ROUTE}/form`, async (c) => {
    const back = safeBack(c.req.query('back'));
    const code = (c.req.query('code') ?? '').slice(0, 100);
    if (!code) return render(c, { head: {}, items: [], params: [], errors: {}, back });
    const up = c.get('upstream');
    const found = await up.send(reportHeadApi.list, { query: { code, pageSize: 1 } });
    const head = found.body.success ? found.body.result.records.find((r) => r.code === code) : undefined;
    if (!head) {
      setFlash(c, { type: 'error', text: found.body.success ? '报表不存在' : found.body.message });
      return backToList(c, back);
    }
    const [items, params] = await Promise.all([up.send(reportHeadApi.items, { query: { headId: head.id } }), up.send(reportHeadApi.params, { query: { headId: head.id } })]);
    return render(c, {
      id: head.id,
      head: asRow(head, [...REPORT_HEAD_KEYS]),
      items: (items.body.success ? items.body.result : []).map((i) => asRow(i, [...REPORT_ITEM_KEYS])),
      params: (params.body.success ? params.body.result : []).map((p) => asRow(p, [...REPORT_PARAM_KEYS])),
      errors: {},
      back,
    });
  });

  app.post(`${ROUTE}/save`, async (c) => {
    const { form, state } = await submitted(c);
    const up = c.get('upstream');
    for (const [grid, keys, max] of [['items', ITEM_KEYS, MAX_ITEMS], ['params', PARAM_KEYS, MAX_PARAMS]] as const) {
      const act = rowAction(form, grid);
      if (!act) continue;
      // Adding or removing a row only redraws the designer: nothing is checked or lost.
      if ('add' in act && state[grid].length < max) state[grid] = [...state[grid], Object.fromEntries(keys.map((k) => [k, k === 'isShow' ? '1' : '']))];
      if ('remove' in act) state[grid] = state[grid].filter((_, i) => i !== act.remove);
      return render(c, state);
    }
    const sqlText = one(state.head.cgrSql);
    if (one(form.action) === 'parse') {
      if (!sqlText.trim()) return render(c, { ...state, errors: { cgrSql: '请输入报表SQL' } }, isHtmx(c) ? 200 : 400);
      const res = await up.send(reportHeadApi.parseSql, { query: { sql: sqlText, dbKey: one(state.head.dbSource) || undefined } });
      if (!res.body.success) return render(c, { ...state, errors: { cgrSql: res.body.message } }, isHtmx(c) ? 200 : 400);
      const { fields, params } = res.body.result;
      return render(c, {
        ...state,
        items: merged(fields as ReportItemRecord[], state.items, 'fieldName', ITEM_KEYS),
        params: merged(params as ReportParamRecord[], state.params, 'paramName', PARAM_KEYS),
        notice: `解析成功：${fields.length}列，${params.length}个参数`,
      });
    }
    const head = { ...formToBody(form, HEAD_FIELDS), dbSource: one(state.head.dbSource) || null, ...(state.id ? { id: state.id } : {}) };
    const body = { head, items: state.items.map((r) => rowBody(r as Record<string, string>, reportItemColumns)), params: state.params.map((r) => rowBody(r as Record<string, string>, reportParamColumns)) };
    const res = state.id ? await up.send(reportHeadApi.editAll, { body }) : await up.send(reportHeadApi.add, { body });
    if (res.body.success) {
      setFlash(c, { type: 'success', text: res.body.message || '保存成功！' });
      return backToList(c, state.back);
    }
    if (res.status === 500 && res.body.message?.startsWith('Token失效')) return c.redirect('/user/login', 303);
    return render(c, { ...state, ...placeErrors(res.body.result?.errors ?? {}, res.body.message) }, isHtmx(c) ? 200 : 400);
  });
}
