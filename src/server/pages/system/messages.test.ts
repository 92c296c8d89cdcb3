// 消息中心 pages: both lists for the admin only; the 发送测试 dialog (prefilled test data, the receiver label of
// the template's type), refused input shown beside its field with what was typed kept (no JavaScript: 400),
// a failed send recorded and shown in 消息管理 with its reason and 重发, which asks first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

const TEMPLATES = '/modules/message/sysMessageTemplateList';
const MESSAGES = '/modules/message/sysMessageList';

describe.each(dialects)('消息中心 pages on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const page = (path: string, cookie: string, headers: Record<string, string> = {}) => t.request(path, { headers: { Cookie: cookie, ...headers } });
  const post = (path: string, cookie: string, body: Record<string, string>) =>
    t.request(path, { method: 'POST', headers: { Cookie: cookie, Origin: 'http://127.0.0.1' }, body: new URLSearchParams(body), redirect: 'manual' });

  beforeAll(async () => {
    // No SMTP_URL: e-mails fail and are recorded.
    t = await startTestApp({ dialect, config: { smtpUrl: undefined } });
    admin = `xt_token=${(await createSession(t.db, await t.userId('admin'), { ip: '10.0.0.1', userAgent: 'test' })).token}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows both screens to the admin and the 403 page to a teacher', async () => {
    const list = await (await page(TEMPLATES, admin)).text();
    expect(list).toContain('work_corrected_mail');
    expect(list).toContain('发送测试');
    expect(await (await page(MESSAGES, admin)).text()).toContain('失败原因');
    const teacher = `xt_token=${(await createSession(t.db, await t.userId('teacher'), { ip: '10.0.0.2', userAgent: 'test' })).token}`;
    for (const p of [TEMPLATES, MESSAGES, `${TEMPLATES}/send?id=x`]) expect((await page(p, teacher)).status, p).toBe(403);
  });

  it('sends a test from the dialog: refused input stays with its error, a failed send is recorded and can be resent after a confirmation', async () => {
    const tpl = await t.db.selectFrom('sys_sms_template').selectAll().where('template_code', '=', 'work_corrected_mail').executeTakeFirstOrThrow();
    const dialog = await (await page(`${TEMPLATES}/send?id=${tpl.id}&back=${encodeURIComponent(TEMPLATES)}`, admin, { 'HX-Request': 'true', 'HX-Target': 'xt-modal' })).text();
    expect(dialog).not.toContain('<html');
    expect(dialog).toContain('发送测试：作业批改通知（邮件）');
    expect(dialog).toContain('接收邮箱');
    expect(dialog).toContain('小猫走迷宫');

    const refused = await post(`${TEMPLATES}/send`, admin, { id: tpl.id, back: TEMPLATES, receiver: 'not-an-address', testData: '{"realname":"丙"}' });
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain('邮件的接收人必须是有效的邮箱地址');
    expect(again).toContain('value="not-an-address"');
    expect(again).toContain('{&quot;realname&quot;:&quot;丙&quot;}');
    expect(await t.db.selectFrom('sys_sms').select('id').execute()).toEqual([]);

    const sent = await post(`${TEMPLATES}/send`, admin, { id: tpl.id, back: TEMPLATES, receiver: 'parent@example.org', testData: '{"realname":"丙"}' });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(TEMPLATES);
    const [row] = await t.db.selectFrom('sys_sms').selectAll().execute();
    expect(row).toMatchObject({ es_receiver: 'parent@example.org', es_send_status: '2', es_send_num: 1 });

    const messages = await (await page(MESSAGES, admin)).text();
    expect(messages).toContain('发送失败');
    expect(messages).toContain('未配置邮件服务器');
    expect(messages).toContain('自动重试');
    expect(messages).toContain(`${MESSAGES}/resend?id=${row.id}`);
    // Without JavaScript the 重发 link asks first; nothing is tried until confirmed.
    const ask = await (await page(`${MESSAGES}/resend?id=${row.id}&back=${encodeURIComponent(MESSAGES)}`, admin)).text();
    expect(ask).toContain('确定立即重发该消息吗?');
    expect((await t.db.selectFrom('sys_sms').select('es_send_num').executeTakeFirstOrThrow()).es_send_num).toBe(1);
    const done = await post(`${MESSAGES}/resend`, admin, { id: row.id, back: MESSAGES, confirmed: '1' });
    expect(done.status).toBe(303);
    expect((await t.db.selectFrom('sys_sms').select(['es_send_num', 'es_send_status']).executeTakeFirstOrThrow())).toEqual({ es_send_num: 2, es_send_status: '2' });
  });
});
