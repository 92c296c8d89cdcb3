// 在线表单, the rest of the anchor's online-form API: a form by its table name (getFormItemBytbname), the 三级联动
// options (querySelectOptions), the designer's tableInfo and 表单导入 (transTables: definitions for `cg_*` tables
// no definition describes, read from the database's own columns), custom buttons (doButton: an action button would
// run an enhancement, which Xuetang does not), and the table dictionaries' part of the data routes (options in
// getColumns and getFormItem, `<field>_dictText` on lists; domain/cgform-dicts.ts says which tables may serve).
import type { Context } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { CGFORM_SCREENS, type CgformColumns, type CgformFormItem, type CgformRow } from '../../contracts/online-forms.js';
import { cgformTablesApi } from '../../contracts/online-form-links.js';
import type { ApiEnv } from '../../context.js';
import { linkDownOptions, tableDict, tableDictOptions, tableDictTexts, type TableDict } from '../../domain/cgform-dicts.js';
import { generatedTables } from '../../domain/cgform-ddl.js';
import { fieldNameProblem, isSystemColumn } from '../../domain/cgform-names.js';
import { loadCgform, subFormsOf } from '../../domain/cgforms.js';
import { newId } from '../../domain/ids.js';
import { camel } from '../../domain/serialize.js';
import { isSuperUser } from '../../domain/sessions.js';
import { now } from '../../domain/time.js';
import { grants, LOGGED_IN, type ApiRoutes } from '../access.js';
import { fail, jsonBody, NO_PERMISSION, ok } from '../envelope.js';
import { NO_CUSTOM_CODE } from './cgform-buttons.js';
import { CGFORM_DATA_ACCESS, formItemModel, withForm, type CgformDataLinks, type Loaded } from './cgform-data.js';
import { headValues, writeParts, type Model } from './cgform.js';
import { DESIGN } from './report-context.js';

// ---- table dictionaries on the data routes ------------------------------------------------------------------

/** The form's fields with a usable table dictionary (a refused one, e.g. saved before the rules, is left out). */
async function tableDictFields(c: Context<ApiEnv>, f: Loaded): Promise<{ field: string; dict: TableDict }[]> {
  const out = [];
  for (const x of f.form.fields) {
    if (!x.dict_table || x.field_show_type === 'link_down') continue;
    const dict = await tableDict(c.get('deps').db, x.dict_table, x.dict_text ?? '', x.dict_field ?? '');
    if (typeof dict !== 'string') out.push({ field: x.db_field_name, dict });
  }
  return out;
}

export async function dictColumns(c: Context<ApiEnv>, f: Loaded, model: CgformColumns): Promise<CgformColumns> {
  const dicts = await tableDictFields(c, f);
  if (!dicts.length) return model;
  const dictOptions = { ...model.dictOptions };
  for (const { field, dict } of dicts) dictOptions[field] = await tableDictOptions(c.get('deps').db, dict, c.get('user')!);
  const named = new Set(dicts.map((d) => d.field));
  return { ...model, dictOptions, columns: model.columns.map((col) => (named.has(col.dataIndex) ? { ...col, customRender: col.dataIndex } : col)) };
}

export async function dictFormItem(c: Context<ApiEnv>, f: Loaded, schema: CgformFormItem['schema']) {
  for (const { field, dict } of await tableDictFields(c, f)) {
    const p = schema.properties[field];
    if (!p) continue;
    const row = f.form.fields.find((x) => x.db_field_name === field)!;
    const options = await tableDictOptions(c.get('deps').db, dict, c.get('user')!);
    Object.assign(p, { dictTable: row.dict_table!, dictText: row.dict_text ?? '', dictCode: row.dict_field ?? '', enum: options.map((o) => ({ value: o.value, title: o.text })) });
  }
}

/** `<field>_dictText` of the table-dictionary fields (comma lists too). */
export async function dictTexts(c: Context<ApiEnv>, f: Loaded, records: CgformRow[]): Promise<CgformRow[]> {
  const dicts = await tableDictFields(c, f);
  if (!dicts.length || !records.length) return records;
  const out = records.map((r) => ({ ...r }));
  for (const { field, dict } of dicts) {
    const codes = out.flatMap((r) => (r[field] === null || r[field] === undefined ? [] : String(r[field]).split(',').map((s) => s.trim())));
    const texts = await tableDictTexts(c.get('deps').db, dict, c.get('user')!, codes);
    for (const r of out) r[`${field}_dictText`] = r[field] === null || r[field] === undefined || r[field] === '' ? '' : String(r[field]).split(',').map((v) => texts.get(v.trim()) ?? v).join(',');
  }
  return out;
}

