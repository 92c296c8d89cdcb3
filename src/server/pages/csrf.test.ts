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
