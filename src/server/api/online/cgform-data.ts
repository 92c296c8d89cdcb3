// A generated form's data (/online/cgform/api/getColumns, getData, getQueryInfo, getFormItem, form, exportXls,
// importXls /{code}): its definition becomes a resource declaration (resources/online-forms.ts onlineForm), and the
// list machinery does the rest — validation by its schema(), filters and sort by its fieldMap() and ListSpec
// (api/list-query.ts), `_dictText`, Excel through api/excel.ts. Open to those whose menus hold the form's screen
// (/online/cgformList/{code}, or its tree and main-with-sub variants) and to administrators; the data rules of that
// menu apply to every row read, changed or deleted. A sub table (附表) is reached through its main forms' screens too,
// and shows only the rows of main rows the caller may see. Tree forms, main-with-sub forms and table dictionaries add
// their parts through `CgformDataLinks` (api/online/cgform-links.ts, wired in api/index.ts).
import type { Context } from 'hono';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { z } from 'zod';
import { CGFORM_SCREENS, cgformDataApi, type CgformColumn, type CgformColumns, type CgformFormItem, type CgformFormProperty, type CgformHeadRecord, type CgformRow } from '../../contracts/online-forms.js';
import type { Page } from '../../contracts/shapes.js';
import type { ApiEnv } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { generatedTable, isSubForm, loadCgform, mainFormsOf, type Cgform } from '../../domain/cgforms.js';
import { dataRuleFilter, type RuleColumns } from '../../domain/data-rules.js';
import { hiddenCgformButtons } from '../../domain/cgform-button-grants.js';
import { dictItems, type DictOption } from '../../domain/dicts.js';
import { newId } from '../../domain/ids.js';
import { camel } from '../../domain/serialize.js';
import { isSuperUser } from '../../domain/sessions.js';
import { now } from '../../domain/time.js';
import { onlineForm, type CgformButtonCode, type OnlineForm } from '../../resources/online-forms.js';
import { tooLongMessage } from '../../resources/rules.js';
import { grants, menuOrRelated, type Access, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, NO_PERMISSION, ok, type Answer } from '../envelope.js';
import { exportResponse, importWorkbook } from '../excel.js';
import { filteredRows, idList, pagedList, type PagedListOptions } from '../list-query.js';

const [LIST_SCREEN, ...OTHER_SCREENS] = CGFORM_SCREENS;
/** The codes whose screens also open a form: a sub table's main forms (by id and table name). */
const relatedCodes = async (c: Context<ApiEnv>) => {
  const db = c.get('deps').db;
  const form = await loadCgform(db, c.req.param('code') ?? '');
  return form ? (await mainFormsOf(db, form)).flatMap((m) => [m.form.head.id, m.form.head.table_name]) : [];
};
/** A form's screens (its own, or a sub table's main forms'), and administrators. */
export const CGFORM_DATA_ACCESS: Access = menuOrRelated(relatedCodes, LIST_SCREEN, ...OTHER_SCREENS);
const SCREEN = CGFORM_DATA_ACCESS;
const NOT_SYNCED = '表单尚未同步数据库，请先同步数据库';
const EXPORT_ROWS = 10_000;

export interface Loaded {
  form: Cgform;
  head: CgformHeadRecord;
  def: OnlineForm;
  table: string;
}

/** Runs `fn` with the form of the path's code, or answers that there is none (or that its table is not made yet). */
export const withForm =
  <R,>(fn: (c: Context<ApiEnv>, f: Loaded) => Promise<Answer<R>>, needsTable = true) =>
  async (c: Context<ApiEnv>): Promise<Answer<R>> => {
    const form = await loadCgform(c.get('deps').db, c.req.param('code') ?? '');
    if (!form) return fail(c, '表单不存在');
    if (needsTable && form.head.is_db_synch !== 'Y') return fail(c, NOT_SYNCED);
    return fn(c, loaded(form));
  };

/** The form's screen paths, by id and by table name, in each variant (menu entries name either). */
const screenPaths = (f: Loaded) => CGFORM_SCREENS.flatMap((p) => [f.head.id, f.table].map((code) => p.replace(':code', code)));

