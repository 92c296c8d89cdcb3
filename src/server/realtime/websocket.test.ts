// The notice websocket over a real socket: who may connect, the heartbeat answer, and that a user receives
// announcements to all and those addressed to them, never another user's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';
import { connect, opened, type Client } from '../../../test/ws-client.js';

describe.each(dialects)('notice websocket on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let student: string;
  let studentId: string;
  let teacher: string;
  let teacherId: string;
  const clients: Client[] = [];
  const open = (path: string, opts?: Parameters<typeof connect>[1]) => {
    const c = connect(`ws://127.0.0.1:${t.port}${path}`, opts);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await startTestApp({ dialect, listen: true });
    [admin, student, teacher] = await Promise.all([t.login('admin'), t.login('student1'), t.login('teacher')]);
    [studentId, teacherId] = await Promise.all([t.userId('student1'), t.userId('teacher')]);
  });
  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await t?.close();
  });

  it('closes with 4401 without a session or with a bad token', async () => {
    expect((await open(`/api/websocket/${studentId}`).closed).code).toBe(4401);
    expect((await open(`/api/websocket/${studentId}?token=not-a-token`).closed).code).toBe(4401);
  });

  it('ignores the session cookie when the handshake comes from another site', async () => {
    const evil = open(`/api/websocket/${studentId}`, { headers: { Cookie: `xt_token=${student}`, Origin: 'https://evil.example' } });
    expect((await evil.closed).code).toBe(4401);
    const ours = open(`/api/websocket/${studentId}`, { headers: { Cookie: `xt_token=${student}`, Origin: `http://127.0.0.1:${t.port}` } });
    await opened(ours);
  });

  it('closes with 4403 when the path names another user', async () => {
    expect((await open(`/api/websocket/${teacherId}?token=${student}`).closed).code).toBe(4403);
  });

  it('accepts the session from the cookie, the token query parameter or Sec-WebSocket-Protocol, and answers any text with heartcheck', async () => {
    const byQuery = open(`/api/websocket/${studentId}?token=${encodeURIComponent(student)}`);
    const byCookie = open(`/api/websocket/${studentId}`, { headers: { Cookie: `xt_token=${student}` } });
    const byProtocol = open(`/websocket/${studentId}`, { protocols: [student] });
    for (const c of [byQuery, byCookie, byProtocol]) {
      await opened(c);
      c.ws.send('HeartBeat');
      expect(await c.next((m) => m.cmd === 'heartcheck')).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    }
  });

  it('pushes a published announcement to all (topic) and a targeted one only to its user (user)', async () => {
    const s = open(`/api/websocket/${studentId}?token=${student}`);
    const tc = open(`/api/websocket/${teacherId}?token=${teacher}`);
    await Promise.all([opened(s), opened(tc)]);

    const all = await t.api('POST', '/sys/annountCement/add', { token: admin, body: { titile: '全校大扫除', msgType: 'ALL' } });
    const allId = all.body.result.id;
    expect((await t.api('GET', `/sys/annountCement/doReleaseData?id=${allId}`, { token: admin })).body.success).toBe(true);
    expect(await s.next((m) => m.msgId === allId)).toEqual({ cmd: 'topic', msgId: allId, msgTxt: '全校大扫除' });
    expect(await tc.next((m) => m.msgId === allId)).toEqual({ cmd: 'topic', msgId: allId, msgTxt: '全校大扫除' });

    const one = await t.api('POST', '/sys/annountCement/add', { token: admin, body: { titile: '小明请到办公室', msgType: 'USER', userIds: studentId } });
    const oneId = one.body.result.id;
    await t.api('GET', `/sys/annountCement/doReleaseData?id=${oneId}`, { token: admin });
    expect(await s.next((m) => m.msgId === oneId)).toEqual({ cmd: 'user', msgId: oneId, msgTxt: '小明请到办公室', userId: studentId });
    // The teacher's socket is still alive (heartbeat answered) and never saw the student's notice.
    tc.ws.send('HeartBeat');
    await tc.next((m) => m.cmd === 'heartcheck');
    expect(tc.messages.some((m: any) => m.msgId === oneId)).toBe(false);
  });

  it('refuses a session that has been logged out', async () => {
    const token = await t.login('student2');
    const id = await t.userId('student2');
    await t.api('POST', '/sys/logout', { token });
    expect((await open(`/api/websocket/${id}?token=${token}`).closed).code).toBe(4401);
  });

  describe('a socket does not outlive its session', () => {
    const PASSWORD = 'Socket-pass-2026';
    /** A new account (so these tests end no session the others use). */
    async function account(username: string) {
      const res = await t.api('POST', '/sys/user/add', { token: admin, body: { username, realname: '测试', password: PASSWORD, confirmpassword: PASSWORD } });
      expect(res.body.success, res.body.message).toBe(true);
      return username;
    }
    /** A fresh session of `username` with an open socket on it. */
    async function socketOf(username: string) {
      const token = await t.login(username, PASSWORD);
      const id = await t.userId(username);
      const c = open(`/api/websocket/${id}?token=${token}`);
      await opened(c);
      return { token, id, c };
    }
    /** The socket still answers a heartbeat (a new one: earlier answers do not count). */
    const stillOpen = async (c: Client) => {
      const before = c.messages.length;
      c.ws.send('HeartBeat');
      await c.next((m) => m.cmd === 'heartcheck' && c.messages.indexOf(m) >= before);
      expect(c.ws.readyState).toBe(1);
    };

    it('closes with 4401 on logout, and only the socket of that session', async () => {
      await account('ws_logout');
      const a = await socketOf('ws_logout');
      const b = await socketOf('ws_logout');
      expect((await t.api('POST', '/sys/logout', { token: a.token })).body.success).toBe(true);
      expect((await a.c.closed).code).toBe(4401);
      await stillOpen(b.c);
    });

    it('closes every socket of an account when it is frozen', async () => {
      await account('ws_frozen');
      const a = await socketOf('ws_frozen');
      const b = await socketOf('ws_frozen');
      const res = await t.api('PUT', '/sys/user/frozenBatch', { token: admin, body: { ids: a.id, status: 2 } });
      expect(res.body.success).toBe(true);
      expect((await a.c.closed).code).toBe(4401);
      expect((await b.c.closed).code).toBe(4401);
      await t.api('PUT', '/sys/user/frozenBatch', { token: admin, body: { ids: a.id, status: 1 } });
    });

    it('closes the other sessions\' sockets when a user changes their password, keeping the one that changed it', async () => {
      await account('ws_password');
      const mine = await socketOf('ws_password');
      const other = await socketOf('ws_password');
      const res = await t.api('PUT', '/sys/user/updatePassword', {
        token: mine.token,
        body: { oldpassword: PASSWORD, password: 'Changed-pass-2026', confirmpassword: 'Changed-pass-2026' },
      });
      expect(res.body.success, res.body.message).toBe(true);
      expect((await other.c.closed).code).toBe(4401);
      await stillOpen(mine.c);
      // An administrator resetting the password ends them all.
      const reset = await t.api('PUT', '/sys/user/changePassword', { token: admin, body: { username: 'ws_password', password: PASSWORD, confirmpassword: PASSWORD } });
      expect(reset.body.success, reset.body.message).toBe(true);
      expect((await mine.c.closed).code).toBe(4401);
    });

    it('closes when the user is deleted', async () => {
      await account('ws_deleted');
      const s = await socketOf('ws_deleted');
      expect((await t.api('DELETE', `/sys/user/delete?id=${s.id}`, { token: admin })).body.success).toBe(true);
      expect((await s.c.closed).code).toBe(4401);
    });

    it('closes when its session expires', async () => {
      await account('ws_expiry');
      const token = await t.login('ws_expiry', PASSWORD);
      const id = await t.userId('ws_expiry');
      // The session has a second and a half left.
      await t.db.updateTable('sys_session').set({ expires_at: Date.now() + 1500 }).where('user_id', '=', id).execute();
      const c = open(`/api/websocket/${id}?token=${token}`);
      await opened(c);
      const openedAt = Date.now();
      expect((await c.closed).code).toBe(4401);
      expect(Date.now() - openedAt).toBeLessThan(5000);
    });
  });
});
