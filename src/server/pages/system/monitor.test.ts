// 系统监控 pages: the admin sees each screen in the shell (and its refreshing panel alone for htmx), everyone
// else gets the 403 page; Redis监控 says when Redis is not configured; 在线用户 offers 强制退出 for other
// sessions only and ends one after the confirmation; the exception pages work for any logged-in user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

const SCREENS: [string, string][] = [
  ['/monitor/SystemInfo', 'CPU使用率'],
  ['/monitor/JvmInfo', '事件循环延迟 P99'],
  ['/monitor/TomcatInfo', '响应时间分布'],
  ['/monitor/redis', '未配置 Redis'],
  ['/monitor/Disk', '数据目录（DATA_DIR）'],
  ['/monitor/HttpTrace', '请求追踪'],
  ['/monitor/online', '在线用户'],
];

describe.each(dialects)('系统监控 pages on %s', (dialect) => {
  let t: TestApp;
  const session = async (username: string) => createSession(t.db, await t.userId(username), { ip: '10.1.2.3', userAgent: `Agent of ${username}` });
  const page = (path: string, cookie: string, headers: Record<string, string> = {}) => t.request(path, { headers: { Cookie: cookie, ...headers } });

  beforeAll(async () => {
    t = await startTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows every screen to the admin, inside the shell with its menu entry', async () => {
    const admin = `xt_token=${(await session('admin')).token}`;
    for (const [path, text] of SCREENS) {
      const res = await page(path, admin);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain(text);
      expect(html, path).toContain('Node.js信息');
    }
  });

  it('磁盘监控 says where the files are: the local folder with the disk figures, or the bucket without a file size', async () => {
    const admin = `xt_token=${(await session('admin')).token}`;
    const html = await (await page('/monitor/Disk', admin)).text();
    const store = t.deps.storage;
    expect(html).toContain(store.kind === 's3' ? `S3 对象存储 ${store.location}` : `本地目录 ${store.location}`);
    expect(html.includes('文件保存在对象存储中')).toBe(store.kind === 's3');
  });

  it('answers an htmx poll with the panel alone', async () => {
    const admin = `xt_token=${(await session('admin')).token}`;
    const res = await page('/monitor/SystemInfo', admin, { 'HX-Request': 'true', 'HX-Target': 'xt-monitor' });
    const html = await res.text();
    expect(html.startsWith('<div id="xt-monitor"')).toBe(true);
    expect(html).toContain('hx-trigger="every 5s"');
    expect(html).not.toContain('<html');
  });

  it('opens a traced request’s 详情 with its headers redacted', async () => {
    const admin = `xt_token=${(await session('admin')).token}`;
    const list = await (await page('/monitor/HttpTrace?uri=*SystemInfo*', admin)).text();
    const id = /\/monitor\/HttpTrace\/detail\?id=(\d+)/.exec(list)?.[1];
    expect(id).toBeDefined();
    const dialog = await (await page(`/monitor/HttpTrace/detail?id=${id}&back=%2Fmonitor%2FHttpTrace`, admin, { 'HX-Request': 'true', 'HX-Target': 'xt-modal' })).text();
    expect(dialog).toContain('请求详情');
    expect(dialog).toContain('/monitor/SystemInfo');
    expect(dialog).toContain('cookie: ******');
    expect(dialog).not.toContain(admin.slice('xt_token='.length));
  });

  it('refuses teachers and students with the 403 page', async () => {
    for (const u of ['teacher', 'student1']) {
      const cookie = `xt_token=${(await session(u)).token}`;
      for (const [path, text] of SCREENS) {
        const res = await page(path, cookie);
        expect(res.status, `${u} ${path}`).toBe(403);
        const html = await res.text();
        expect(html).toContain('抱歉，你无权访问该页面');
        if (text !== '请求追踪' && text !== '在线用户') expect(html).not.toContain(text);
      }
    }
  });

  it('lists sessions with 强制退出 for others, not for the admin’s own, and ends one after the confirmation', async () => {
    const mine = await session('admin');
    const admin = `xt_token=${mine.token}`;
    const victim = await session('student2');
    const html = await (await page('/monitor/online?username=*student2*', admin)).text();
    expect(html).toContain('Agent of student2');
    expect(html).toContain('10.1.2.3');
    expect(html).toContain(`/monitor/online/forceLogout?id=${victim.sessionId}`);
    const own = await (await page('/monitor/online?username=admin', admin)).text();
    expect(own).toContain('当前会话');
    expect(own).not.toContain(`forceLogout?id=${mine.sessionId}`);

    // Without confirmation: the question, nothing ended.
    const post = (body: Record<string, string>) =>
      t.request('/monitor/online/forceLogout', { method: 'POST', headers: { Cookie: admin, Origin: 'http://127.0.0.1' }, body: new URLSearchParams(body) });
    const asked = await post({ id: victim.sessionId, back: '/monitor/online' });
    expect(await asked.text()).toContain('确定强制该用户退出吗');
    expect(await t.db.selectFrom('sys_session').select('id').where('id', '=', victim.sessionId).executeTakeFirst()).toBeDefined();
    const done = await post({ id: victim.sessionId, back: '/monitor/online', confirmed: '1' });
    expect(done.status).toBe(303);
    expect(await t.db.selectFrom('sys_session').select('id').where('id', '=', victim.sessionId).executeTakeFirst()).toBeUndefined();
    // The student's next page goes to the login page.
    const next = await page('/dashboard/index', `xt_token=${victim.token}`);
    expect(next.status).toBe(302);
    expect(next.headers.get('Location')).toMatch(/^\/user\/login\?/);
  });

  it('records the browser and address of a login through the login page', async () => {
    const res = await t.request('/user/login', {
      method: 'POST',
      headers: { Origin: 'http://127.0.0.1', 'User-Agent': 'Mozilla/5.0 SchoolPC/86' },
      body: new URLSearchParams({ username: 'student3', password: 'Demo-test-2026' }),
    });
    expect(res.status).toBe(303);
    const student = await t.userId('student3');
    const row = await t.db.selectFrom('sys_session').select(['ip', 'user_agent']).where('user_id', '=', student).orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(row).toEqual({ ip: '127.0.0.1', user_agent: 'Mozilla/5.0 SchoolPC/86' });
  });

  it('shows the exception pages in the shell with 返回首页 to any logged-in user', async () => {
    const student = `xt_token=${(await session('student1')).token}`;
    for (const [code, text] of [
      ['403', '抱歉，你无权访问该页面'],
      ['404', '抱歉，你访问的页面不存在'],
      ['500', '抱歉，服务器出错了'],
    ]) {
      const res = await page(`/exception/${code}`, student);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(text);
      expect(html).toContain('返回首页');
      expect(html).toContain('ant-layout-has-sider');
    }
  });
});
