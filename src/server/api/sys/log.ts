// 日志管理 API: the login log (type 1) and operation log (type 2) the server writes (login.ts for logins and
// logouts, the /api middleware for every authenticated write), their list, deletion and export, and the
// dashboard's visit statistics (/sys/loginfo, /sys/visitInfo).
//
// Differences from teaching-open, on purpose: `deleteBatch?ids=allclear` does not wipe the table (clearing
// is the explicit DELETE /sys/log/clear?logType=, behind the same button code); visits count successful
// logins only, not logouts and failed attempts.
import type { Context } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import type { Selectable } from 'kysely';
import type { SysLogTable } from '../../db/schema.js';
import { camel, type Camel } from '../../domain/serialize.js';
import { contains } from '../../domain/sql-like.js';
import { daysAgo, today } from '../../domain/time.js';
import { logFields, logsList } from '../../resources/logs.js';
import { logApi } from '../../contracts/logs.js';
import { adminOnly, LOGGED_IN, menu, type ApiRoutes } from '../access.js';
import { fail, ok, type Answer } from '../envelope.js';
import { exportResponse } from '../excel.js';
import { filteredRows, idList, pagedList, type PagedListOptions } from '../list-query.js';

const fields = logFields.fieldMap(['logType', 'operateType', 'username', 'userid', 'ip', 'requestUrl', 'costTime', 'createTime']);

/** Content of the login log entry a successful login writes (login.ts): `用户名: <name>,登录成功！`. */
const LOGIN_OK_SUFFIX = '%,登录成功！';

const listQuery = z.object({
  logType: z.enum(['1', '2', ''], { message: '日志类型只能是 1（登录日志）或 2（操作日志）' }).optional(),
  keyWord: z.string().max(200, '搜索内容不能超过200个字符').optional(),
});

const listOptions = (c: Context<ApiEnv>, keyWord: string | undefined): PagedListOptions<Selectable<SysLogTable>, Camel<Selectable<SysLogTable>>> => {
  let base = c.get('deps').db.selectFrom('sys_log');
  // keyWord: the anchor's LIKE on the content; the page sends it with `*` wildcards like its other text filters.
  const kw = (keyWord ?? '').replace(/^\*+|\*+$/g, '').trim();
  if (kw) base = base.where(contains('log_content', kw));
  return {
    spec: logsList,
    fields,
    base,
    select: (qb) => qb.selectAll(),
    toRecord: (r) => camel(r),
    tieBreak: 'id',
  };
};

/** Validates the list's own parameters; the generic filters ignore what they do not know. */
function parseList(c: Context<ApiEnv>): { ok: true; keyWord?: string } | { ok: false; response: Answer<never> } {
  const q = listQuery.safeParse(c.req.query());
  if (!q.success) return { ok: false, response: fail(c, q.error.issues[0]?.message ?? '参数错误', 400, 400) };
  return { ok: true, keyWord: q.data.keyWord };
}

export function registerLogRoutes(r: ApiRoutes) {
  const route = logsList.route;

  r.at(logApi.list, menu(route), (c) => {
    const q = parseList(c);
    return q.ok ? pagedList(c, listOptions(c, q.keyWord)) : q.response;
  });

  r.at(logApi.exportXls, menu(route), async (c) => {
    const q = parseList(c);
    return q.ok ? exportResponse(c, logsList, await filteredRows(c, listOptions(c, q.keyWord), 'id', 50_000)) : q.response;
  });

  const remove = async (c: Context<ApiEnv>, ids: string[]) => {
    if (ids.includes('allclear')) return fail(c, '不支持 allclear，请使用“清空日志”');
    if (!ids.length) return fail(c, '请选择要删除的日志');
    const { db } = c.get('deps');
    const found = await db.selectFrom('sys_log').select('id').where('id', 'in', ids).execute();
    if (found.length !== new Set(ids).size) return fail(c, '未找到对应实体');
    await db.deleteFrom('sys_log').where('id', 'in', ids).execute();
    return ok(c, null, '删除成功!', 200);
  };
  r.at(logApi.delete, adminOnly('log:del'), (c) => remove(c, idList(c.req.query('id'), 1)));
  r.at(logApi.deleteBatch, adminOnly('log:del'), (c) => remove(c, idList(c.req.query('ids'))));

  // 清空日志: every log of one type, named explicitly (the page asks for confirmation first).
  r.at(logApi.clear, adminOnly('log:del'), async (c) => {
    const logType = c.req.query('logType');
    if (logType !== '1' && logType !== '2') return fail(c, '请指定要清空的日志类型：1（登录日志）或 2（操作日志）', 400, 400);
    const res = await c.get('deps').db.deleteFrom('sys_log').where('log_type', '=', Number(logType)).executeTakeFirst();
    return ok(c, { deleted: Number(res.numDeletedRows) }, `清空成功！共删除${Number(res.numDeletedRows)}条日志`, 200);
  });

  // Dashboard: successful logins overall, today, and today's distinct addresses. Two queries: the total
  // reads every login row once; today's figures are an index range (log_type, create_time).
  r.get('/sys/loginfo', LOGGED_IN, async (c) => {
    const { db } = c.get('deps');
    const logins = () => db.selectFrom('sys_log').where('log_type', '=', 1).where(sql<boolean>`${sql.ref('log_content')} like ${LOGIN_OK_SUFFIX}`);
    const [total, todays] = await Promise.all([
      logins().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      logins()
        .where('create_time', '>=', `${today()} 00:00:00`)
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('ip').distinct().as('ips')])
        .executeTakeFirst(),
    ]);
    return ok(c, { totalVisitCount: Number(total?.n ?? 0), todayVisitCount: Number(todays?.n ?? 0), todayIp: Number(todays?.ips ?? 0) }, '登录成功', 200);
  });

  // The last 7 days including today, oldest first; days without a login are reported with zeros.
  r.get('/sys/visitInfo', LOGGED_IN, async (c) => {
    const first = daysAgo(6);
    const day = sql<string>`substr(${sql.ref('create_time')}, 1, 10)`;
    const rows = await c
      .get('deps')
      .db.selectFrom('sys_log')
      .select((eb) => [day.as('tian'), eb.fn.countAll<number>().as('visit'), eb.fn.count<number>('ip').distinct().as('ip')])
      .where('log_type', '=', 1)
      .where('create_time', '>=', `${first} 00:00:00`)
      .where(sql<boolean>`${sql.ref('log_content')} like ${LOGIN_OK_SUFFIX}`)
      .groupBy(day)
      .execute();
    const byDay = new Map(rows.map((r) => [r.tian, r]));
    const result = [6, 5, 4, 3, 2, 1, 0].map((n) => {
      const tian = daysAgo(n);
      const r = byDay.get(tian);
      return { visit: Number(r?.visit ?? 0), ip: Number(r?.ip ?? 0), tian, type: tian.slice(5) };
    });
    return ok(c, result, '操作成功！', 0);
  });
}
