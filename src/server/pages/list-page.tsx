// Registers the pages of one list screen from its ListSpec (and FormSpec): the list, the add/edit/detail
// form (dialog with htmx, page without JavaScript), save, delete (with confirmation), and Excel import.
// Data goes through the upstream client only; the API enforces the same permission codes the page shows.
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { canUse } from '../resources/auth.js';
import type { ApiRef, FieldOption, FieldSpec, FormSpec, ListSpec } from '../resources/spec.js';
import type { Method, Query as ApiQuery } from '../contracts/endpoint.js';
import { apiQuery, hrefWith, listState, type Query } from '../resources/url-state.js';
import { FormView, type ControlContext } from '../../templates/list/form-view.js';
import { Alert, Button } from '../../templates/antd.js';
import { ListView, type DictOptions, type PageData, type RowExtra } from '../../templates/list/list-view.js';
import { TreeLayout } from '../../templates/list/tree-panel.js';
import type { Upstream } from '../upstream/client.js';
import type { PageEnv, PageSession } from './context.js';
import { shellPage } from './shell-page.js';
import { askConfirmation, unlessConfirmed } from './confirm.js';
import { dialogPage, wantsDialog } from './dialog-page.js';
import { setFlash, takeFlash } from './flash.js';
import { safeLocalPath } from './safe-path.js';
import { flattenTree } from '../shared/tree.js';

/** A call of an endpoint a declaration names, with one of its methods; the generic screens read its answer as `R`. */
export const callRef = <R,>(up: Upstream, ref: ApiRef, method: Method, request: { query?: ApiQuery; body?: unknown } = {}) => up.sendAs<R>(ref, method, request);


export const isHtmx = (c: Context) => c.req.header('HX-Request') === 'true';
/** Kept here too for the screens that import it from the list machinery (dialog-page.ts decides). */
export { wantsDialog };

/** Back to the list after an action: htmx loads it into #content and pushes the URL; plain forms redirect. */
export function backToList(c: Context, back: string) {
  if (isHtmx(c)) {
    c.header('HX-Location', JSON.stringify({ path: back, target: '#content' }));
    return c.body(null, 200);
  }
  return c.redirect(back, 303);
}

/**
 * A row action that changes one record through the API after a confirmation (发布, 暂停, 立即执行 …): GET shows the
 * confirmation page (without JavaScript; htmx asks with hx-confirm and posts at once), POST with `confirmed=1`
 * calls the API and goes back to the list with its answer as the flash.
 */
export function registerConfirmedAction(
  app: Hono<PageEnv>,
  o: {
    /** The list's route; the action answers at `${route}/${key}`. */
    route: string;
    /** The list screen's title (menu highlight and breadcrumb of the confirmation page). */
    screenTitle: string;
    key: string;
    /** The confirmation page's heading and question. */
    title: string;
    question: string;
    call: (up: Upstream, id: string) => Promise<{ status: number; body: { success: boolean; message?: string } }>;
  },
) {
  const path = `${o.route}/${o.key}`;
  const safeBack = (back: unknown) => safeLocalPath(back, o.route, o.route);
  const ask = (c: Context<PageEnv>, id: string, back: string) =>
    askConfirmation(c, { screen: { current: o.route, title: o.screenTitle }, title: o.title, text: o.question, action: path, hidden: { id, back }, back });
  app.get(path, (c) => {
    const id = c.req.query('id') ?? '';
    const back = safeBack(c.req.query('back'));
    return id ? ask(c, id, back) : c.redirect(back);
  });
  app.post(path, async (c) => {
    const form = await c.req.parseBody();
    const id = typeof form.id === 'string' ? form.id.trim() : '';
    const back = safeBack(form.back);
    if (!id) {
      setFlash(c, { type: 'warning', text: '请选择一条记录！' });
      return backToList(c, back);
    }
    const asked = unlessConfirmed(c, form, () => ask(c, id, back));
    if (asked) return asked;
    const res = await o.call(c.get('upstream'), id);
    if (res.status === 500 && res.body.message?.startsWith('Token失效')) return c.redirect('/user/login', 303);
    setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '操作成功' : '操作失败') });
    return backToList(c, back);
  });
}

