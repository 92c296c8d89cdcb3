// The form of a list screen (list-page.tsx): add / edit / detail (an antd modal when htmx asks for #xt-modal, a page
// of its own without JavaScript) and its save, which uploads chosen files first, calls the API and shows a refusal
// beside its field with what was typed kept. Also the form helpers other screens use (fieldOptions, formToBody,
// saveTreeRow for the tree screens' drawer forms).
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import type { ApiRef, FieldOption, FieldSpec, FormSpec } from '../resources/spec.js';
import { hrefWith } from '../resources/url-state.js';
import { FormView } from '../../templates/list/form-view.js';
import { Alert, Button } from '../../templates/antd.js';
import type { Upstream } from '../upstream/client.js';
import type { PageEnv } from './context.js';
import { dialogPage } from './dialog-page.js';
import { setFlash } from './flash.js';
import { flattenTree } from '../shared/tree.js';
import { backOf, backToList, callRef, isHtmx } from './list-common.js';
import type { FormButton, ListPageOptions, ResolveOptions, Uploader } from './list-options.js';

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

const defaultUploader: Uploader = (up, file, f) => up.upload(file, file.name || f.key, f.upload!.biz);

/**
 * Uploads the files chosen in `<key>__file` inputs (checked upload, POST /sys/common/upload) and adds their
 * keys to the submitted `<key>` values, so the body carries keys only. Returns field errors of refused files.
 */
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

type FormOptions = ListPageOptions & { form: FormSpec };
type Mode = 'add' | 'edit' | 'detail';
interface FormArgs {
  id?: string;
  mode: Mode;
  values: Record<string, unknown>;
  errors?: Record<string, string>;
  message?: string;
  back: string;
  notice?: { type: 'success' | 'error'; text: string };
}

async function renderForm(c: Context<PageEnv>, o: FormOptions, asDialog: boolean, args: FormArgs): Promise<Child> {
  const { form, spec } = o;
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
}

const respond = (c: Context<PageEnv>, o: FormOptions, view: (asDialog: boolean) => Promise<Child>, status: 200 | 400 = 200) =>
  dialogPage(c, { current: o.current ?? o.spec.route, title: o.spec.title, fallback: o.fallback }, view, status);

/** The options of a screen with a form, or the answer when the request's screen has none. */
async function withForm(c: Context<PageEnv>, resolve: ResolveOptions): Promise<FormOptions | Response> {
  const o = await resolve(c);
  if (o instanceof Response) return o;
  return o.form ? (o as FormOptions) : c.redirect(o.spec.route);
}

/** GET form (add, or edit / detail of `?id=`): the values of a new record, or the record read through the API. */
async function showForm(c: Context<PageEnv>, o: FormOptions, detail: boolean) {
  const { spec, form } = o;
  const id = c.req.query('id');
  const back = backOf(o, c.req.query('back'));
  const mode: Mode = id ? (detail || c.req.query('mode') === 'detail' ? 'detail' : 'edit') : 'add';
  let values: Record<string, unknown> = {};
  if (!id) {
    // A new record starts with the list's exact filters (e.g. the units of one course: that course).
    const listQuery = new URL(back, 'http://x').searchParams;
    for (const f of spec.filters) {
      const v = listQuery.get(f.key);
      if (v && f.type !== 'text' && f.type !== 'dateRange' && form.fields.some((x) => x.key === f.key)) values[f.key] = v;
    }
    if (o.addValues) Object.assign(values, o.addValues(c.req.query()));
    // 添加下级 of a tree list (ListSpec.tree): the parent preset, checked by the API on save.
    else if (spec.tree && c.req.query(spec.tree.pid)) values[spec.tree.pid] = c.req.query(spec.tree.pid)!.slice(0, 64);
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
  return respond(c, o, (asDialog) => renderForm(c, o, asDialog, { id, mode, values, back }));
}

/** POST save: uploads, the form's own buttons, add or edit through the API; a refusal shows the form again as typed. */
async function saveForm(c: Context<PageEnv>, o: FormOptions) {
  const { spec, form } = o;
  const submitted = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
  const id = typeof submitted.id === 'string' && submitted.id ? submitted.id : undefined;
  const back = backOf(o, submitted.back);
  const fields = form.fields.filter((f) => !(f.addOnly && id) && !f.detailOnly);
  // A field's 编码校验规则 is enforced by the API on save (the live verdict as one types is only a guide).
  const uploadErrors = await uploadFiles(c.get('upstream'), submitted, fields, o.uploader);
  const body = (o.toBody ?? formToBody)(submitted, fields);
  const again = (args: Omit<FormArgs, 'id' | 'mode' | 'back'>, status: 200 | 400 = isHtmx(c) ? 200 : 400) =>
    respond(c, o, (asDialog) => renderForm(c, o, asDialog, { id, mode: id ? 'edit' : 'add', back, ...args }), status);
  const button = o.formButtons?.find((b) => b.key === submitted.action);
  if (button) return again({ values: { ...submitted, id }, notice: await button.run(c, body, id) }, 200);
  const path = id ? spec.api.edit : spec.api.add;
  if (!path) return c.redirect(back, 303);
  if (Object.keys(uploadErrors).length) return again({ values: { ...submitted, id }, errors: uploadErrors });
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
  return again({ values: { ...submitted, id }, errors, message });
}

/**
 * The form's routes under `base` (a list's route, or a pattern such as `/online/cgformList/:code`): GET form, POST
 * save, and with `detail` GET detail (the form read-only). Each request's options come from `resolve`.
 */
export function registerFormRoutes(app: Hono<PageEnv>, base: string, resolve: ResolveOptions, opts: { detail: boolean }) {
  const on = (run: (c: Context<PageEnv>, o: FormOptions) => Promise<Response>) => async (c: Context<PageEnv>) => {
    const o = await withForm(c, resolve);
    return o instanceof Response ? o : run(c, o);
  };
  app.get(`${base}/form`, on((c, o) => showForm(c, o, false)));
  if (opts.detail) app.get(`${base}/detail`, on((c, o) => showForm(c, o, true)));
  app.post(`${base}/save`, on(saveForm));
}
