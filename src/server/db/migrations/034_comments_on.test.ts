// Migration 034 opens work comments on databases seeded while the seed kept them closed, unless the school
// ever saved 网站配置 (whose form carries the 开放作品评论 switch): a '0' saved there is the school's choice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { up } from './034_comments_on.js';

describe.each(dialects)('migration 034 on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const allowComment = async () =>
    (await t.db.selectFrom('sys_config').select('config_value').where('config_key', '=', 'allowComment').executeTakeFirstOrThrow()).config_value;
  const setRaw = (v: string) => t.db.updateTable('sys_config').set({ config_value: v }).where('config_key', '=', 'allowComment').execute();
  const save = (body: Record<string, unknown>) => t.api('POST', '/sys/config/saveTenantConfig', { token: admin, body });

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a fresh seed has comments on', async () => {
    expect(await allowComment()).toBe('1');
  });

  it('turns comments on where the old seed’s 0 was never chosen, and keeps a 1', async () => {
    await setRaw('0');
    await up(t.db);
    expect(await allowComment()).toBe('1');
    await up(t.db);
    expect(await allowComment()).toBe('1');
  });

  it('leaves them off where the school saved 网站配置 (a failed save does not count)', async () => {
    expect((await save({ allowComment: '2' })).body.success).toBe(false);
    await setRaw('0');
    await up(t.db);
    expect(await allowComment()).toBe('1');

    expect((await save({ brandName: '学堂', allowComment: '0' })).body.success).toBe(true);
    await up(t.db);
    expect(await allowComment()).toBe('0');
  });
});
