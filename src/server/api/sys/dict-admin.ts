// 字典管理: /sys/dict (dictionaries, their recycle bin, cache, export/import, deleteItemByText) and
// /sys/dictItem (the items of one dictionary). Every write drops the dictionary cache (invalidateDicts), so
// selects and `_dictText` decorations show the change on the next request.
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { dictApi, dictItemApi } from '../../contracts/dicts.js';
import { allDictItems, invalidateDicts } from '../../domain/dicts.js';
import { newId } from '../../domain/ids.js';
import { camel } from '../../domain/serialize.js';
import { now } from '../../domain/time.js';
import { DICT_FORM_KEYS, DICT_ITEM_FORM_KEYS, DICT_ROUTE, dictFields, dictItemFields, dictItemsList, dictsList } from '../../resources/dicts.js';
import { LOGGED_IN, menu, perm, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok, queryParams } from '../envelope.js';
import { exportResponse, importWorkbook } from '../excel.js';
import { filteredRows, idList, pagedList, type PagedListOptions } from '../list-query.js';
import { hasHiddenChars, hiddenCharsMessage } from '../../resources/rules.js';
import type { ListRecord } from '../../contracts/endpoint.js';
import type { RowOf } from '../../db/schema.js';

const dictFieldMap = dictFields.fieldMap(['dictName', 'dictCode', 'description', 'type', 'createTime']);

const itemFieldMap = dictItemFields.fieldMap(['dictId', 'itemText', 'itemValue', 'description', 'sortOrder', 'status', 'createTime']);

const dictBody = dictFields.schema(DICT_FORM_KEYS);

const idField = z.string({ message: 'id不能为空' }).trim().min(1, 'id不能为空').max(64, 'id格式不正确');

const itemBody = dictItemFields.schema(DICT_ITEM_FORM_KEYS);

const dictListOptions = (c: Context<ApiEnv>): PagedListOptions<RowOf<'sys_dict'>, ListRecord<typeof dictApi.list>> => ({
  spec: dictsList,
  fields: dictFieldMap,
  base: c.get('deps').db.selectFrom('sys_dict').where('del_flag', '=', 0),
  select: (qb) => qb.selectAll(),
  toRecord: (r) => camel(r),
  tieBreak: 'id',
});

const itemListOptions = (c: Context<ApiEnv>): PagedListOptions<RowOf<'sys_dict_item'>, ListRecord<typeof dictItemApi.list>> => ({
  spec: dictItemsList,
  fields: itemFieldMap,
  base: c.get('deps').db.selectFrom('sys_dict_item'),
  select: (qb) => qb.selectAll(),
  toRecord: (r) => camel(r),
  tieBreak: 'id',
});

/** The refusal when a dictionary code is taken (also by a deleted dictionary, in the recycle bin), else null. */
async function codeTaken(c: Context<ApiEnv>, code: string, exceptId?: string): Promise<string | null> {
  let q = c.get('deps').db.selectFrom('sys_dict').select(['id', 'del_flag']).where('dict_code', '=', code);
  if (exceptId) q = q.where('id', '!=', exceptId);
  const row = await q.executeTakeFirst();
  if (!row) return null;
  return row.del_flag ? '字典编码已存在（在回收站中，可还原或彻底删除后再使用）' : '字典编码已存在';
}

// Export/import carry a dictionary's items in one cell: one `值=文本` per line, `值=文本=禁用` when disabled.
const DISABLED_MARK = '=禁用';

function formatItems(items: { item_value: string; item_text: string; status: number }[]): string {
  return items.map((i) => `${i.item_value}=${i.item_text}${i.status === 1 ? '' : DISABLED_MARK}`).join('\n');
}

