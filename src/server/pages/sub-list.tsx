// The page side of a sub-list (SubListSpec, templates/list/sub-list.tsx): reading its state and rows for the holding
// page, and registering its actions (a confirmation as a dialog with htmx or a page of its own without JavaScript,
// then the API call and the way back with the answer as the flash).
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import type { SubListSpec } from '../resources/spec.js';
import { subListApiQuery, subListState, type Query } from '../resources/url-state.js';
import { ConfirmBox, type ConfirmBoxProps } from '../../templates/list/confirm-box.js';
import type { DictOptions, PageData } from '../../templates/list/list-view.js';
import type { Upstream } from '../upstream/client.js';
import type { PageEnv, PageSession } from './context.js';
import { backToList, callRef, wantsDialog } from './list-page.js';
import { setFlash } from './flash.js';
import { requirePage, shellPage } from './shell-page.js';
import { safeLocalPath } from './safe-path.js';

export interface SubListData {
  state: Query;
  scope: Query;
  page: PageData | null;
  error?: string;
  dicts: DictOptions;
}

const textOf = (v: unknown) => (v === null || v === undefined ? '' : String(v)).toLowerCase();

/**
 * One page of rows the holding page already read whole (an endpoint that answers every row): filtered by the
 * sub-list's filters (text contains, others exact), sorted by a sortable column the state names, then paged.
 */
function pageRows(spec: SubListSpec, state: Query, rows: Record<string, unknown>[]): PageData {
  let out = rows;
  for (const f of spec.filters) {
    const v = state[f.key]?.trim();
    if (!v) continue;
    out = f.type === 'text' ? out.filter((r) => textOf(r[f.key]).includes(v.toLowerCase())) : out.filter((r) => textOf(r[f.key]) === v.toLowerCase());
  }
  const col = spec.columns.find((c) => c.sortable && c.key === state.column);
  if (col) {
    const dir = state.order === 'desc' ? -1 : 1;
    out = [...out].sort((a, b) => textOf(a[col.key]).localeCompare(textOf(b[col.key]), 'zh-CN', { numeric: true }) * dir);
  }
  const size = Math.min(500, Math.max(1, Number.parseInt(state.pageSize ?? '', 10) || (spec.defaultPageSize ?? 10)));
  const pages = Math.max(1, Math.ceil(out.length / size));
  const current = Math.min(pages, Math.max(1, Number.parseInt(state.pageNo ?? '', 10) || 1));
  return { records: out.slice((current - 1) * size, current * size), total: out.length, current, size };
}

/**
 * The state, scope and rows of a sub-list for the holding page's request: from its paged API, or (`rows`) from
 * the whole array the holding page read; the state from the request's query unless given (a form posted back).
 * Dictionary filters get their options.
 */
export async function loadSubList(
  c: Context<PageEnv>,
  spec: SubListSpec,
  o: { rows?: { records: Record<string, unknown>[] } | { error: string }; query?: Query } = {},
): Promise<SubListData> {
  const up = c.get('upstream');
  const rows = o.rows;
  const { state, scope } = subListState(spec, o.query ?? c.req.query());
  const dictCodes = [...new Set(spec.filters.filter((f) => f.type === 'dict' && f.dict).map((f) => f.dict as string))];
  const [res, dictLists] = await Promise.all([
    rows || !spec.api ? null : callRef<PageData>(up, spec.api, 'GET', { query: subListApiQuery(spec, state, scope) }),
    Promise.all(dictCodes.map((code) => up.dictItems(code))),
  ]);
  const dicts: DictOptions = Object.fromEntries(dictCodes.map((code, i) => [code, dictLists[i].success ? dictLists[i].result : []]));
  if (rows) return 'error' in rows ? { state, scope, page: null, error: rows.error, dicts } : { state, scope, page: pageRows(spec, state, rows.records), dicts };
  if (!res) return { state, scope, page: null, error: '没有数据来源', dicts };
  return res.body.success ? { state, scope, page: res.body.result, dicts } : { state, scope, page: null, error: res.body.message, dicts };
}

type Answer = { success: boolean; message?: string };
type Flash = { type: 'success' | 'error' | 'warning'; text: string };