/**
 * The standard buttons the caller may not use (the menu's buttons decide, domain/cgform-button-grants.ts); none for
 * administrators. A sub table, which its main forms' screens open too, follows the entries of those as well.
 */
async function hiddenButtons(c: Context<ApiEnv>, f: Loaded): Promise<CgformButtonCode[]> {
  const user = c.get('user')!;
  if (isSuperUser(user)) return [];
  const db = c.get('deps').db;
  const mains = isSubForm(f.form) ? (await mainFormsOf(db, f.form)).map((m) => loaded(m.form)) : [];
  return hiddenCgformButtons(db, user.id, [f, ...mains].flatMap(screenPaths));
}

/** `fn` when the caller may use the button `code` (of the one the request names: delete of one row, batch_delete of several). */
const withButton =
  <R,>(code: CgformButtonCode | ((c: Context<ApiEnv>) => CgformButtonCode), fn: (c: Context<ApiEnv>, f: Loaded) => Promise<Answer<R>>) =>
  (c: Context<ApiEnv>, f: Loaded): Promise<Answer<R>> =>
    hiddenButtons(c, f).then((hidden) => (hidden.includes(typeof code === 'function' ? code(c) : code) ? fail(c, NO_PERMISSION, 510, 403) : fn(c, f)));

export const loaded = (form: Cgform): Loaded => {
  const head = camel(form.head);
  return { form, head, def: onlineForm(head, form.fields.map(camel)), table: form.head.table_name };
};

/** The data rules of the caller's grant of the form's screen (by id or table name); none for an administrator without one. */
async function ruleFilter(c: Context<ApiEnv>, f: Loaded): Promise<Expression<SqlBool> | null> {
  const { menus } = await grants(c);
  const path = screenPaths(f).find((p) => menus.has(p));
  if (!path) return null;
  const fieldMap = f.def.fields.fieldMap(f.def.allKeys);
  // A rule names its column as written in the table (snake_case) or as the anchor's entities would (camelCase).
  const columns: RuleColumns = Object.fromEntries(Object.entries(fieldMap).flatMap(([k, v]) => [[k, v], [k.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase()), v]]));
  const user = c.get('user')!;
  return dataRuleFilter(c.get('deps').db, { userId: user.id, username: user.username, realname: user.realname, orgCode: user.orgCode }, path, columns);
}

/** The table's rows the caller may see; a sub table's, only those whose main row the caller may see through a main form. */
export async function visibleRows(c: Context<ApiEnv>, f: Loaded, db: Kysely<Database> = c.get('deps').db) {
  const own = await ruleRows(c, f, db);
  if (!isSubForm(f.form)) return own;
  // A main form is never a sub form (table types 2 and 3): one level of mains.
  const mains = (await mainFormsOf(db, f.form)).filter((m) => m.form.head.is_db_synch === 'Y');
  const through = await Promise.all(mains.map(async (m) => ({ link: m.link, rows: (await ruleRows(c, loaded(m.form), db)).select(sql.ref(m.link.mainField).as('k')) })));
  return own.where((eb) => (through.length ? eb.or(through.map((t) => eb(sql.ref(t.link.field), 'in', t.rows))) : sql<boolean>`1 = 0`));
}

/** The table's rows the data rules of the caller's grant leave. */
async function ruleRows(c: Context<ApiEnv>, f: Loaded, db: Kysely<Database>) {
  const rule = await ruleFilter(c, f);
  const base = generatedTable(db, f.table).selectFrom(f.table);
  return rule ? base.where(rule) : base;
}

/** A row as the API answers it: decimals as numbers (PostgreSQL answers numeric as text). */
export function toRecord(def: OnlineForm) {
  const numeric = def.allKeys.filter((k) => def.fields.rule(k).decimals !== undefined);
  return (row: CgformRow): CgformRow => {
    const out = { ...row };
    for (const k of numeric) if (out[k] !== null && out[k] !== undefined) out[k] = Number(out[k]);
    return out;
  };
}

/** Paged by the list's order; the id follows its direction, so the table's (create_time, id) index serves the default. */
export async function listOptions(c: Context<ApiEnv>, f: Loaded, links: CgformDataLinks = NO_LINKS): Promise<PagedListOptions<CgformRow, CgformRow>> {
  return { spec: f.def.list, fields: f.def.fields.fieldMap(f.def.allKeys), base: await visibleRows(c, f), select: (qb) => qb.selectAll(), toRecord: toRecord(f.def), tieBreak: 'id', tieBreakFollows: true, enrich: (records) => links.texts(c, f, records) };
}

