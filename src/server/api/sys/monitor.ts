// 系统监控 API, admin-only throughout (the anchor left /actuator/* anonymous and let any user list the online
// users' tokens and kick the admin: JB#2793, JB#9195).
//
// The anchor's paths where it has them:
//   GET  /actuator/redis/info | keysSize | memoryInfo | queryDiskInfo   (ActuatorRedisController's shapes)
//   GET  /actuator/httptrace                                            ({traces:[…]} bare, Spring's shape, secrets redacted)
//   GET  /actuator/metrics, /actuator/metrics/:name                     (bare, Spring's shape and names: monitor/actuator.ts)
//   GET  /sys/online/list, POST /sys/online/forceLogout                 (sessions by id: tokens are never shown)
// Our equivalents of what the anchor read from the JVM and Tomcat, one call per screen:
//   GET  /actuator/system (服务器信息), /actuator/runtime (Node.js, in place of JVM), /actuator/http (HTTP服务,
//        in place of Tomcat), /actuator/disk (磁盘监控), /actuator/redis/overview (Redis监控),
//        /actuator/httptrace/list (请求追踪, paged for the list screen).
import type { Context } from 'hono';
import { sql, type Selectable } from 'kysely';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import type { Database, SysUser } from '../../db/schema.js';
import { revokeSession } from '../../domain/sessions.js';
import { formatDateTime } from '../../domain/time.js';
import { actuatorApi, monitorApi, type OnlineSession, type SpringTrace } from '../../contracts/monitor.js';
import { actuatorMetrics } from '../../monitor/actuator.js';
import { onlineFields, onlineList, traceList } from '../../resources/monitor.js';
import { RequestRecorder, type TraceRecord } from '../../monitor/recorder.js';
import { readRedis, redisServerLabel } from '../../monitor/redis.js';
import { diskInfo, runtimeInfo, systemInfo } from '../../monitor/system.js';
import { adminOnly, role, type ApiRoutes } from '../access.js';
import { bare, fail, jsonBody, ok, page, paging } from '../envelope.js';
import { pagedList } from '../list-query.js';

const ADMIN = role('admin');
const REDIS_NOT_CONFIGURED = '未配置 Redis：服务器没有设置 REDIS_URL，通知推送与登录限制在本进程内完成';

const recorderOf = (c: Context<ApiEnv>): RequestRecorder => c.get('deps').monitor ?? EMPTY_RECORDER;
const EMPTY_RECORDER = new RequestRecorder(1);

/** Size of the database in bytes (SQLite pages, PostgreSQL's pg_database_size); null when it cannot be read. */
async function databaseBytes(c: Context<ApiEnv>): Promise<number | null> {
  const { db, dialect } = c.get('deps');
  try {
    const q =
      dialect === 'postgres'
        ? sql<{ n: string | number }>`select pg_database_size(current_database()) as n`
        : sql<{ n: string | number }>`select page_count * page_size as n from pragma_page_count(), pragma_page_size()`;
    const row = (await q.execute(db)).rows[0];
    return row ? Number(row.n) : null;
  } catch {
    return null;
  }
}

async function disk(c: Context<ApiEnv>) {
  const { config, dialect, storage } = c.get('deps');
  return diskInfo({ dataDir: config.dataDir, storage, dialect, databaseBytes: await databaseBytes(c) });
}

/** A trace in Spring's httptrace shape (what the anchor's 请求追踪 read). */
const springTrace = (t: TraceRecord): SpringTrace => ({
  timestamp: new Date(t.timestamp).toISOString(),
  principal: t.username ? { name: t.username } : null,
  session: null,
  request: { method: t.method, uri: t.uri, headers: t.headers, remoteAddress: t.ip },
  response: { status: t.status, headers: {} },
  timeTaken: t.timeTaken,
});