// ---- 三级联动 --------------------------------------------------------------------------------------------------

/** Whether the caller may read a table through a 三级联动: administrators; anyone for 分类字典; else the holders of a screen of the table's own form or of a form whose field names the table. */
async function mayReadTable(c: Context<ApiEnv>, table: string): Promise<boolean> {
  if (table === 'sys_category' || isSuperUser(c.get('user')!)) return true;
  const db = c.get('deps').db;
  const heads = await db
    .selectFrom('onl_cgform_head as h')
    .select(['h.id', 'h.table_name'])
    .where((eb) => eb.or([eb('h.table_name', '=', table), eb('h.id', 'in', eb.selectFrom('onl_cgform_field').select('cgform_head_id').where('dict_table', 'like', `%${table.replace(/[%_\\]/g, '\\$&')}%`))]))
    .execute();
  const { menus } = await grants(c);
  return heads.some((h) => CGFORM_SCREENS.some((p) => menus.has(p.replace(':code', h.id)) || menus.has(p.replace(':code', h.table_name))));
}

// ---- 表单导入 ------------------------------------------------------------------------------------------------

interface Column {
  name: string;
  type: string;
  length: number | null;
  scale: number | null;
}

async function columnsOf(c: Context<ApiEnv>, table: string): Promise<Column[]> {
  const { db, dialect } = c.get('deps');
  if (dialect === 'postgres') {
    const rows = (
      await sql<{ name: string; type: string; length: number | null; precision: number | null; scale: number | null }>`select column_name as name, data_type as type, character_maximum_length as length, numeric_precision as precision, numeric_scale as scale from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db)
    ).rows;
    return rows.map((r) => ({ name: r.name, type: r.type.toLowerCase(), length: r.length ?? r.precision, scale: r.scale }));
  }
  const rows = (await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${table})`.execute(db)).rows;
  return rows.map((r) => {
    const m = /^\s*([a-z ]+?)\s*(?:\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\))?\s*$/i.exec(r.type) ?? [];
    return { name: r.name, type: (m[1] ?? r.type).toLowerCase(), length: m[2] ? Number(m[2]) : null, scale: m[3] ? Number(m[3]) : null };
  });
}

/** A column as a designer's field row (string, int, BigDecimal or Text); system columns keep their standard rows. */
type FieldRow = NonNullable<Model['fields']>[number];
function fieldOf(col: Column, order: number): FieldRow {
  const base = { dbFieldName: col.name, dbFieldTxt: col.name, orderNum: order, isShowForm: 1, isShowList: 1, fieldShowType: 'text' };
  if (/int/.test(col.type)) return { ...base, dbType: 'int', dbLength: 10, fieldShowType: 'number' } as never;
  if (/decimal|numeric|real|double|float/.test(col.type)) return { ...base, dbType: 'BigDecimal', dbLength: Math.min(col.length ?? 10, 30), dbPointLength: col.scale ?? 0, fieldShowType: 'number' } as never;
  if (/char/.test(col.type) && col.length && col.length <= 4000) return { ...base, dbType: 'string', dbLength: col.length } as never;
  return { ...base, dbType: 'Text', dbLength: 0, fieldShowType: 'textarea' } as never;
}