/** A value longer than its column (a comma list of choices, say) refused with the form's words; null when all fit. */
function overLong(def: OnlineForm, data: Record<string, unknown>): { key: string; message: string } | null {
  for (const [key, v] of Object.entries(data)) {
    const r = def.fields.rule(key);
    if (typeof v === 'string' && r.max !== undefined && r.kind !== 'int' && v.length > r.max) return { key, message: tooLongMessage(r.label, r.max) };
  }
  return null;
}

/** The first field marked unique (校验规则 only) whose value another row has. */
async function duplicate(c: Context<ApiEnv>, f: Loaded, data: Record<string, unknown>, exceptId?: string): Promise<{ key: string; message: string } | null> {
  const db = generatedTable(c.get('deps').db, f.table);
  for (const key of f.def.uniqueKeys) {
    const v = data[key];
    if (v === null || v === undefined || v === '') continue;
    let q = db.selectFrom(f.table).select('id').where(sql.ref(key), '=', v);
    if (exceptId) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) return { key, message: `${f.def.fields.rule(key).label}“${String(v)}”已存在` };
  }
  return null;
}

/** The values of the form's fields a body set (absent ones null), checked; a refusal message and its field otherwise. */
export async function checkedValues(c: Context<ApiEnv>, f: Loaded, data: Record<string, unknown>, exceptId?: string) {
  const values = Object.fromEntries(f.def.formKeys.map((k) => [k, data[k] === undefined || data[k] === '' ? null : data[k]]));
  return { values, problem: overLong(f.def, values) ?? (await notInDict(c, f.def, values)) ?? (await duplicate(c, f, values, exceptId)) };
}

/** The first value of a dictionary field (a choice, or each of a comma list of choices) its dictionary does not hold. */
async function notInDict(c: Context<ApiEnv>, def: OnlineForm, data: Record<string, unknown>): Promise<{ key: string; message: string } | null> {
  for (const [key, v] of Object.entries(data)) {
    const r = def.fields.rule(key);
    if (!r.dict || v === null || v === undefined || v === '') continue;
    const known = new Set((await dictItems(c.get('deps').db, r.dict)).map((o) => o.value));
    const parts = r.kind === 'choices' ? String(v).split(',').filter(Boolean) : [String(v)];
    const bad = parts.find((p) => !known.has(p));
    if (bad !== undefined) return { key, message: `${r.label}“${bad}”不是可选的值` };
  }
  return null;
}

const bodySchema = (def: OnlineForm) => def.fields.schema(def.formKeys);

/**
 * The import's schema: the export writes a dictionary field's text (三年级, 女) and an option field's label, so a
 * cell holding one of its field's texts instead of a value is read as that value first (each of a comma list's)
 * and the exported workbook imports back as it was.
 */
async function importSchema(c: Context<ApiEnv>, def: OnlineForm) {
  const dicts = await dictOptions(c, def);
  const byText: Record<string, { values: Set<string>; texts: Map<string, string> }> = {};
  for (const k of def.formKeys) {
    const rule = def.fields.rule(k);
    const pairs = rule.dict ? (dicts[k] ?? []).map((o) => [o.text, o.value] as const) : (rule.options ?? []).map((o) => [o.label, o.value] as const);
    if (pairs.length) byText[k] = { values: new Set(pairs.map(([, v]) => v)), texts: new Map(pairs) };
  }
  return z.preprocess((raw) => {
    if (!raw || typeof raw !== 'object') return raw;
    const row = { ...(raw as Record<string, unknown>) };
    for (const [k, { values, texts }] of Object.entries(byText)) {
      const cell = row[k];
      if (typeof cell !== 'string') continue;
      const valueOf = (v: string) => (values.has(v) ? v : (texts.get(v) ?? v));
      row[k] = def.fields.rule(k).kind === 'choices' ? cell.split(',').map((v) => valueOf(v.trim())).join(',') : valueOf(cell.trim());
    }
    return row;
  }, bodySchema(def));
}

