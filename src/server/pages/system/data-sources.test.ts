// 多数据源管理's form: the password is never rendered (not on edit, not after a refused save), a blank password on
// edit keeps the stored one, and 测试连接 shows the server's Chinese answer beside the button with what was typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { decryptPassword } from '../../domain/data-sources.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { screen } from '../../../../test/html.js';

const KEY = Buffer.alloc(32, 7);
const SECRET = 'pa55-w0rd-not-shown';
let t: TestApp;
const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
const page = (path: string, cookie: string) => t.request(path, { headers: { Cookie: cookie } });
const post = (path: string, cookie: string, form: Record<string, string>) =>
  t.request(path, { method: 'POST', headers: { Cookie: cookie, Origin: 'http://127.0.0.1' }, body: new URLSearchParams(form) });
const source = { back: '/isystem/dataSource', name: '本机PostgreSQL', code: 'pg_local', dbType: '6', dbUrl: 'jdbc:postgresql://127.0.0.1:5432/test', dbName: 'test', dbUsername: 'postgres', remark: '' };
const passwordBox = (html: string) => screen(html).find((e) => e.tag === 'input' && e.attrs.name === 'dbPassword')[0];

beforeAll(async () => {
  t = await startTestApp({ config: { dataSourceKeys: { current: KEY } } });
});
afterAll(async () => {
  await t?.close();
});

describe('多数据源管理', () => {
  it('saves a data source with its password, which the list and the edit form never show', async () => {
    const admin = await cookieOf('admin');
    const saved = await post('/isystem/dataSource/save', admin, { ...source, dbPassword: SECRET });
    expect(saved.status).toBe(303);
    const row = await t.db.selectFrom('sys_data_source').select(['id', 'db_password']).where('code', '=', 'pg_local').executeTakeFirstOrThrow();
    const list = await (await page('/isystem/dataSource', admin)).text();
    // The type by its name (the row's 数据库类型 cell), not its code 6.
    const cells = screen(list).get('row', /pg_local/).find((e) => e.tag === 'td' && e.attrs['data-label'] === '数据库类型');
    expect(cells.map((q) => q.text)).toEqual(['PostgreSQL']);
    const edit = await (await page(`/isystem/dataSource/form?id=${row.id}`, admin)).text();
    expect(passwordBox(edit).attr('type')).toBe('password');
    expect(passwordBox(edit).attr('value')).toBe('');
    expect(edit).not.toContain(SECRET);
    expect(edit).not.toContain(row.db_password);
    expect(edit).toContain('编辑时留空则保持不变');

    // Saved again with the password left blank: the stored one stays.
    expect((await post('/isystem/dataSource/save', admin, { ...source, id: row.id, name: '本机库', dbPassword: '' })).status).toBe(303);
    const after = await t.db.selectFrom('sys_data_source').select(['name', 'db_password']).where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after.name).toBe('本机库');
    expect(decryptPassword(after.db_password!, { current: KEY })).toBe(SECRET);
  });

  it('does not render the typed password after a refused save', async () => {
    const res = await post('/isystem/dataSource/save', await cookieOf('admin'), { ...source, code: 'pg_bad', dbUrl: 'not-an-address', dbPassword: SECRET });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('数据源地址格式不正确');
    expect(html).not.toContain(SECRET);
    expect(passwordBox(html).attr('value')).toBe('');
  });

  it('测试连接 shows the server’s answer beside the button and keeps the form as typed', async () => {
    const admin = await cookieOf('admin');
    const form = screen(await (await page('/isystem/dataSource/form', admin)).text());
    expect(form.get('button', '测试连接').attr('value')).toBe('test');
    const ok = screen(await (await post('/isystem/dataSource/save', admin, { ...source, code: 'pg_try', action: 'test' })).text());
    expect(ok.get('status').text).toBe('数据库连接成功');
    expect(ok.find((e) => e.attrs.name === 'code')[0].attr('value')).toBe('pg_try');
    const refused = screen(await (await post('/isystem/dataSource/save', admin, { ...source, code: 'pg_try', dbUrl: 'jdbc:postgresql://127.0.0.1:1/test', action: 'test' })).text());
    expect(refused.get('status').text).toMatch(/^数据库连接失败：/);
    // Testing saves nothing.
    expect(await t.db.selectFrom('sys_data_source').select('id').where('code', '=', 'pg_try').executeTakeFirst()).toBeUndefined();
  });
});
