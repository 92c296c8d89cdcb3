// Publishing and revoking announcements, and what users then receive: listByUser, the bell's source;
// getMyAnnouncementSend and readAll, the user's announcement list; queryById with sanitised content.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { ALL_SEND_BATCH } from '../../domain/announcements.js';
import type { NoticeMessage, NoticeTarget } from '../../realtime/hub.js';
import { InProcessHub } from '../../realtime/hub.js';

class RecordingHub extends InProcessHub {
  readonly published: NoticeTarget[] = [];
  override async publish(target: NoticeTarget) {
    this.published.push(target);
    await super.publish(target);
  }
}

describe.each(dialects)('announcements publish/revoke on %s', (dialect) => {
  let t: TestApp;
  let hub: RecordingHub;
  let admin: string;
  let teacher: string;
  let student: string;

  const add = (body: Record<string, unknown>, token = admin) => t.api('POST', '/sys/annountCement/add', { token, body });
  const release = (id: string, token = admin) => t.api('GET', `/sys/annountCement/doReleaseData?id=${encodeURIComponent(id)}`, { token });
  const revoke = (id: string, token = admin) => t.api('GET', `/sys/annountCement/doReovkeData?id=${encodeURIComponent(id)}`, { token });
  const unread = (token: string) => t.api('GET', '/sys/annountCement/listByUser', { token });

  beforeAll(async () => {
    hub = new RecordingHub();
    t = await startTestApp({ dialect, hub });
    [admin, teacher, student] = await Promise.all([t.login('admin'), t.login('teacher'), t.login('student1')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('delivers the seeded welcome announcement (published before the users looked) on first look', async () => {
    const res = await unread(student);
    expect(res.body.success).toBe(true);
    expect(res.body.result.anntMsgList.map((a: { titile: string }) => a.titile)).toContain('欢迎使用学堂');
    expect(res.body.result.anntMsgTotal).toBeGreaterThanOrEqual(1);
  });

  it('adds a draft that nobody sees, publishes it to all active users and pushes a topic notice', async () => {
    const created = await add({ titile: '期末考试安排', msgContent: '<p>周五考试<script>alert(1)</script></p>', priority: 'H', msgCategory: '1', msgType: 'ALL' });
    expect(created.body).toMatchObject({ success: true, message: '添加成功！' });
    const id = created.body.result.id as string;
    expect(created.body.result.sendStatus).toBe('0');
    expect(created.body.result.msgContent).toBe('<p>周五考试</p>');
    expect((await unread(student)).body.result.anntMsgList.map((a: { id: string }) => a.id)).not.toContain(id);

    const received: NoticeMessage[] = [];
    const studentId = await t.userId('student1');
    const off = hub.subscribe(studentId, (m) => received.push(m));
    const res = await release(id);
    off();
    expect(res.body).toMatchObject({ success: true, message: '该系统通知发布成功' });
    expect(res.body.result).toMatchObject({ sendStatus: '1', sender: 'admin' });
    expect(res.body.result.sendTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(received).toEqual([{ cmd: 'topic', msgId: id, msgTxt: '期末考试安排' }]);

    const active = await t.db.selectFrom('sys_user').select('id').where('del_flag', '=', 0).where('status', '=', 1).execute();
    const sends = await t.db.selectFrom('sys_announcement_send').select(['user_id', 'read_flag']).where('annt_id', '=', id).execute();
    expect(sends.map((s) => s.user_id).sort()).toEqual(active.map((u) => u.id).sort());
    expect(sends.every((s) => s.read_flag === '0')).toBe(true);

    const list = (await unread(student)).body.result;
    const item = list.anntMsgList.find((a: { id: string }) => a.id === id);
    expect(item).toMatchObject({ titile: '期末考试安排', priority: 'H', sender: 'admin' });
  });

  it("syncNotic reloads only the caller's own shells, for an announcement they received or for all read", async () => {
    const id = (await add({ titile: '同步通知', msgType: 'USER', userIds: await t.userId('student1') })).body.result.id as string;
    expect((await release(id)).body.success).toBe(true);
    const studentId = await t.userId('student1');
    const teacherId = await t.userId('teacher');
    const pushes = hub.published.length;
    const res = await t.api('GET', `/sys/annountCement/syncNotic?anntId=${id}`, { token: student });
    expect(res.body).toMatchObject({ success: true, result: null });
    expect(hub.published.slice(pushes)).toEqual([{ users: [studentId], message: { cmd: 'user', userId: studentId, msgId: id, msgTxt: '同步通知' } }]);
    expect((await t.api('GET', '/sys/annountCement/syncNotic', { token: teacher })).body.success).toBe(true);
    expect(hub.published.slice(pushes + 1)).toEqual([{ users: [teacherId], message: { cmd: 'topic', msgTxt: '批量设置已读' } }]);
    // Someone who did not receive it learns nothing and pushes nothing; a bad id and no session are refused.
    expect((await t.api('GET', `/sys/annountCement/syncNotic?anntId=${id}`, { token: teacher })).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await t.api('GET', `/sys/annountCement/syncNotic?anntId=${'x'.repeat(65)}`, { token: student })).body).toMatchObject({ success: false, message: 'anntId格式不正确' });
    expect(hub.published.length).toBe(pushes + 2);
    expect((await t.api('GET', '/sys/annountCement/syncNotic')).status).toBe(500);
  });

  it('refuses to publish twice and changes nothing', async () => {
    const id = (await add({ titile: '只发一次' })).body.result.id;
    expect((await release(id)).body.success).toBe(true);
    const before = await t.db.selectFrom('sys_announcement').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const count = async () => Number((await t.db.selectFrom('sys_announcement_send').select((eb) => eb.fn.countAll().as('n')).where('annt_id', '=', id).executeTakeFirstOrThrow()).n);
    const sendsBefore = await count();
    const pushesBefore = hub.published.length;
    const again = await release(id);
    expect(again.body).toMatchObject({ success: false, message: '该系统通知已发布，不能重复发布' });
    expect(await t.db.selectFrom('sys_announcement').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await count()).toBe(sendsBefore);
    expect(hub.published.length).toBe(pushesBefore);
  });

  it('answers 未找到对应实体 for an unknown or missing id', async () => {
    expect((await release('0123456789abcdef0123456789abcdef')).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await t.api('GET', '/sys/annountCement/doReleaseData', { token: admin })).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await revoke('nope')).body).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('sends a USER announcement only to its recipients, with a user notice each', async () => {
    const studentId = await t.userId('student1');
    const teacherId = await t.userId('teacher');
    const created = await add({ titile: '请交作业', msgType: 'USER', userIds: `${studentId},`, msgCategory: '2', priority: 'M' });
    expect(created.body.success).toBe(true);
    const id = created.body.result.id;
    const toStudent: NoticeMessage[] = [];
    const toTeacher: NoticeMessage[] = [];
    const offS = hub.subscribe(studentId, (m) => toStudent.push(m));
    const offT = hub.subscribe(teacherId, (m) => toTeacher.push(m));
    expect((await release(id)).body.success).toBe(true);
    offS();
    offT();
    expect(toStudent).toEqual([{ cmd: 'user', msgId: id, msgTxt: '请交作业', userId: studentId }]);
    expect(toTeacher).toEqual([]);
    const s = (await unread(student)).body.result;
    expect(s.sysMsgList.map((a: { id: string }) => a.id)).toContain(id);
    const tl = (await unread(teacher)).body.result;
    expect(tl.sysMsgList.map((a: { id: string }) => a.id)).not.toContain(id);
    // The recipient may open it; someone else may not.
    expect((await t.api('GET', `/sys/annountCement/queryById?id=${id}`, { token: student })).body.success).toBe(true);
    expect((await t.api('GET', `/sys/annountCement/queryById?id=${id}`, { token: teacher })).body).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('validates the add form in Chinese and stores nothing on bad input', async () => {
    const before = Number((await t.db.selectFrom('sys_announcement').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect((await add({ titile: '' })).body.message).toBe('请输入标题');
    expect((await add({ titile: 'x'.repeat(101) })).body.message).toBe('标题不能超过100个字符');
    expect((await add({ titile: 'a', msgType: 'USER' })).body.message).toBe('请选择接收通知的用户');
    expect((await add({ titile: 'a', msgType: 'USER', userIds: 'no-such-user' })).body.message).toBe('接收用户不存在');
    expect((await add({ titile: 'a', priority: 'X' })).body.message).toBe('优先级只能是 L、M 或 H');
    expect((await add({ titile: 'a', openType: 'xyz', openPage: '/a' })).body.message).toBe('打开方式只能是 url 或 component');
    expect((await add({ titile: 'a', openType: 'url', openPage: 'javascript:alert(1)' })).body.message).toBe('打开页面必须是以 / 开头的站内路径');
    expect((await add({ titile: 'a', openType: 'url', openPage: '//evil.example' })).body.message).toBe('打开页面必须是以 / 开头的站内路径');
    const after = Number((await t.db.selectFrom('sys_announcement').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);
  });

  it('requires the button permissions: a student can neither add, publish nor revoke', async () => {
    const id = (await add({ titile: '草稿' })).body.result.id;
    expect((await add({ titile: '学生发的' }, student)).body).toMatchObject({ success: false, code: 510 });
    expect((await release(id, student)).body).toMatchObject({ success: false, code: 510 });
    expect((await revoke(id, student)).body).toMatchObject({ success: false, code: 510 });
    const row = await t.db.selectFrom('sys_announcement').select('send_status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.send_status).toBe('0');
    expect((await t.api('GET', `/sys/annountCement/doReleaseData?id=${id}`)).body.message).toBe('Token失效，请重新登录');
  });

  it('revokes a published announcement: it leaves the lists, and revoking again or a draft is refused', async () => {
    const id = (await add({ titile: '将被撤销' })).body.result.id;
    expect((await revoke(id)).body).toMatchObject({ success: false, message: '该系统通知尚未发布，无法撤销' });
    await release(id);
    expect((await unread(student)).body.result.anntMsgList.map((a: { id: string }) => a.id)).toContain(id);
    const res = await revoke(id);
    expect(res.body).toMatchObject({ success: true, message: '该系统通知撤销成功' });
    expect(res.body.result.sendStatus).toBe('2');
    expect(res.body.result.cancelTime).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect((await unread(student)).body.result.anntMsgList.map((a: { id: string }) => a.id)).not.toContain(id);
    expect((await revoke(id)).body).toMatchObject({ success: false, message: '该系统通知已撤销' });
  });

  it('lists my announcements with filters and paging, marks one and then all read', async () => {
    const ids: string[] = [];
    for (const [titile, priority] of [['数学竞赛报名', 'L'], ['数学作业提醒', 'M'], ['春游通知', 'H']] as const) {
      const id = (await add({ titile, priority })).body.result.id;
      await release(id);
      ids.push(id);
    }
    const my = (q: string) => t.api('GET', `/sys/sysAnnouncementSend/getMyAnnouncementSend${q}`, { token: student });
    const all = await my('?pageNo=1&pageSize=100');
    expect(all.body.success).toBe(true);
    const titles = all.body.result.records.map((r: { titile: string }) => r.titile);
    expect(titles).toEqual(expect.arrayContaining(['数学竞赛报名', '数学作业提醒', '春游通知', '欢迎使用学堂']));
    expect(titles).not.toContain('将被撤销');
    expect(titles).not.toContain('草稿');
    const first = all.body.result.records[0];
    expect(Object.keys(first)).toEqual(expect.arrayContaining(['id', 'anntId', 'userId', 'readFlag', 'titile', 'msgContent', 'sender', 'priority', 'msgCategory', 'sendTime', 'openType', 'openPage']));

    const maths = await my('?titile=' + encodeURIComponent('数学'));
    expect(maths.body.result.records.map((r: { titile: string }) => r.titile).sort()).toEqual(['数学作业提醒', '数学竞赛报名']);
    expect((await my('?titile=' + encodeURIComponent('%'))).body.result.total).toBe(0);
    const paged = await my('?pageNo=2&pageSize=2');
    expect(paged.body.result).toMatchObject({ current: 2, size: 2, total: all.body.result.total });
    expect(paged.body.result.records).toHaveLength(2);

    const mark = await t.api('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { token: student, body: { anntId: ids[0] } });
    expect(mark.body.success).toBe(true);
    const read = await my('?readFlag=1');
    expect(read.body.result.records.map((r: { anntId: string }) => r.anntId)).toContain(ids[0]);
    expect((await my('?readFlag=0')).body.result.records.map((r: { anntId: string }) => r.anntId)).not.toContain(ids[0]);

    // Another user's list is untouched by all this.
    const teacherUnreadBefore = (await unread(teacher)).body.result.anntMsgTotal;
    const readAll = await t.api('PUT', '/sys/sysAnnouncementSend/readAll', { token: student });
    expect(readAll.body).toMatchObject({ success: true, message: '全部已读' });
    expect((await my('?readFlag=0')).body.result.total).toBe(0);
    const after = (await unread(student)).body.result;
    expect(after.anntMsgTotal + after.sysMsgTotal).toBe(0);
    expect((await unread(teacher)).body.result.anntMsgTotal).toBe(teacherUnreadBefore);
  });

  it('a user created after publication still receives a valid ALL announcement, lazily', async () => {
    const id = (await add({ titile: '给所有人' })).body.result.id;
    await release(id);
    const { hashPassword } = await import('../../domain/password.js');
    const newId = 'f'.repeat(32);
    await t.db
      .insertInto('sys_user')
      .values({ id: newId, username: 'late', realname: '新同学', password: await hashPassword('Late-user-2026'), create_time: '2999-01-01 00:00:00' })
      .execute();
    const token = await t.login('late', 'Late-user-2026');
    const mine = await t.api('GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=100', { token });
    const titles = mine.body.result.records.map((a: { titile: string }) => a.titile);
    // Created (by its create_time) after the welcome notice ended, so only announcements without end time arrive.
    expect(titles).toContain('给所有人');
    expect(titles).not.toContain('欢迎使用学堂');
  });

  it('publishes to many users in batches that let the event loop run between them', async () => {
    // Enough users for several batches, made by the database itself.
    const users = 5 * ALL_SEND_BATCH;
    await (
      dialect === 'sqlite'
        ? sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${users})
              insert into sys_user (id, username, realname, password, status, del_flag, user_identity, school, create_by, create_time)
              select printf('bulk%028x', i), 'bulk' || i, '同学' || i, 'x', 1, 0, 1, '', 'test', '2024-01-01 00:00:00' from n`
        : sql`insert into sys_user (id, username, realname, password, status, del_flag, user_identity, school, create_by, create_time)
              select 'bulk' || lpad(to_hex(i), 28, '0'), 'bulk' || i, '同学' || i, 'x', 1, 0, 1, '', 'test', '2024-01-01 00:00:00' from generate_series(1, ${users}) i`
    ).execute(t.db);
    const active = Number(
      (await t.db.selectFrom('sys_user').select((eb) => eb.fn.countAll().as('n')).where('del_flag', '=', 0).where('status', '=', 1).executeTakeFirstOrThrow()).n,
    );
    const id = (await add({ titile: '全校通知' })).body.result.id as string;
    // Turns of the event loop while the publication runs: timers only fire when it yields.
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const res = await release(id);
    clearInterval(ticker);
    expect(res.body).toMatchObject({ success: true, message: '该系统通知发布成功' });
    expect(turns).toBeGreaterThanOrEqual(4);
    const sent = await t.db.selectFrom('sys_announcement_send').select((eb) => eb.fn.countAll().as('n')).where('annt_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(sent.n)).toBe(active);
  });
});
