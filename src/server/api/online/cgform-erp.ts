// 在线表单, main-with-sub forms (一对多 / 一对一; domain/cgforms.ts subFormsOf, mainFormsOf): a main form (table type 2)
// lists its sub tables in 附表 (sub_table_str); a sub table (3) has a column naming the main table and its key
// column (外键主表 / 外键字段). getErpColumns answers the main list's model and each sub table's with its link
// (foreignKeys); getErpFormItem a table's form without sub tables; subform/{sub}/{mainId} and subform/list/… a main
// row's sub rows. A main row's form add/edit may carry its sub rows under the sub tables' names (JeecgBoot's body):
// they are checked with the sub table's own rules and written in the main row's transaction (rows with a known id
// updated, new ones added, missing ones deleted); a table left out of an edit keeps its rows. Deleting main rows
// deletes their sub rows. A sub row is written only for a main row the caller may see, and the data rules of the
// main form's menu decide which main rows (and so which sub rows) are seen (cgform-data.ts visibleRows).
import type { Context } from 'hono';
import { sql, type Kysely } from 'kysely';
import type { CgformFormItem, CgformFormProperty, CgformRow } from '../../contracts/online-forms.js';
import { cgformErpApi } from '../../contracts/online-form-links.js';
import type { ApiEnv } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { generatedTable, isMainForm, isSubForm, mainFormsOf, subFormsOf, type SubLink } from '../../domain/cgforms.js';
import { decorate } from '../../domain/dicts.js';
import { newId } from '../../domain/ids.js';
import { now } from '../../domain/time.js';
import { dictFields } from '../../resources/spec.js';
import type { ApiRoutes } from '../access.js';
import { fail, ok } from '../envelope.js';
import { CGFORM_DATA_ACCESS, checkedValues, columnsModel, formItemModel, loaded, toRecord, visibleRows, withForm, type CgformDataLinks, type Loaded } from './cgform-data.js';

const SUB_ROWS = 1000;
type Problem = { key: string; message: string };
type Write = { values: Record<string, unknown>; after(tx: Kysely<Database>, id: string): Promise<void> };

const subsOf = async (c: Context<ApiEnv>, f: Loaded) => (await subFormsOf(c.get('deps').db, f.form)).map((s) => ({ ...s, sub: loaded(s.form) }));

/** A sub table's rows of one main key value, as the API answers them. */
async function subRows(c: Context<ApiEnv>, sub: Loaded, link: SubLink, key: unknown): Promise<CgformRow[]> {
  if (key === null || key === undefined || key === '' || sub.form.head.is_db_synch !== 'Y') return [];
  const rows = (await (await visibleRows(c, sub)).selectAll().where(sql.ref(link.field), '=', key).orderBy('create_time').orderBy('id').limit(SUB_ROWS).execute()) as CgformRow[];
  return decorate(c.get('deps').db, rows.map(toRecord(sub.def)), dictFields(sub.def.list));
}

// ---- links -----------------------------------------------------------------------------------------------

/** A main form's sub tables as getFormItem's `tab` properties. */
export async function erpFormItem(c: Context<ApiEnv>, f: Loaded, schema: CgformFormItem['schema'], links: CgformDataLinks) {
  if (!isMainForm(f.form)) return;
  for (const [n, { sub, link }] of (await subsOf(c, f)).entries()) {
    const item = await formItemModel(c, sub, links, false);
    const own = Object.fromEntries(Object.entries(item.schema.properties).filter(([k]) => k !== link.field));
    const oneToOne = sub.form.head.relation_type === 1;
    const tab: CgformFormProperty = { title: sub.head.tableTxt, view: 'tab', type: 'string', order: 1000 + (sub.form.head.tab_order_num ?? n), key: sub.table, describe: sub.head.tableTxt, relationType: oneToOne ? 1 : 0 };
    if (oneToOne) Object.assign(tab, { properties: own, required: item.schema.required.filter((k) => k !== link.field) });
    else
      tab.columns = Object.entries(own).map(([key, p]) => ({
        title: p.title,
        key,
        type: p.view === 'text' ? 'input' : p.view,
        ...(p.dictCode ? { dictCode: p.dictCode } : {}),
        validateRules: [...(item.schema.required.includes(key) ? [{ required: true, message: `${p.title}不能为空` }] : []), ...(p.pattern ? [{ pattern: p.pattern, message: `${p.title}格式不正确` }] : [])],
      }));
    schema.properties[sub.table] = tab;
  }
}

