// 多数据源管理 (/sys/dataSource) and 测试连接 (/online/cgreport/api/testConnection), administrators only.
// The address is checked on save (domain/data-sources.ts), the password encrypted before it is stored and never
// answered; a data source that reports read cannot be deleted.
import type { Context } from 'hono';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { dataSourceApi } from '../../contracts/data-sources.js';
import type { ApiEnv } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { connectionSpec, DataSourceError, decryptPassword, driverOf, encryptPassword } from '../../domain/data-sources.js';
import { newId } from '../../domain/ids.js';
import { externalDatabase, ReadError } from '../../domain/report-runner.js';
import { camel } from '../../domain/serialize.js';
import { now } from '../../domain/time.js';
import { DATA_SOURCE_FORM_KEYS, dataSourceFields, dataSourcesList, DB_TYPE_OPTIONS } from '../../resources/data-sources.js';
import type { ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok, type Answer } from '../envelope.js';
import { idList, pagedList } from '../list-query.js';
import { DESIGN, sourceContext } from '../online/report-context.js';

type Row = Selectable<Database['sys_data_source']>;
const CODE_TAKEN = '数据源编码已存在';
const fields = dataSourceFields.fieldMap(['code', 'name', 'dbType', 'createTime']);
const body = dataSourceFields.schema(DATA_SOURCE_FORM_KEYS);
const editBody = body.extend({ id: z.string({ message: 'id不能为空' }).min(1, 'id不能为空').max(64) });
const testBody = dataSourceFields.schema(['dbType', 'dbDriver', 'dbUrl', 'dbName', 'dbUsername', 'dbPassword']).extend({ id: z.string().max(64).nullish() });

/** A row as the client sees it: the password blank, whether one is stored, the type's name. */
const record = (r: Row) => {
  const { db_password, ...rest } = r;
  return { ...camel(rest), dbPassword: '' as const, hasPassword: !!db_password, dbType_dictText: DB_TYPE_OPTIONS.find((o) => o.value === r.db_type)?.label ?? r.db_type };
};

const place = (c: Context<ApiEnv>) => sourceContext(c).place;