type Problem = { key: string; message: string };

/** What the links add to a form's data routes (see the module comment); NO_LINKS adds nothing. */
export interface CgformDataLinks {
  /** getColumns completed (a tree's pidField, hasChildrenField, textField; table dictionaries' options). */
  columns(c: Context<ApiEnv>, f: Loaded, model: CgformColumns): Promise<CgformColumns>;
  /** Properties getFormItem adds (a main form's sub tables as tabs, unless `subTables` is false; table dictionaries' options). */
  formItem(c: Context<ApiEnv>, f: Loaded, schema: CgformFormItem['schema'], subTables: boolean): Promise<void>;
  /** getData answered another way (a tree form answers one level), or null. */
  list(c: Context<ApiEnv>, f: Loaded, o: PagedListOptions<CgformRow, CgformRow>): Promise<Answer<Page<CgformRow>> | null>;
  /** A page of records completed (texts of table dictionaries). */
  texts(c: Context<ApiEnv>, f: Loaded, records: CgformRow[]): Promise<CgformRow[]>;
  /** A record as form/{code}/{id} answers it (a main row with its sub rows). */
  one(c: Context<ApiEnv>, f: Loaded, row: CgformRow): Promise<CgformRow>;
  /** Checks what a write carries besides its row (a tree's parent, a sub row's main, a main row's sub rows): a refusal,
   *  or the values to write instead and what to write with them, in the row's transaction. */
  write(c: Context<ApiEnv>, f: Loaded, values: Record<string, unknown>, raw: Record<string, unknown>, id?: string): Promise<Problem | { values: Record<string, unknown>; after(tx: Kysely<Database>, id: string): Promise<void> }>;
  /** Checks a delete: a refusal, or the rows to delete (a tree's descendants too) and what goes with them. */
  remove(c: Context<ApiEnv>, f: Loaded, ids: string[]): Promise<string | { ids: string[]; after(tx: Kysely<Database>): Promise<void> }>;
}

export const NO_LINKS: CgformDataLinks = {
  columns: async (_c, _f, model) => model,
  formItem: async () => undefined,
  list: async () => null,
  texts: async (_c, _f, records) => records,
  one: async (_c, _f, row) => row,
  write: async (_c, _f, values) => ({ values, after: async () => undefined }),
  remove: async (_c, _f, ids) => ({ ids, after: async () => undefined }),
};

