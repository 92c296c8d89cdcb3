// 在线表单开发 (/online/cgform): the declared list of form definitions (resources/online-forms.ts → cgformsList) with
// its row actions — 编辑 (the designer), 同步数据库, 自定义按钮, 复制表单, 移除 and 删除 (form-actions.tsx,
// form-buttons.tsx) — and the designer (新增 / 编辑, a dialog or a page of its own, templates/online/form-designer.tsx):
// one POST form of the head fields and the field and index grids, saved whole through addAll / editAll, the API's
// refusals beside the head field or grid cell whose path they name (fields.<i>.<key>), nothing typed lost.
import type { Context, Hono } from 'hono';
import { cgformDesignApi, cgformHeadApi, type CgformFieldRecord } from '../../contracts/online-forms.js';
import {
  CGFORM_HEAD_KEYS,
  CGFORM_SYSTEM_COLUMNS,
  CGFORM_TABLE_TYPES,
  CGFORM_TEXT_FLAGS,
  CGFORM_VALID_TYPES_HELP,
  cgformFieldColumns,
  cgformHeadForm,
  cgformIndexColumns,
  cgformPageColumns,
  cgformsList,
} from '../../resources/online-forms.js';
import type { FieldSpec } from '../../resources/spec.js';
import { hrefWith } from '../../resources/url-state.js';
import { Tag } from '../../../templates/antd.js';
import { confirmAttrs } from '../../../templates/list/confirm-attrs.js';
import { dialogAttrs } from '../../../templates/list/list-view.js';
import { rowAction, rowsOf } from '../../../templates/list/row-table.js';
import { FormDesigner } from '../../../templates/online/form-designer.js';
import type { PageEnv } from '../context.js';
import { dialogPage } from '../dialog-page.js';
import { setFlash } from '../flash.js';
import { backToList, fieldOptions, formToBody, isHtmx, registerListPage } from '../list-page.js';
import { safeLocalPath } from '../safe-path.js';
import { registerFormActionPages } from './form-actions.js';
import { registerFormButtonPages } from './form-buttons.js';

type Ctx = Context<PageEnv>;
type Row = Record<string, unknown>;

const ROUTE = cgformsList.route;
const MAX_FIELDS = 200;
const MAX_INDEXES = 20;
const HEAD_FIELDS = cgformHeadForm.fields;
const GRID_COLUMNS = [...cgformFieldColumns, ...cgformPageColumns];
const FIELD_KEYS = GRID_COLUMNS.map((f) => f.key);
const INDEX_KEYS = cgformIndexColumns.map((f) => f.key);
const SYSTEM = new Set(CGFORM_SYSTEM_COLUMNS.map((c) => c.name));
const OPTION_FIELDS = [...HEAD_FIELDS, ...GRID_COLUMNS, ...cgformIndexColumns].filter((f) => f.optionsFrom || f.dict);
/** What a new head and a new row start with (JeecgBoot's designer's defaults). */
const NEW_HEAD: Row = { tableType: '1', isPage: 'Y', isCheckbox: 'Y', isTree: 'N', queryMode: 'single' };
const NEW_FIELD: Record<string, string> = { dbType: 'string', dbLength: '32', dbPointLength: '0', dbIsNull: '1', isShowForm: '1', isShowList: '1', queryMode: 'single', fieldShowType: 'text' };
const NEW_INDEX: Record<string, string> = { indexType: 'normal' };
/** What a stored system column keeps through a save (the API sets its name, type and length). */
const SYSTEM_KEPT = ['dbFieldName', 'dbFieldTxt', 'isShowForm', 'isShowList', 'isQuery', 'queryMode', 'fieldShowType', 'sortFlag'] as const;

interface DesignerState {
  id?: string;
  head: Row;
  fields: Row[];
  indexs: Row[];
  errors: Record<string, string>;
  message?: string;
  back: string;
}

const safeBack = (v: unknown) => safeLocalPath(v, ROUTE, ROUTE);
const one = (v: unknown) => (Array.isArray(v) ? String(v[0] ?? '') : v === undefined || v === null ? '' : String(v));
/** A record's values as the form's inputs show them. */
const asRow = (r: object, keys: readonly string[]): Row => Object.fromEntries(keys.map((k) => [k, one((r as Row)[k])]));
/** Form values as the API reads them: numbers and flags typed, empty text as null. */
const bodyOf = (values: Record<string, string | string[]>, fields: FieldSpec[]) =>
  Object.fromEntries(Object.entries(formToBody(values, fields)).map(([k, v]) => [k, v === '' ? null : v]));