export function registerDataSourceRoutes(r: ApiRoutes) {
  r.at(dataSourceApi.list, DESIGN, (c) =>
    pagedList(c, { spec: dataSourcesList, fields, base: c.get('deps').db.selectFrom('sys_data_source'), select: (qb) => qb.selectAll(), toRecord: (row) => record(row as Row), tieBreak: 'id' }),
  );

  r.at(dataSourceApi.queryById, DESIGN, async (c) => {
    const row = await c.get('deps').db.selectFrom('sys_data_source').selectAll().where('id', '=', c.req.query('id') ?? '').executeTakeFirst();
    return row ? ok(c, record(row), '操作成功！', 200) : fail(c, '未找到对应数据');
  });

  /** The columns a save writes, or the refusal (address, password without a key). */
  const values = (c: Context<ApiEnv>, b: z.infer<typeof body>, keep?: string | null): Answer<never> | Omit<Row, 'id' | 'create_by' | 'create_time' | 'update_by' | 'update_time' | 'sys_org_code'> => {
    try {
      connectionSpec(b, place(c));
    } catch (err) {
      if (err instanceof DataSourceError) return fieldFail(c, 'dbUrl', err.message);
      throw err;
    }
    let password = keep ?? null;
    if (b.dbPassword) {
      try {
        password = encryptPassword(b.dbPassword, c.get('deps').config.dataSourceKeys ?? {});
      } catch (err) {
        if (err instanceof DataSourceError) return fieldFail(c, 'dbPassword', err.message);
        throw err;
      }
    }
    return {
      code: b.code,
      name: b.name,
      remark: b.remark ?? null,
      db_type: b.dbType,
      db_driver: b.dbDriver || driverOf(b.dbType) || null,
      db_url: b.dbUrl,
      db_name: b.dbName ?? null,
      db_username: b.dbUsername ?? null,
      db_password: password,
    };
  };

  r.at(dataSourceApi.add, DESIGN, async (c) => {
    const parsed = await jsonBody(c, body);
    if (!parsed.ok) return parsed.response;
    const v = values(c, parsed.data);
    if (v instanceof Response) return v;
    const { db } = c.get('deps');
    if (await db.selectFrom('sys_data_source').select('id').where('code', '=', v.code).executeTakeFirst()) return fieldFail(c, 'code', CODE_TAKEN);
    try {
      await db.insertInto('sys_data_source').values({ id: newId(), ...v, create_by: c.get('user')!.username, create_time: now() }).execute();
    } catch (err) {
      if (isUniqueViolation(err)) return fieldFail(c, 'code', CODE_TAKEN);
      throw err;
    }
    return ok(c, null, '添加成功！', 200);
  });

  r.at(dataSourceApi.edit, DESIGN, async (c) => {
    const parsed = await jsonBody(c, editBody);
    if (!parsed.ok) return parsed.response;
    const { db } = c.get('deps');
    const row = await db.selectFrom('sys_data_source').selectAll().where('id', '=', parsed.data.id).executeTakeFirst();
    if (!row) return fail(c, '未找到对应数据');
    const v = values(c, parsed.data, row.db_password);
    if (v instanceof Response) return v;
    if (v.code !== row.code) {
      // Reports name their data source by code: renaming one in use would leave them reading nothing.
      const users = await db.selectFrom('onl_cgreport_head').select('name').where('db_source', '=', row.code).execute();
      if (users.length) return fieldFail(c, 'code', `该数据源正被${users.length}个报表使用（${users.map((u) => u.name).join('、')}），不能修改编码`);
      if (await db.selectFrom('sys_data_source').select('id').where('code', '=', v.code).executeTakeFirst()) return fieldFail(c, 'code', CODE_TAKEN);
    }
    try {
      await db.updateTable('sys_data_source').set({ ...v, update_by: c.get('user')!.username, update_time: now() }).where('id', '=', row.id).execute();
    } catch (err) {
      if (isUniqueViolation(err)) return fieldFail(c, 'code', CODE_TAKEN);
      throw err;
    }
    return ok(c, null, '编辑成功!', 200);
  });

  const remove = async (c: Context<ApiEnv>, ids: string[], message: string) => {
    if (!ids.length) return fail(c, '请选择要删除的数据源');
    const { db } = c.get('deps');
    const rows = await db.selectFrom('sys_data_source').select(['id', 'code', 'name']).where('id', 'in', ids).execute();
    if (rows.length !== ids.length) return fail(c, '未找到对应数据');
    const users = await db.selectFrom('onl_cgreport_head').select(['name', 'db_source']).where('db_source', 'in', rows.map((x) => x.code)).execute();
    if (users.length) return fail(c, `数据源正被${users.length}个报表使用（${users.map((u) => u.name).join('、')}），不能删除`);
    await db.deleteFrom('sys_data_source').where('id', 'in', ids).execute();
    return ok(c, null, message, 200);
  };
  r.at(dataSourceApi.delete, DESIGN, (c) => remove(c, idList(c.req.query('id'), 1), '删除成功!'));
  r.at(dataSourceApi.deleteBatch, DESIGN, (c) => remove(c, idList(c.req.query('ids'), 500), '批量删除成功!'));

  r.at(dataSourceApi.testConnection, DESIGN, async (c) => {
    const parsed = await jsonBody(c, testBody);
    if (!parsed.ok) return parsed.response;
    const b = parsed.data;
    const ctx = sourceContext(c);
    try {
      const spec = connectionSpec(b, ctx.place, true);
      let password = b.dbPassword || undefined;
      if (!password && b.id) {
        const stored = await ctx.db.selectFrom('sys_data_source').select('db_password').where('id', '=', b.id).executeTakeFirst();
        if (stored?.db_password) password = decryptPassword(stored.db_password, ctx.keys);
      }
      // A short leash: testing waits at most the connect timeout, and its query one more.
      const limits = { ...ctx.limits, timeoutMs: Math.min(ctx.limits.timeoutMs, ctx.limits.connectTimeoutMs) };
      await externalDatabase(spec, password, limits).read([{ sql: 'SELECT 1 AS ok', params: [] }], 1);
      return ok(c, null, '数据库连接成功', 200);
    } catch (err) {
      if (err instanceof DataSourceError || err instanceof ReadError) return fail(c, err.message.startsWith('数据库连接失败') ? err.message : `数据库连接失败：${err.message}`);
      throw err;
    }
  });
}
