// The memo a page request's in-process reads share (shared/request-memo.ts): the session and grants are resolved
// once for them, never beyond the page request's client, and never past a write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';
import { inProcessTransport, Upstream } from './client.js';

describe.each(dialects)('a page request\'s upstream reads (%s)', (dialect) => {
  let t: TestApp;
  let root: Upstream;
  beforeAll(async () => {
    t = await startTestApp({ dialect });
    root = new Upstream(inProcessTransport((url, init, env) => t.app.request(url, init, env as never)));
  });
  afterAll(() => t.close());

  const endSessions = (userId: string) => t.db.deleteFrom('sys_session').where('user_id', '=', userId).execute();

  it('share the session resolved by the first, within the one client and no further', async () => {
    const token = await t.login('teacher');
    const page = root.as(token);
    expect((await page.currentDeparts()).success).toBe(true);
    await endSessions(await t.userId('teacher'));
    // The page request resolved the session once: its later reads (and its menu) are answered for it …
    expect((await page.currentDeparts()).success).toBe(true);
    expect((await page.permissions()).body.success).toBe(true);
    // … and the next page request's client resolves it again.
    const next = await root.as(token).currentDeparts();
    expect(next.success).toBe(false);
    expect(next.message).toBe('Token失效，请重新登录');
  });

  it('resolve the session again after a write, and a writing GET, in the same page request', async () => {
    const token = await t.login('teacher');
    const page = root.as(token);
    expect((await page.me()).body.success).toBe(true);
    expect((await page.logout()).body.success).toBe(true);
    expect((await page.me()).body.success).toBe(false);
    expect((await page.currentDeparts()).success).toBe(false);

    const again = await t.login('teacher');
    const other = root.as(again);
    expect((await other.permissions()).body.success).toBe(true);
    // The anchor's GET logout, sent with the token header as the client sends every call.
    expect((await other.sendAs<null>({ methods: ['GET'], path: '/sys/logout' }, 'GET')).body.success).toBe(true);
    expect((await other.permissions()).body.success).toBe(false);
    expect((await other.currentDeparts()).success).toBe(false);
  });

  it('share the grants too, until a write', async () => {
    const token = await t.login('admin');
    const page = root.as(token);
    const before = await page.permissions();
    expect(before.body.success).toBe(true);
    const path = '/online/cgreport/api/getQueryInfo/works_by_class';
    expect((await page.sendAs<unknown[]>({ methods: ['GET'], path }, 'GET')).body.success).toBe(true);
    // Every grant gone, behind the page request's back: its reads still see the grants they started with …
    const roleIds = (await t.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', await t.userId('admin')).execute()).map((r) => r.role_id);
    const saved = await t.db.selectFrom('sys_role_permission').selectAll().where('role_id', 'in', roleIds).execute();
    await t.db.deleteFrom('sys_role_permission').where('role_id', 'in', roleIds).execute();
    try {
      expect((await page.permissions()).body.result.menu.length).toBe(before.body.result.menu.length);
      // … until it writes (here a write that fails: it changes nothing, yet the memo goes).
      await page.selectDepart('no-such-org');
      const after = await page.permissions();
      expect(after.body.success).toBe(true);
      expect(after.body.result.menu.length).toBeLessThan(before.body.result.menu.length);
      expect((await root.as(token).permissions()).body.result.menu.length).toBeLessThan(before.body.result.menu.length);
    } finally {
      await t.db.insertInto('sys_role_permission').values(saved).execute();
    }
  });
});
