// 在线报表配置 (/online/cgreport/head, /item, /param): the report definitions, administrators only. A save is the
// anchor's {head, items, params}; its SQL must pass domain/report-sql.ts for the database it names, its columns
// and parameters are checked, and the whole report is written in one transaction.
import type { RowOf } from '../../db/schema.js';
import type { Context } from 'hono';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { reportHeadApi } from '../../contracts/online-reports.js';
import type { ApiEnv } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { engineOf } from '../../domain/data-sources.js';
import { newId } from '../../domain/ids.js';
import { prepareReportSql, ReportSqlError, isReservedWord, type SqlDialect } from '../../domain/report-sql.js';
import { parseReportSql, reportSource } from '../../domain/reports.js';
import { camel } from '../../domain/serialize.js';
import { now } from '../../domain/time.js';
import { REPORT_HEAD_KEYS, REPORT_ITEM_KEYS, REPORT_PARAM_KEYS, reportHeadFields, reportItemFields, reportParamFields, reportsList } from '../../resources/online-reports.js';
import type { ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok, type Answer } from '../envelope.js';
import { idList, pagedList } from '../list-query.js';
import { DESIGN, reportFailure, sourceContext } from './report-context.js';

const MAX_ITEMS = 200;
const MAX_PARAMS = 50;
const CODE_TAKEN = '报表编码已存在';

const itemSchema = reportItemFields.schema(REPORT_ITEM_KEYS);
const paramSchema = reportParamFields.schema(REPORT_PARAM_KEYS);
const modelSchema = (head: z.ZodObject) =>
  z.object({
    head: head,
    items: z.array(itemSchema, { message: '报表列的格式不正确' }).max(MAX_ITEMS, `报表最多${MAX_ITEMS}列`).nullish(),
    params: z.array(paramSchema, { message: '报表参数的格式不正确' }).max(MAX_PARAMS, `报表最多${MAX_PARAMS}个参数`).nullish(),
  });
const headSchema = reportHeadFields.schema(REPORT_HEAD_KEYS);
const addSchema = modelSchema(headSchema);
const editSchema = modelSchema(headSchema.extend({ id: z.string({ message: 'id不能为空' }).min(1, 'id不能为空').max(64) }));
type Model = z.infer<typeof addSchema> & { head: z.infer<typeof headSchema> & { id?: string } };

const headFields = reportHeadFields.fieldMap(['code', 'name', 'dbSource', 'createTime']);

/** The dialect a report's SQL is checked for: its data source's engine, or Xuetang's own database. */
async function dialectOf(c: Context<ApiEnv>, dbSource: string | null | undefined): Promise<SqlDialect | null> {
  const { db, dialect } = c.get('deps');
  if (!dbSource) return dialect;
  const row = await db.selectFrom('sys_data_source').select('db_type').where('code', '=', dbSource).executeTakeFirst();
  return row ? (engineOf(row.db_type) ?? null) : null;
}

/** What the field rules cannot say about a report; a response when something is wrong. */
async function refusal(c: Context<ApiEnv>, m: Model): Promise<Answer<never> | null> {
  const { db } = c.get('deps');
  const dialect = await dialectOf(c, m.head.dbSource);
  if (!dialect) return fieldFail(c, 'dbSource', `数据源“${m.head.dbSource}”不存在`);
  try {
    prepareReportSql(m.head.cgrSql, dialect);
  } catch (err) {
    if (err instanceof ReportSqlError) return fieldFail(c, 'cgrSql', err.message);
    throw err;
  }
  const names = new Set<string>();
  for (const item of m.items ?? []) {
    if (names.has(item.fieldName)) return fail(c, `字段名字“${item.fieldName}”重复`);
    names.add(item.fieldName);
  }
  const dicts = [...new Set((m.items ?? []).map((i) => i.dictCode).filter((d): d is string => !!d))];
  if (dicts.length) {
    const known = new Set((await db.selectFrom('sys_dict').select('dict_code').where('dict_code', 'in', dicts).where('del_flag', '=', 0).execute()).map((d) => d.dict_code));
    const missing = dicts.find((d) => !known.has(d));
    if (missing) return fail(c, `字典“${missing}”不存在`);
  }
  const params = new Set<string>();
  for (const p of m.params ?? []) {
    if (isReservedWord(p.paramName)) return fail(c, `参数字段“${p.paramName}”是SQL保留字，请换一个名字`);
    if (params.has(p.paramName)) return fail(c, `参数字段“${p.paramName}”重复`);
    params.add(p.paramName);
  }
  return null;
}

/** Writes a report's columns and parameters (replacing those it had). */
async function writeParts(tx: Transaction<Database>, headId: string, m: Model, by: string) {
  const at = now();
  await tx.deleteFrom('onl_cgreport_item').where('cgrhead_id', '=', headId).execute();
  await tx.deleteFrom('onl_cgreport_param').where('cgrhead_id', '=', headId).execute();
  const items = (m.items ?? []).map((i, n) => ({
    id: newId(),
    cgrhead_id: headId,
    field_name: i.fieldName,
    field_txt: i.fieldTxt ?? null,
    field_width: i.fieldWidth ?? null,
    field_type: i.fieldType || 'String',
    search_mode: i.searchMode ?? null,
    is_order: i.isOrder ?? 0,
    is_search: i.isSearch ?? 0,
    dict_code: i.dictCode || null,
    field_href: i.fieldHref || null,
    is_show: i.isShow ?? 1,
    order_num: i.orderNum ?? n + 1,
    replace_val: i.replaceVal ?? null,
    create_by: by,
    create_time: at,
  }));
  if (items.length) await tx.insertInto('onl_cgreport_item').values(items).execute();
  const params = (m.params ?? []).map((p, n) => ({
    id: newId(),
    cgrhead_id: headId,
    param_name: p.paramName,
    param_txt: p.paramTxt ?? null,
    param_value: p.paramValue ?? null,
    order_num: p.orderNum ?? n + 1,
    create_by: by,
    create_time: at,
  }));
  if (params.length) await tx.insertInto('onl_cgreport_param').values(params).execute();
}