/** A main row with its sub rows under the sub tables' names. */
export async function erpOne(c: Context<ApiEnv>, f: Loaded, row: CgformRow): Promise<CgformRow> {
  if (!isMainForm(f.form)) return row;
  const out = { ...row };
  for (const { sub, link } of await subsOf(c, f)) out[sub.table] = await subRows(c, sub, link, row[link.mainField]);
  return out;
}

/** The sub rows a main row's body carries, checked: per sub table, the rows (with their ids when they name one), or a refusal. */
async function carriedRows(c: Context<ApiEnv>, f: Loaded, raw: Record<string, unknown>) {
  const plans: { sub: Loaded; link: SubLink; rows: { id?: string; values: Record<string, unknown> }[] }[] = [];
  for (const { sub, link } of await subsOf(c, f)) {
    const given = raw[sub.table];
    if (given === undefined || given === null) continue;
    if (!Array.isArray(given)) return { key: sub.table, message: `附表“${sub.head.tableTxt}”的数据必须是数组` };
    if (sub.form.head.is_db_synch !== 'Y') return { key: sub.table, message: `附表“${sub.head.tableTxt}”尚未同步数据库` };
    if (given.length > SUB_ROWS) return { key: sub.table, message: `附表“${sub.head.tableTxt}”最多${SUB_ROWS}行` };
    const rows = [];
    for (const [n, item] of given.entries()) {
      const where = `附表“${sub.head.tableTxt}”第${n + 1}行：`;
      if (!item || typeof item !== 'object' || Array.isArray(item)) return { key: sub.table, message: `${where}数据格式不正确` };
      // The link column is the server's: the main row's key, set on write.
      const parsed = sub.def.fields.schema(sub.def.formKeys.filter((k) => k !== link.field)).safeParse(item);
      if (!parsed.success) return { key: sub.table, message: where + (parsed.error.issues[0]?.message ?? '数据不正确') };
      const rowId = typeof (item as { id?: unknown }).id === 'string' ? (item as { id: string }).id : undefined;
      const { values, problem } = await checkedValues(c, sub, parsed.data as Record<string, unknown>, rowId);
      if (problem) return { key: sub.table, message: where + problem.message };
      rows.push({ id: rowId, values });
    }
    plans.push({ sub, link, rows });
  }
  return plans;
}

/** A sub row names a main row the caller may see (through one of its main forms). */
async function mainVisible(c: Context<ApiEnv>, f: Loaded, values: Record<string, unknown>): Promise<Problem | null> {
  const mains = await mainFormsOf(c.get('deps').db, f.form);
  for (const m of mains) {
    const v = values[m.link.field];
    if (v === null || v === undefined || v === '' || m.form.head.is_db_synch !== 'Y') continue;
    if (await (await visibleRows(c, loaded(m.form))).select('id').where(sql.ref(m.link.mainField), '=', v).executeTakeFirst()) return null;
  }
  const field = mains[0]?.link.field ?? 'id';
  return { key: field, message: '主表数据不存在或无权访问' };
}

export async function erpWrite(c: Context<ApiEnv>, f: Loaded, values: Record<string, unknown>, raw: Record<string, unknown>, id?: string): Promise<Problem | Write | null> {
  if (isSubForm(f.form)) {
    const problem = await mainVisible(c, f, values);
    return problem ?? null;
  }
  if (!isMainForm(f.form)) return null;
  const plans = await carriedRows(c, f, raw);
  if (!Array.isArray(plans)) return plans;
  const subs = await subsOf(c, f);
  const before = id ? ((await (await visibleRows(c, f)).selectAll().where('id', '=', id).executeTakeFirst()) as CgformRow | undefined) : undefined;
  const user = c.get('user')!;
  return {
    values,
    async after(tx, mainId) {
      const keyOf = (link: SubLink) => (link.mainField === 'id' ? mainId : values[link.mainField]);
      // A changed key column (外键字段 other than id) takes the sub rows along.
      for (const { sub, link } of subs) {
        const old = before?.[link.mainField];
        if (before && old !== keyOf(link) && old !== null && old !== undefined && sub.form.head.is_db_synch === 'Y')
          await generatedTable(tx, sub.table).updateTable(sub.table).set({ [link.field]: keyOf(link) }).where(sql.ref(link.field), '=', old).execute();
      }
      for (const { sub, link, rows } of plans) {
        const key = keyOf(link);
        const t = generatedTable(tx, sub.table);
        const existing = new Set(((await t.selectFrom(sub.table).select('id').where(sql.ref(link.field), '=', key).execute()) as { id: string }[]).map((r) => r.id));
        const kept = new Set<string>();
        for (const row of rows) {
          if (row.id && existing.has(row.id)) {
            kept.add(row.id);
            await t.updateTable(sub.table).set({ ...row.values, [link.field]: key, update_by: user.username, update_time: now() }).where('id', '=', row.id).execute();
          } else {
            await t.insertInto(sub.table).values({ ...row.values, [link.field]: key, id: newId(), create_by: user.username, create_time: now(), sys_org_code: user.orgCode ?? null }).execute();
          }
        }
        const gone = [...existing].filter((x) => !kept.has(x));
        if (gone.length) await t.deleteFrom(sub.table).where('id', 'in', gone).execute();
      }
    },
  };
}

