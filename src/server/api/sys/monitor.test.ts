// 系统监控 API: admin-only everywhere (even for a teacher granted every menu), the shapes the screens read, the
// request trace's redaction and user attribution, Redis with and without REDIS_URL, and 强制退出: the session
// ends (next call refused) and its notice websocket closes at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../domain/ids.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { expectNoPermission, expectTokenRefusal } from '../../../../test/assertions.js';
import { connect, opened } from '../../../../test/ws-client.js';
import { REDACTED } from '../../monitor/recorder.js';
import { browserSummary } from './monitor.js';
import { describeWith, redisService, REDIS_URL } from '../../../../test/services.js';


const READS = [
  '/actuator/system',
  '/actuator/runtime',
  '/actuator/http',
  '/actuator/disk',
  '/actuator/health',
  '/actuator/metrics',
  '/actuator/metrics/process.uptime',
  '/actuator/httptrace',
  '/actuator/httptrace/list',
  '/actuator/httptrace/queryById?id=1',
  '/actuator/redis/overview',
  '/actuator/redis/info',
  '/actuator/redis/keysSize',
  '/actuator/redis/memoryInfo',
  '/actuator/redis/queryDiskInfo',
  '/sys/online/list',
];

describe.each(dialects)('系统监控 API on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ dialect, listen: true });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('registers every monitoring route admin-only', () => {
    const monitoring = t.apiRoutes.routes.filter((r) => r.path.startsWith('/actuator/') || r.path.startsWith('/sys/online/'));
    expect(monitoring.length).toBe(READS.length + 1);
    for (const r of monitoring) {
      const a = r.access;
      const adminOnly = (a.kind === 'role' && a.codes.length === 1 && a.codes[0] === 'admin') || (a.kind === 'admin' && a.code === 'online:forceLogout');
      expect(adminOnly, `${r.method} ${r.path}`).toBe(true);
    }
  });

  it('refuses students, and teachers even when their role is granted every menu and button', async () => {
    const teacherRole = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'teacher').executeTakeFirstOrThrow()).id;
    const held = t.db.selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', teacherRole);
    const missing = await t.db.selectFrom('sys_permission').select('id').where('id', 'not in', held).execute();
    const added = missing.map((p) => ({ id: newId(), role_id: teacherRole, permission_id: p.id, data_rule_ids: null }));
    await t.db.insertInto('sys_role_permission').values(added).execute();
    try {
      const [teacher, student] = await Promise.all([t.login('teacher'), t.login('student1')]);
      const menu = await t.api('GET', '/sys/permission/getUserPermissionByToken', { token: teacher });
      expect(JSON.stringify(menu.body.result.menu)).toContain('/monitor/SystemInfo');
      const sessionsBefore = (await t.db.selectFrom('sys_session').select('id').execute()).length;
      for (const token of [teacher, student]) {
        for (const p of READS) expectNoPermission(await t.api('GET', p, { token }));
        const sessions = await t.db.selectFrom('sys_session').select('id').execute();
        expectNoPermission(await t.api('POST', '/sys/online/forceLogout', { token, body: { id: sessions[0].id } }));
      }
      // Nobody was logged out by the refused calls.
      expect(await t.db.selectFrom('sys_session').select('id').execute()).toHaveLength(sessionsBefore);
    } finally {
      await t.db.deleteFrom('sys_role_permission').where('id', 'in', added.map((a) => a.id)).execute();
    }
  });

  it('answers the server, runtime, HTTP and disk readings', async () => {
    const sys = (await t.api('GET', '/actuator/system', { token: admin })).body.result;
    expect(sys.cpu.count).toBeGreaterThan(0);
    expect(sys.memory.total).toBeGreaterThan(sys.memory.free);
    expect(sys.uptime.processSeconds).toBeGreaterThanOrEqual(0);
    expect(Object.keys(sys.load)).toEqual(['1m', '5m', '15m']);

    const rt = (await t.api('GET', '/actuator/runtime', { token: admin })).body.result;
    expect(rt.versions.node).toBe(process.versions.node);
    expect(rt.memory.heapUsed).toBeGreaterThan(0);
    expect(rt.heap.limit).toBeGreaterThan(rt.memory.heapUsed);
    expect(rt.eventLoop).toHaveProperty('p99Ms');
    expect(rt.gc).toHaveProperty('count');

    const http = (await t.api('GET', '/actuator/http', { token: admin })).body.result;
    expect(http.total).toBeGreaterThan(0);
    expect(http.byClass['2xx']).toBeGreaterThan(0);
    expect(http.latency.p50).toBeLessThanOrEqual(http.latency.p99);
    expect(http.latency.buckets.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(http.total);
    // The test server listens, so its connections are counted.
    expect(http.connections.current).not.toBeNull();

    const disk = (await t.api('GET', '/actuator/disk', { token: admin })).body.result;
    expect(disk.dataDir).toBe(t.deps.config.dataDir);
    // Where the files are, without secrets: the store's kind and location only.
    expect(disk.storage).toEqual({ kind: t.deps.storage.kind, location: t.deps.storage.location });
    expect(disk).not.toHaveProperty('filesDir');
    expect(disk.database.dialect).toBe(dialect);
    expect(disk.database.bytes).toBeGreaterThan(0);
    expect(disk.fileSystem.total).toBeGreaterThan(disk.fileSystem.available);
    const anchorDisk = (await t.api('GET', '/actuator/redis/queryDiskInfo', { token: admin })).body.result;
    expect(anchorDisk[0]).toMatchObject({ name: t.deps.config.dataDir, max: disk.fileSystem.total });

    // Bare answers: the test reads their body as what it is.
    const bareBody = async (path: string) => (await t.api('GET', path, { token: admin })).body as unknown as Record<string, any>;
    const names = (await bareBody('/actuator/metrics')).names;
    expect(names).toContain('http.server.requests');
    const m = await bareBody('/actuator/metrics/http.server.requests');
    expect(m.measurements.map((x: { statistic: string }) => x.statistic)).toEqual(['COUNT', 'TOTAL_TIME', 'MAX']);
    const unknown = await t.api('GET', '/actuator/metrics/jvm.nothing', { token: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('没有这个监控指标');
  });

  // The names the anchor's 服务器信息, JVM信息 and Tomcat信息 ask for, all at once as they do (one missing name
  // fails the screen), read by position from Actuator's bare shape.
  it("answers the anchor's monitor screens' Actuator names, bare, with real figures", async () => {
    const screens = {
      server: ['system.cpu.count', 'system.cpu.usage', 'process.start.time', 'process.uptime', 'process.cpu.usage'],
      jvm: ['jvm.memory.max', 'jvm.memory.committed', 'jvm.memory.used', 'jvm.buffer.memory.used', 'jvm.buffer.count', 'jvm.threads.daemon', 'jvm.threads.live', 'jvm.threads.peak', 'jvm.classes.loaded', 'jvm.classes.unloaded', 'jvm.gc.memory.allocated', 'jvm.gc.memory.promoted', 'jvm.gc.max.data.size', 'jvm.gc.live.data.size', 'jvm.gc.pause'],
      tomcat: ['tomcat.sessions.created', 'tomcat.sessions.expired', 'tomcat.sessions.active.current', 'tomcat.sessions.active.max', 'tomcat.sessions.rejected', 'tomcat.global.sent', 'tomcat.global.request.max', 'tomcat.global.request', 'tomcat.servlet.request', 'tomcat.servlet.request.max', 'tomcat.threads.current', 'tomcat.threads.config.max', 'tomcat.threads.busy', 'tomcat.global.received', 'tomcat.global.error'],
    };
    const read = async (name: string) => {
      const res = await t.api('GET', `/actuator/metrics/${name}`, { token: admin });
      expect(res.status, name).toBe(200);
      const body = res.body as unknown as { name: string; baseUnit: string | null; measurements: { statistic: string; value: number }[] };
      expect(Object.keys(body).sort(), `${name} is bare, not an envelope`).toEqual(['availableTags', 'baseUnit', 'description', 'measurements', 'name']);
      expect(body.name).toBe(name);
      for (const x of body.measurements) expect(Number.isFinite(x.value), name).toBe(true);
      return body;
    };
    for (const list of Object.values(screens)) await Promise.all(list.map(read));
    const v = async (name: string, i = 0) => (await read(name)).measurements[i].value;
    // Real figures: the heap in use is below its limit, uptime and start time agree with the process's.
    expect(await v('jvm.memory.used')).toBeGreaterThan(0);
    expect(await v('jvm.memory.used')).toBeLessThan(await v('jvm.memory.max'));
    expect(await v('system.cpu.count')).toBeGreaterThan(0);
    expect(Math.abs((await v('process.start.time')) - (Date.now() / 1000 - process.uptime()))).toBeLessThan(5);
    expect(await v('jvm.threads.live')).toBeGreaterThanOrEqual(1);
    // Timers in Micrometer's order, in seconds; the requests made above are counted.
    const gc = await read('jvm.gc.pause');
    expect(gc.measurements.map((x) => x.statistic)).toEqual(['COUNT', 'TOTAL_TIME', 'MAX']);
    expect(gc.baseUnit).toBe('seconds');
    const before = await v('tomcat.global.request');
    const sentBefore = await v('tomcat.global.sent');
    // Bytes are the listening server's: a request over its socket counts them, headers included.
    expect((await fetch(`${t.baseUrl}/healthz`)).status).toBe(200);
    expect(await v('tomcat.global.request')).toBeGreaterThan(before);
    expect(await v('tomcat.global.sent')).toBeGreaterThan(sentBefore);
    expect(await v('tomcat.global.received')).toBeGreaterThan(0);
  });

  it('traces requests with secrets redacted, credited to their user (pages too)', async () => {
    const probe = `probe-${Date.now()}`;
    await t.request(`/api/sys/dict/getDictItems/sex?${probe}=1&token=tok-secret&password=pw-secret&captcha=cap-secret&checkKey=ck-secret&X-Access-Token=h-secret`, {
      headers: { Authorization: 'Bearer auth-secret', 'X-Access-Token': admin, Cookie: 'xt_token=cookie-secret', Referer: 'http://127.0.0.1/user/login?redirect=%2Fhome&token=ref-secret' },
    });
    const listed = await t.api('GET', `/actuator/httptrace/list?uri=*${probe}*`, { token: admin });
    expect(listed.body.result.total).toBe(1);
    const rec = listed.body.result.records[0];
    expect(rec.uri).toContain(`${probe}=1`);
    for (const p of ['token', 'password', 'captcha', 'checkKey', 'X-Access-Token']) expect(rec.uri).toContain(`${p}=${encodeURIComponent(REDACTED)}`);
    expect(rec.headers.authorization).toBe(REDACTED);
    expect(rec.headers['x-access-token']).toBe(REDACTED);
    expect(rec.headers.cookie).toBe(REDACTED);
    expect(rec.headers.referer).toBe(`http://127.0.0.1/user/login?redirect=%2Fhome&token=${encodeURIComponent(REDACTED)}`);
    expect(rec.username).toBe('admin');
    expect(rec.status).toBe(200);
    // 详情: the same record with its headers one a line; a request no longer kept is said to be gone.
    const detail = (await t.api('GET', `/actuator/httptrace/queryById?id=${rec.id}`, { token: admin })).body.result;
    expect(detail.headersText).toContain(`authorization: ${REDACTED}`);
    expect((await t.api('GET', '/actuator/httptrace/queryById?id=999999999', { token: admin })).body.message).toBe('该请求已不在最近的记录中');
    // Nothing secret anywhere in either trace answer.
    const spring = await t.api('GET', '/actuator/httptrace', { token: admin });
    const all = JSON.stringify(spring.body) + JSON.stringify(listed.body);
    for (const secret of ['tok-secret', 'pw-secret', 'cap-secret', 'ck-secret', 'h-secret', 'auth-secret', 'cookie-secret', 'ref-secret', admin]) expect(all).not.toContain(secret);
    const springBody = spring.body as unknown as { traces: any[] };
    expect(Object.keys(springBody), 'bare, as Spring answers').toEqual(['traces']);
    const sp = springBody.traces.find((x: any) => x.request.uri.includes(probe));
    expect(sp).toMatchObject({ principal: { name: 'admin' }, response: { status: 200 } });

    // A page's own API calls are not traced again; the page is credited to its user.
    const page = await t.request(`/account/settings/base?${probe}-page=1`, { headers: { Cookie: `xt_token=${admin}` } });
    expect(page.status).toBe(200);
    const pages = (await t.api('GET', `/actuator/httptrace/list?uri=*${probe}-page*`, { token: admin })).body.result.records;
    expect(pages).toHaveLength(1);
    expect(pages[0].username).toBe('admin');
    const recent = (await t.api('GET', '/actuator/httptrace/list?pageSize=5', { token: admin })).body.result.records;
    expect(recent.some((r: any) => r.uri.startsWith('/api/sys/permission/getUserPermissionByToken') && r.timestamp >= pages[0].timestamp)).toBe(false);

    // Filters: method, status class; the newest first.
    const notFound = await t.api('GET', '/actuator/httptrace/list?status=4xx&method=get', { token: admin });
    expect(notFound.body.success).toBe(true);
    for (const r of notFound.body.result.records) expect(Math.floor(r.status / 100)).toBe(4);
    const times = recent.map((r: any) => r.timestamp);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('says plainly that Redis is not configured', async () => {
    const overview = await t.api('GET', '/actuator/redis/overview', { token: admin });
    expect(overview.body.result).toMatchObject({ configured: false });
    expect(overview.body.result.message).toContain('未配置 Redis');
    const info = await t.api('GET', '/actuator/redis/info', { token: admin });
    expect(info.body.success).toBe(false);
    expect(info.body.message).toContain('未配置 Redis');
  });

  it('lists live sessions with IP, agent and activity, never a token; 强制退出 ends one and closes its websocket', async () => {
    const res = await t.api('POST', '/sys/login', { body: { username: 'student1', password: 'Demo-test-2026' }, headers: { 'User-Agent': 'Mozilla/5.0 TestBrowser/1.0' } });
    const student: string = res.body.result.token;
    const studentId = await t.userId('student1');
    const list = await t.api('GET', '/sys/online/list?username=student1&pageSize=50', { token: admin });
    expect(list.body.success).toBe(true);
    const row = list.body.result.records.find((r: any) => r.userAgent === 'Mozilla/5.0 TestBrowser/1.0');
    expect(row).toMatchObject({ username: 'student1', ip: '127.0.0.1', current: '0' });
    expect(row.lastActivity).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(JSON.stringify(list.body)).not.toContain(student);
    const mine = (await t.api('GET', '/sys/online/list?username=admin&pageSize=50', { token: admin })).body.result.records.filter((r: any) => r.current === '1');
    expect(mine).toHaveLength(1);

    // Not the admin's own session; not an unknown one; nothing changes on bad input.
    const self = await t.api('POST', '/sys/online/forceLogout', { token: admin, body: { id: mine[0].id } });
    expect(self.body).toMatchObject({ success: false });
    expect(self.body.message).toContain('不能强制退出自己');
    expect((await t.api('POST', '/sys/online/forceLogout', { token: admin, body: { id: 'nope' } })).body.message).toBe('该会话已结束或不存在');
    expect((await t.api('POST', '/sys/online/forceLogout', { token: admin, body: {} })).status).toBe(400);
    expect((await t.api('GET', '/sys/permission/getUserPermissionByToken', { token: admin })).body.success).toBe(true);

    const socket = connect(`ws://127.0.0.1:${t.port}/api/websocket/${studentId}?token=${encodeURIComponent(student)}`);
    await opened(socket);
    const kicked = await t.api('POST', '/sys/online/forceLogout', { token: admin, body: { id: row.id } });
    expect(kicked.body).toMatchObject({ success: true, message: '已强制退出 student1' });
    expect((await socket.closed).code).toBe(4401);
    expectTokenRefusal(await t.api('GET', '/sys/permission/getUserPermissionByToken', { token: student }));
    const after = await t.api('GET', '/sys/online/list?username=student1&pageSize=50', { token: admin });
    expect(after.body.result.records.some((r: any) => r.id === row.id)).toBe(false);
    // The admin's own session is untouched.
    expect((await t.api('GET', '/sys/permission/getUserPermissionByToken', { token: admin })).body.success).toBe(true);
  });

  it('writes last activity at most once a minute per session', async () => {
    const token = await t.login('teacher');
    const row = () => t.db.selectFrom('sys_session').select(['id', 'last_seen_at', 'expires_at']).orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow();
    const first = await row();
    await t.api('GET', '/sys/permission/getUserPermissionByToken', { token });
    expect(Number((await row()).last_seen_at)).toBe(Number(first.last_seen_at));
    const earlier = Date.now() - 5 * 60 * 1000;
    await t.db.updateTable('sys_session').set({ last_seen_at: earlier }).where('id', '=', first.id).execute();
    await t.api('GET', '/sys/permission/getUserPermissionByToken', { token });
    const later = await row();
    expect(Number(later.last_seen_at)).toBeGreaterThan(earlier + 60_000);
    // Only activity: the expiry did not move (it slides at most once an hour).
    expect(Number(later.expires_at)).toBe(Number(first.expires_at));
  });
});

describe('the 浏览器 column of 在线用户', () => {
  it('names the browser and system of common school-PC agents', () => {
    expect(browserSummary('Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0.4240.198 Safari/537.36 QQBrowser/10.8.4405.400')).toBe('QQ浏览器 10 / Windows');
    expect(browserSummary('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0.4240.198 Safari/537.36 360SE')).toBe('360浏览器 / Windows');
    expect(browserSummary('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36')).toBe('Chrome 120 / Linux');
    expect(browserSummary('Mozilla/5.0 (iPhone; CPU iPhone OS 14_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.0 Mobile/15E148 Safari/604.1')).toBe('Safari 14 / iOS');
    expect(browserSummary('')).toBe('');
  });
});

describeWith(redisService(), 'Redis监控 with REDIS_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { redisUrl: REDIS_URL } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows INFO, the key count and memory of the configured Redis, without its password', async () => {
    const admin = await t.login('admin');
    const overview = (await t.api('GET', '/actuator/redis/overview', { token: admin })).body.result;
    expect(overview.configured).toBe(true);
    expect(overview.server).toBe('127.0.0.1:6379/0');
    expect(overview.info.find((x: any) => x.key === 'redis_version').value).toMatch(/^\d+\.\d+/);
    expect(overview.info.find((x: any) => x.key === 'used_memory').description).toContain('内存');
    const info = (await t.api('GET', '/actuator/redis/info', { token: admin })).body.result;
    expect(info.map((x: any) => x.key)).toContain('connected_clients');
    const keys = (await t.api('GET', '/actuator/redis/keysSize', { token: admin })).body.result;
    expect(typeof keys.dbSize).toBe('number');
    const mem = (await t.api('GET', '/actuator/redis/memoryInfo', { token: admin })).body.result;
    expect(mem.used_memory).toBeGreaterThan(0);
    // 监控页's health check answers INFO from it.
    const health = (await t.api('GET', '/actuator/health', { token: admin })).body.result;
    expect(health).toMatchObject({ status: 'UP', components: { redis: { status: 'UP', details: { configured: true, server: '127.0.0.1:6379/0' } } } });
  });

  it('says so when the configured Redis cannot be reached', async () => {
    const down = await startTestApp({ config: { redisUrl: 'redis://:hunter2@127.0.0.1:1/0' } });
    try {
      const admin = await down.login('admin');
      const res = await down.api('GET', '/actuator/redis/overview', { token: admin });
      expect(res.body.success).toBe(false);
      expect(res.body.message).toContain('无法连接 Redis（127.0.0.1:1/0）');
      expect(res.body.message).not.toContain('hunter2');
      // The health check says DOWN, naming the server without its password.
      const health = (await down.api('GET', '/actuator/health', { token: admin })).body.result;
      expect(health).toMatchObject({ status: 'DOWN', components: { db: { status: 'UP' }, redis: { status: 'DOWN', details: { server: '127.0.0.1:1/0' } } } });
      expect(JSON.stringify(health)).not.toContain('hunter2');
    } finally {
      await down.close();
    }
  });
});
