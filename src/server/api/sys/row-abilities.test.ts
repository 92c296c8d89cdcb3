// Row abilities of the status-driven actions: the list rows say what each record's state allows (通告管理's
// 编辑 / 发布 / 撤销, 定时任务's 暂停 / 启动, 用户管理's 冻结 / 解冻), computed by the domain's policies, and the routes
// refuse exactly what a row says no to, changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectFailure } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

describe.each(dialects)('row abilities on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const record = async (path: string, id: string) => {
    const res = await t.api('GET', `${path}?pageSize=100`, { token: admin });
    expectEnvelope(res, { success: true });
    return res.body.result.records.find((r: { id: string }) => r.id === id);
  };

  it('通告管理: a draft may be edited and published, a published one only revoked, a revoked one edited and published again', async () => {
    const added = await t.api('POST', '/sys/annountCement/add', { token: admin, body: { titile: '能力', msgContent: '<p>x</p>', priority: 'L', msgCategory: '1', msgType: 'ALL' } });
    const id = added.body.result.id as string;
    const abilities = async () => {
      const r = await record('/sys/annountCement/list', id);
      return { canEdit: r.canEdit, canPublish: r.canPublish, canRevoke: r.canRevoke };
    };
    expect(await abilities()).toEqual({ canEdit: true, canPublish: true, canRevoke: false });
    expectEnvelope(await t.api('GET', `/sys/annountCement/doReleaseData?id=${id}`, { token: admin }), { success: true });
    expect(await abilities()).toEqual({ canEdit: false, canPublish: false, canRevoke: true });
    expectFailure(await t.api('GET', `/sys/annountCement/doReleaseData?id=${id}`, { token: admin }), '该系统通知已发布，不能重复发布');
    expectEnvelope(await t.api('GET', `/sys/annountCement/doReovkeData?id=${id}`, { token: admin }), { success: true });
    expect(await abilities()).toEqual({ canEdit: true, canPublish: true, canRevoke: false });
    expectFailure(await t.api('GET', `/sys/annountCement/doReovkeData?id=${id}`, { token: admin }), '该系统通知已撤销');
  });

  it('定时任务: a running job may be paused, a stopped one started; the other is refused and nothing changes', async () => {
    const job = await t.db.selectFrom('sys_quartz_job').select(['id', 'status']).where('job_class_name', '=', 'purgeExpiredSessions').executeTakeFirstOrThrow();
    expect(job.status).toBe(0);
    const abilities = async () => {
      const r = await record('/sys/quartzJob/list', job.id);
      return { canPause: r.canPause, canResume: r.canResume };
    };
    const status = async () => (await t.db.selectFrom('sys_quartz_job').select('status').where('id', '=', job.id).executeTakeFirstOrThrow()).status;
    try {
      expect(await abilities()).toEqual({ canPause: true, canResume: false });
      expectFailure(await t.api('POST', '/sys/quartzJob/resume', { token: admin, body: { id: job.id } }), '该任务已启动');
      expectEnvelope(await t.api('POST', '/sys/quartzJob/pause', { token: admin, body: { id: job.id } }), { success: true, message: '暂停定时任务成功' });
      expect(await abilities()).toEqual({ canPause: false, canResume: true });
      expectFailure(await t.api('POST', '/sys/quartzJob/pause', { token: admin, body: { id: job.id } }), '该任务已暂停');
      expect(await status()).toBe(-1);
    } finally {
      await t.db.updateTable('sys_quartz_job').set({ status: 0 }).where('id', '=', job.id).execute();
    }
  });

  it('用户管理: an active user may be frozen (never oneself), a frozen one unfrozen; freezing nobody new is refused', async () => {
    const [me, student] = [await t.userId('admin'), await t.userId('student2')];
    const abilities = async (id: string) => {
      const r = await record('/sys/user/list', id);
      return { canFreeze: r.canFreeze, canUnfreeze: r.canUnfreeze };
    };
    const freeze = (ids: string, status: string) => t.api('PUT', '/sys/user/frozenBatch', { token: admin, body: { ids, status } });
    const statusOf = async () => (await t.db.selectFrom('sys_user').select('status').where('id', '=', student).executeTakeFirstOrThrow()).status;
    try {
      expect(await abilities(me)).toEqual({ canFreeze: false, canUnfreeze: false });
      expect(await abilities(student)).toEqual({ canFreeze: true, canUnfreeze: false });
      expectFailure(await freeze(student, '1'), '所选用户未冻结');
      expectEnvelope(await freeze(student, '2'), { success: true });
      expect(await abilities(student)).toEqual({ canFreeze: false, canUnfreeze: true });
      expectFailure(await freeze(student, '2'), '所选用户已冻结');
      expect(await statusOf()).toBe(2);
      // A selection where some are already frozen freezes the others.
      const other = await t.userId('student3');
      expectEnvelope(await freeze(`${student},${other}`, '2'), { success: true });
      expect((await t.db.selectFrom('sys_user').select('status').where('id', '=', other).executeTakeFirstOrThrow()).status).toBe(2);
      expectEnvelope(await freeze(`${student},${other}`, '1'), { success: true });
      expect(await statusOf()).toBe(1);
    } finally {
      await t.db.updateTable('sys_user').set({ status: 1 }).where('username', 'in', ['student2', 'student3']).execute();
    }
  });
});