export function registerCgformTableRoutes(r: ApiRoutes, links: CgformDataLinks) {
  r.at(cgformTablesApi.formItemByTable, CGFORM_DATA_ACCESS, withForm(async (c, f) => ok(c, await formItemModel(c, f, links), '操作成功！', 200), false));

  r.at(cgformTablesApi.selectOptions, LOGGED_IN, async (c) => {
    const q = c.req.query();
    const table = (q.table ?? '').trim();
    const l = { table, txt: (q.txt ?? '').trim(), key: (q.key ?? '').trim(), idField: (q.idField ?? '').trim() || 'id', pidField: (q.pidField ?? '').trim() };
    if (!table || !l.txt || !l.key) return fail(c, '三级联动须配置 table、txt 和 key');
    if (!(await mayReadTable(c, table))) return fail(c, NO_PERMISSION, 510, 403);
    const level = q.pidValue !== undefined && q.pidValue !== '' ? { pidValue: q.pidValue } : { condition: q.condition ?? '' };
    const options = await linkDownOptions(c.get('deps').db, l, level);
    return typeof options === 'string' ? fail(c, options) : ok(c, options, '操作成功！', 200);
  });

  r.at(cgformTablesApi.tableInfo, DESIGN, async (c) => {
    const db = c.get('deps').db;
    const form = await loadCgform(db, c.req.query('code') ?? '');
    if (!form) return fail(c, '未找到对应实体');
    const sub = (await subFormsOf(db, form)).map((s) => camel(s.form.head));
    return ok(c, { main: camel(form.head), sub, jspModeList: [{ code: 'default', note: '默认风格（学堂不生成代码）' }], projectPath: '' }, '操作成功！', 200);
  });

  r.at(cgformTablesApi.transTables, DESIGN, async (c) => {
    const { db, dialect } = c.get('deps');
    const names = [...new Set((c.req.param('tbnames') ?? '').split(',').map((s) => s.trim()).filter(Boolean))].slice(0, 50);
    if (!names.length) return fail(c, '请选择要导入的表');
    const described = new Set((await db.selectFrom('onl_cgform_head').select('table_name').execute()).map((h) => h.table_name));
    const free = new Set((await generatedTables(db, dialect)).filter((t) => !described.has(t)));
    const refused = names.find((n) => !free.has(n));
    if (refused) return fail(c, `表“${refused}”不能导入：只能导入数据库中已有、尚无表单描述的 cg_ 表`);
    const user = c.get('user')!;
    const plans: { table: string; fields: FieldRow[] }[] = [];
    for (const table of names) {
      const columns = await columnsOf(c, table);
      const bad = columns.find((col) => !isSystemColumn(col.name) && fieldNameProblem(col.name));
      if (bad) return fail(c, `表“${table}”不能导入：${fieldNameProblem(bad.name)}`);
      if (!columns.some((col) => col.name === 'id')) return fail(c, `表“${table}”不能导入：没有 id 主键列`);
      plans.push({ table, fields: columns.filter((col) => !isSystemColumn(col.name)).map((col, n) => fieldOf(col, n + 1)) });
    }
    await db.transaction().execute(async (tx) => {
      for (const p of plans) {
        const id = newId();
        const head = { tableName: p.table, tableTxt: p.table, tableType: 1 } as Model['head'];
        await tx.insertInto('onl_cgform_head').values({ id, ...headValues(head), table_version: 1, is_db_synch: 'Y', copy_type: 0, create_by: user.username, create_time: now() }).execute();
        await writeParts(tx, id, { head, fields: p.fields }, user.username, 'Y');
      }
    });
    return ok(c, null, `同步成功！已导入 ${names.join('、')}`, 200);
  });

  r.at(cgformTablesApi.doButton, LOGGED_IN, async (c) => {
    const parsed = await jsonBody(c, z.object({ formId: z.string().max(64).optional(), buttonCode: z.string().max(50).optional() }));
    if (!parsed.ok) return parsed.response;
    const body = parsed.data;
    const db = c.get('deps').db;
    const form = typeof body.formId === 'string' ? await loadCgform(db, body.formId) : undefined;
    if (!form) return fail(c, '表单不存在');
    const { menus } = await grants(c);
    const holds = isSuperUser(c.get('user')!) || CGFORM_SCREENS.some((p) => menus.has(p.replace(':code', form.head.id)) || menus.has(p.replace(':code', form.head.table_name)));
    if (!holds) return fail(c, NO_PERMISSION, 510, 403);
    const button = typeof body.buttonCode === 'string' ? await db.selectFrom('onl_cgform_button').select(['opt_type']).where('cgform_head_id', '=', form.head.id).where('button_code', '=', body.buttonCode).executeTakeFirst() : undefined;
    if (!button) return fail(c, '按钮不存在');
    // An action button runs the Java or SQL enhancement bound to its code; a js button runs in the browser only.
    return fail(c, NO_CUSTOM_CODE);
  });
}
