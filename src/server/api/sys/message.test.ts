// 消息中心 API (/message/sysMessageTemplate/*, /message/sysMessage/*): templates (list, add, edit, queryById,
// delete, deleteBatch, exportXls, importExcel) and sendMsg by e-mail (a real local SMTP server) or as a site
// message (the receiver's notice list and websocket hub); messages (list, queryById, delete, deleteBatch,
// exportXls, resend); failed sends recorded and retried with back-off by the scheduler's 发送待重试消息 on a
// fake clock; no SMTP_URL recorded as 未配置邮件服务器; bad input refused; admin only.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeMail } from '../../domain/mail.js';
import { startTestSmtp, type TestSmtp } from '../../domain/mail.test-kit.js';
import { NO_MAIL_SERVER } from '../../domain/messages.js';
import { FakeClock } from '../../domain/scheduler/fake-clock.test-kit.js';
import { Scheduler } from '../../domain/scheduler/scheduler.js';
import { formatDateTime } from '../../domain/time.js';
import type { NoticeMessage } from '../../realtime/hub.js';
import { expectEnvelope, expectFailure, expectInvalid, expectNoPermission, expectPage } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

describe.each(dialects)('消息中心 API on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let refusals = 0;
  let admin: string;
  let teacher: string;
  let student: string;

  beforeAll(async () => {
    smtp = await startTestSmtp({ refuse: () => refusals-- > 0 });
    t = await startTestApp({ dialect, config: { smtpUrl: smtp.url, mailFrom: '学堂 <noreply@school.example.org>' } });
    [admin, teacher, student] = await Promise.all([t.login('admin'), t.login('teacher'), t.login('student1')]);
  });
  afterAll(async () => {
    closeMail();
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    refusals = 0;
    t.deps.config.smtpUrl = smtp.url;
    await t.db.deleteFrom('sys_sms').execute();
    await t.db.deleteFrom('sys_sms_template').where('template_code', 'not in', ['work_corrected_mail', 'class_notice_site']).execute();
  });

  const templates = () => t.db.selectFrom('sys_sms_template').selectAll().orderBy('template_code').execute();
  const messages = () => t.db.selectFrom('sys_sms').selectAll().orderBy('create_time').execute();
  const valid = { templateCode: 'hw_notice', templateName: '作业提醒', templateType: '2', templateContent: '<p>${name}，请完成《${work}》</p>', templateTestJson: '{"name":"小明","work":"迷宫"}' };
  const templateId = async (code: string) => (await t.db.selectFrom('sys_sms_template').select('id').where('template_code', '=', code).executeTakeFirstOrThrow()).id;

  describe('templates', () => {
    it('lists the sample templates with JeecgBoot’s fields and the type text, and finds one by id', async () => {
      const res = await t.api('GET', '/message/sysMessageTemplate/list?pageSize=10&column=templateCode&order=asc', { token: admin });
      expectEnvelope(res, { success: true, code: 0 });
      expectPage(res.body.result, 10, 1);
      expect(res.body.result.records.map((r: any) => [r.templateCode, r.templateType, r.templateType_dictText])).toEqual([
        ['class_notice_site', '4', '站内消息'],
        ['work_corrected_mail', '2', '邮件'],
      ]);
      const mail = res.body.result.records[1];
      expect(mail.templateContent).toContain('${workName}');
      expect(JSON.parse(mail.templateTestJson)).toMatchObject({ workName: '小猫走迷宫' });
      const filtered = await t.api('GET', '/message/sysMessageTemplate/list?templateType=4', { token: admin });
      expect(filtered.body.result.records.map((r: any) => r.templateCode)).toEqual(['class_notice_site']);
      const one = await t.api('GET', `/message/sysMessageTemplate/queryById?id=${mail.id}`, { token: admin });
      expect(one.body.result).toMatchObject({ id: mail.id, templateCode: 'work_corrected_mail', templateName: '作业批改通知（邮件）' });
      expectFailure(await t.api('GET', '/message/sysMessageTemplate/queryById?id=nope', { token: admin }), '未找到对应实体');
    });

    it('adds, edits and deletes templates; codes stay unique', async () => {
      expectEnvelope(await t.api('POST', '/message/sysMessageTemplate/add', { token: admin, body: valid }), { success: true, message: '添加成功！' });
      const id = await templateId('hw_notice');
      expect((await templates()).find((r) => r.id === id)).toMatchObject({ template_name: '作业提醒', template_type: '2', create_by: 'admin' });
      const again = await t.api('POST', '/message/sysMessageTemplate/add', { token: admin, body: valid });
      expectFailure(again, '该模板编码已存在');
      expect(again.body.result.errors).toEqual({ templateCode: '该模板编码已存在' });

      const edit = await t.api('PUT', '/message/sysMessageTemplate/edit', { token: admin, body: { ...valid, id, templateName: '作业提醒（站内）', templateType: '4', templateTestJson: '' } });
      expectEnvelope(edit, { success: true, message: '编辑成功!' });
      expect((await templates()).find((r) => r.id === id)).toMatchObject({ template_name: '作业提醒（站内）', template_type: '4', template_test_json: null, update_by: 'admin' });
      expectFailure(await t.api('PUT', '/message/sysMessageTemplate/edit', { token: admin, body: { ...valid, id, templateCode: 'work_corrected_mail' } }), '该模板编码已存在');
      expectFailure(await t.api('PUT', '/message/sysMessageTemplate/edit', { token: admin, body: { ...valid, id: 'nope' } }), '未找到对应实体');

      await t.api('POST', '/message/sysMessageTemplate/add', { token: admin, body: { ...valid, templateCode: 'hw_2' } });
      const id2 = await templateId('hw_2');
      expectFailure(await t.api('DELETE', `/message/sysMessageTemplate/deleteBatch?ids=${id},nope`, { token: admin }), '未找到对应实体');
      expect((await templates()).length).toBe(4);
      expectEnvelope(await t.api('DELETE', `/message/sysMessageTemplate/delete?id=${id}`, { token: admin }), { success: true, message: '删除成功!' });
      expectEnvelope(await t.api('DELETE', `/message/sysMessageTemplate/deleteBatch?ids=${id2},`, { token: admin }), { success: true });
      expect((await templates()).map((r) => r.template_code)).toEqual(['class_notice_site', 'work_corrected_mail']);
      expectFailure(await t.api('DELETE', '/message/sysMessageTemplate/delete', { token: admin }), '请选择要删除的模板');
    });

    it('refuses bad templates with the field’s Chinese message and stores nothing', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ templateCode: '' }, '请输入模板编码', 'templateCode'],
        [{ templateCode: 'a b' }, '模板编码只能包含字母、数字、下划线或短横线', 'templateCode'],
        [{ templateName: ' ' }, '请输入模板标题', 'templateName'],
        [{ templateContent: '   ' }, '请输入模板内容', 'templateContent'],
        [{ templateType: '1' }, '不支持的消息类型：只支持 2（邮件）和 4（站内消息），短信和微信暂不支持', 'templateType'],
        [{ templateType: '3' }, '不支持的消息类型：只支持 2（邮件）和 4（站内消息），短信和微信暂不支持', 'templateType'],
        [{ templateTestJson: '{name:1}' }, '测试数据必须是JSON对象，例如 {"name":"小明"}', 'templateTestJson'],
        [{ templateTestJson: '[1]' }, '测试数据必须是JSON对象，例如 {"name":"小明"}', 'templateTestJson'],
      ];
      for (const [change, message, field] of cases) expectInvalid(await t.api('POST', '/message/sysMessageTemplate/add', { token: admin, body: { ...valid, ...change } }), message, field);
      expectInvalid(await t.api('POST', '/message/sysMessageTemplate/add', { token: admin, body: '{"templateCode":' }), '请求数据不是有效的JSON');
      expect((await templates()).length).toBe(2);
    });

    it('exports the templates and imports new ones, reporting refused rows', async () => {
      const res = await t.request('/api/message/sysMessageTemplate/exportXls?column=templateCode&order=asc', { headers: { 'X-Access-Token': admin } });
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
      const rows: string[][] = [];
      wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
      expect(rows[2]).toEqual(['模板编码', '模板标题', '模板内容', '模板类型', '测试数据', '创建时间']);
      expect(rows[3].slice(0, 2)).toEqual(['class_notice_site', '班级通知（站内消息）']);
      expect(rows[3][3]).toBe('站内消息');

      const out = new ExcelJS.Workbook();
      const ws = out.addWorksheet('导出信息');
      ws.addRow(['消息模板列表数据']);
      ws.addRow(['导出人:管理员']);
      ws.addRow(['模板编码', '模板标题', '模板内容', '模板类型', '测试数据']);
      ws.addRow(['imported_one', '导入的', '你好 ${name}', '邮件', '{"name":"甲"}']);
      ws.addRow(['work_corrected_mail', '重复', 'x', '2', '']);
      ws.addRow(['sms_one', '短信', 'x', '1', '']);
      const form = new FormData();
      form.set('file', new Blob([(await out.xlsx.writeBuffer()) as ArrayBuffer]), 'templates.xlsx');
      const imported = await t.request('/api/message/sysMessageTemplate/importExcel', { method: 'POST', headers: { 'X-Access-Token': admin }, body: form });
      const body = await imported.json();
      expect(body).toMatchObject({ success: true, code: 201 });
      expect(body.result.msg).toBe('总上传行数：3，已导入行数：1，错误行数：2');
      expect(body.result.errors.map((e: any) => e.message)).toEqual(['该模板编码已存在', expect.stringContaining('不支持的消息类型')]);
      expect((await templates()).find((r) => r.template_code === 'imported_one')).toMatchObject({ template_type: '2', template_content: '你好 ${name}' });
    });
  });

  describe('sendMsg', () => {
    it('sends an e-mail from a template with its placeholders filled and escaped, and records it', async () => {
      const res = await t.api('POST', '/message/sysMessageTemplate/sendMsg', {
        token: admin,
        body: { templateCode: 'work_corrected_mail', receiver: 'parent@example.org', testData: JSON.stringify({ realname: '小明<b>', workName: '小猫走迷宫', teacher: '王', score: 95 }), msgType: '2' },
      });
      expectEnvelope(res, { success: true, message: '消息发送成功（未提供的变量保持原样：remark）' });
      const mail = await smtp.nextMessage();
      expect(mail).toMatchObject({ from: 'noreply@school.example.org', to: ['parent@example.org'], subject: '作业批改通知（邮件）' });
      expect(mail.html).toContain('小明&lt;b&gt;家长您好');
      expect(mail.html).toContain('<b>95</b>');
      expect(mail.html).toContain('${remark}');
      expect(mail.text).toContain('小明<b>家长您好');
      const [row] = await messages();
      expect(row).toMatchObject({ es_type: '2', es_receiver: 'parent@example.org', es_send_status: '1', es_send_num: 1, es_result: '发送成功', next_try_time: null, template_code: 'work_corrected_mail', create_by: 'admin' });
      expect(JSON.parse(row.es_param!)).toMatchObject({ realname: '小明<b>', score: 95 });
    });

    it('delivers a site message to the receiver’s 系统消息 and pushes it to their open shells', async () => {
      const studentId = await t.userId('student1');
      const pushed: NoticeMessage[] = [];
      const unsubscribe = t.deps.hub.subscribe(studentId, (m) => pushed.push(m));
      try {
        const res = await t.api('POST', '/message/sysMessageTemplate/sendMsg', { token: admin, body: { templateCode: 'class_notice_site', receiver: 'student1', testData: { className: '三年级一班', content: '周六改到下午<script>x</script>' } } });
        expectEnvelope(res, { success: true, message: '消息发送成功' });
        const list = await t.api('GET', '/sys/annountCement/listByUser', { token: student });
        const sys = list.body.result.sysMsgList.find((m: any) => m.titile === '班级通知（站内消息）');
        expect(sys).toBeTruthy();
        expect(list.body.result.sysMsgTotal).toBeGreaterThanOrEqual(1);
        expect(sys.msgContent).toBe('三年级一班的同学们：周六改到下午&lt;script&gt;x&lt;/script&gt;');
        expect(list.body.result.anntMsgList.some((m: any) => m.id === sys.id)).toBe(false);
        expect(pushed).toContainEqual(expect.objectContaining({ cmd: 'user', msgId: sys.id, userId: studentId }));
        // Nobody else gets it.
        const other = await t.api('GET', '/sys/annountCement/listByUser', { token: teacher });
        expect(other.body.result.sysMsgList.some((m: any) => m.id === sys.id)).toBe(false);
        expect((await messages())[0]).toMatchObject({ es_type: '4', es_receiver: 'student1', es_send_status: '1', es_send_num: 1 });
      } finally {
        unsubscribe();
      }
    });

    it('takes a user id as the receiver of a site message and records the username', async () => {
      const res = await t.api('POST', '/message/sysMessageTemplate/sendMsg', { token: admin, body: { templateCode: 'class_notice_site', receiver: await t.userId('teacher'), testData: '{}' } });
      expectEnvelope(res, { success: true });
      expect((await messages())[0]).toMatchObject({ es_receiver: 'teacher', es_send_status: '1' });
    });

    it('refuses bad JSON, an unknown template, a missing or invalid receiver, and records nothing', async () => {
      const send = (body: unknown) => t.api('POST', '/message/sysMessageTemplate/sendMsg', { token: admin, body });
      const mailsBefore = smtp.received.length;
      const bad = await send({ templateCode: 'work_corrected_mail', receiver: 'a@example.org', testData: '{realname:' });
      expectFailure(bad, '测试数据必须是JSON对象，例如 {"name":"小明"}');
      expect(bad.body.result.errors).toHaveProperty('testData');
      expectFailure(await send({ templateCode: 'work_corrected_mail', receiver: 'a@example.org', testData: '[1,2]' }), '测试数据必须是JSON对象，例如 {"name":"小明"}');
      expectFailure(await send({ templateCode: 'no_such', receiver: 'a@example.org' }), '消息模板不存在：no_such');
      expectInvalid(await send({ templateCode: 'work_corrected_mail', receiver: '  ' }), '请输入接收人', 'receiver');
      expectInvalid(await send({ templateCode: 'work_corrected_mail' }), '请输入接收人', 'receiver');
      expectInvalid(await send({ receiver: 'a@example.org' }), '请选择消息模板', 'templateCode');
      expectFailure(await send({ templateCode: 'work_corrected_mail', receiver: 'not-an-address' }), '邮件的接收人必须是有效的邮箱地址');
      expectFailure(await send({ templateCode: 'class_notice_site', receiver: 'nobody_here' }), '接收用户不存在：nobody_here');
      expectInvalid(await t.api('POST', '/message/sysMessageTemplate/sendMsg', { token: admin, body: '{"templateCode"' }), '请求数据不是有效的JSON');
      expect(await messages()).toEqual([]);
      expect(smtp.received.length).toBe(mailsBefore);
    });

    it('records a clear error when no mail server is configured, and does not crash', async () => {
      t.deps.config.smtpUrl = undefined;
      const res = await t.api('POST', '/message/sysMessageTemplate/sendMsg', { token: admin, body: { templateCode: 'work_corrected_mail', receiver: 'a@example.org' } });
      expectFailure(res, new RegExp(`^消息发送失败：${NO_MAIL_SERVER}，已记录，将于 \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} 自动重试$`));
      const [row] = await messages();
      expect(row).toMatchObject({ es_send_status: '2', es_send_num: 1, es_result: NO_MAIL_SERVER });
      expect(row.next_try_time).not.toBeNull();
    });
  });

  describe('retries', () => {
    it('retries a refused e-mail after 1 and 5 minutes on the scheduler’s clock, then stops on success; idle runs leave no history', async () => {
      refusals = 2;
      const jobId = (await t.db.selectFrom('sys_quartz_job').select('id').where('job_class_name', '=', 'sendPendingMessages').executeTakeFirstOrThrow()).id;
      await t.db.deleteFrom('sys_quartz_job_run').where('job_id', '=', jobId).execute();
      const res = await t.api('POST', '/message/sysMessageTemplate/sendMsg', { token: admin, body: { templateCode: 'work_corrected_mail', receiver: 'retry@example.org', testData: '{"realname":"乙"}' } });
      expectFailure(res, /^消息发送失败：邮件发送失败：.*451.*自动重试$/);
      let [row] = await messages();
      expect(row).toMatchObject({ es_send_status: '2', es_send_num: 1 });
      const firstTry = new Date(row.es_send_time!.replace(' ', 'T')).getTime();
      expect(row.next_try_time).toBe(formatDateTime(new Date(firstTry + 60_000)));

      const clock = new FakeClock(firstTry);
      const scheduler = new Scheduler({
        env: { db: t.db, dialect: t.dialect, dataDir: t.deps.config.dataDir, storage: t.deps.storage, mail: t.deps.config, hub: t.deps.hub },
        clock,
        node: 'message-test',
        resyncMs: 3_600_000,
      });
      const enabled = await t.db.selectFrom('sys_quartz_job').select('id').where('status', '=', 0).execute();
      // Only the retry job runs.
      await t.db.updateTable('sys_quartz_job').set({ status: -1 }).where('id', '!=', jobId).execute();
      await scheduler.start();
      try {
        await clock.advanceTo(firstTry + 59_000, () => scheduler.idle());
        [row] = await messages();
        expect(row).toMatchObject({ es_send_status: '2', es_send_num: 1 });
        // The first whole minute after the due time retries it: refused again, next try 5 minutes later.
        await clock.advanceTo(firstTry + 120_000, () => scheduler.idle());
        [row] = await messages();
        expect(row).toMatchObject({ es_send_status: '2', es_send_num: 2 });
        const secondTry = new Date(row.es_send_time!.replace(' ', 'T')).getTime();
        expect(secondTry).toBeGreaterThanOrEqual(firstTry + 60_000);
        expect(row.next_try_time).toBe(formatDateTime(new Date(secondTry + 300_000)));
        await clock.advanceTo(secondTry + 299_000, () => scheduler.idle());
        expect((await messages())[0].es_send_num).toBe(2);
        await clock.advanceTo(secondTry + 360_000, () => scheduler.idle());
        [row] = await messages();
        expect(row).toMatchObject({ es_send_status: '1', es_send_num: 3, es_result: '发送成功', next_try_time: null });
        const mail = await smtp.nextMessage();
        expect(mail.to).toEqual(['retry@example.org']);
        expect(mail.html).toContain('乙家长您好');
        // Nothing more is sent, and only the two runs that did something are in the history.
        await clock.advanceTo(secondTry + 3_600_000, () => scheduler.idle());
        expect((await messages())[0].es_send_num).toBe(3);
        const runs = await t.db.selectFrom('sys_quartz_job_run').select(['outcome', 'message']).where('job_id', '=', jobId).orderBy('start_time').execute();
        expect(runs).toEqual([
          { outcome: 'ok', message: '重试消息 1 条：成功 0 条，失败 1 条' },
          { outcome: 'ok', message: '重试消息 1 条：成功 1 条，失败 0 条' },
        ]);
      } finally {
        await scheduler.stop();
        await t.db.updateTable('sys_quartz_job').set({ status: 0 }).where('id', 'in', enabled.map((e) => e.id)).execute();
      }
    });

    it('gives up after the fourth try and leaves the message 发送失败 with its last error', async () => {
      t.deps.config.smtpUrl = undefined;
      await t.api('POST', '/message/sysMessageTemplate/sendMsg', { token: admin, body: { templateCode: 'work_corrected_mail', receiver: 'x@example.org' } });
      const { sendDueMessages } = await import('../../domain/messages.js');
      const env = { db: t.db, mail: t.deps.config, hub: t.deps.hub };
      let at = Date.now();
      const waits: number[] = [];
      for (;;) {
        const [row] = await messages();
        if (!row.next_try_time) break;
        const due = new Date(row.next_try_time.replace(' ', 'T')).getTime();
        waits.push(Math.round((due - at) / 60_000));
        at = due;
        expect(await sendDueMessages(env, new Date(at))).toEqual({ tried: 1, sent: 0, failed: 1 });
      }
      expect(waits).toEqual([1, 5, 30]);
      expect((await messages())[0]).toMatchObject({ es_send_status: '2', es_send_num: 4, es_result: NO_MAIL_SERVER, next_try_time: null });
    });
  });

  describe('messages', () => {
    it('lists messages with status text, tries and error; resends a failed one; deletes', async () => {
      t.deps.config.smtpUrl = undefined;
      await t.api('POST', '/message/sysMessageTemplate/sendMsg', { token: admin, body: { templateCode: 'work_corrected_mail', receiver: 'late@example.org' } });
      await t.api('POST', '/message/sysMessageTemplate/sendMsg', { token: admin, body: { templateCode: 'class_notice_site', receiver: 'student1' } });
      const list = await t.api('GET', '/message/sysMessage/list?column=esReceiver&order=asc', { token: admin });
      expectEnvelope(list, { success: true, code: 0 });
      expectPage(list.body.result, 10, 1);
      const [failed, sent] = list.body.result.records;
      expect(failed).toMatchObject({ esReceiver: 'late@example.org', esType_dictText: '邮件', esSendStatus: '2', esSendStatus_dictText: '发送失败', esSendNum: 1, esResult: NO_MAIL_SERVER });
      expect(sent).toMatchObject({ esReceiver: 'student1', esType_dictText: '站内消息', esSendStatus_dictText: '发送成功' });
      expect(sent.esContentText).toContain('三年级一班的同学们');
      const onlyFailed = await t.api('GET', '/message/sysMessage/list?esSendStatus=2', { token: admin });
      expect(onlyFailed.body.result.records.map((r: any) => r.id)).toEqual([failed.id]);
      expect((await t.api('GET', `/message/sysMessage/queryById?id=${failed.id}`, { token: admin })).body.result).toMatchObject({ id: failed.id, esTitle: '作业批改通知（邮件）' });
      expectFailure(await t.api('GET', '/message/sysMessage/queryById?id=nope', { token: admin }), '未找到对应实体');

      // 重发: refused for a sent one; a failed one fails again (still no server), then goes through.
      expectFailure(await t.api('POST', '/message/sysMessage/resend', { token: admin, body: { id: sent.id } }), '只能重发发送失败的消息');
      expectFailure(await t.api('POST', '/message/sysMessage/resend', { token: admin, body: { id: 'nope' } }), '未找到对应实体');
      expectInvalid(await t.api('POST', '/message/sysMessage/resend', { token: admin, body: {} }), 'id不能为空', 'id');
      expectFailure(await t.api('POST', '/message/sysMessage/resend', { token: admin, body: { id: failed.id } }), /^重发失败：未配置邮件服务器/);
      t.deps.config.smtpUrl = smtp.url;
      expectEnvelope(await t.api('POST', '/message/sysMessage/resend', { token: admin, body: { id: failed.id } }), { success: true, message: '重发成功' });
      expect((await smtp.nextMessage()).to).toEqual(['late@example.org']);
      expect((await messages()).find((m) => m.id === failed.id)).toMatchObject({ es_send_status: '1', es_send_num: 3, next_try_time: null, update_by: 'admin' });

      const res = await t.request('/api/message/sysMessage/exportXls', { headers: { 'X-Access-Token': admin } });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
      const rows: string[][] = [];
      wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
      expect(rows[2].slice(0, 4)).toEqual(['消息标题', '消息类型', '接收人', '发送内容']);
      expect(rows.slice(3).some((r) => r[3].startsWith('三年级一班的同学们') && !r[3].includes('<'))).toBe(true);

      expectFailure(await t.api('DELETE', `/message/sysMessage/deleteBatch?ids=${failed.id},nope`, { token: admin }), '未找到对应实体');
      expectEnvelope(await t.api('DELETE', `/message/sysMessage/delete?id=${failed.id}`, { token: admin }), { success: true, message: '删除成功!' });
      expectEnvelope(await t.api('DELETE', `/message/sysMessage/deleteBatch?ids=${sent.id}`, { token: admin }), { success: true });
      expect(await messages()).toEqual([]);
    });
  });

  describe("the anchor's 消息 新增, 编辑 and 导入", () => {
    it('adds a message by hand and tries it at once; edits only one not sent; imports rows, reporting refused ones', async () => {
      const added = await t.api('POST', '/message/sysMessage/add', { token: admin, body: { esType: '2', esTitle: '家长会', esContent: '<p>周五<script>x</script>开会</p>', esReceiver: 'parent@example.org' } });
      expectEnvelope(added, { success: true, message: '添加成功！消息已发送' });
      const mail = await smtp.nextMessage();
      expect(mail).toMatchObject({ to: ['parent@example.org'], subject: '家长会' });
      const [row] = await messages();
      expect(row).toMatchObject({ id: added.body.result.id, es_type: '2', es_content: '<p>周五开会</p>', es_send_status: '1', create_by: 'admin' });
      expectFailure(await t.api('PUT', '/message/sysMessage/edit', { token: admin, body: { id: row.id, esType: '2', esTitle: '改', esContent: 'x', esReceiver: 'parent@example.org' } }), '消息已发送，不能再修改');
      const badReceiver = async (body: unknown, message: string) => {
        const res = await t.api('POST', '/message/sysMessage/add', { token: admin, body });
        expectFailure(res, message);
        expect(res.body.result.errors).toEqual({ esReceiver: message });
      };
      await badReceiver({ esType: '2', esTitle: 'x', esContent: 'x', esReceiver: 'not-mail' }, '邮件的接收人必须是有效的邮箱地址');
      await badReceiver({ esType: '4', esTitle: 'x', esContent: 'x', esReceiver: 'nobody' }, '接收用户不存在：nobody');
      expectInvalid(await t.api('POST', '/message/sysMessage/add', { token: admin, body: { esType: '2', esContent: 'x', esReceiver: 'a@example.org' } }), '请输入消息标题', 'esTitle');

      // A failed try can be corrected, and the correction is not sent until 重发.
      refusals = 1;
      const failedAdd = await t.api('POST', '/message/sysMessage/add', { token: admin, body: { esType: '2', esTitle: '退信', esContent: 'x', esReceiver: 'bounce@example.org' } });
      expect(failedAdd.body.message).toMatch(/^添加成功！发送失败，将自动重试/);
      const edited = await t.api('PUT', '/message/sysMessage/edit', { token: admin, body: { id: failedAdd.body.result.id, esType: '4', esTitle: '改为站内', esContent: '<p>好</p>', esReceiver: await t.userId('student1') } });
      expectEnvelope(edited, { success: true, message: '编辑成功!' });
      const fixed = await t.db.selectFrom('sys_sms').selectAll().where('id', '=', failedAdd.body.result.id).executeTakeFirstOrThrow();
      expect(fixed).toMatchObject({ es_type: '4', es_title: '改为站内', es_receiver: 'student1', es_send_status: '2', es_send_num: 1 });

      const out = new ExcelJS.Workbook();
      const ws = out.addWorksheet('导入');
      ws.addRow(['消息标题', '消息类型', '接收人', '发送内容', '备注']);
      ws.addRow(['站内一', '站内消息', 'student1', '你好', '导入']);
      ws.addRow(['短信', '1', 'student1', 'x', '']);
      ws.addRow(['没人', '4', 'ghost', 'x', '']);
      const form = new FormData();
      form.set('file', new Blob([(await out.xlsx.writeBuffer()) as ArrayBuffer]), 'm.xlsx');
      const imp = await (await t.request('/api/message/sysMessage/importExcel', { method: 'POST', headers: { 'X-Access-Token': admin }, body: form })).json();
      expect(imp).toMatchObject({ success: true, code: 201 });
      expect(imp.result.errors).toEqual([
        { row: 3, message: expect.stringContaining('不支持的消息类型') },
        { row: 4, message: '接收用户不存在：ghost' },
      ]);
      expect((await messages()).find((m) => m.es_title === '站内一')).toMatchObject({ es_type: '4', es_receiver: 'student1', es_send_status: '1', remark: '导入' });
      for (const token of [teacher, student]) {
        expectNoPermission(await t.api('POST', '/message/sysMessage/add', { token, body: { esType: '2', esTitle: 'x', esContent: 'x', esReceiver: 'a@example.org' } }));
        expectNoPermission(await t.api('PUT', '/message/sysMessage/edit', { token, body: { id: fixed.id } }));
      }
      expect((await messages()).length).toBe(3);
    });
  });

  describe('who may call it', () => {
    it('refuses teachers and students every route, reads included, and sends nothing', async () => {
      const id = await templateId('work_corrected_mail');
      for (const token of [teacher, student]) {
        expectNoPermission(await t.api('GET', '/message/sysMessageTemplate/list', { token }));
        expectNoPermission(await t.api('GET', `/message/sysMessageTemplate/queryById?id=${id}`, { token }));
        expectNoPermission(await t.api('POST', '/message/sysMessageTemplate/add', { token, body: valid }));
        expectNoPermission(await t.api('PUT', '/message/sysMessageTemplate/edit', { token, body: { ...valid, id } }));
        expectNoPermission(await t.api('DELETE', `/message/sysMessageTemplate/delete?id=${id}`, { token }));
        expectNoPermission(await t.api('POST', '/message/sysMessageTemplate/sendMsg', { token, body: { templateCode: 'work_corrected_mail', receiver: 'a@example.org' } }));
        expectNoPermission(await t.api('GET', '/message/sysMessage/list', { token }));
        expectNoPermission(await t.api('POST', '/message/sysMessage/resend', { token, body: { id: 'x' } }));
        expectNoPermission(await t.api('DELETE', '/message/sysMessage/deleteBatch?ids=x', { token }));
      }
      expect((await templates()).length).toBe(2);
      expect(await messages()).toEqual([]);
    });
  });
});