export interface ListPageOptions {
  spec: ListSpec;
  form?: FormSpec;
  /** Menu route the screen belongs to when its own route is a sub-page (menu highlight, breadcrumb). */
  current?: string;
  /** Values for the edit form beyond the record itself (e.g. a user's role ids). */
  loadValues?: (up: Upstream, id: string, record: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** Turns submitted form fields into the add/edit JSON body (default: by field type). */
  toBody?: (form: Record<string, string | string[]>, fields: FieldSpec[]) => Record<string, unknown>;
  /**
   * Answers an import instead of the default flash-and-back (e.g. to show generated passwords once);
   * returning null keeps the default.
   */
  importResult?: (
    c: Context<PageEnv>,
    res: { status: number; body: { success: boolean; message: string; code: number; result: unknown } },
    back: string,
  ) => Promise<Response | null> | Response | null;
  /** A screen's own rendering of some columns, by column key (the session decides e.g. which buttons show). */
  cells?: (session: PageSession) => Record<string, (record: Record<string, unknown>, back: string) => Child>;
  /** Row actions beyond the declaration's (links to other sites or new tabs, per-record dialogs). */
  rowExtra?: (session: PageSession) => (record: Record<string, unknown>, back: string) => RowExtra;
  /** Values of a new record taken from the form URL's query (e.g. 添加下级: `pid`), checked by the API on save. */
  addValues?: (query: Record<string, string>) => Record<string, unknown>;
  /** Titles of the form by mode (default 新增 / 编辑 / 详情), e.g. 批改 for a grading form. */
  formTitles?: Partial<Record<'add' | 'edit' | 'detail', string>>;
  /** Content shown under the table. */
  extra?: (c: Context<PageEnv>, session: PageSession) => Promise<Child> | Child;
  /**
   * A panel beside the list (e.g. a tree whose selection is one of the list's hidden filters); the list stacks
   * below it on narrow screens. Gets the list state from the URL.
   */
  aside?: (c: Context<PageEnv>, session: PageSession, state: Query) => Promise<Child> | Child;
  /** Data the custom controls need, loaded before the form renders (e.g. the names of chosen users). */
  prepareForm?: (c: Context<PageEnv>, args: { mode: 'add' | 'edit' | 'detail'; id?: string; values: Record<string, unknown> }) => Promise<Record<string, unknown>>;
  /**
   * Uploads one chosen file of an upload field and answers its stored key in `message`; by default the
   * checked generic upload (POST /sys/common/upload into the field's folder). Screens whose files are stored
   * differently (Scratch素材库: by content, as the editor names them) give their own.
   */
  uploader?: Uploader;
  /** A screen's own control for a field; undefined keeps the default one. `data` is what prepareForm loaded. */
  renderControl?: (f: FieldSpec, ctx: ControlContext & { data: Record<string, unknown> }) => Child | undefined;
  /** Content beside the form (the dialog widens to `form.asideWidth`; stacked on phones), e.g. the work being graded. */
  formAside?: (c: Context<PageEnv>, args: { mode: 'add' | 'edit' | 'detail'; id?: string; values: Record<string, unknown> }) => Child | undefined;
  /** API error keys that belong beside a form field (e.g. `teachingWorkCorrectList` → `score`). */
  errorFields?: Record<string, string>;
  /**
   * Buttons inside the form that answer in place instead of saving (测试连接): the form again, as typed, with the
   * button's result beside it. `run` gets the body a save would send and the record's id when editing.
   */
  formButtons?: FormButton[];
}

interface FormButton {
  key: string;
  label: string;
  run: (c: Context<PageEnv>, body: Record<string, unknown>, id?: string) => Promise<{ type: 'success' | 'error'; text: string }>;
}

/** A form's own buttons (ListPageOptions.formButtons) and the last one's result, inside the form. */
function FormButtons({ buttons, notice }: { buttons: FormButton[]; notice?: { type: 'success' | 'error'; text: string } }) {
  return (
    <div class="xt-form-buttons">
      {/* Enter in a field saves: the first submit button of a form is its default, so it is this hidden 确定. */}
      <button type="submit" class="xt-default-submit" tabindex={-1} aria-hidden="true">
        确定
      </button>
      {buttons.map((b) => (
        <Button htmlType="submit" name="action" value={b.key}>
          {b.label}
        </Button>
      ))}
      <div role="status" class="xt-form-button-result">
        {notice && <Alert type={notice.type}>{notice.text}</Alert>}
      </div>
    </div>
  );
}

/** Options of every choice field, resolved through the upstream (dictionaries, API lists, fixed lists). */
export async function fieldOptions(up: Upstream, fields: FieldSpec[]): Promise<Record<string, FieldOption[]>> {
  const entries = await Promise.all(
    fields.map(async (f): Promise<[string, FieldOption[]]> => {
      if (f.options) return [f.key, f.options];
      if (f.dict) {
        const res = await up.dictItems(f.dict);
        return [f.key, res.success ? res.result.map((o) => ({ value: o.value, label: o.text, ...(f.optionColors?.[o.value] ? { color: f.optionColors[o.value] } : {}) })) : []];
      }
      if (f.optionsFrom) {
        const { api, value, label } = f.optionsFrom;
        const res = await callRef<unknown>(up, api, 'GET', { query: { pageSize: 500 } });
        const top = (Array.isArray(res.body.result) ? res.body.result : ((res.body.result as { records?: unknown[] } | null)?.records ?? [])) as Record<string, unknown>[];
        // A tree answer (e.g. departments) becomes its nodes in order, children indented; a plain list of names
        // (e.g. a user's tags) is its own value and label.
        const rows = flattenTree(top).map(({ node: raw, depth }) => {
          const n = typeof raw === 'object' && raw !== null ? raw : { [value]: raw, [label]: raw };
          return depth ? { ...n, [label]: `${'　'.repeat(depth)}${String(n[label] ?? '')}` } : n;
        });
        return [f.key, res.body.success ? rows.map((r) => ({ value: String(r[value]), label: String(r[label] ?? '') })) : []];
      }
      return [f.key, []];
    }),
  );
  return Object.fromEntries(entries);
}

/** What a tree screen's drawer form shows again after a refused save (菜单管理, 前台菜单管理). */
export interface TreeFormAgain<T extends number> {
  id?: string;
  menuType: T;
  values: Record<string, unknown>;
  errors: Record<string, string>;
  message?: string;
  back: string;
}

/**
 * POST …/save of a tree screen's drawer form: adds or edits one row through the API. Saved: back to the list
 * with the row in focus. Refused: the form again with the field errors in place (the message above the form
 * when an error names no field of it), 400 without htmx.
 */
export async function saveTreeRow<T extends number>(
  c: Context<PageEnv>,
  o: {
    safeBack: (v: unknown) => string;
    typeOf: (v: unknown) => T;
    fields: (menuType: T) => FieldSpec[];
    paths: { add: ApiRef; edit: ApiRef };
    again: (a: TreeFormAgain<T>, status: 200 | 400) => Response | Promise<Response>;
  },
): Promise<Response> {
  const submitted = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? String(v[0] ?? '') : (v ?? ''));
  const id = one(submitted.id).slice(0, 64) || undefined;
  const back = o.safeBack(submitted.back);
  const menuType = o.typeOf(one(submitted.menuType));
  const all = o.fields(menuType);
  const body = { ...formToBody(submitted, all.filter((f) => f.key !== 'menuType')), menuType, ...(id ? { id } : {}) };
  const res = await callRef<{ id?: string; errors?: Record<string, string> } | null>(c.get('upstream'), id ? o.paths.edit : o.paths.add, id ? 'PUT' : 'POST', { body });
  if (res.body.success) {
    setFlash(c, { type: 'success', text: res.body.message || '保存成功！' });
    const focus = id ?? res.body.result?.id;
    return backToList(c, focus ? hrefWith(back.split('?')[0], { ...Object.fromEntries(new URL(back, 'http://x').searchParams), focus }) : back);
  }
  const errors = res.body.result?.errors ?? {};
  const keys = new Set(all.map((f) => f.key));
  const placed = Object.keys(errors).length > 0 && Object.keys(errors).every((k) => keys.has(k));
  const values = Object.fromEntries(Object.entries(submitted).map(([k, v]) => [k, one(v)]));
  return o.again({ id, menuType, values, errors, message: placed ? undefined : res.body.message, back }, isHtmx(c) ? 200 : 400);
}