function headBody(form: Record<string, string | string[]>) {
  const head = bodyOf(form, HEAD_FIELDS);
  for (const k of ['tableType', 'relationType'] as const) head[k] = head[k] === null || head[k] === undefined ? null : Number(head[k]);
  return head;
}

function fieldBody(row: Row) {
  const body = bodyOf(row as Record<string, string>, GRID_COLUMNS);
  // 是否排序 and 是否必填 are switches here, '1'/'0' text in JeecgBoot's contract.
  for (const k of CGFORM_TEXT_FLAGS) body[k] = body[k] === 1 ? '1' : '0';
  return body;
}

function render(c: Ctx, s: DesignerState, status: 200 | 400 = 200) {
  return dialogPage(
    c,
    { current: ROUTE, title: cgformsList.title },
    async (asDialog) => (
      <FormDesigner
        title={s.id ? '编辑表单' : '新增表单'}
        id={s.id}
        head={s.head}
        fields={s.fields}
        indexs={s.indexs}
        errors={s.errors}
        message={s.message}
        headFields={HEAD_FIELDS}
        fieldColumns={cgformFieldColumns}
        pageColumns={cgformPageColumns}
        indexColumns={cgformIndexColumns}
        options={await fieldOptions(c.get('upstream'), OPTION_FIELDS)}
        systemColumns={CGFORM_SYSTEM_COLUMNS}
        validHelp={CGFORM_VALID_TYPES_HELP}
        action={`${ROUTE}/save`}
        back={s.back}
        asDialog={asDialog}
        maxFields={MAX_FIELDS}
        maxIndexes={MAX_INDEXES}
      />
    ),
    status,
  );
}

/**
 * Where the API's errors go: a head field's (`tableName`, `head.tableTxt`) beside it; a grid cell's
 * (`fields.<i>.<key>`, `indexs.<i>.<key>`) beside the cell when the grids show that row and column; a grid's own
 * (`fields`, `indexs`) above it; anything else above the form.
 */
function placeErrors(errors: Record<string, string>, message: string | undefined, s: DesignerState): { errors: Record<string, string>; message?: string } {
  const placed: Record<string, string> = {};
  const left: string[] = [];
  for (const [key, text] of Object.entries(errors)) {
    const headKey = key.startsWith('head.') ? key.slice(5) : key;
    const cell = /^(fields|indexs)\.(\d+)\.(\w+)$/.exec(key);
    if (HEAD_FIELDS.some((f) => f.key === headKey)) placed[headKey] = text;
    else if (key === 'fields' || key === 'indexs') placed[key] = text;
    else if (cell && Number(cell[2]) < s[cell[1] as 'fields' | 'indexs'].length && (cell[1] === 'fields' ? FIELD_KEYS : INDEX_KEYS).includes(cell[3])) placed[key] = text;
    else left.push(text);
  }
  if (!Object.keys(errors).length && message) left.push(message);
  return { errors: placed, message: left.length ? [...new Set(left)].join('；') : undefined };
}

/** The designer's state from a submitted form. */
async function submitted(c: Ctx): Promise<{ form: Record<string, string | string[]>; state: DesignerState }> {
  const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
  return {
    form,
    state: {
      id: one(form.id).slice(0, 64) || undefined,
      head: Object.fromEntries(HEAD_FIELDS.map((f) => [f.key, one(form[f.key])])),
      fields: rowsOf(form, 'fields', FIELD_KEYS, MAX_FIELDS),
      indexs: rowsOf(form, 'indexs', INDEX_KEYS, MAX_INDEXES),
      errors: {},
      back: safeBack(form.back),
    },
  };
}

/** The stored system columns of a form being edited, as they were (their list and form flags kept), unless a grid row names one. */
async function storedSystemRows(c: Ctx, id: string, rows: Row[]): Promise<Partial<CgformFieldRecord>[]> {
  const res = await c.get('upstream').send(cgformHeadApi.fields, { query: { headId: id } });
  if (!res.body.success) return [];
  const named = new Set(rows.map((r) => one(r.dbFieldName)));
  return res.body.result.filter((f) => SYSTEM.has(f.dbFieldName) && !named.has(f.dbFieldName)).map((f) => Object.fromEntries(SYSTEM_KEPT.map((k) => [k, f[k]])));
}

const TABLE_TYPE: Record<string, string> = { '0': '单表', ...Object.fromEntries(CGFORM_TABLE_TYPES.map((t) => [t.value, t.label])) };

