// Page form writes are refused when another site posts them with the visitor's cookie.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('page writes and the same-origin rule', () => {
  it('refuses a cross-site form post to a list screen and deletes nothing', async () => {
    const token = await t.login('admin');
    const role = await t.db.selectFrom('sys_role').select(['id']).where('role_code', '=', 'teacher').executeTakeFirstOrThrow();
    const body = new URLSearchParams({ ids: role.id, confirmed: '1', back: '/isystem/role' });
    const res = await t.app.request('/isystem/role/delete', {
      method: 'POST',
      headers: { Cookie: `xt_token=${token}`, Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(res.status).toBe(403);
    expect(await t.db.selectFrom('sys_role').select('id').where('id', '=', role.id).executeTakeFirst()).toBeTruthy();
  });

  it('accepts the same post from our own origin', async () => {
    const token = await t.login('admin');
    const res = await t.app.request('http://localhost/isystem/role/delete', {
      method: 'POST',
      headers: { Cookie: `xt_token=${token}`, Origin: 'http://localhost', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ids: 'no-such-role', back: '/isystem/role' }),
    });
    // Not confirmed yet: the confirmation page is shown (a 200 page, not a refusal).
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('确定删除吗?');
  });
});

describe('page reads that would write', () => {
  /** An announcement to student1, published, unread; and student1's page cookie. */
  async function unread(title: string) {
    const admin = await t.login('admin');
    const added = await t.api('POST', '/sys/annountCement/add', { token: admin, body: { titile: title, msgType: 'USER', userIds: await t.userId('student1') } });
    const id = added.body.result.id as string;
    expect((await t.api('GET', `/sys/annountCement/doReleaseData?id=${id}`, { token: admin })).body.success).toBe(true);
    return { id, cookie: `xt_token=${await t.login('student1')}` };
  }
  const readFlag = async (anntId: string) =>
    (await t.db.selectFrom('sys_announcement_send').select('read_flag').where('annt_id', '=', anntId).where('user_id', '=', await t.userId('student1')).executeTakeFirstOrThrow()).read_flag;

  it('opening an announcement marks it read only when a page of ours opened it: never on HEAD, nor from another site or a typed address', async () => {
    const { id, cookie } = await unread('只在本站打开时已读');
    const view = `/isps/userAnnouncement/view?id=${id}`;
    expect((await t.request(view, { method: 'HEAD', headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' } })).status).toBe(200);
    for (const site of ['cross-site', 'same-site', 'none']) {
      const res = await t.request(view, { headers: { Cookie: cookie, 'Sec-Fetch-Site': site } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('只在本站打开时已读');
    }
    expect(await t.request(view, { headers: { Cookie: cookie } }).then((r) => r.status)).toBe(200);
    expect(await readFlag(id)).toBe('0');
    await t.request(view, { headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' } });
    expect(await readFlag(id)).toBe('1');
  });

  it('refuses a page form write that no page of ours sent (same-site, typed address, no origin at all)', async () => {
    const { id, cookie } = await unread('跨站标为已读');
    const variants: Record<string, string>[] = [{ 'Sec-Fetch-Site': 'same-site' }, { 'Sec-Fetch-Site': 'none' }, { 'Sec-Fetch-Site': 'cross-site', Origin: 'http://127.0.0.1' }, {}];
    for (const headers of variants) {
      const res = await t.request('/isps/userAnnouncement/read', {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ anntId: id }),
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await readFlag(id)).toBe('0');
    const ok = await t.request('/isps/userAnnouncement/read', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
      body: new URLSearchParams({ anntId: id }),
    });
    expect(ok.status).toBe(303);
    expect(await readFlag(id)).toBe('1');
  });
});

