// /sys/position: 职务管理 (the anchor's JeecgBoot SysPositionController paths and field names: id, code, name,
// postRank, companyId, sysOrgCode, audit fields). Users hold positions through sys_user.post (a comma list of
// codes, as in the anchor), so a position some user holds is not deleted and does not change its code: the
// answer says how many users hold it. Reads need 职务管理, or 用户管理 / 通讯录 (their forms and columns show
// position names); writes need the screen's button codes.
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { positionApi } from '../../contracts/positions.js';
import { dictItems } from '../../domain/dicts.js';
import { isUniqueViolation } from '../../db/errors.js';
import { newId } from '../../domain/ids.js';
import { holderCounts, holdsPosition } from '../../domain/positions.js';
import { camel } from '../../domain/serialize.js';
import { now } from '../../domain/time.js';
import { ADDRESS_LIST_ROUTE, POSITION_COLUMNS, POSITION_FORM_KEYS, positionFields, POSITIONS_ROUTE, positionsList } from '../../resources/positions.js';
import { USERS_ROUTE } from '../../resources/users.js';
import { menu, perm, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok } from '../envelope.js';
import { exportResponse, importWorkbook } from '../excel.js';
import { filteredRows, idList, pagedList, type PagedListOptions } from '../list-query.js';
import type { ListRecord } from '../../contracts/endpoint.js';
import type { RowOf } from '../../db/schema.js';

type Ctx = Context<ApiEnv>;

const NOT_FOUND = '未找到对应实体';
const CODE_TAKEN = '职务编码已存在';
const RANK_DICT = positionFields.rule('postRank').dict;

const fields = positionFields.fieldMap(['code', 'name', 'postRank', 'companyId', 'createTime']);

const positionBody = positionFields.schema(POSITION_FORM_KEYS);
type PositionBody = z.infer<typeof positionBody>;
const editBody = positionBody.extend({ id: z.string({ message: 'id不能为空' }).trim().min(1, 'id不能为空').max(64, 'id格式不正确') });

/** The 职级 the body names, as a dictionary value (import rows may give its text, e.g. 中级); null when unknown. */
async function rankValue(c: Ctx, given: string): Promise<string | null> {
  const items = await dictItems(c.get('deps').db, RANK_DICT);
  return items.find((o) => o.value === given)?.value ?? items.find((o) => o.text === given)?.value ?? null;
}

const holdersMessage = (name: string, n: number, what: string) => `职务“${name}”已有 ${n} 名用户担任，不能${what}；请先在用户管理中取消这些用户的该职务`;

const listOptions = (c: Ctx): PagedListOptions<RowOf<'sys_position'>, ListRecord<typeof positionApi.list>> => ({
  spec: positionsList,
  fields,
  base: c.get('deps').db.selectFrom('sys_position'),
  select: (qb) => qb.selectAll(),
  toRecord: (r) => camel(r),
  tieBreak: 'id',
  enrich: async (records) => {
    const counts = await holderCounts(
      c.get('deps').db,
      records.map((r) => String(r.code)),
    );
    return records.map((r) => ({ ...r, userCount: counts.get(String(r.code)) ?? 0 }));
  },
});

/** Adds a position; answers the refusal (field, message) or null. */
async function insertPosition(c: Ctx, b: PositionBody): Promise<{ field: string; message: string } | null> {
  const { db } = c.get('deps');
  const rank = await rankValue(c, b.postRank);
  if (!rank) return { field: 'postRank', message: '职级不存在' };
  if (await db.selectFrom('sys_position').select('id').where('code', '=', b.code).executeTakeFirst()) return { field: 'code', message: CODE_TAKEN };
  try {
    await db
      .insertInto('sys_position')
      .values({ id: newId(), code: b.code, name: b.name, post_rank: rank, company_id: b.companyId || null, sys_org_code: c.get('user')!.orgCode ?? null, create_by: c.get('user')!.username, create_time: now() })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) return { field: 'code', message: CODE_TAKEN };
    throw err;
  }
  return null;
}

