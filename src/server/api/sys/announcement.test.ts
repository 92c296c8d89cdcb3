// GET /sys/annountCement/listByUser, PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId, GET /sys/annountCement/queryById.
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SysAnnouncementTable } from '../../db/schema.js';
import { newId } from '../../domain/ids.js';
import { formatDateTime } from '../../domain/time.js';
import { expectEnvelope, expectFailure, expectInvalid, expectNoPermission, expectTokenRefusal } from '../../../../test/assertions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['admin', 'teacher', 'student1', 'student2', 'student3']) tokens[u] = await t.login(u);
});
afterAll(async () => {
  await t?.close();
});

const at = (minutesAgo: number) => formatDateTime(new Date(Date.now() - minutesAgo * 60_000));
const nextYear = () => formatDateTime(new Date(Date.now() + 365 * 24 * 3600_000));

/** Inserts an announcement and send rows for the given users; returns its id. */
async function announce(o: Partial<Insertable<SysAnnouncementTable>> & { to?: string[] }): Promise<string> {
  const { to = [], ...fields } = o;
  const id = newId();
  await t.db
    .insertInto('sys_announcement')
    .values({
      id,
      titile: `通知-${id.slice(0, 6)}`,
      msg_content: '<p>内容</p>',
      start_time: at(60),
      end_time: nextYear(),
      sender: 'admin',
      priority: 'L',
      msg_category: '1',
      msg_type: 'USER',
      send_status: '1',
      send_time: at(30),
      del_flag: '0',
      open_type: null,
      open_page: null,
      create_by: 'admin',
      create_time: at(60),
      ...fields,
    })
    .execute();
  for (const username of to) {
    await t.db.insertInto('sys_announcement_send').values({ id: newId(), annt_id: id, user_id: await t.userId(username), read_flag: '0' }).execute();
  }
  return id;
}

const readFlag = async (anntId: string, username: string) =>
  (
    await t.db
      .selectFrom('sys_announcement_send')
      .select('read_flag')
      .where('annt_id', '=', anntId)
      .where('user_id', '=', await t.userId(username))
      .executeTakeFirst()
  )?.read_flag;

type Listed = { anntMsgList: { id: string; titile: string }[]; anntMsgTotal: number; sysMsgList: { id: string; titile: string }[]; sysMsgTotal: number };
async function listByUser(username: string): Promise<Listed> {
  const res = await t.api('GET', `/sys/annountCement/listByUser?_t=${Math.floor(Date.now() / 1000)}`, { token: tokens[username] });
  expectEnvelope(res, { success: true, code: 0 });
  expect(Object.keys(res.body.result).sort()).toEqual(['anntMsgList', 'anntMsgTotal', 'sysMsgList', 'sysMsgTotal']);
  return res.body.result;
}

