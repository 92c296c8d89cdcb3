// 日志管理: what the server writes (logins, logouts, failed logins, every authenticated write including the
// anchor's writing GETs), GET /sys/log/list, DELETE delete/deleteBatch/clear, GET exportXls, and the
// dashboard's GET /sys/loginfo and /sys/visitInfo.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../domain/ids.js';
import { daysAgo, now, today } from '../../domain/time.js';
import { expectEnvelope, expectFailure, expectNoPermission, expectPage, expectTokenRefusal } from '../../../../test/assertions.js';
import { createSession } from '../../domain/sessions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

describe.each(dialects)('日志管理 API on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let student: string;

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    [admin, teacher, student] = await Promise.all([t.login('admin'), t.login('teacher'), t.login('student1')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const logs = (where: { logType?: number; url?: string; username?: string } = {}) => {
    let q = t.db.selectFrom('sys_log').selectAll();
    if (where.logType) q = q.where('log_type', '=', where.logType);
    if (where.url) q = q.where('request_url', '=', where.url);
    if (where.username) q = q.where('username', '=', where.username);
    return q.orderBy('create_time', 'desc').orderBy('id', 'desc').execute();
  };
  const count = async () => Number((await t.db.selectFrom('sys_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const insertLog = async (o: { logType: number; content: string; ip?: string; username?: string; time?: string; operateType?: number }) => {
    const id = newId();
    await t.db
      .insertInto('sys_log')
      .values({ id, log_type: o.logType, log_content: o.content, ip: o.ip ?? '10.0.0.1', username: o.username ?? 'someone', operate_type: o.operateType ?? null, create_time: o.time ?? now() })
      .execute();
    return id;
  };

  describe('what the server writes', () => {
    it('logs a login, a failed login (also for an unknown account) and a logout: who, when, address, outcome', async () => {
      await t.login('student2');
      await t.api('POST', '/sys/login', { body: { username: 'student2', password: 'wrong-password' } });
      await t.api('POST', '/sys/login', { body: { username: 'ghost-user', password: 'whatever' } });
      const token = await t.login('student3');
      await t.api('POST', '/sys/logout', { token });
      const ok = (await logs({ logType: 1, username: 'student2' })).find((l) => l.log_content?.endsWith('登录成功！'));
      expect(ok).toMatchObject({ userid: await t.userId('student2'), ip: '127.0.0.1', request_url: '/sys/login' });
      expect(ok!.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const failed = (await logs({ logType: 1, username: 'student2' })).find((l) => l.log_content?.includes('登录失败'));
      expect(failed).toMatchObject({ ip: '127.0.0.1' });
      expect(failed!.log_content).toContain('用户名或密码错误');
      const ghost = (await logs({ logType: 1, username: 'ghost-user' }))[0];
      expect(ghost).toMatchObject({ userid: null, ip: '127.0.0.1' });
      expect(ghost.log_content).toContain('登录失败');
      expect((await logs({ logType: 1, username: 'student3' })).some((l) => l.log_content?.endsWith('退出成功！') && l.request_url === '/sys/logout')).toBe(true);
    });

    it('logs every authenticated write with the user, method, path, outcome and cost, and the anchor’s writing GETs too', async () => {
      const added = await t.api('POST', '/sys/annountCement/add', { token: admin, body: { titile: '日志测试', msgType: 'ALL' } });
      const id = added.body.result.id as string;
      await t.api('PUT', '/sys/annountCement/edit', { token: admin, body: { id, titile: '', priority: 'L', msgCategory: '1', msgType: 'ALL' } });
      await t.api('GET', `/sys/annountCement/doReleaseData?id=${id}`, { token: admin });
      const ops = await logs({ logType: 2, username: 'admin' });
      const addLog = ops.find((l) => l.request_url === '/api/sys/annountCement/add');
      expect(addLog).toMatchObject({ userid: await t.userId('admin'), ip: '127.0.0.1', method: 'POST', operate_type: 2, log_content: 'POST /api/sys/annountCement/add 成功' });
      expect(typeof addLog!.cost_time).toBe('number');
      expect(ops.find((l) => l.request_url === '/api/sys/annountCement/edit')).toMatchObject({ operate_type: 3, log_content: 'PUT /api/sys/annountCement/edit 失败' });
      expect(ops.find((l) => l.request_url === '/api/sys/annountCement/doReleaseData')).toMatchObject({ method: 'GET', operate_type: 3, log_content: 'GET /api/sys/annountCement/doReleaseData 成功' });
      // Reads are not operations.
      await t.api('GET', '/sys/annountCement/list', { token: admin });
      expect((await logs({ logType: 2 })).some((l) => l.request_url === '/api/sys/annountCement/list')).toBe(false);
    });

    it('refuses a publication authenticated by a cookie, from any site (a writing GET writes only for the token header)', async () => {
      const added = await t.api('POST', '/sys/annountCement/add', { token: admin, body: { titile: '跨站', msgType: 'ALL' } });
      const id = added.body.result.id as string;
      const session = (await createSession(t.db, await t.userId('admin'))).token;
      for (const site of ['cross-site', 'same-origin']) {
        const res = await t.request(`/api/sys/annountCement/doReleaseData?id=${id}`, { headers: { Cookie: `xt_token=${session}`, 'Sec-Fetch-Site': site } });
        expect(res.status).toBe(405);
      }
      expect((await t.db.selectFrom('sys_announcement').select('send_status').where('id', '=', id).executeTakeFirstOrThrow()).send_status).toBe('0');
      expect((await t.api('GET', `/sys/annountCement/doReleaseData?id=${id}`, { token: session })).body.success).toBe(true);
    });
  });

  describe('GET /sys/log/list', () => {
    const list = (query: string, token = admin) => t.api('GET', `/sys/log/list?${query}`, { token });

    it('pages one type, newest first, with the dictionary texts', async () => {
      const res = await list('logType=1&pageNo=1&pageSize=5');
      expectEnvelope(res, { success: true, code: 0 });
      expectPage(res.body.result, 5, 1);
      const records = res.body.result.records as { logType: number; createTime: string; logType_dictText: string }[];
      expect(records.length).toBeGreaterThan(0);
      expect(records.every((r) => r.logType === 1 && r.logType_dictText === '登录日志')).toBe(true);
      const times = records.map((r) => r.createTime);
      expect(times).toEqual([...times].sort().reverse());
      const ops = (await list('logType=2&pageSize=50')).body.result.records as { logType: number; operateType: number; operateType_dictText: string; username: string; ip: string }[];
      expect(ops.every((r) => r.logType === 2)).toBe(true);
      expect(ops.find((r) => r.operateType === 2)).toMatchObject({ operateType_dictText: '添加', username: 'admin', ip: '127.0.0.1' });
    });

    it('filters by keyword in the content, user, operation type, address and time range', async () => {
      const old = await insertLog({ logType: 2, content: '很久以前的关键操作', username: 'archivist', ip: '10.9.9.9', operateType: 4, time: '2001-05-05 10:00:00' });
      const ids = async (q: string) => ((await list(`${q}&pageSize=100`)).body.result.records as { id: string }[]).map((r) => r.id);
      expect(await ids('logType=2&keyWord=关键操作')).toEqual([old]);
      expect(await ids('logType=2&keyWord=*关键*')).toEqual([old]);
      expect(await ids('logType=2&username=archivist')).toEqual([old]);
      expect(await ids('logType=2&username=*chivi*')).toEqual([old]);
      expect(await ids('logType=2&ip=10.9.9.9&operateType=4')).toEqual([old]);
      expect(await ids('logType=2&operateType=2&username=archivist')).toEqual([]);
      expect(await ids('logType=2&createTime_begin=2001-05-05&createTime_end=2001-05-05')).toEqual([old]);
      expect(await ids('logType=2&createTime_begin=2001-05-06&createTime_end=2001-12-31')).toEqual([]);
      expect(await ids('logType=1&keyWord=关键操作')).toEqual([]);
      // `%` in the keyword is a character.
      expect(await ids('logType=2&keyWord=%25')).toEqual([]);
    });

    it('rejects an unknown log type, and needs the 日志管理 menu', async () => {
      expectFailure(await list('logType=3'), '日志类型只能是 1（登录日志）或 2（操作日志）', { status: 400, code: 400 });
      expectNoPermission(await list('logType=1', teacher));
      expectNoPermission(await list('logType=1', student));
      expectTokenRefusal(await t.api('GET', '/sys/log/list'));
    });
  });

  describe('DELETE /sys/log/delete, deleteBatch and clear', () => {
    it('deletes one log and a batch; an unknown id in the batch deletes nothing', async () => {
      const a = await insertLog({ logType: 2, content: 'a' });
      const b = await insertLog({ logType: 2, content: 'b' });
      const c = await insertLog({ logType: 2, content: 'c' });
      expectEnvelope(await t.api('DELETE', `/sys/log/delete?id=${a}`, { token: admin }), { success: true, message: '删除成功!' });
      expect(await t.db.selectFrom('sys_log').select('id').where('id', '=', a).executeTakeFirst()).toBeUndefined();
      expectFailure(await t.api('DELETE', `/sys/log/delete?id=${a}`, { token: admin }), '未找到对应实体');
      expectFailure(await t.api('DELETE', `/sys/log/deleteBatch?ids=${b},nope,`, { token: admin }), '未找到对应实体');
      expect((await t.db.selectFrom('sys_log').select('id').where('id', 'in', [b, c]).execute()).length).toBe(2);
      expectEnvelope(await t.api('DELETE', `/sys/log/deleteBatch?ids=${b},${c},`, { token: admin }), { success: true, message: '删除成功!' });
      expect((await t.db.selectFrom('sys_log').select('id').where('id', 'in', [b, c]).execute()).length).toBe(0);
      expectFailure(await t.api('DELETE', '/sys/log/deleteBatch?ids=', { token: admin }), '请选择要删除的日志');
    });

    it('does not treat ids=allclear as “wipe everything”', async () => {
      const before = await count();
      expectFailure(await t.api('DELETE', '/sys/log/deleteBatch?ids=allclear', { token: admin }), '不支持 allclear，请使用“清空日志”');
      // The refused call itself is logged as a failed write.
      expect(await count()).toBe(before + 1);
    });

    it('clears exactly one named type', async () => {
      await insertLog({ logType: 2, content: 'to be cleared' });
      const logins = (await logs({ logType: 1 })).length;
      expectFailure(await t.api('DELETE', '/sys/log/clear', { token: admin }), '请指定要清空的日志类型：1（登录日志）或 2（操作日志）', { status: 400, code: 400 });
      expectFailure(await t.api('DELETE', '/sys/log/clear?logType=all', { token: admin }), '请指定要清空的日志类型：1（登录日志）或 2（操作日志）', { status: 400, code: 400 });
      const res = await t.api('DELETE', '/sys/log/clear?logType=2', { token: admin });
      expectEnvelope(res, { success: true, code: 200 });
      expect(res.body.result.deleted).toBeGreaterThan(0);
      expect(res.body.message).toBe(`清空成功！共删除${res.body.result.deleted}条日志`);
      // Only the record of the clearing itself remains among the operation logs.
      const ops = await logs({ logType: 2 });
      expect(ops.map((l) => l.request_url)).toEqual(['/api/sys/log/clear']);
      expect(ops[0]).toMatchObject({ username: 'admin', operate_type: 4 });
      expect((await logs({ logType: 1 })).length).toBe(logins);
    });

    it('needs log:del', async () => {
      const id = await insertLog({ logType: 2, content: 'kept' });
      expectNoPermission(await t.api('DELETE', `/sys/log/delete?id=${id}`, { token: teacher }));
      expectNoPermission(await t.api('DELETE', `/sys/log/deleteBatch?ids=${id}`, { token: student }));
      expectNoPermission(await t.api('DELETE', '/sys/log/clear?logType=2', { token: teacher }));
      expect(await t.db.selectFrom('sys_log').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
    });
  });

  describe('GET /sys/log/exportXls', () => {
    it('exports the filtered logs', async () => {
      await insertLog({ logType: 2, content: '导出这一条', username: 'exporter' });
      const res = await t.request('/api/sys/log/exportXls?logType=2&username=exporter', { headers: { 'X-Access-Token': admin } });
      expect(res.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
      const ws = wb.worksheets[0];
      expect(ws.getRow(1).getCell(1).value).toBe('日志管理列表数据');
      const header = (ws.getRow(3).values as unknown[]).slice(1);
      expect(ws.rowCount).toBe(4);
      const data = (ws.getRow(4).values as unknown[]).slice(1);
      expect(data[header.indexOf('日志内容')]).toBe('导出这一条');
      expect(data[header.indexOf('日志类型')]).toBe('操作日志');
      expectNoPermission(await t.api('GET', '/sys/log/exportXls?logType=1', { token: teacher }));
    });
  });

  describe('dashboard statistics', () => {
    it('GET /sys/loginfo counts successful logins overall, today, and today’s distinct addresses', async () => {
      const before = await t.api('GET', '/sys/loginfo', { token: student });
      expectEnvelope(before, { success: true, code: 200, message: '登录成功' });
      expect(Object.keys(before.body.result).sort()).toEqual(['todayIp', 'todayVisitCount', 'totalVisitCount']);
      await insertLog({ logType: 1, content: '用户名: 甲,登录成功！', ip: '10.1.1.1' });
      await insertLog({ logType: 1, content: '用户名: 乙,登录成功！', ip: '10.1.1.2' });
      await insertLog({ logType: 1, content: '用户名: 丙,登录成功！', ip: '10.1.1.1', time: `${daysAgo(3)} 09:00:00` });
      // Failures and logouts are not visits, even with a crafted username.
      await insertLog({ logType: 1, content: '用户名: x,登录成功！,登录失败！用户名或密码错误', ip: '10.1.1.3' });
      await insertLog({ logType: 1, content: '用户名: 甲,退出成功！', ip: '10.1.1.4' });
      const after = (await t.api('GET', '/sys/loginfo', { token: student })).body.result;
      expect(after.totalVisitCount).toBe(before.body.result.totalVisitCount + 3);
      expect(after.todayVisitCount).toBe(before.body.result.todayVisitCount + 2);
      expect(after.todayIp).toBe(before.body.result.todayIp + 2);
      expectTokenRefusal(await t.api('GET', '/sys/loginfo'));
    });

    it('GET /sys/visitInfo reports the last 7 days including today, oldest first, zeros included', async () => {
      await insertLog({ logType: 1, content: '用户名: 丁,登录成功！', ip: '10.2.2.1', time: `${daysAgo(5)} 08:00:00` });
      await insertLog({ logType: 1, content: '用户名: 戊,登录成功！', ip: '10.2.2.1', time: `${daysAgo(5)} 18:00:00` });
      await insertLog({ logType: 1, content: '用户名: 己,登录成功！', ip: '10.2.2.2', time: `${daysAgo(5)} 19:00:00` });
      await insertLog({ logType: 1, content: '用户名: 太早,登录成功！', ip: '10.2.2.3', time: `${daysAgo(7)} 12:00:00` });
      const res = await t.api('GET', '/sys/visitInfo', { token: teacher });
      expectEnvelope(res, { success: true, code: 0 });
      const days = res.body.result as { visit: number; ip: number; tian: string; type: string }[];
      expect(days.map((d) => d.tian)).toEqual([6, 5, 4, 3, 2, 1, 0].map(daysAgo));
      expect(days[6].tian).toBe(today());
      for (const d of days) {
        expect(Object.keys(d).sort()).toEqual(['ip', 'tian', 'type', 'visit']);
        expect(d.type).toBe(d.tian.slice(5));
      }
      expect(days[1]).toMatchObject({ visit: 3, ip: 2 });
      expect(days[2]).toMatchObject({ visit: 0, ip: 0 });
      expect(days[3]).toMatchObject({ visit: 1, ip: 1 }); // 丙, three days ago (previous test)
      expect(days[6].visit).toBeGreaterThanOrEqual(2);
      expectTokenRefusal(await t.api('GET', '/sys/visitInfo'));
    });
  });
});