export function parseItems(cell: string | undefined): { ok: true; items: { value: string; text: string; status: number }[] } | { ok: false; message: string } {
  const items: { value: string; text: string; status: number }[] = [];
  const lines = (cell ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (lines.length > 1000) return { ok: false, message: '一个字典最多1000个字典项' };
  for (const [i, line] of lines.entries()) {
    let rest = line;
    let status = 1;
    if (rest.endsWith(DISABLED_MARK)) {
      status = 0;
      rest = rest.slice(0, -DISABLED_MARK.length);
    }
    const at = rest.indexOf('=');
    const value = at > 0 ? rest.slice(0, at).trim() : '';
    const text = at > 0 ? rest.slice(at + 1).trim() : '';
    if (!value || !text) return { ok: false, message: `第${i + 1}个字典项格式不正确，应为“值=文本”` };
    if (value.length > 100 || text.length > 100) return { ok: false, message: `第${i + 1}个字典项的值或文本超过100个字符` };
    if (hasHiddenChars(text)) return { ok: false, message: `第${i + 1}个字典项的${hiddenCharsMessage('文本')}` };
    if (items.some((x) => x.value === value)) return { ok: false, message: `字典项数据值重复：${value}` };
    items.push({ value, text, status });
  }
  return { ok: true, items };
}

export function registerDictAdminRoutes(r: ApiRoutes) {
  // ---- dictionaries -------------------------------------------------------------------------------------
  r.at(dictApi.list, menu(DICT_ROUTE), (c) => pagedList(c, dictListOptions(c)));

  r.at(dictApi.queryById, menu(DICT_ROUTE), async (c) => {
    const row = await c.get('deps').db.selectFrom('sys_dict').selectAll().where('id', '=', c.req.query('id') ?? '').where('del_flag', '=', 0).executeTakeFirst();
    return row ? ok(c, camel(row), '操作成功！', 0) : fail(c, '未找到对应实体');
  });

  r.at(dictApi.add, perm('dict:add'), async (c) => {
    const body = await jsonBody(c, dictBody);
    if (!body.ok) return body.response;
    const taken = await codeTaken(c, body.data.dictCode);
    if (taken) return fieldFail(c, 'dictCode', taken);
    const user = c.get('user')!;
    try {
      await c
        .get('deps')
        .db.insertInto('sys_dict')
        .values({
          id: newId(),
          dict_name: body.data.dictName,
          dict_code: body.data.dictCode,
          description: body.data.description?.trim() || null,
          type: body.data.type ?? 0,
          del_flag: 0,
          create_by: user.username,
          create_time: now(),
        })
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) return fieldFail(c, 'dictCode', '字典编码已存在');
      throw err;
    }
    invalidateDicts(c.get('deps').db);
    return ok(c, null, '保存成功！', 200);
  });

  r.at(dictApi.edit, perm('dict:edit'), async (c) => {
    const body = await jsonBody(c, dictBody.extend({ id: idField }));
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const dict = await db.selectFrom('sys_dict').selectAll().where('id', '=', body.data.id).where('del_flag', '=', 0).executeTakeFirst();
    if (!dict) return fail(c, '未找到对应实体');
    if (dict.dict_code !== body.data.dictCode) {
      const taken = await codeTaken(c, body.data.dictCode, dict.id);
      if (taken) return fieldFail(c, 'dictCode', taken);
    }
    try {
      await db
        .updateTable('sys_dict')
        .set({
          dict_name: body.data.dictName,
          dict_code: body.data.dictCode,
          description: body.data.description?.trim() || null,
          type: body.data.type ?? dict.type,
          update_by: c.get('user')!.username,
          update_time: now(),
        })
        .where('id', '=', dict.id)
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) return fieldFail(c, 'dictCode', '字典编码已存在');
      throw err;
    }
    invalidateDicts(db);
    return ok(c, null, '编辑成功!', 200);
  });

  /** Logical delete: the dictionaries go to the recycle bin (restorable); their items stay with them. */
  const softDelete = async (c: Context<ApiEnv>, ids: string[], none: string) => {
    if (!ids.length) return fail(c, none);
    const { db } = c.get('deps');
    const found = await db.selectFrom('sys_dict').select('id').where('id', 'in', ids).where('del_flag', '=', 0).execute();
    if (found.length !== new Set(ids).size) return fail(c, '未找到对应实体');
    await db.updateTable('sys_dict').set({ del_flag: 1, update_by: c.get('user')!.username, update_time: now() }).where('id', 'in', ids).execute();
    invalidateDicts(db);
    return ok(c, null, '删除成功!', 200);
  };
  r.at(dictApi.delete, perm('dict:del'), (c) => softDelete(c, idList(c.req.query('id'), 1), '未找到对应实体'));
  r.at(dictApi.deleteBatch, perm('dict:del'), (c) => softDelete(c, idList(c.req.query('ids')), '参数不识别！'));

  // ---- recycle bin ----------------------------------------------------------------------------------------
  r.at(dictApi.recycleBin, perm('dict:recycle'), async (c) => {
    const rows = await c
      .get('deps')
      .db.selectFrom('sys_dict')
      .selectAll()
      .where('del_flag', '=', 1)
      .orderBy('update_time', 'desc')
      .orderBy('id')
      .limit(1000)
      .execute();
    return ok(c, rows.map(camel), '操作成功！', 0);
  });

  r.at(dictApi.restore, perm('dict:recycle'), async (c) => {
    const { db } = c.get('deps');
    const res = await db
      .updateTable('sys_dict')
      .set({ del_flag: 0, update_by: c.get('user')!.username, update_time: now() })
      .where('id', '=', c.req.param('id') ?? '')
      .where('del_flag', '=', 1)
      .executeTakeFirst();
    if (!Number(res.numUpdatedRows)) return fail(c, '未找到对应实体');
    invalidateDicts(db);
    return ok(c, null, '操作成功!', 200);
  });

  r.at(dictApi.purge, perm('dict:recycle'), async (c) => {
    const { db } = c.get('deps');
    const id = c.req.param('id') ?? '';
    const dict = await db.selectFrom('sys_dict').select(['id', 'del_flag']).where('id', '=', id).executeTakeFirst();
    if (!dict) return fail(c, '未找到对应实体');
    if (!dict.del_flag) return fail(c, '只能彻底删除回收站中的字典，请先删除该字典');
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('sys_dict_item').where('dict_id', '=', id).execute();
      await tx.deleteFrom('sys_dict').where('id', '=', id).execute();
    });
    invalidateDicts(db);
    return ok(c, null, '删除成功!', 200);
  });

  // ---- cache and the all-items map --------------------------------------------------------------------------
  // 刷新缓存 of 字典管理: the button it sits beside (dict:edit), not any logged-in user.
  r.at(dictApi.refreshCache, perm('dict:edit'), (c) => {
    invalidateDicts(c.get('deps').db);
    return ok(c, null, '刷新缓存完成！', 200);
  });

  r.get('/sys/dict/queryAllDictItems', LOGGED_IN, async (c) => ok(c, await allDictItems(c.get('deps').db), '成功', 200));

  // teaching-open's select component calls this; teaching-open itself never implemented it.
  r.at(
    dictApi.deleteItemByText,
    perm('dict:item'),
    async (c) => {
      const q = queryParams(
        c,
        z.object({
          dictCode: z.string({ message: '请提供字典编码' }).trim().min(1, '请提供字典编码').max(100, '字典编码不能超过100个字符'),
          itemText: z.string({ message: '请提供字典项名称' }).trim().min(1, '请提供字典项名称').max(100, '字典项名称不能超过100个字符'),
        }),
      );
      if (!q.ok) return q.response;
      const { db } = c.get('deps');
      const dict = await db.selectFrom('sys_dict').select('id').where('dict_code', '=', q.data.dictCode).where('del_flag', '=', 0).executeTakeFirst();
      if (!dict) return fail(c, `未找到字典：${q.data.dictCode}`);
      const res = await db.deleteFrom('sys_dict_item').where('dict_id', '=', dict.id).where('item_text', '=', q.data.itemText).executeTakeFirst();
      if (!Number(res.numDeletedRows)) return fail(c, `字典中没有名为“${q.data.itemText}”的项`);
      invalidateDicts(db);
      return ok(c, null, '删除成功!', 200);
    },
  );

  // ---- export / import -------------------------------------------------------------------------------------
  r.at(dictApi.exportXls, perm('dict:export'), async (c) => {
    const { db } = c.get('deps');
    const records = await filteredRows(c, dictListOptions(c), 'id', 10_000);
    const ids = records.map((x) => String(x.id));
    const byDict = new Map<string, { item_value: string; item_text: string; status: number }[]>();
    for (let i = 0; i < ids.length; i += 500) {
      const items = await db
        .selectFrom('sys_dict_item')
        .select(['dict_id', 'item_value', 'item_text', 'status'])
        .where('dict_id', 'in', ids.slice(i, i + 500))
        .orderBy('dict_id')
        .orderBy('sort_order')
        .orderBy('item_value')
        .execute();
      for (const it of items) byDict.set(it.dict_id, [...(byDict.get(it.dict_id) ?? []), it]);
    }
    return exportResponse(
      c,
      dictsList,
      records.map((x) => ({ ...x, items: formatItems(byDict.get(String(x.id)) ?? []) })),
    );
  });

  r.at(dictApi.importExcel, perm('dict:import'), async (c) => {
    const { db } = c.get('deps');
    const user = c.get('user')!;
    const titles = Object.fromEntries(dictsList.columns.filter((x) => x.export !== false).map((x) => [x.title, x.key]));
    const schema = dictBody.extend({ items: z.string().max(100_000, '字典项内容过长').optional() });
    const res = await importWorkbook(c, dictsList, titles, schema, async (row) => {
      const taken = await codeTaken(c, row.dictCode);
      if (taken) return `${taken}：${row.dictCode}`;
      const parsed = parseItems(row.items);
      if (!parsed.ok) return parsed.message;
      const dictId = newId();
      const at = now();
      try {
        await db.transaction().execute(async (tx) => {
          await tx
            .insertInto('sys_dict')
            .values({
              id: dictId,
              dict_name: row.dictName,
              dict_code: row.dictCode,
              description: row.description?.trim() || null,
              type: row.type ?? 0,
              del_flag: 0,
              create_by: user.username,
              create_time: at,
            })
            .execute();
          if (parsed.items.length) {
            await tx
              .insertInto('sys_dict_item')
              .values(
                parsed.items.map((it, i) => ({
                  id: newId(),
                  dict_id: dictId,
                  item_value: it.value,
                  item_text: it.text,
                  status: it.status,
                  sort_order: i + 1,
                  create_by: user.username,
                  create_time: at,
                })),
              )
              .execute();
          }
        });
      } catch (err) {
        if (isUniqueViolation(err)) return `字典编码已存在：${row.dictCode}`;
        throw err;
      }
      return null;
    });
    invalidateDicts(db);
    return res;
  });

  // ---- items ----------------------------------------------------------------------------------------------
  r.at(dictItemApi.list, menu(DICT_ROUTE), (c) => pagedList(c, itemListOptions(c)));

  r.at(dictItemApi.queryById, menu(DICT_ROUTE), async (c) => {
    const row = await c.get('deps').db.selectFrom('sys_dict_item').selectAll().where('id', '=', c.req.query('id') ?? '').executeTakeFirst();
    return row ? ok(c, camel(row), '操作成功！', 0) : fail(c, '未找到对应实体');
  });

  const valueTaken = async (c: Context<ApiEnv>, dictId: string, value: string, exceptId?: string) => {
    let q = c.get('deps').db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', dictId).where('item_value', '=', value);
    if (exceptId) q = q.where('id', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  };

  r.at(dictItemApi.add, perm('dict:item'), async (c) => {
    const body = await jsonBody(c, itemBody);
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const d = body.data;
    const dict = await db.selectFrom('sys_dict').select('id').where('id', '=', d.dictId).where('del_flag', '=', 0).executeTakeFirst();
    if (!dict) return fail(c, '未找到对应字典');
    if (await valueTaken(c, dict.id, d.itemValue)) return fieldFail(c, 'itemValue', '该字典中已存在相同的数据值');
    // Without an explicit order the new item goes last.
    const last = await db
      .selectFrom('sys_dict_item')
      .select((eb) => eb.fn.max('sort_order').as('m'))
      .where('dict_id', '=', dict.id)
      .executeTakeFirst();
    try {
      await db
        .insertInto('sys_dict_item')
        .values({
          id: newId(),
          dict_id: dict.id,
          item_text: d.itemText,
          item_value: d.itemValue,
          description: d.description?.trim() || null,
          sort_order: d.sortOrder ?? Number(last?.m ?? 0) + 1,
          status: d.status ?? 1,
          create_by: c.get('user')!.username,
          create_time: now(),
        })
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) return fieldFail(c, 'itemValue', '该字典中已存在相同的数据值');
      throw err;
    }
    invalidateDicts(db);
    return ok(c, null, '保存成功！', 200);
  });

  r.at(dictItemApi.edit, perm('dict:item'), async (c) => {
    const body = await jsonBody(c, itemBody.extend({ id: idField, dictId: itemBody.shape.dictId.optional() }));
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const d = body.data;
    const item = await db.selectFrom('sys_dict_item').selectAll().where('id', '=', d.id).executeTakeFirst();
    if (!item) return fail(c, '未找到对应实体');
    if (d.dictId && d.dictId !== item.dict_id) return fail(c, '字典项不能移到其他字典');
    if (d.itemValue !== item.item_value && (await valueTaken(c, item.dict_id, d.itemValue, item.id))) {
      return fieldFail(c, 'itemValue', '该字典中已存在相同的数据值');
    }
    try {
      await db
        .updateTable('sys_dict_item')
        .set({
          item_text: d.itemText,
          item_value: d.itemValue,
          description: d.description?.trim() || null,
          sort_order: d.sortOrder ?? item.sort_order,
          status: d.status ?? item.status,
          update_by: c.get('user')!.username,
          update_time: now(),
        })
        .where('id', '=', item.id)
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) return fieldFail(c, 'itemValue', '该字典中已存在相同的数据值');
      throw err;
    }
    invalidateDicts(db);
    return ok(c, null, '编辑成功!', 200);
  });

  const deleteItems = async (c: Context<ApiEnv>, ids: string[], none: string) => {
    if (!ids.length) return fail(c, none);
    const { db } = c.get('deps');
    const unique = [...new Set(ids)];
    const found = await db.selectFrom('sys_dict_item').select('id').where('id', 'in', unique).execute();
    if (found.length !== unique.length) return fail(c, '未找到对应实体');
    await db.deleteFrom('sys_dict_item').where('id', 'in', unique).execute();
    invalidateDicts(db);
    return ok(c, null, '删除成功!', 200);
  };
  r.at(dictItemApi.delete, perm('dict:item'), (c) => deleteItems(c, idList(c.req.query('id'), 1), '未找到对应实体'));
  r.at(dictItemApi.deleteBatch, perm('dict:item'), (c) => deleteItems(c, idList(c.req.query('ids')), '参数不识别！'));
}
