// 定时任务 API (/sys/quartzJob/*): list, add, edit, queryById, delete, deleteBatch, pause, resume, execute,
// runList, cronPreview, jobOptions, exportXls, importExcel — bad input refused with Chinese messages and
// nothing changed, admin only; and the API driving a running scheduler (pause stops it at once).
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Scheduler } from '../../domain/scheduler/scheduler.js';
import { FakeClock } from '../../domain/scheduler/fake-clock.test-kit.js';
import { SESSION_COOKIE } from '../request-meta.js';
import { expectEnvelope, expectFailure, expectInvalid, expectNoPermission, expectPage } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

describe.each(dialects)('定时任务 API on %s', (dialect) => {
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

  const jobs = () => t.db.selectFrom('sys_quartz_job').selectAll().orderBy('job_class_name').execute();
  const jobId = async (key: string) => (await t.db.selectFrom('sys_quartz_job').select('id').where('job_class_name', '=', key).executeTakeFirstOrThrow()).id;
  const runs = (id: string) => t.db.selectFrom('sys_quartz_job_run').selectAll().where('job_id', '=', id).orderBy('start_time').execute();
  const valid = { jobClassName: 'purgeOldLogs', cronExpression: '0 0 4 * * ?', parameter: '{"days":60}', description: '清理日志', status: -1 };

  beforeEach(async () => {
    // Every test starts from the migration's default jobs, minus purgeOldLogs (the one tests add).
    await t.db.deleteFrom('sys_quartz_job').where('job_class_name', '=', 'purgeOldLogs').execute();
  });

  describe('list and queryById', () => {
    it('lists the jobs with the anchor’s fields, status text, next run and last outcome', async () => {
      const res = await t.api('GET', '/sys/quartzJob/list?pageSize=10', { token: admin });
      expectEnvelope(res, { success: true, code: 0 });
      expectPage(res.body.result, 10, 1);
      const sessions = res.body.result.records.find((r: any) => r.jobClassName === 'purgeExpiredSessions');
      expect(sessions).toMatchObject({ cronExpression: '0 30 3 * * ?', status: 0, status_dictText: '正常', jobName: '清理过期会话', lastRunOutcome: '' });
      expect(sessions.nextFireTime).toMatch(/^\d{4}-\d{2}-\d{2} 03:30:00$/);
      const stopped = res.body.result.records.find((r: any) => r.jobClassName === 'endOldHomework');
      expect(stopped).toMatchObject({ status: -1, status_dictText: '停止', nextFireTime: '' });

      const filtered = await t.api('GET', '/sys/quartzJob/list?status=-1&column=jobClassName&order=asc', { token: admin });
      expect(filtered.body.result.records.map((r: any) => r.jobClassName)).toEqual(
        (await jobs()).filter((j) => j.status === -1).map((j) => j.job_class_name).sort(),
      );

      const one = await t.api('GET', `/sys/quartzJob/queryById?id=${sessions.id}`, { token: admin });
      expect(one.body.result).toMatchObject({ id: sessions.id, jobClassName: 'purgeExpiredSessions' });
      expectFailure(await t.api('GET', '/sys/quartzJob/queryById?id=nope', { token: admin }), '未找到对应实体');
    });

    it('offers the built-in jobs and previews the next five runs of an expression', async () => {
      const options = await t.api('GET', '/sys/quartzJob/jobOptions', { token: admin });
      expect(options.body.result.map((o: any) => o.key)).toEqual(['purgeExpiredSessions', 'purgeOldLogs', 'removeOrphanFiles', 'endOldHomework', 'backupDatabase', 'sendPendingMessages']);
      const preview = await t.api('GET', `/sys/quartzJob/cronPreview?cronExpression=${encodeURIComponent('0 15 2 * * ?')}`, { token: admin });
      expect(preview.body.result).toHaveLength(5);
      for (const time of preview.body.result) expect(time).toMatch(/ 02:15:00$/);
      expectFailure(await t.api('GET', `/sys/quartzJob/cronPreview?cronExpression=${encodeURIComponent('0 0 99 * * ?')}`, { token: admin }), 'Cron表达式的“时”字段取值超出范围', {
        status: 400,
        code: 400,
      });
    });
  });

  describe('add and edit', () => {
    it('adds a built-in job and edits it', async () => {
      const res = await t.api('POST', '/sys/quartzJob/add', { token: admin, body: valid });
      expectEnvelope(res, { success: true, message: '创建定时任务成功' });
      const id = await jobId('purgeOldLogs');
      const row = (await jobs()).find((j) => j.id === id)!;
      expect(row).toMatchObject({ cron_expression: '0 0 4 * * ?', parameter: '{"days":60}', description: '清理日志', status: -1, create_by: 'admin' });

      const edit = await t.api('PUT', '/sys/quartzJob/edit', { token: admin, body: { ...valid, id, cronExpression: '0 0 5 * * MON', parameter: '', status: 0 } });
      expectEnvelope(edit, { success: true, message: '更新定时任务成功!' });
      expect((await jobs()).find((j) => j.id === id)).toMatchObject({ cron_expression: '0 0 5 * * MON', parameter: null, status: 0, update_by: 'admin' });
    });

    it('refuses bad input with a Chinese message beside the field, and changes nothing', async () => {
      const before = await jobs();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ...valid, jobClassName: 'org.jeecg.modules.quartz.job.SampleJob' }, '不支持的任务类名“org.jeecg.modules.quartz.job.SampleJob”，只能选择系统内置的任务', 'jobClassName'],
        [{ ...valid, jobClassName: '' }, '请选择任务类名', 'jobClassName'],
        [{ ...valid, cronExpression: 'every day' }, 'Cron表达式应为6段（秒 分 时 日 月 周），或5段（分 时 日 月 周）', 'cronExpression'],
        [{ ...valid, cronExpression: '0 61 * * * ?' }, 'Cron表达式的“分”字段取值超出范围', 'cronExpression'],
        [{ ...valid, cronExpression: '*/10 * * * * *' }, '运行间隔不能小于1分钟', 'cronExpression'],
        [{ ...valid, cronExpression: undefined }, '请输入Cron表达式', 'cronExpression'],
        [{ ...valid, parameter: '{"days":"x"}' }, '保留天数必须是数字', 'parameter'],
        [{ ...valid, parameter: 'days=30' }, '参数必须是JSON对象，例如 {"days":30}', 'parameter'],
        [{ ...valid, parameter: '{"keep":3}' }, expect.stringContaining('参数中有不支持的字段：keep') as unknown as string, 'parameter'],
        [{ ...valid, status: 2 }, '状态只能是0（正常）或-1（停止）', 'status'],
        [{ ...valid, description: 'x'.repeat(256) }, '描述不能超过255个字符', 'description'],
      ];
      for (const [body, message, field] of cases) {
        const res = await t.api('POST', '/sys/quartzJob/add', { token: admin, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.success).toBe(false);
        expect(res.body.message).toEqual(message);
        expect(res.body.result.errors[field]).toEqual(message);
      }
      expectFailure(await t.api('POST', '/sys/quartzJob/add', { token: admin, body: '{not json' }), '请求数据不是有效的JSON', { status: 400, code: 400 });
      // One job per built-in key (the anchor's 该定时任务类名已存在).
      const dup = await t.api('POST', '/sys/quartzJob/add', { token: admin, body: { ...valid, jobClassName: 'backupDatabase', parameter: '' } });
      expectFailure(dup, '该定时任务类名已存在');
      expect(dup.body.result.errors.jobClassName).toBe('该定时任务类名已存在');
      // Edits are checked the same way.
      const id = await jobId('purgeExpiredSessions');
      expectInvalid(await t.api('PUT', '/sys/quartzJob/edit', { token: admin, body: { ...valid, id, jobClassName: 'purgeExpiredSessions', parameter: '{"days":1}' } }), '参数中有不支持的字段：days（无参数，留空）', 'parameter');
      expectFailure(await t.api('PUT', '/sys/quartzJob/edit', { token: admin, body: { ...valid, id, jobClassName: 'backupDatabase', parameter: '' } }), '该定时任务类名已存在');
      expectFailure(await t.api('PUT', '/sys/quartzJob/edit', { token: admin, body: { ...valid, id: 'missing' } }), '未找到对应实体');
      expectInvalid(await t.api('PUT', '/sys/quartzJob/edit', { token: admin, body: valid }), 'id不能为空', 'id');
      expect(await jobs()).toEqual(before);
    });
  });

  describe('pause, resume and execute', () => {
    it('pauses and resumes by id (POST) and by jobClassName (GET, the anchor’s call)', async () => {
      const id = await jobId('purgeExpiredSessions');
      expectEnvelope(await t.api('POST', '/sys/quartzJob/pause', { token: admin, body: { id } }), { success: true, message: '暂停定时任务成功' });
      expect((await jobs()).find((j) => j.id === id)!.status).toBe(-1);
      expectEnvelope(await t.api('GET', '/sys/quartzJob/resume?jobClassName=purgeExpiredSessions', { token: admin }), { success: true, message: '恢复定时任务成功' });
      expect((await jobs()).find((j) => j.id === id)!.status).toBe(0);
      expectFailure(await t.api('GET', '/sys/quartzJob/pause', { token: admin }), '请指定要操作的任务', { status: 400, code: 400 });
      expectFailure(await t.api('GET', '/sys/quartzJob/pause?jobClassName=nope', { token: admin }), '未找到对应实体');
    });

    it('runs a job now, records the run, and answers a failing run with its error', async () => {
      const id = await jobId('purgeExpiredSessions');
      const res = await t.api('GET', `/sys/quartzJob/execute?id=${id}`, { token: admin });
      expectEnvelope(res, { success: true });
      expect(res.body.message).toMatch(/^执行成功：已清理过期会话 \d+ 个$/);
      const [run] = await runs(id);
      expect(run).toMatchObject({ trigger_type: 'manual', outcome: 'ok', run_by: 'admin', job_class_name: 'purgeExpiredSessions' });

      // A job whose stored parameters went bad (edited in the database): the run fails and says why.
      await t.api('POST', '/sys/quartzJob/add', { token: admin, body: valid });
      const logs = await jobId('purgeOldLogs');
      await t.db.updateTable('sys_quartz_job').set({ parameter: '{"days":-1}' }).where('id', '=', logs).execute();
      const failed = await t.api('POST', '/sys/quartzJob/execute', { token: admin, body: { id: logs } });
      expect(failed.body).toMatchObject({ success: false, message: '执行失败：参数错误：保留天数不能小于1', result: { outcome: 'error' } });
      expect((await runs(logs)).map((r) => r.outcome)).toEqual(['error']);

      const history = await t.api('GET', `/sys/quartzJob/runList?jobId=${id}`, { token: admin });
      expectPage(history.body.result, 20, 1);
      expect(history.body.result.records).toHaveLength(1);
      expect(history.body.result.records[0]).toMatchObject({ jobId: id, outcome: 'ok', outcome_dictText: '成功', triggerType_dictText: '立即执行' });
      const list = await t.api('GET', '/sys/quartzJob/list?pageSize=20', { token: admin });
      expect(list.body.result.records.find((r: any) => r.id === logs)).toMatchObject({ lastRunOutcome: 'error', lastRunMessage: '参数错误：保留天数不能小于1' });
      expectFailure(await t.api('GET', '/sys/quartzJob/execute?id=missing', { token: admin }), '未找到对应实体');
    });

    it('refuses the writing GETs when they come with the session cookie only', async () => {
      const id = await jobId('purgeExpiredSessions');
      const before = await runs(id);
      for (const p of ['execute', 'pause', 'resume']) {
        const res = await t.request(`/api/sys/quartzJob/${p}?id=${id}`, { headers: { Cookie: `${SESSION_COOKIE}=${admin}`, Accept: 'application/json' } });
        expect(res.status, p).toBe(405);
      }
      expect(await runs(id)).toEqual(before);
      expect((await jobs()).find((j) => j.id === id)!.status).toBe(0);
    });
  });

  describe('delete', () => {
    it('deletes one job or a batch, with their run history', async () => {
      await t.api('POST', '/sys/quartzJob/add', { token: admin, body: valid });
      const id = await jobId('purgeOldLogs');
      await t.api('POST', '/sys/quartzJob/execute', { token: admin, body: { id } });
      expect(await runs(id)).toHaveLength(1);
      expectEnvelope(await t.api('DELETE', `/sys/quartzJob/delete?id=${id}`, { token: admin }), { success: true, message: '删除成功!' });
      expect((await jobs()).some((j) => j.id === id)).toBe(false);
      expect(await runs(id)).toHaveLength(0);

      const before = await jobs();
      expectFailure(await t.api('DELETE', `/sys/quartzJob/deleteBatch?ids=${before[0].id},missing,`, { token: admin }), '未找到对应实体');
      expectFailure(await t.api('DELETE', '/sys/quartzJob/deleteBatch?ids=', { token: admin }), '请选择要删除的任务');
      expect(await jobs()).toEqual(before);
    });
  });

  describe('export and import', () => {
    it('exports the jobs and imports new ones, reporting the rows it refuses', async () => {
      const res = await t.request('/api/sys/quartzJob/exportXls?column=jobClassName&order=asc', { headers: { 'X-Access-Token': admin } });
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
      const rows: string[][] = [];
      wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
      expect(rows[2]).toEqual(['任务类名', '任务名称', 'Cron表达式', '参数', '描述', '状态', '创建时间']);
      expect(rows.slice(3).find((r) => r[0] === 'backupDatabase')?.slice(0, 4)).toEqual(['backupDatabase', '备份数据库', '0 0 2 * * ?', '{"keep":7}']);

      const out = new ExcelJS.Workbook();
      const ws = out.addWorksheet('导出信息');
      ws.addRow(['定时任务列表数据']);
      ws.addRow(['导出人:管理员']);
      ws.addRow(['任务类名', 'Cron表达式', '参数', '描述', '状态']);
      ws.addRow(['purgeOldLogs', '0 0 4 * * ?', '{"days":30}', '导入的', '停止']);
      ws.addRow(['backupDatabase', '0 0 2 * * ?', '', '重复', '正常']);
      ws.addRow(['com.evil.Job', '0 0 2 * * ?', '', '', '正常']);
      const form = new FormData();
      form.set('file', new Blob([(await out.xlsx.writeBuffer()) as ArrayBuffer]), 'jobs.xlsx');
      const imported = await t.request('/api/sys/quartzJob/importExcel', { method: 'POST', headers: { 'X-Access-Token': admin }, body: form });
      const body = await imported.json();
      expect(body).toMatchObject({ success: true, code: 201 });
      expect(body.result.msg).toBe('总上传行数：3，已导入行数：1，错误行数：2');
      expect(body.result.errors.map((e: any) => e.message)).toEqual(['该定时任务类名已存在', expect.stringContaining('不支持的任务类名“com.evil.Job”')]);
      expect((await jobs()).find((j) => j.job_class_name === 'purgeOldLogs')).toMatchObject({ status: -1, parameter: '{"days":30}', description: '导入的' });
    });
  });

  describe('who may call it', () => {
    it('refuses teachers and students every route, reads included', async () => {
      const id = await jobId('purgeExpiredSessions');
      const before = await runs(id);
      for (const token of [teacher, student]) {
        expectNoPermission(await t.api('GET', '/sys/quartzJob/list', { token }));
        expectNoPermission(await t.api('GET', `/sys/quartzJob/runList?jobId=${id}`, { token }));
        expectNoPermission(await t.api('POST', '/sys/quartzJob/add', { token, body: valid }));
        expectNoPermission(await t.api('GET', `/sys/quartzJob/execute?id=${id}`, { token }));
        expectNoPermission(await t.api('POST', '/sys/quartzJob/pause', { token, body: { id } }));
        expectNoPermission(await t.api('DELETE', `/sys/quartzJob/delete?id=${id}`, { token }));
      }
      expect(await runs(id)).toEqual(before);
      expect((await jobs()).find((j) => j.id === id)!.status).toBe(0);
    });
  });

  describe('with a running scheduler', () => {
    it('schedules an added job at once and stops it when paused through the API', async () => {
      const start = new Date(2026, 5, 1, 9, 0, 30).getTime();
      const clock = new FakeClock(start);
      const scheduler = new Scheduler({ env: { db: t.db, dialect: t.dialect, dataDir: t.deps.config.dataDir, storage: t.deps.storage }, clock, node: 'api-test', resyncMs: 3_600_000 });
      // Only the job under test is enabled.
      await t.db.updateTable('sys_quartz_job').set({ status: -1 }).execute();
      await scheduler.start();
      t.deps.scheduler = scheduler;
      try {
        await t.api('POST', '/sys/quartzJob/add', { token: admin, body: { ...valid, cronExpression: '0 * * * * ?', status: 0 } });
        const id = await jobId('purgeOldLogs');
        const minute = (m: number) => new Date(2026, 5, 1, 9, m, 0).getTime();
        await clock.advanceTo(minute(2), () => scheduler.idle());
        expect((await runs(id)).map((r) => r.scheduled_time)).toEqual(['2026-06-01 09:01:00', '2026-06-01 09:02:00']);
        await t.api('POST', '/sys/quartzJob/pause', { token: admin, body: { id } });
        await clock.advanceTo(minute(10), () => scheduler.idle());
        expect(await runs(id)).toHaveLength(2);
        await t.api('GET', `/sys/quartzJob/resume?id=${id}`, { token: admin });
        await clock.advanceTo(minute(11), () => scheduler.idle());
        expect(await runs(id)).toHaveLength(3);
      } finally {
        t.deps.scheduler = undefined;
        await scheduler.stop();
        await t.db.updateTable('sys_quartz_job').set({ status: 0 }).where('job_class_name', '=', 'purgeExpiredSessions').execute();
      }
    });
  });
});