/** Default form → JSON body: numbers as numbers, multiselects as comma lists, switches as 1/0, text trimmed. */
export function formToBody(form: Record<string, string | string[]>, fields: FieldSpec[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const raw = form[f.key];
    if (f.type === 'multiselect' || f.type === 'upload') {
      const vals = (Array.isArray(raw) ? raw : raw ? [raw] : []).map(String);
      const kept = f.type === 'upload' && !f.upload?.multiple ? vals.slice(-1) : vals;
      body[f.key] = f.asArray ? kept : kept.join(',');
      continue;
    }
    const v = Array.isArray(raw) ? raw[0] : raw;
    if (f.type === 'switch') body[f.key] = v === '1' ? 1 : 0;
    else if (v === undefined) continue;
    else if (f.type === 'number' || f.type === 'rate') body[f.key] = v.trim() === '' ? null : Number(v);
    else if (f.type === 'password' || f.type === 'richtext' || f.type === 'textarea') body[f.key] = v;
    else body[f.key] = v.trim();
  }
  return body;
}

/**
 * Uploads the files chosen in `<key>__file` inputs (checked upload, POST /sys/common/upload) and adds their
 * keys to the submitted `<key>` values, so the body carries keys only. Returns field errors of refused files.
 */
export type Uploader = (up: Upstream, file: File, field: FieldSpec) => Promise<{ body: { success: boolean; message: string } }>;
const defaultUploader: Uploader = (up, file, f) => up.upload(file, file.name || f.key, f.upload!.biz);