const backWithFlash = (c: Context<PageEnv>, flash: Flash, back: string) => {
  setFlash(c, flash);
  return backToList(c, back);
};

export interface SubListActionOptions {
  spec: SubListSpec;
  /** The action's key: it answers at `${spec.route}/${key}`. */
  key: string;
  /** The holding screen (menu highlight and title of the confirmation page). */
  screen: { current: string; title: string };
  /** The confirmation's title and question for the chosen rows; a string is a refusal (shown as the flash). */
  confirm: (c: Context<PageEnv>, ids: string[], scope: Query) => Promise<{ title: string; text: Child } | string> | { title: string; text: Child } | string;
  /** The API call, once confirmed. */
  call: (up: Upstream, ids: string[], scope: Query) => Promise<{ status?: number; body: Answer }>;
  /** The flash after the call (default: the API's message). */
  result?: (answer: Answer, ids: string[]) => Flash;
  /** How the flash goes back to `back` (default: set as the cookie flash, the holding page loaded into #content). */
  done?: (c: Context<PageEnv>, flash: Flash, back: string) => Response | Promise<Response>;
  /** Where `back` may lead (default: the sub-list's route). */
  safeBack?: (back: unknown) => string;
  /** The confirmation frame's own class and stylesheets (a screen family's scope). */
  frame?: Pick<ConfirmBoxProps, 'class' | 'stylesheets'>;
  /** The flash when no row is chosen (default 请选择一条记录！). */
  noneChosen?: string;
}

const formValues = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : []).map((s) => s.trim()).filter(Boolean).slice(0, 500);

/**
 * A sub-list's row or bulk action: GET shows the confirmation (a dialog for htmx, a page without JavaScript); POST
 * without `confirmed=1` shows it too (a bulk form posted without JavaScript, or a dialog action), with it calls the
 * API and goes back with the answer as the flash.
 */
export function registerSubListAction(app: Hono<PageEnv>, o: SubListActionOptions) {
  const { spec } = o;
  const path = `${spec.route}/${o.key}`;
  const idsParam = spec.idsParam ?? 'ids';
  const safeBack = o.safeBack ?? ((back: unknown) => safeLocalPath(back, spec.route, spec.route));
  const scopeOf = (q: Record<string, unknown>): Query =>
    Object.fromEntries(Object.keys(spec.scope).filter((k) => k !== 'back' && typeof q[k] === 'string' && q[k]).map((k) => [k, String(q[k]).slice(0, 200)]));
  const done = o.done ?? backWithFlash;
  const refuse = (c: Context<PageEnv>, text: string, back: string) => done(c, { type: 'warning', text }, back);
  const confirmation = async (c: Context<PageEnv>, ids: string[], scope: Query, back: string) => {
    const asked = await o.confirm(c, ids, scope);
    if (typeof asked === 'string') return refuse(c, asked, back);
    const box = () => <ConfirmBox asDialog={wantsDialog(c)} title={asked.title} text={asked.text} action={path} hidden={{ ...scope, [idsParam]: ids.join(','), back }} back={back} {...(o.frame ?? {})} />;
    if (!wantsDialog(c)) return shellPage(c, o.screen, box);
    const session: PageSession | Response = await requirePage(c, o.screen.current);
    return session instanceof Response ? session : c.html(String(box()));
  };

  app.get(path, (c) => {
    const q = c.req.query();
    const ids = formValues(q[idsParam]);
    const back = safeBack(q.back);
    return ids.length ? confirmation(c, ids, scopeOf(q), back) : c.redirect(back);
  });
  app.post(path, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const ids = formValues(form[idsParam]);
    const back = safeBack(form.back);
    const scope = scopeOf(form);
    if (!ids.length) return refuse(c, o.noneChosen ?? '请选择一条记录！', back);
    if (form.confirmed !== '1') return confirmation(c, ids, scope, back);
    const res = await o.call(c.get('upstream'), ids, scope);
    if (res.status === 500 && res.body.message?.startsWith('Token失效')) return c.redirect('/user/login', 303);
    const flash = o.result?.(res.body, ids) ?? { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '操作成功' : '操作失败') };
    return done(c, flash, back);
  });
}