/** The request body as sent (what the schema strips: a main row's sub rows). */
async function rawBody(c: Context<ApiEnv>): Promise<Record<string, unknown>> {
  try {
    const v: unknown = JSON.parse(await c.req.text());
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

async function insertRow(c: Context<ApiEnv>, f: Loaded, data: Record<string, unknown>, links: CgformDataLinks, raw: Record<string, unknown> = {}): Promise<{ id: string } | Problem> {
  const { values, problem } = await checkedValues(c, f, data);
  if (problem) return problem;
  const linked = await links.write(c, f, values, raw);
  if ('key' in linked) return linked;
  const user = c.get('user')!;
  const id = newId();
  await c.get('deps').db.transaction().execute(async (tx) => {
    await generatedTable(tx, f.table)
      .insertInto(f.table)
      .values({ ...linked.values, id, create_by: user.username, create_time: now(), sys_org_code: user.orgCode ?? null })
      .execute();
    await linked.after(tx, id);
  });
  return { id };
}

const dictFieldsOf = (def: OnlineForm) => Object.fromEntries(def.allKeys.flatMap((k) => (def.fields.rule(k).dict ? [[k, def.fields.rule(k).dict!]] : [])));

async function dictOptions(c: Context<ApiEnv>, def: OnlineForm): Promise<Record<string, DictOption[]>> {
  const db = c.get('deps').db;
  return Object.fromEntries(await Promise.all(Object.entries(dictFieldsOf(def)).map(async ([field, code]) => [field, await dictItems(db, code)] as const)));
}

const SLOTS: Record<string, string> = { image: 'imgSlot', file: 'fileSlot', umeditor: 'htmlSlot', markdown: 'htmlSlot' };

/** The anchor's control name of a field (its query and form `view`). */
const viewOf = (f: Cgform['fields'][number]) => f.field_show_type || (f.db_type === 'int' || f.db_type === 'double' || f.db_type === 'BigDecimal' ? 'number' : f.db_type === 'Date' ? 'date' : f.db_type === 'Datetime' ? 'datetime' : 'text');

/** getColumns of a form (also each part of getErpColumns). */
export async function columnsModel(c: Context<ApiEnv>, f: Loaded, links: CgformDataLinks): Promise<CgformColumns> {
  const byName = new Map(f.form.fields.map((x) => [x.db_field_name, x]));
  const columns: CgformColumn[] = f.def.list.columns
    .filter((col) => col.list !== false)
    .map((col) => {
      const slot = SLOTS[byName.get(col.key)?.field_show_type ?? ''];
      return {
        title: col.title,
        dataIndex: col.key,
        align: 'center' as const,
        ...(col.sortable ? { sorter: true } : {}),
        ...(col.dict ? { customRender: col.key } : {}),
        ...(slot ? { scopedSlots: { customRender: slot } } : {}),
      };
    });
  const hrefs = f.form.fields.filter((x) => x.field_href).map((x) => ({ slotName: `fieldHref_${x.db_field_name}`, href: x.field_href! }));
  const model: CgformColumns = {
    code: f.head.id,
    tableName: f.table,
    currentTableName: f.table,
    description: f.head.tableTxt,
    tableType: f.head.tableType,
    formTemplate: f.head.formTemplate,
    paginationFlag: f.head.isPage === 'N' ? 'N' : 'Y',
    checkboxFlag: f.head.isCheckbox === 'Y' ? 'Y' : 'N',
    scrollFlag: f.head.scroll ?? 0,
    isTree: f.head.isTree,
    columns,
    dictOptions: await dictOptions(c, f.def),
    hideColumns: await hiddenButtons(c, f),
    fieldHrefSlots: hrefs,
    foreignKeys: [],
  };
  return links.columns(c, f, model);
}

/** getFormItem of a form (also getErpFormItem and getFormItemBytbname, which leave out the sub tables). */
export async function formItemModel(c: Context<ApiEnv>, f: Loaded, links: CgformDataLinks, subTables = true): Promise<CgformFormItem> {
  const byName = new Map(f.form.fields.map((x) => [x.db_field_name, x]));
  const properties: Record<string, CgformFormProperty> = {};
  const required: string[] = [];
  for (const key of f.def.formKeys) {
    const rule = f.def.fields.rule(key);
    const row = byName.get(key)!;
    const spec = f.def.fields.formField(key);
    properties[key] = {
      title: rule.label,
      view: viewOf(row),
      type: rule.kind === 'int' ? (rule.decimals ? 'number' : 'integer') : 'string',
      order: row.order_num,
      ...(spec.maxLength !== undefined ? { maxLength: spec.maxLength } : {}),
      ...(rule.dict ? { dictCode: rule.dict } : {}),
      ...(rule.pattern ? { pattern: rule.pattern.re.source } : {}),
      ...(row.field_default_value ? { defVal: row.field_default_value } : {}),
    };
    if (rule.required) required.push(key);
  }
  const schema = { title: f.head.tableTxt, type: 'object' as const, required, properties };
  await links.formItem(c, f, schema, subTables);
  return { head: f.head, schema };
}

export function registerCgformDataRoutes(r: ApiRoutes, links: CgformDataLinks = NO_LINKS) {
  r.at(cgformDataApi.columns, SCREEN, withForm(async (c, f) => ok(c, await columnsModel(c, f, links), '操作成功！', 200), false));

  r.at(
    cgformDataApi.definition,
    SCREEN,
    withForm(async (c, f) => ok(c, { head: f.head, fields: f.form.fields.map(camel), hideColumns: await hiddenButtons(c, f) }, '操作成功！', 200), false),
  );

  r.at(
    cgformDataApi.data,
    SCREEN,
    withForm(async (c, f) => {
      const o = await listOptions(c, f, links);
      return (await links.list(c, f, o)) ?? pagedList(c, o);
    }),
  );

  r.at(
    cgformDataApi.queryInfo,
    SCREEN,
    withForm(async (c, f) => {
      const fields = f.form.fields
        .filter((x) => x.is_query === 1)
        .map((x) => ({
          field: x.db_field_name,
          label: x.db_field_txt || x.db_field_name,
          view: viewOf(x),
          mode: x.query_mode === 'group' ? 'group' : 'single',
          dictCode: x.dict_field,
          dictTable: x.dict_table,
          dictText: x.dict_text,
          defVal: x.query_def_val,
          order: x.order_num,
        }));
      return ok(c, fields, '操作成功！', 200);
    }, false),
  );

  r.at(cgformDataApi.formItem, SCREEN, withForm(async (c, f) => ok(c, await formItemModel(c, f, links), '操作成功！', 200), false));

  r.at(
    cgformDataApi.add,
    SCREEN,
    withForm(withButton('add', async (c, f) => {
      const body = await jsonBody(c, bodySchema(f.def));
      if (!body.ok) return body.response;
      const done = await insertRow(c, f, body.data as Record<string, unknown>, links, await rawBody(c));
      return 'id' in done ? ok(c, done.id, '添加成功！', 200) : fieldFail(c, done.key, done.message);
    })),
  );

  r.at(
    cgformDataApi.edit,
    SCREEN,
    withForm(withButton('update', async (c, f) => {
      const body = await jsonBody(c, bodySchema(f.def).extend({ id: z.string({ message: 'id不能为空' }).min(1, 'id不能为空').max(64) }));
      if (!body.ok) return body.response;
      const { id, ...data } = body.data as Record<string, unknown> & { id: string };
      const found = await (await visibleRows(c, f)).select('id').where('id', '=', id).executeTakeFirst();
      if (!found) return fail(c, '未找到对应数据');
      const { values, problem } = await checkedValues(c, f, data, id);
      if (problem) return fieldFail(c, problem.key, problem.message);
      const linked = await links.write(c, f, values, await rawBody(c), id);
      if ('key' in linked) return fieldFail(c, linked.key, linked.message);
      const user = c.get('user')!;
      await c.get('deps').db.transaction().execute(async (tx) => {
        await generatedTable(tx, f.table).updateTable(f.table).set({ ...linked.values, update_by: user.username, update_time: now() }).where('id', '=', id).execute();
        await linked.after(tx, id);
      });
      return ok(c, null, '修改成功！', 200);
    })),
  );

  r.at(
    cgformDataApi.one,
    SCREEN,
    withForm(async (c, f) => {
      const row = (await (await visibleRows(c, f)).selectAll().where('id', '=', c.req.param('id') ?? '').executeTakeFirst()) as CgformRow | undefined;
      return row ? ok(c, await links.one(c, f, toRecord(f.def)(row)), '操作成功！', 200) : fail(c, '未找到对应数据');
    }),
  );

  r.at(
    cgformDataApi.delete,
    SCREEN,
    withForm(withButton((c) => (idList(c.req.param('ids'), 1000).length > 1 ? 'batch_delete' : 'delete'), async (c, f) => {
      const ids = idList(c.req.param('ids'), 1000);
      if (!ids.length) return fail(c, '请选择要删除的数据');
      const visible = (await (await visibleRows(c, f)).select('id').where('id', 'in', ids).execute()).map((x) => x.id as string);
      if (visible.length !== ids.length) return fail(c, '未找到对应数据');
      const linked = await links.remove(c, f, visible);
      if (typeof linked === 'string') return fail(c, linked);
      await c.get('deps').db.transaction().execute(async (tx) => {
        await generatedTable(tx, f.table).deleteFrom(f.table).where('id', 'in', linked.ids).execute();
        await linked.after(tx);
      });
      return ok(c, null, '删除成功!', 200);
    })),
  );

  r.at(
    cgformDataApi.exportXls,
    SCREEN,
    withForm(withButton('export', async (c, f) => {
      const records = await filteredRows(c, await listOptions(c, f, links), 'id', EXPORT_ROWS);
      return exportResponse(c, f.def.list, records);
    })),
  );

  r.at(
    cgformDataApi.importXls,
    SCREEN,
    withForm(
      withButton('import', async (c, f) =>
        importWorkbook(c, f.def.list, f.def.importTitles, await importSchema(c, f.def), async (row) => {
          const done = await insertRow(c, f, row as Record<string, unknown>, links);
          return 'id' in done ? null : done.message;
        }),
      ),
    ),
  );
}
