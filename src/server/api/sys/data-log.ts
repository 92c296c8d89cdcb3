// 数据日志 API (teaching-open's /sys/dataLog): the versions edits keep (domain/data-log.ts). Administrators only.
//
//   GET /sys/dataLog/list              paged; dataTable, dataId, createBy, createTime_begin/_end
//   GET /sys/dataLog/queryDataVerList  ?dataTable=&dataId=   every version of one record, oldest first
//   GET /sys/dataLog/queryCompareList  ?dataId1=&dataId2=    the two versions (log row ids), older first, each with
//                                                            `changedFields`: the fields whose values differ
//   GET /sys/dataLog/tables            the logged tables, for the 表名 filter
import type { Context } from 'hono';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import type { SysDataLogTable } from '../../db/schema.js';
import { compareVersions, DATA_LOG_TABLES, isDataLogTable } from '../../domain/data-log.js';
import { dataLogApi } from '../../contracts/data-logs.js';
import { camel } from '../../domain/serialize.js';
import { DATA_LOG_TABLE_NAMES, dataLogFields, dataLogsList } from '../../resources/data-logs.js';
import { adminOnly, type ApiRoutes } from '../access.js';
import { fail, ok, type Answer } from '../envelope.js';
import { pagedList } from '../list-query.js';

/** The versions hold every field of users, courses and works: administrators only (an admin-only button code). */
const ADMIN = adminOnly('datalog:view');

type LogRow = Selectable<SysDataLogTable>;

const toRecord = (row: LogRow) => ({ ...camel(row), dataTable_dictText: DATA_LOG_TABLE_NAMES[row.data_table] ?? row.data_table });

const listFields = dataLogFields.fieldMap(['dataTable', 'dataId', 'dataVersion', 'createBy', 'createTime']);

const id = (name: string) => z.string({ message: `请指定${name}` }).trim().min(1, `请指定${name}`).max(64, `${name}格式不正确`);
const verQuery = z.object({ dataTable: z.string({ message: '请指定表名' }).refine(isDataLogTable, '表名不正确'), dataId: id('数据ID') });
const compareQuery = z.object({ dataId1: id('第一个版本'), dataId2: id('第二个版本') });

function parse<S extends z.ZodType>(c: Context<ApiEnv>, schema: S): { ok: true; data: z.infer<S> } | { ok: false; response: Answer<never> } {
  const q = schema.safeParse(c.req.query());
  return q.success ? { ok: true, data: q.data } : { ok: false, response: fail(c, q.error.issues[0]?.message ?? '参数错误', 400, 400) };
}

export function registerDataLogRoutes(r: ApiRoutes) {
  r.at(dataLogApi.list, ADMIN, (c) => {
    const table = c.req.query('dataTable');
    if (table && !isDataLogTable(table)) return fail(c, '表名不正确', 400, 400);
    return pagedList(c, {
      spec: dataLogsList,
      fields: listFields,
      base: c.get('deps').db.selectFrom('sys_data_log'),
      select: (qb) => qb.selectAll(),
      toRecord,
      tieBreak: 'id',
    });
  });

  r.at(dataLogApi.tables, ADMIN, (c) => ok(c, DATA_LOG_TABLES.map((t) => ({ value: t, label: DATA_LOG_TABLE_NAMES[t] ?? t })), '操作成功！', 200));

  r.at(dataLogApi.versions, ADMIN, async (c) => {
    const q = parse(c, verQuery);
    if (!q.ok) return q.response;
    const rows = await c
      .get('deps')
      .db.selectFrom('sys_data_log')
      .selectAll()
      .where('data_table', '=', q.data.dataTable)
      .where('data_id', '=', q.data.dataId)
      .orderBy('data_version', 'asc')
      .execute();
    return ok(c, rows.map(toRecord), '操作成功！', 200);
  });

  r.at(dataLogApi.compare, ADMIN, async (c) => {
    const q = parse(c, compareQuery);
    if (!q.ok) return q.response;
    if (q.data.dataId1 === q.data.dataId2) return fail(c, '请选择两个不同的版本进行对比');
    const rows = await c.get('deps').db.selectFrom('sys_data_log').selectAll().where('id', 'in', [q.data.dataId1, q.data.dataId2]).orderBy('data_version', 'asc').execute();
    if (rows.length !== 2) return fail(c, '未找到对应的版本');
    const [a, b] = rows;
    if (a.data_table !== b.data_table || a.data_id !== b.data_id) return fail(c, '只能对比同一条数据的两个版本');
    const changedFields = compareVersions(a.data_content, b.data_content)
      .filter((f) => f.changed)
      .map((f) => f.field);
    return ok(c, [a, b].map((row) => ({ ...toRecord(row), changedFields })), '操作成功！', 200);
  });
}