export function registerPositionRoutes(r: ApiRoutes) {
  const read = menu(POSITIONS_ROUTE, USERS_ROUTE, ADDRESS_LIST_ROUTE);

  r.at(positionApi.list, read, (c) => pagedList(c, listOptions(c)));

  r.at(positionApi.queryById, read, async (c) => {
    const id = (c.req.query('id') ?? '').slice(0, 64);
    const row = id ? await c.get('deps').db.selectFrom('sys_position').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) return fail(c, NOT_FOUND);
    const counts = await holderCounts(c.get('deps').db, [row.code]);
    return ok(c, { ...camel(row), userCount: counts.get(row.code) ?? 0 }, '操作成功！', 0);
  });

  r.at(positionApi.add, perm('position:add'), async (c) => {
    const body = await jsonBody(c, positionBody);
    if (!body.ok) return body.response;
    const refused = await insertPosition(c, body.data);
    if (refused) return fieldFail(c, refused.field, refused.message);
    return ok(c, null, '添加成功！', 200);
  });

  r.at(positionApi.edit, perm('position:edit'), async (c) => {
    const body = await jsonBody(c, editBody);
    if (!body.ok) return body.response;
    const b = body.data;
    const { db } = c.get('deps');
    const current = await db.selectFrom('sys_position').selectAll().where('id', '=', b.id).executeTakeFirst();
    if (!current) return fail(c, NOT_FOUND);
    const rank = await rankValue(c, b.postRank);
    if (!rank) return fieldFail(c, 'postRank', '职级不存在');
    if (b.code !== current.code) {
      if (await db.selectFrom('sys_position').select('id').where('code', '=', b.code).where('id', '!=', b.id).executeTakeFirst()) return fieldFail(c, 'code', CODE_TAKEN);
      // Users hold positions by code: renaming a held code would silently take the position from them.
      const n = (await holderCounts(db, [current.code])).get(current.code) ?? 0;
      if (n) return fieldFail(c, 'code', holdersMessage(current.name, n, '修改编码'));
    }
    try {
      await db
        .updateTable('sys_position')
        .set({ code: b.code, name: b.name, post_rank: rank, company_id: b.companyId || null, update_by: c.get('user')!.username, update_time: now() })
        .where('id', '=', b.id)
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) return fieldFail(c, 'code', CODE_TAKEN);
      throw err;
    }
    return ok(c, null, '编辑成功!', 200);
  });

  const remove = async (c: Ctx, ids: string[]) => {
    if (!ids.length) return fail(c, '请选择要删除的职务');
    const { db } = c.get('deps');
    const unique = [...new Set(ids)];
    const found = await db.selectFrom('sys_position').select(['id', 'code', 'name']).where('id', 'in', unique).orderBy('code').execute();
    if (found.length !== unique.length) return fail(c, NOT_FOUND);
    const counts = await holderCounts(
      db,
      found.map((p) => p.code),
    );
    const held = found.filter((p) => counts.get(p.code));
    if (held.length === 1) return fail(c, holdersMessage(held[0].name, counts.get(held[0].code)!, '删除'));
    if (held.length > 1) {
      const named = held.map((p) => `“${p.name}”${counts.get(p.code)} 名`).join('、');
      return fail(c, `以下职务仍有用户担任，不能删除：${named}；请先在用户管理中取消这些用户的职务`);
    }
    await db.transaction().execute(async (tx) => {
      // Users in the recycle bin may still name a deleted code: drop it so a restored account holds nothing stale.
      for (const p of found) {
        const stale = await tx.selectFrom('sys_user').select(['id', 'post']).where('del_flag', '=', 1).where(holdsPosition('post', p.code)).execute();
        for (const u of stale) {
          const rest = String(u.post ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s && s !== p.code);
          await tx.updateTable('sys_user').set({ post: rest.length ? rest.join(',') : null }).where('id', '=', u.id).execute();
        }
      }
      await tx.deleteFrom('sys_position').where('id', 'in', unique).execute();
    });
    return ok(c, null, '删除成功!', 200);
  };
  r.at(positionApi.delete, perm('position:del'), (c) => remove(c, idList(c.req.query('id'), 1)));
  r.at(positionApi.deleteBatch, perm('position:del'), (c) => remove(c, idList(c.req.query('ids'), 200)));

  r.at(positionApi.exportXls, perm('position:export'), async (c) => exportResponse(c, positionsList, await filteredRows(c, listOptions(c), 'id', 10_000)));

  r.at(positionApi.importExcel, perm('position:import'), async (c) =>
    importWorkbook(c, positionsList, POSITION_COLUMNS, positionBody, async (row) => (await insertPosition(c, row))?.message ?? null),
  );
}