/** Deleting main rows deletes their sub rows. */
export async function erpRemove(c: Context<ApiEnv>, f: Loaded, ids: string[]): Promise<{ ids: string[]; after(tx: Kysely<Database>): Promise<void> } | null> {
  if (!isMainForm(f.form)) return null;
  const subs = (await subsOf(c, f)).filter((s) => s.form.head.is_db_synch === 'Y');
  const rows = (await (await visibleRows(c, f)).selectAll().where('id', 'in', ids).execute()) as CgformRow[];
  return {
    ids,
    async after(tx) {
      for (const { sub, link } of subs) {
        const keys = rows.map((r) => r[link.mainField]).filter((k) => k !== null && k !== undefined && k !== '');
        if (keys.length) await generatedTable(tx, sub.table).deleteFrom(sub.table).where(sql.ref(link.field), 'in', keys).execute();
      }
    },
  };
}

// ---- routes ----------------------------------------------------------------------------------------------

/** The main row of `:mainId` a sub table's route reads, through the sub's main forms, with the link; null when none is visible. */
async function mainRow(c: Context<ApiEnv>, sub: Loaded) {
  for (const m of await mainFormsOf(c.get('deps').db, sub.form)) {
    if (m.form.head.is_db_synch !== 'Y') continue;
    const row = (await (await visibleRows(c, loaded(m.form))).selectAll().where('id', '=', c.req.param('mainId') ?? '').executeTakeFirst()) as CgformRow | undefined;
    if (row) return { row, link: m.link };
  }
  return null;
}

export function registerCgformErpRoutes(r: ApiRoutes, links: CgformDataLinks) {
  r.at(
    cgformErpApi.columns,
    CGFORM_DATA_ACCESS,
    withForm(async (c, f) => {
      const main = await columnsModel(c, f, links);
      const subList = await Promise.all(
        (await subsOf(c, f)).map(async ({ sub, link }) => ({ ...(await columnsModel(c, sub, links)), foreignKeys: [{ field: link.field, key: link.mainField }], relationType: sub.form.head.relation_type ?? 0 })),
      );
      return ok(c, { main, subList }, '操作成功！', 200);
    }, false),
  );

  r.at(cgformErpApi.formItem, CGFORM_DATA_ACCESS, withForm(async (c, f) => ok(c, await formItemModel(c, f, links, false), '操作成功！', 200), false));

  r.at(
    cgformErpApi.subList,
    CGFORM_DATA_ACCESS,
    withForm(async (c, f) => {
      if (!isSubForm(f.form)) return fail(c, '该表单不是附表');
      const main = await mainRow(c, f);
      if (!main) return fail(c, '未找到对应的主表数据');
      return ok(c, await links.texts(c, f, await subRows(c, f, main.link, main.row[main.link.mainField])), '操作成功！', 200);
    }),
  );

  r.at(
    cgformErpApi.subOne,
    CGFORM_DATA_ACCESS,
    withForm(async (c, f) => {
      if (!isSubForm(f.form)) return fail(c, '该表单不是附表');
      const main = await mainRow(c, f);
      if (!main) return fail(c, '未找到对应的主表数据');
      const [row] = await links.texts(c, f, (await subRows(c, f, main.link, main.row[main.link.mainField])).slice(0, 1));
      return ok(c, row ?? {}, '操作成功！', 200);
    }),
  );
}