const traceRecord = (t: TraceRecord) => ({
  id: String(t.id),
  time: formatDateTime(new Date(t.timestamp)),
  timestamp: t.timestamp,
  method: t.method,
  uri: t.uri,
  status: t.status,
  timeTaken: t.timeTaken,
  userId: t.userId,
  username: t.username ?? '',
  ip: t.ip ?? '',
  headers: t.headers,
  headersText: Object.entries(t.headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n'),
});

const traceQuery = z.object({
  uri: z.string().max(200, '请求URL不能超过200个字符').optional(),
  method: z.string().max(10, '请求方法不正确').optional(),
  status: z.string().max(5, '响应状态不正确').optional(),
  column: z.string().max(50).optional(),
  order: z.string().max(10).optional(),
});

/** The 请求追踪 list: filters (URL contains, method, status or status class like 5xx), sort, page. */
function traceListPage(c: Context<ApiEnv>) {
  const q = traceQuery.safeParse(c.req.query());
  if (!q.success) return fail(c, q.error.issues[0]?.message ?? '参数错误', 400, 400);
  const { uri, method, status, column, order } = q.data;
  const needle = (uri ?? '').replace(/^\*+|\*+$/g, '').trim().toLowerCase();
  const m = (method ?? '').trim().toUpperCase();
  const st = (status ?? '').trim().toLowerCase();
  let rows = recorderOf(c).traces();
  if (needle) rows = rows.filter((t) => t.uri.toLowerCase().includes(needle));
  if (m) rows = rows.filter((t) => t.method === m);
  if (/^[1-5]xx$/.test(st)) rows = rows.filter((t) => Math.floor(t.status / 100) === Number(st[0]));
  else if (st) rows = rows.filter((t) => String(t.status) === st);
  const key = column === 'timeTaken' || column === 'status' ? column : 'timestamp';
  const dir = (column === 'timeTaken' || column === 'status' || column === 'time') && /asc/i.test(order ?? '') ? 1 : -1;
  if (key !== 'timestamp' || dir === 1) rows = [...rows].sort((a, b) => (a[key] - b[key] || a.id - b.id) * dir);
  const { pageNo, pageSize, offset } = paging(c, traceList.defaultPageSize ?? 20, 200);
  return ok(c, page(rows.slice(offset, offset + pageSize).map(traceRecord), rows.length, pageNo, pageSize), '操作成功！', 0);
}

const onlineFieldMap = onlineFields.fieldMap(['username', 'ip', 'loginTime', 'lastActivity']);

/** A short name of the browser and system behind a User-Agent (QQ and 360 browsers name themselves; the rest by engine). */
export function browserSummary(ua: string): string {
  if (!ua) return '';
  const v = (re: RegExp) => re.exec(ua)?.[1]?.split('.')[0];
  const browser =
    (v(/QQBrowser\/([\d.]+)/) && `QQ浏览器 ${v(/QQBrowser\/([\d.]+)/)}`) ||
    (/360SE|360EE|QIHU/i.test(ua) && '360浏览器') ||
    (v(/Edg\/([\d.]+)/) && `Edge ${v(/Edg\/([\d.]+)/)}`) ||
    (v(/Firefox\/([\d.]+)/) && `Firefox ${v(/Firefox\/([\d.]+)/)}`) ||
    (v(/(?:HeadlessChrome|Chrome|Chromium)\/([\d.]+)/) && `Chrome ${v(/(?:HeadlessChrome|Chrome|Chromium)\/([\d.]+)/)}`) ||
    (v(/Version\/([\d.]+).*Safari/) && `Safari ${v(/Version\/([\d.]+).*Safari/)}`) ||
    '';
  const system = /Windows/.test(ua) ? 'Windows' : /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS X/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : '';
  return [browser, system].filter(Boolean).join(' / ') || ua.slice(0, 60);
}

const forceLogoutBody = z.object({ id: z.string({ message: '请选择要强制退出的会话' }).trim().min(1, '请选择要强制退出的会话').max(64, '会话不存在') });

export function registerMonitorRoutes(r: ApiRoutes) {
  r.at(monitorApi.system, ADMIN, (c) => ok(c, systemInfo()));
  r.at(monitorApi.runtime, ADMIN, (c) => ok(c, runtimeInfo()));
  r.at(monitorApi.http, ADMIN, (c) => ok(c, recorderOf(c).snapshot()));
  r.at(monitorApi.disk, ADMIN, async (c) => ok(c, await disk(c)));

  // Actuator's own reads, bare as Spring answers them (the anchor's screens read the body itself).
  r.at(actuatorApi.metricNames, ADMIN, (c) => bare(c, { names: [...actuatorMetrics(recorderOf(c)).keys()] }));
  r.at(actuatorApi.metric, ADMIN, (c) => {
    const m = actuatorMetrics(recorderOf(c)).get(c.req.param('name') ?? '');
    return m ? bare(c, m) : fail(c, '没有这个监控指标', 404, 404);
  });
  r.at(actuatorApi.httptrace, ADMIN, (c) => bare(c, { traces: recorderOf(c).traces().map(springTrace) }));
  r.at(monitorApi.traces, ADMIN, traceListPage);
  r.at(monitorApi.trace, ADMIN, (c) => {
    const id = Number(c.req.query('id'));
    const found = Number.isInteger(id) ? recorderOf(c).traces().find((t) => t.id === id) : undefined;
    return found ? ok(c, traceRecord(found)) : fail(c, '该请求已不在最近的记录中');
  });

  // Redis: the overview the screen shows, and the anchor's three calls. Without REDIS_URL they say so.
  const redisUrl = (c: Context<ApiEnv>) => c.get('deps').config.redisUrl;

  // 监控页's health summary in Spring's /actuator/health shape: the database answers a query, Redis (when
  // configured) answers INFO; each with how long it took.
  r.at(monitorApi.health, ADMIN, async (c) => {
    const { db, dialect } = c.get('deps');
    const timed = async <T,>(run: () => Promise<T>) => {
      const started = performance.now();
      try {
        const value = await run();
        return { ok: true as const, value, ms: Math.round((performance.now() - started) * 10) / 10 };
      } catch (err) {
        return { ok: false as const, error: err instanceof Error ? err.message.slice(0, 200) : '未知错误', ms: Math.round((performance.now() - started) * 10) / 10 };
      }
    };
    const database = dialect === 'postgres' ? 'PostgreSQL' : 'SQLite';
    const url = redisUrl(c);
    const [dbCheck, redisCheck] = await Promise.all([timed(() => sql`select 1 as one`.execute(db)), url ? timed(() => readRedis(url)) : Promise.resolve(null)]);
    const dbPart = dbCheck.ok
      ? { status: 'UP', details: { database, latencyMs: dbCheck.ms } }
      : { status: 'DOWN', details: { database, latencyMs: dbCheck.ms, error: dbCheck.error } };
    const redisPart = !url
      ? { status: 'UNKNOWN', details: { configured: false, message: REDIS_NOT_CONFIGURED } }
      : redisCheck?.ok
        ? { status: 'UP', details: { configured: true, server: redisServerLabel(url), latencyMs: redisCheck.ms, version: redisCheck.value.info.find((x) => x.key === 'redis_version')?.value ?? '' } }
        : { status: 'DOWN', details: { configured: true, server: redisServerLabel(url), latencyMs: redisCheck?.ms ?? 0, error: redisCheck && !redisCheck.ok ? redisCheck.error : '' } };
    const status = dbPart.status === 'DOWN' || redisPart.status === 'DOWN' ? 'DOWN' : 'UP';
    return ok(c, { status, components: { db: dbPart, redis: redisPart } });
  });
  const reading = async (c: Context<ApiEnv>) => {
    const url = redisUrl(c);
    if (!url) return { response: fail(c, REDIS_NOT_CONFIGURED, 500) };
    try {
      return { value: await readRedis(url) };
    } catch (err) {
      return { response: fail(c, `无法连接 Redis（${redisServerLabel(url)}）：${err instanceof Error ? err.message.slice(0, 200) : '未知错误'}`, 500) };
    }
  };
  r.at(monitorApi.redis, ADMIN, async (c) => {
    const url = redisUrl(c);
    if (!url) return ok(c, { configured: false, message: REDIS_NOT_CONFIGURED });
    const got = await reading(c);
    if (!got.value) return got.response;
    return ok(c, { configured: true, ...got.value });
  });
  r.get('/actuator/redis/info', ADMIN, async (c) => {
    const got = await reading(c);
    return got.value ? ok(c, got.value.info.map(({ key, value, description }) => ({ key, value, description }))) : got.response;
  });
  r.get('/actuator/redis/keysSize', ADMIN, async (c) => {
    const got = await reading(c);
    return got.value ? ok(c, { dbSize: got.value.dbSize, create_time: got.value.readAt }) : got.response;
  });
  r.get('/actuator/redis/memoryInfo', ADMIN, async (c) => {
    const got = await reading(c);
    return got.value ? ok(c, { used_memory: got.value.usedMemory, create_time: got.value.readAt }) : got.response;
  });
  // The anchor listed every drive with max/rest in bytes and restPPT (percent used); ours is DATA_DIR's file system.
  r.get('/actuator/redis/queryDiskInfo', ADMIN, async (c) => {
    const d = await disk(c);
    const fsys = d.fileSystem;
    return ok(c, fsys ? [{ name: d.dataDir, max: fsys.total, rest: fsys.available, restPPT: Math.round(fsys.usedPct) }] : []);
  });

  /** A row of 在线用户: the session's columns (never its token) and its user's names. */
  type OnlineRow = Omit<Selectable<Database['sys_session']>, 'token_hash'> & Pick<SysUser, 'username' | 'realname' | 'avatar'>;

  // 在线用户: live sessions (never their tokens), and 强制退出, which ends one at once (its sockets close too).
  r.at(monitorApi.online, ADMIN, (c) => {
    const { db } = c.get('deps');
    const me = c.get('user')!;
    const base = db
      .selectFrom('sys_session as s')
      .innerJoin('sys_user as u', 'u.id', 's.user_id')
      .where('s.expires_at', '>', Date.now())
      .where('u.del_flag', '=', 0);
    return pagedList(c, {
      spec: onlineList,
      fields: onlineFieldMap,
      base,
      select: (qb) => qb.select(['s.id', 's.user_id', 's.ip', 's.user_agent', 's.created_at', 's.last_seen_at', 's.expires_at', 'u.username', 'u.realname', 'u.avatar']),
      toRecord: (row: OnlineRow): OnlineSession => ({
        id: row.id,
        userId: row.user_id,
        username: row.username,
        realname: row.realname,
        avatar: row.avatar,
        ip: row.ip ?? '',
        userAgent: row.user_agent ?? '',
        browser: browserSummary(row.user_agent ?? ''),
        loginTime: formatDateTime(new Date(Number(row.created_at))),
        lastActivity: formatDateTime(new Date(Number(row.last_seen_at))),
        expireTime: formatDateTime(new Date(Number(row.expires_at))),
        current: row.id === me.sessionId ? '1' : '0',
      }),
      tieBreak: 's.id',
    });
  });

  r.at(monitorApi.forceLogout, adminOnly('online:forceLogout'), async (c) => {
    const body = await jsonBody(c, forceLogoutBody);
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const me = c.get('user')!;
    if (body.data.id === me.sessionId) return fail(c, '不能强制退出自己当前的会话，请使用“退出登录”');
    const found = await db
      .selectFrom('sys_session as s')
      .innerJoin('sys_user as u', 'u.id', 's.user_id')
      .select(['s.id', 'u.username'])
      .where('s.id', '=', body.data.id)
      .executeTakeFirst();
    if (!found) return fail(c, '该会话已结束或不存在');
    await revokeSession(db, found.id);
    return ok(c, null, `已强制退出 ${found.username}`);
  });
}