export function registerOnlineFormPages(app: Hono<PageEnv>) {
  // The confirmed actions and the buttons' dialog first: their paths sit under the list's.
  registerFormActionPages(app);
  registerFormButtonPages(app);

  registerListPage(app, {
    spec: cgformsList,
    cells: () => ({
      tableType: (r) => TABLE_TYPE[one(r.tableType)] ?? one(r.tableType),
      isDbSynch: (r) => (one(r.isDbSynch) === 'Y' ? <Tag color="green">已同步</Tag> : <Tag color="orange">未同步</Tag>),
    }),
    rowExtra: () => (record, back) => {
      const id = one(record.id);
      const name = one(record.tableName);
      const link = (path: string, label: string, aria: string, danger = false) => (
        <a class={danger ? 'xt-action xt-action-danger' : 'xt-action'} {...dialogAttrs(hrefWith(`${ROUTE}/${path}`, { id, back }))} aria-label={aria}>
          {label}
        </a>
      );
      const sep = <span class="ant-divider ant-divider-vertical app" role="separator" />;
      return {
        inline: (
          <>
            {link('form', '编辑', `编辑${name}`)}
            {sep}
            {link('sync', '同步数据库', `同步数据库${name}`)}
          </>
        ),
        more: (
          <>
            {link('buttons', '自定义按钮', `自定义按钮${name}`)}
            <a class="xt-action" href={hrefWith(`${ROUTE}/copy`, { id, back })} hx-post={`${ROUTE}/copy`} hx-target="#content" {...confirmAttrs(`确定复制表单 ${name} 吗?`, { id, back })} aria-label={`复制表单${name}`}>
              复制表单
            </a>
            {link('remove', '移除', `移除${name}`, true)}
            {link('delete', '删除', `删除${name}`, true)}
          </>
        ),
      };
    },
  });

  app.get(`${ROUTE}/form`, async (c) => {
    const back = safeBack(c.req.query('back'));
    const id = (c.req.query('id') ?? '').slice(0, 64);
    if (!id) return render(c, { head: { ...NEW_HEAD }, fields: [{ ...NEW_FIELD }], indexs: [], errors: {}, back });
    const up = c.get('upstream');
    const [head, fields, indexes] = await Promise.all([
      up.send(cgformHeadApi.queryById, { query: { id } }),
      up.send(cgformHeadApi.fields, { query: { headId: id } }),
      up.send(cgformHeadApi.indexes, { query: { headId: id } }),
    ]);
    if (!head.body.success) {
      setFlash(c, { type: 'error', text: head.body.message || '表单不存在' });
      return backToList(c, back);
    }
    return render(c, {
      id,
      head: asRow(head.body.result, CGFORM_HEAD_KEYS),
      fields: (fields.body.success ? fields.body.result : []).filter((f) => !SYSTEM.has(f.dbFieldName)).map((f) => asRow(f, FIELD_KEYS)),
      indexs: (indexes.body.success ? indexes.body.result : []).map((i) => asRow(i, INDEX_KEYS)),
      errors: {},
      back,
    });
  });

  app.post(`${ROUTE}/save`, async (c) => {
    const { form, state } = await submitted(c);
    for (const [grid, fresh, max] of [['fields', NEW_FIELD, MAX_FIELDS], ['indexs', NEW_INDEX, MAX_INDEXES]] as const) {
      const act = rowAction(form, grid);
      if (!act) continue;
      // Adding or removing a row only redraws the designer: nothing is checked or lost.
      if ('add' in act && state[grid].length < max) state[grid] = [...state[grid], { ...fresh }];
      if ('remove' in act) state[grid] = state[grid].filter((_, i) => i !== act.remove);
      return render(c, state);
    }
    const up = c.get('upstream');
    const fields = [...state.fields.map(fieldBody), ...(state.id ? await storedSystemRows(c, state.id, state.fields) : [])];
    const indexs = state.indexs.map((r) => bodyOf(r as Record<string, string>, cgformIndexColumns));
    const head = { ...headBody(form), ...(state.id ? { id: state.id } : {}) };
    const body = { head, fields, indexs };
    const res = state.id ? await up.send(cgformDesignApi.editAll, { body }) : await up.send(cgformDesignApi.addAll, { body });
    if (res.body.success) {
      setFlash(c, { type: 'success', text: `${res.body.message || '保存成功！'}${state.id ? '' : '（请同步数据库后使用）'}` });
      return backToList(c, state.back);
    }
    if (res.status === 500 && res.body.message?.startsWith('Token失效')) return c.redirect('/user/login', 303);
    const errors = (res.body.result as { errors?: Record<string, string> } | null)?.errors ?? {};
    return render(c, { ...state, ...placeErrors(errors, res.body.message, state) }, isHtmx(c) ? 200 : 400);
  });
}
