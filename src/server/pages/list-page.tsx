// Registers the pages of one list screen from its ListSpec (and FormSpec): the list, the add/edit/detail
// form (list-form.tsx: dialog with htmx, page without JavaScript), save, delete (with confirmation), and Excel
// import. Data goes through the upstream client only; the API enforces the same permission codes the page shows.
// A screen declared in code registers its options once (registerListPage); a screen whose declaration is made per
// request (a generated form's, pages/online/cgform-screen.tsx) registers a pattern and a resolver
// (registerResolvedListPage): the same handlers serve both.
import type { Context, Hono } from 'hono';
import { canUse } from '../resources/auth.js';
import { apiQuery, listState } from '../resources/url-state.js';
import { ListView, type DictOptions, type PageData } from '../../templates/list/list-view.js';
import { TreeLayout } from '../../templates/list/tree-panel.js';
import type { PageEnv, PageSession } from './context.js';
import { shellPage } from './shell-page.js';
import { askConfirmation, unlessConfirmed } from './confirm.js';
import { setFlash, takeFlash } from './flash.js';
import { backOf, backToList, callRef } from './list-common.js';
import { fieldOptions, registerFormRoutes } from './list-form.js';
import type { ListPageOptions, ResolveOptions } from './list-options.js';
import { addChildAction, expandTree, treeCell } from './list-tree.js';

export { backToList, callRef, isHtmx, registerConfirmedAction, wantsDialog } from './list-common.js';
export { fieldOptions, formToBody, saveTreeRow } from './list-form.js';
export type { ListPageOptions, ResolveOptions, Uploader } from './list-options.js';

const screenOf = (o: ListPageOptions) => ({ current: o.current ?? o.spec.route, title: o.spec.title, fallback: o.fallback });

/** GET the list: the query form, toolbar, table, pager, with the options' extras. */
async function listPage(c: Context<PageEnv>, o: ListPageOptions) {
  const { spec } = o;
  const can = (session: PageSession) => (code: string | undefined) => canUse(session.permissions, code);
  return shellPage(c, screenOf(o), async (session) => {
    const state = listState(spec, c.req.query());
    const up = c.get('upstream');
    const dictCodes = [...new Set(spec.filters.filter((f) => f.type === 'dict' && f.dict).map((f) => f.dict as string))];
    const selects = spec.filters.filter((f) => f.type === 'select' && f.optionsFrom);
    const query = apiQuery(spec, state);
    const [res, dictLists, selectOptions, extra, aside] = await Promise.all([
      callRef<PageData>(up, spec.api.list, 'GET', { query }).then(async (r) => (spec.tree?.lazy && r.body.success ? { ...r, body: { ...r.body, result: await expandTree(up, spec, state, query, r.body.result) } } : r)),
      Promise.all(dictCodes.map((code) => up.dictItems(code))),
      fieldOptions(up, selects.map((f) => ({ key: f.key, label: f.label, type: 'select' as const, optionsFrom: f.optionsFrom }))),
      o.extra ? o.extra(c, session) : null,
      o.aside ? o.aside(c, session, state) : null,
    ]);
    const dicts: DictOptions = Object.fromEntries(dictCodes.map((code, i) => [code, dictLists[i].success ? dictLists[i].result : []]));
    // Select filters' options travel under `@<key>` (see ListView's Filter).
    for (const f of selects) dicts[`@${f.key}`] = (selectOptions[f.key] ?? []).map((opt) => ({ value: opt.value, text: opt.label }));
    const ok = res.body.success;
    const details = o.rowDetails && ok ? await o.rowDetails(c, res.body.result.records, state) : null;
    // A tree list (list-tree.tsx): its text column indented with the expander, 添加下级 on each row.
    const cells = o.cells?.(session);
    const tree = spec.tree;
    const treeCells = tree ? { ...cells, [tree.text]: treeCell(spec, state, cells?.[tree.text]) } : cells;
    const rowExtra = tree ? addChildAction(spec, !!spec.toolbar.add && can(session)(spec.toolbar.add.perm), o.rowExtra?.(session)) : o.rowExtra?.(session);
    const list = (
      <ListView
        spec={spec}
        state={state}
        page={ok ? res.body.result : null}
        error={ok ? undefined : res.body.message}
        can={can(session)}
        dicts={dicts}
        flash={takeFlash(c)}
        cells={treeCells}
        rowExtra={rowExtra}
        rowDetail={details ? (r) => details[String(r[spec.rowKey ?? 'id'])] : undefined}
        empty={o.empty?.(state)}
      >
        {extra}
      </ListView>
    );
    return o.aside ? (
      <TreeLayout tree={aside} label={spec.title} bare>
        {list}
      </TreeLayout>
    ) : (
      list
    );
  });
}

const confirmDelete = (c: Context<PageEnv>, o: ListPageOptions, ids: string[], back: string) =>
  askConfirmation(c, {
    screen: screenOf(o),
    title: ids.length > 1 ? '确认删除' : '删除',
    text: `${ids.length > 1 ? `是否删除选中的 ${ids.length} 条数据?` : '确定删除吗?'}${o.deleteNote ?? ''}`,
    action: `${o.spec.route}/delete`,
    hidden: { ids: ids.join(','), back },
    back,
  });