async function uploadFiles(up: Upstream, submitted: Record<string, unknown>, fields: FieldSpec[], uploader: Uploader = defaultUploader): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  for (const f of fields.filter((x) => x.type === 'upload' && x.upload)) {
    const files = ([] as unknown[]).concat(submitted[`${f.key}__file`] ?? []).filter((x): x is File => x instanceof File && x.size > 0);
    delete submitted[`${f.key}__file`];
    if (!files.length) continue;
    const kept = ([] as unknown[]).concat(submitted[f.key] ?? []).map(String).filter(Boolean);
    for (const file of files.slice(0, f.upload!.multiple ? 10 : 1)) {
      const res = await uploader(up, file, f);
      if (!res.body.success) {
        errors[f.key] = `${file.name || f.label}上传失败：${res.body.message}`;
        break;
      }
      kept.push(res.body.message);
    }
    submitted[f.key] = f.upload!.multiple ? kept : kept.slice(-1);
  }
  return errors;
}

export function registerListPage(app: Hono<PageEnv>, o: ListPageOptions) {
  const { spec } = o;
  const safeBack = (back: unknown) => safeLocalPath(back, spec.route, spec.route);
  const can = (session: PageSession) => (code: string | undefined) => canUse(session.permissions, code);

  app.get(spec.route, (c) =>
    shellPage(c, { current: o.current ?? spec.route, title: spec.title }, async (session) => {
      const state = listState(spec, c.req.query());
      const up = c.get('upstream');
      const dictCodes = [...new Set(spec.filters.filter((f) => f.type === 'dict' && f.dict).map((f) => f.dict as string))];
      const selects = spec.filters.filter((f) => f.type === 'select' && f.optionsFrom);
      const [res, dictLists, selectOptions, extra, aside] = await Promise.all([
        callRef<PageData>(up, spec.api.list, 'GET', { query: apiQuery(spec, state) }),
        Promise.all(dictCodes.map((code) => up.dictItems(code))),
        fieldOptions(up, selects.map((f) => ({ key: f.key, label: f.label, type: 'select' as const, optionsFrom: f.optionsFrom }))),
        o.extra ? o.extra(c, session) : null,
        o.aside ? o.aside(c, session, state) : null,
      ]);
      const dicts: DictOptions = Object.fromEntries(dictCodes.map((code, i) => [code, dictLists[i].success ? dictLists[i].result : []]));
      // Select filters' options travel under `@<key>` (see ListView's Filter).
      for (const f of selects) dicts[`@${f.key}`] = (selectOptions[f.key] ?? []).map((opt) => ({ value: opt.value, text: opt.label }));
      const ok = res.body.success;
      const list = (
        <ListView
          spec={spec}
          state={state}
          page={ok ? res.body.result : null}
          error={ok ? undefined : res.body.message}
          can={can(session)}
          dicts={dicts}
          flash={takeFlash(c)}
          cells={o.cells?.(session)}
          rowExtra={o.rowExtra?.(session)}
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
    }),
  );

  if (o.form) {
    const form = o.form;
    const renderForm = async (
      c: Context<PageEnv>,
      asDialog: boolean,
      args: {
        id?: string;
        mode: 'add' | 'edit' | 'detail';
        values: Record<string, unknown>;
        errors?: Record<string, string>;
        message?: string;
        back: string;
        notice?: { type: 'success' | 'error'; text: string };
      },
    ) => {
      const [options, data] = await Promise.all([
        fieldOptions(c.get('upstream'), form.fields),
        o.prepareForm ? o.prepareForm(c, { mode: args.mode, id: args.id, values: args.values }) : Promise.resolve({}),
      ]);
      const renderControl = o.renderControl;
      const aside = o.formAside?.(c, { mode: args.mode, id: args.id, values: args.values });
      const title = o.formTitles?.[args.mode] ?? (args.mode === 'add' ? '新增' : args.mode === 'edit' ? '编辑' : '详情');
      return (
        <FormView
          title={title}
          width={aside ? (form.asideWidth ?? form.width) : form.width}
          fields={form.fields}
          values={args.values}
          errors={args.errors ?? {}}
          message={args.message}
          options={options}
          action={`${spec.route}/save`}
          back={args.back}
          mode={args.mode}
          hidden={{ back: args.back, ...(args.id ? { id: args.id } : {}) }}
          asDialog={asDialog}
          renderControl={renderControl ? (f, ctx) => renderControl(f, { ...ctx, data }) : undefined}
          aside={aside}
        >
          {o.formButtons?.length && args.mode !== 'detail' ? <FormButtons buttons={o.formButtons} notice={args.notice} /> : null}
        </FormView>
      );
    };
    const respond = (c: Context<PageEnv>, view: (asDialog: boolean) => Promise<Child>, status: 200 | 400 = 200) =>
      dialogPage(c, { current: o.current ?? spec.route, title: spec.title }, view, status);

    app.get(`${spec.route}/form`, async (c) => {
      const id = c.req.query('id');
      const back = safeBack(c.req.query('back'));
      const mode = id ? (c.req.query('mode') === 'detail' ? 'detail' : 'edit') : 'add';
      let values: Record<string, unknown> = {};
      if (!id) {
        // A new record starts with the list's exact filters (e.g. the units of one course: that course).
        const listQuery = new URL(back, 'http://x').searchParams;
        for (const f of spec.filters) {
          const v = listQuery.get(f.key);
          if (v && f.type !== 'text' && f.type !== 'dateRange' && form.fields.some((x) => x.key === f.key)) values[f.key] = v;
        }
        if (o.addValues) Object.assign(values, o.addValues(c.req.query()));
      }
      if (id) {
        if (!spec.api.queryById) return c.redirect(back);
        const up = c.get('upstream');
        const res = await callRef<Record<string, unknown>>(up, spec.api.queryById, 'GET', { query: { id } });
        if (!res.body.success) {
          setFlash(c, { type: 'error', text: res.body.message || '未找到对应实体' });
          return backToList(c, back);
        }
        values = { ...res.body.result, ...(o.loadValues ? await o.loadValues(up, id, res.body.result) : {}) };
      }
      return respond(c, (asDialog) => renderForm(c, asDialog, { id, mode, values, back }));
    });

    app.post(`${spec.route}/save`, async (c) => {
      const submitted = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
      const id = typeof submitted.id === 'string' && submitted.id ? submitted.id : undefined;
      const back = safeBack(submitted.back);
      const fields = form.fields.filter((f) => !(f.addOnly && id));
      // A field's 编码校验规则 is enforced by the API on save (the live verdict as one types is only a guide).
      const uploadErrors = await uploadFiles(c.get('upstream'), submitted, form.fields, o.uploader);
      const body = (o.toBody ?? formToBody)(submitted, fields);
      const button = o.formButtons?.find((b) => b.key === submitted.action);
      if (button) {
        const notice = await button.run(c, body, id);
        return respond(c, (asDialog) => renderForm(c, asDialog, { id, mode: id ? 'edit' : 'add', values: { ...submitted, id }, notice, back }));
      }
      const path = id ? spec.api.edit : spec.api.add;
      if (!path) return c.redirect(back, 303);
      if (Object.keys(uploadErrors).length) {
        const values = { ...submitted, id };
        return respond(c, (asDialog) => renderForm(c, asDialog, { id, mode: id ? 'edit' : 'add', values, errors: uploadErrors, back }), isHtmx(c) ? 200 : 400);
      }
      const res = await callRef<{ errors?: Record<string, string> } | null>(c.get('upstream'), path, id ? 'PUT' : 'POST', { body: id ? { ...body, id } : body });
      if (res.body.success) {
        setFlash(c, { type: 'success', text: res.body.message || '保存成功！' });
        return backToList(c, back);
      }
      if (res.status === 500 && res.body.message?.startsWith('Token失效')) return c.redirect('/user/login', 303);
      const errors = Object.fromEntries(Object.entries(res.body.result?.errors ?? {}).map(([k, v]) => [o.errorFields?.[k] ?? k, v]));
      const fieldKeys = new Set(form.fields.map((f) => f.key));
      const unplaced = Object.entries(errors).some(([k]) => !fieldKeys.has(k));
      // Field errors sit beside their fields; anything else is shown above the form.
      const message = Object.keys(errors).length && !unplaced ? undefined : res.body.message;
      // Re-render what the user typed (never the password), so nothing is lost.
      const values = { ...Object.fromEntries(Object.entries(submitted).map(([k, v]) => [k, v])), id };
      return respond(c, (asDialog) => renderForm(c, asDialog, { id, mode: id ? 'edit' : 'add', values, errors, message, back }), isHtmx(c) ? 200 : 400);
    });
  }

  if (spec.api.delete || spec.api.deleteBatch) {
    const confirmPage = (c: Context<PageEnv>, ids: string[], back: string) =>
      askConfirmation(c, {
        screen: { current: o.current ?? spec.route, title: spec.title },
        title: ids.length > 1 ? '确认删除' : '删除',
        text: ids.length > 1 ? `是否删除选中的 ${ids.length} 条数据?` : '确定删除吗?',
        action: `${spec.route}/delete`,
        hidden: { ids: ids.join(','), back },
        back,
      });

    app.get(`${spec.route}/delete`, (c) => {
      const ids = (c.req.query('id') ?? '').split(',').filter(Boolean);
      const back = safeBack(c.req.query('back'));
      return ids.length ? confirmPage(c, ids, back) : c.redirect(back);
    });

    app.post(`${spec.route}/delete`, async (c) => {
      const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
      const back = safeBack(form.back);
      const ids = (Array.isArray(form.ids) ? form.ids : String(form.ids ?? '').split(',')).map(String).filter(Boolean);
      if (!ids.length) {
        setFlash(c, { type: 'warning', text: '请选择一条记录！' });
        return backToList(c, back);
      }
      const asked = unlessConfirmed(c, form, () => confirmPage(c, ids, back));
      if (asked) return asked;
      const up = c.get('upstream');
      const res =
        ids.length === 1 && spec.api.delete
          ? await callRef<null>(up, spec.api.delete, 'DELETE', { query: { id: ids[0] } })
          : await callRef<null>(up, spec.api.deleteBatch ?? spec.api.delete!, 'DELETE', { query: { ids: `${ids.join(',')},` } });
      setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '删除成功!' : '删除失败') });
      return backToList(c, back);
    });
  }

  if (spec.api.importExcel) {
    app.post(`${spec.route}/import`, async (c) => {
      const form = await c.req.parseBody();
      const back = safeBack(form.back);
      const file = form.file;
      if (!(file instanceof File) || file.size === 0) {
        setFlash(c, { type: 'warning', text: '请选择要导入的Excel文件' });
        return backToList(c, back);
      }
      const data = new FormData();
      data.append('file', file, file.name);
      const res = await callRef<{ msg?: string; errors?: { row: number; message: string }[] }>(c.get('upstream'), spec.api.importExcel!, 'POST', { body: data });
      const custom = o.importResult ? await o.importResult(c, res, back) : null;
      if (custom) return custom;
      const r = res.body.result;
      const detail = r?.errors?.length ? `${r.msg ?? ''}；${r.errors.slice(0, 5).map((e) => `第${e.row}行：${e.message}`).join('；')}` : '';
      setFlash(c, {
        type: !res.body.success ? 'error' : res.body.code === 201 ? 'warning' : 'success',
        text: `${res.body.message}${detail ? ` ${detail}` : ''}`,
      });
      return backToList(c, back);
    });
  }
}