describe('GET /sys/annountCement/listByUser', () => {
  it('splits the user’s unread published announcements into notices (1) and system messages (2)', async () => {
    const before = await listByUser('student1');
    const otherBefore = await listByUser('student2');
    const notice = await announce({ titile: '春游通知', msg_category: '1', priority: 'H', open_type: 'url', open_page: '/account/center', send_time: at(1), to: ['student1'] });
    const system = await announce({ titile: '系统升级', msg_category: '2', send_time: at(1), to: ['student1'] });
    const r = await listByUser('student1');
    // The newest of each category comes first.
    expect(r.anntMsgList[0].id).toBe(notice);
    expect(r.sysMsgList[0].id).toBe(system);
    expect(r.anntMsgList.map((a) => a.id)).not.toContain(system);
    expect(r.sysMsgList.map((a) => a.id)).not.toContain(notice);
    expect(r.anntMsgTotal).toBe(before.anntMsgTotal + 1);
    expect(r.sysMsgTotal).toBe(before.sysMsgTotal + 1);
    const record = r.anntMsgList.find((a) => a.id === notice)!;
    expect(record).toMatchObject({
      titile: '春游通知',
      msgContent: '<p>内容</p>',
      sender: 'admin',
      priority: 'H',
      msgCategory: '1',
      msgType: 'USER',
      sendStatus: '1',
      delFlag: '0',
      openType: 'url',
      openPage: '/account/center',
    });
    for (const key of ['startTime', 'endTime', 'sendTime', 'createTime', 'busId', 'msgAbstract']) expect(record).toHaveProperty(key);
    expect(String((record as Record<string, unknown>).sendTime)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Nobody else received them.
    const other = await listByUser('student2');
    expect([...other.anntMsgList, ...other.sysMsgList].map((a) => a.id)).not.toContain(notice);
    expect(other.sysMsgTotal).toBe(otherBefore.sysMsgTotal);
    expect(other.anntMsgTotal).toBe(otherBefore.anntMsgTotal);
  });

  it('leaves out drafts, revoked, deleted and read announcements', async () => {
    const hidden = [
      await announce({ titile: '草稿', send_status: '0', send_time: null, to: ['student3'] }),
      await announce({ titile: '已撤销', send_status: '2', to: ['student3'] }),
      await announce({ titile: '已删除', del_flag: '1', to: ['student3'] }),
    ];
    const read = await announce({ titile: '已读', to: ['student3'] });
    await t.db.updateTable('sys_announcement_send').set({ read_flag: '1' }).where('annt_id', '=', read).execute();
    const r = await listByUser('student3');
    const ids = [...r.anntMsgList, ...r.sysMsgList].map((a) => a.id);
    for (const id of [...hidden, read]) expect(ids).not.toContain(id);
  });

  it('caps each list at 5, newest first, with the full unread total', async () => {
    const before = await listByUser('teacher');
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await announce({ titile: `第${i}条`, send_time: at(20 - i), to: ['teacher'] }));
    const r = await listByUser('teacher');
    expect(r.anntMsgTotal).toBe(before.anntMsgTotal + 7);
    expect(r.anntMsgList).toHaveLength(5);
    expect(r.anntMsgList.map((a) => a.id)).toEqual(ids.slice().reverse().slice(0, 5));
  });

  it('delivers a published announcement for everyone (msg_type ALL), once', async () => {
    // The seed's welcome notice goes to everyone.
    const first = await listByUser('student2');
    const welcome = first.anntMsgList.find((a) => a.titile === '欢迎使用学堂');
    expect(welcome).toBeDefined();
    const broadcast = await announce({ titile: '全体通知', msg_type: 'ALL', msg_category: '2' });
    const draft = await announce({ titile: '全体草稿', msg_type: 'ALL', send_status: '0', send_time: null });
    const r = await listByUser('student2');
    expect(r.sysMsgList.map((a) => a.id)).toEqual([broadcast]);
    expect(r.anntMsgList.map((a) => a.id)).not.toContain(draft);
    // Reading it removes it for good: it is not delivered a second time.
    expectEnvelope(await t.api('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { token: tokens.student2, body: { anntId: broadcast } }), {
      success: true,
      code: 0,
    });
    const again = await listByUser('student2');
    expect(again.sysMsgList).toEqual([]);
    expect(again.sysMsgTotal).toBe(0);
    const rows = await t.db
      .selectFrom('sys_announcement_send')
      .select('id')
      .where('annt_id', '=', broadcast)
      .where('user_id', '=', await t.userId('student2'))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses without a session', async () => {
    expectTokenRefusal(await t.api('GET', '/sys/annountCement/listByUser'));
  });
});