/** GET delete: the confirmation page (without JavaScript); htmx has asked with hx-confirm and posts. */
function askDelete(c: Context<PageEnv>, o: ListPageOptions) {
  // `id` from a list's row link, `ids` from a sub-list's (SubListSpec's default idsParam).
  const ids = (c.req.query('id') ?? c.req.query('ids') ?? '').split(',').filter(Boolean);
  const back = backOf(o, c.req.query('back'));
  return ids.length ? confirmDelete(c, o, ids, back) : c.redirect(back);
}

/** POST delete: one row or the selected ones, once confirmed. */
async function deleteRows(c: Context<PageEnv>, o: ListPageOptions) {
  const { spec } = o;
  const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
  const back = backOf(o, form.back);
  const given = form.ids ?? form.id;
  const ids = (Array.isArray(given) ? given : String(given ?? '').split(',')).map(String).filter(Boolean);
  const path = ids.length === 1 && spec.api.delete ? spec.api.delete : (spec.api.deleteBatch ?? spec.api.delete);
  if (!path) return backToList(c, back);
  if (!ids.length) {
    setFlash(c, { type: 'warning', text: '请选择一条记录！' });
    return backToList(c, back);
  }
  const asked = unlessConfirmed(c, form, () => confirmDelete(c, o, ids, back));
  if (asked) return asked;
  const up = c.get('upstream');
  const res = await callRef<null>(up, path, 'DELETE', { query: ids.length === 1 && spec.api.delete ? { id: ids[0] } : { ids: `${ids.join(',')},` } });
  setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '删除成功!' : '删除失败') });
  return backToList(c, back);
}

/** POST import: the chosen workbook to the API; its answer (and the first rejected rows) as the flash. */
async function importRows(c: Context<PageEnv>, o: ListPageOptions) {
  const { spec } = o;
  const form = await c.req.parseBody();
  const back = backOf(o, form.back);
  const file = form.file;
  if (!spec.api.importExcel) return backToList(c, back);
  if (!(file instanceof File) || file.size === 0) {
    setFlash(c, { type: 'warning', text: '请选择要导入的Excel文件' });
    return backToList(c, back);
  }
  const data = new FormData();
  data.append('file', file, file.name);
  const res = await callRef<{ msg?: string; errors?: { row: number; message: string }[] }>(c.get('upstream'), spec.api.importExcel, 'POST', { body: data });
  const custom = o.importResult ? await o.importResult(c, res, back) : null;
  if (custom) return custom;
  const r = res.body.result;
  const detail = r?.errors?.length ? `${r.msg ?? ''}；${r.errors.slice(0, 5).map((e) => `第${e.row}行：${e.message}`).join('；')}` : '';
  setFlash(c, {
    type: !res.body.success ? 'error' : res.body.code === 201 ? 'warning' : 'success',
    text: `${res.body.message}${detail ? ` ${detail}` : ''}`,
  });
  return backToList(c, back);
}

/** Which of the screen's routes exist (a declared screen registers only what its declaration has). */
interface Parts {
  list: boolean;
  form: boolean;
  detail: boolean;
  delete: boolean;
  import: boolean;
}

function registerRoutes(app: Hono<PageEnv>, base: string, resolve: ResolveOptions, parts: Parts) {
  const on = (run: (c: Context<PageEnv>, o: ListPageOptions) => Response | Promise<Response>) => async (c: Context<PageEnv>) => {
    const o = await resolve(c);
    return o instanceof Response ? o : run(c, o);
  };
  if (parts.list) app.get(base, on(listPage));
  if (parts.form) registerFormRoutes(app, base, resolve, { detail: parts.detail });
  if (parts.delete) {
    app.get(`${base}/delete`, on(askDelete));
    app.post(`${base}/delete`, on(deleteRows));
  }
  if (parts.import) app.post(`${base}/import`, on(importRows));
}

/** The pages of a screen declared in code. */
export function registerListPage(app: Hono<PageEnv>, o: ListPageOptions) {
  const { spec } = o;
  registerRoutes(app, spec.route, () => o, {
    list: true,
    form: !!o.form,
    detail: !!o.form && !!o.detailForm,
    delete: !!(spec.api.delete || spec.api.deleteBatch),
    import: !!spec.api.importExcel,
  });
}

/**
 * The pages of screens whose declaration is made per request, at a route pattern (`/online/cgformList/:code`):
 * list, form, detail, save, delete and import are all registered; `resolve` builds each request's options (or
 * answers, e.g. 403) and a route the options do not support goes back to the list. `parts` leaves some out (a sub
 * table's form and delete under its main list: no list page of their own).
 */
export function registerResolvedListPage(app: Hono<PageEnv>, pattern: string, resolve: ResolveOptions, parts: Partial<Parts> = {}) {
  registerRoutes(app, pattern, resolve, { list: true, form: true, detail: true, delete: true, import: true, ...parts });
}