const headValues = (h: Model['head']) => ({
  code: h.code,
  name: h.name,
  cgr_sql: h.cgrSql,
  return_val_field: h.returnValField ?? null,
  return_txt_field: h.returnTxtField ?? null,
  return_type: h.returnType || null,
  db_source: h.dbSource || null,
  content: h.content ?? null,
});

export function registerReportDesignRoutes(r: ApiRoutes) {
  r.at(reportHeadApi.list, DESIGN, (c) =>
    pagedList(c, { spec: reportsList, fields: headFields, base: c.get('deps').db.selectFrom('onl_cgreport_head'), select: (qb) => qb.selectAll(), toRecord: (row: RowOf<'onl_cgreport_head'>) => camel(row), tieBreak: 'id' }),
  );

  r.at(reportHeadApi.add, DESIGN, async (c) => {
    const body = await jsonBody(c, addSchema);
    if (!body.ok) return body.response;
    const m = body.data as Model;
    const refused = await refusal(c, m);
    if (refused) return refused;
    const { db } = c.get('deps');
    const user = c.get('user')!;
    if (await db.selectFrom('onl_cgreport_head').select('id').where('code', '=', m.head.code).executeTakeFirst()) return fieldFail(c, 'code', CODE_TAKEN);
    const id = newId();
    try {
      await db.transaction().execute(async (tx) => {
        await tx.insertInto('onl_cgreport_head').values({ id, ...headValues(m.head), create_by: user.username, create_time: now() }).execute();
        await writeParts(tx, id, m, user.username);
      });
    } catch (err) {
      if (isUniqueViolation(err)) return fieldFail(c, 'code', CODE_TAKEN);
      throw err;
    }
    return ok(c, null, '添加成功！', 200);
  });

  r.at(reportHeadApi.editAll, DESIGN, async (c) => {
    const body = await jsonBody(c, editSchema);
    if (!body.ok) return body.response;
    const m = body.data as Model;
    const { db } = c.get('deps');
    const user = c.get('user')!;
    const head = await db.selectFrom('onl_cgreport_head').select(['id', 'code']).where('id', '=', m.head.id!).executeTakeFirst();
    if (!head) return fail(c, '未找到对应实体');
    const refused = await refusal(c, m);
    if (refused) return refused;
    if (m.head.code !== head.code && (await db.selectFrom('onl_cgreport_head').select('id').where('code', '=', m.head.code).executeTakeFirst())) return fieldFail(c, 'code', CODE_TAKEN);
    try {
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('onl_cgreport_head').set({ ...headValues(m.head), update_by: user.username, update_time: now() }).where('id', '=', head.id).execute();
        await writeParts(tx, head.id, m, user.username);
      });
    } catch (err) {
      if (isUniqueViolation(err)) return fieldFail(c, 'code', CODE_TAKEN);
      throw err;
    }
    return ok(c, null, '修改成功！', 200);
  });

  const remove = async (c: Context<ApiEnv>, ids: string[], message: string) => {
    if (!ids.length) return fail(c, '请选择要删除的报表');
    const { db } = c.get('deps');
    const found = await db.selectFrom('onl_cgreport_head').select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) return fail(c, '未找到对应实体');
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('onl_cgreport_item').where('cgrhead_id', 'in', ids).execute();
      await tx.deleteFrom('onl_cgreport_param').where('cgrhead_id', 'in', ids).execute();
      await tx.deleteFrom('onl_cgreport_head').where('id', 'in', ids).execute();
    });
    return ok(c, null, message, 200);
  };
  r.at(reportHeadApi.delete, DESIGN, (c) => remove(c, idList(c.req.query('id'), 1), '删除成功!'));
  r.at(reportHeadApi.deleteBatch, DESIGN, (c) => remove(c, idList(c.req.query('ids'), 500), '批量删除成功!'));

  r.at(reportHeadApi.parseSql, DESIGN, async (c) => {
    const sqlText = c.req.query('sql') ?? '';
    if (!sqlText.trim()) return fail(c, '请输入SQL');
    try {
      const source = await reportSource(sourceContext(c), c.req.query('dbKey') || null);
      return ok(c, await parseReportSql(source, sqlText), '解析成功', 200);
    } catch (err) {
      return reportFailure(c, err);
    }
  });

  r.at(reportHeadApi.items, DESIGN, async (c) => {
    const rows = await c.get('deps').db.selectFrom('onl_cgreport_item').selectAll().where('cgrhead_id', '=', c.req.query('headId') ?? '').orderBy('order_num').orderBy('id').execute();
    return ok(c, rows.map(camel), '操作成功！', 200);
  });
  r.at(reportHeadApi.params, DESIGN, async (c) => {
    const rows = await c.get('deps').db.selectFrom('onl_cgreport_param').selectAll().where('cgrhead_id', '=', c.req.query('headId') ?? '').orderBy('order_num').orderBy('id').execute();
    return ok(c, rows.map(camel), '操作成功！', 200);
  });
}