describe('PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId', () => {
  it('marks the announcement read for the caller only', async () => {
    const id = await announce({ titile: '两人都收到', to: ['student1', 'student3'] });
    const before = await listByUser('student1');
    const res = await t.api('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { token: tokens.student1, body: { anntId: id } });
    expectEnvelope(res, { success: true, code: 0 });
    expect(await readFlag(id, 'student1')).toBe('1');
    expect(await readFlag(id, 'student3')).toBe('0');
    const after = await listByUser('student1');
    expect(after.anntMsgTotal).toBe(before.anntMsgTotal - 1);
    expect(after.anntMsgList.map((a) => a.id)).not.toContain(id);
  });

  it('refuses an announcement the caller never received, and changes nothing', async () => {
    const id = await announce({ titile: '只给学生二', to: ['student2'] });
    const res = await t.api('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { token: tokens.student1, body: { anntId: id } });
    expectEnvelope(res, { success: false });
    expect(await readFlag(id, 'student2')).toBe('0');
    expect(await readFlag(id, 'student1')).toBeUndefined();
  });

  it('refuses an unknown id', async () => {
    expectEnvelope(
      await t.api('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { token: tokens.student1, body: { anntId: newId() } }),
      { success: false },
    );
  });

  it.each([
    ['no anntId', {}],
    ['an empty anntId', { anntId: ' ' }],
    ['a numeric anntId', { anntId: 123 }],
  ])('rejects %s', async (_label, body) => {
    const res = await t.api('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { token: tokens.student1, body });
    expectInvalid(res, 'anntId不能为空', 'anntId');
  });

  it('rejects a body that is not JSON', async () => {
    const res = await t.api('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { token: tokens.student1, body: '{oops' });
    expectFailure(res, '请求数据不是有效的JSON', { status: 400, code: 400 });
  });

  it('refuses without a session', async () => {
    const id = await announce({ to: ['student1'] });
    expectTokenRefusal(await t.api('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { body: { anntId: id } }));
    expect(await readFlag(id, 'student1')).toBe('0');
  });
});

describe('GET /sys/annountCement/queryById', () => {
  it('opens an announcement the caller received', async () => {
    const id = await announce({ titile: '可以打开', msg_content: '<p>详情</p>', to: ['student1'] });
    const res = await t.api('GET', `/sys/annountCement/queryById?id=${id}&_t=1`, { token: tokens.student1 });
    expectEnvelope(res, { success: true });
    expect(res.body.result).toMatchObject({ id, titile: '可以打开', msgContent: '<p>详情</p>', sender: 'admin' });
  });

  it('answers 未找到对应实体 for an announcement the student never received, a draft, and an unknown id', async () => {
    const other = await announce({ titile: '别人的', to: ['student2'] });
    const draft = await announce({ titile: '草稿', send_status: '0', to: ['student1'] });
    for (const id of [other, draft, newId()]) {
      expectFailure(await t.api('GET', `/sys/annountCement/queryById?id=${id}`, { token: tokens.student1 }), '未找到对应实体');
    }
  });

  it('lets staff who manage announcements open any of them, drafts included', async () => {
    const draft = await announce({ titile: '管理员看草稿', send_status: '0' });
    const res = await t.api('GET', `/sys/annountCement/queryById?id=${draft}`, { token: tokens.admin });
    expectEnvelope(res, { success: true });
    expect(res.body.result.titile).toBe('管理员看草稿');
    // A teacher does not manage announcements.
    expectFailure(await t.api('GET', `/sys/annountCement/queryById?id=${draft}`, { token: tokens.teacher }), '未找到对应实体');
  });

  it('rejects a missing id', async () => {
    expectEnvelope(await t.api('GET', '/sys/annountCement/queryById', { token: tokens.student1 }), { success: false, status: 400 });
  });

  it('refuses without a session', async () => {
    const id = await announce({ to: ['student1'] });
    expectTokenRefusal(await t.api('GET', `/sys/annountCement/queryById?id=${id}`));
  });
});

describe('announcement management routes', () => {
  it('refuses a student every announcement route that needs a permission code', async () => {
    const guarded = t.apiRoutes.routes.filter((r) => r.access.kind === 'perm' && /annount|Announcement/i.test(r.path));
    for (const route of guarded) {
      const path = route.path.replace(/:[A-Za-z]+/g, 'x').replace('*', 'x');
      expectNoPermission(await t.api(route.method, path, { token: tokens.student1, body: route.method === 'GET' ? undefined : {} }));
    }
    // Whatever is registered, a student cannot read an announcement addressed to someone else.
    const other = await announce({ to: ['teacher'] });
    expectFailure(await t.api('GET', `/sys/annountCement/queryById?id=${other}`, { token: tokens.student1 }), '未找到对应实体');
  });
});
