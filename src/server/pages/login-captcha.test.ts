// What a script client of the login form (the Scratch editor's 登录已过期 dialog) relies on: POST /user/login
// answers a redirect with the session cookie on success; after 3 failures the form comes back with a captcha
// field (the server wants one next time); the client draws its own picture for a key of its choosing through
// GET /api/sys/randomImage/{key} and sends the answer with checkKey, which the form passes to the login API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { testCaptcha: '2468' } });
});
afterAll(() => t?.close());

async function formLogin(fields: Record<string, string>): Promise<{ status: number; html: string; cookie: string }> {
  const res = await t.request('/user/login', {
    method: 'POST',
    headers: { Origin: 'http://127.0.0.1', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'student2', redirect: '/account/center', ...fields }),
  });
  return { status: res.status, html: await res.text(), cookie: res.headers.get('Set-Cookie') ?? '' };
}
const captchaField = (html: string) => /<input[^>]*name="captcha"/.test(html);

describe('the login form for a script client', () => {
  it('asks for a captcha after 3 failures and takes one drawn through /sys/randomImage/{key}', async () => {
    for (let i = 1; i <= 3; i++) {
      const wrong = await formLogin({ password: `wrong-${i}` });
      expect(wrong.status).toBe(400);
      expect(wrong.html).toContain('用户名或密码错误');
      // The 3rd failure's answer asks for the captcha with the next attempt.
      expect(captchaField(wrong.html)).toBe(i === 3);
    }
    // Without one, the right password is refused (and the form still asks).
    const bare = await formLogin({ password: DEMO_PASSWORD });
    expect(bare.status).toBe(400);
    expect(bare.html).toContain('请输入验证码');
    expect(captchaField(bare.html)).toBe(true);
    expect(bare.cookie).toBe('');

    // The client's own key: the picture is a data URL in the API's envelope.
    const key = 'ed-relogin-1';
    const image = await t.api('GET', `/sys/randomImage/${key}`);
    expect(image.body).toMatchObject({ success: true, code: 0 });
    expect(image.body.result).toMatch(/^data:image\/svg\+xml;base64,/);
    // A wrong answer is refused and uses the picture up.
    const wrongCode = await formLogin({ password: DEMO_PASSWORD, captcha: '1111', checkKey: key });
    expect(wrongCode.html).toContain('验证码错误');
    expect(captchaField(wrongCode.html)).toBe(true);
    expect((await formLogin({ password: DEMO_PASSWORD, captcha: '2468', checkKey: key })).html).toMatch(/验证码(错误|无效)/);

    await t.api('GET', `/sys/randomImage/${key}`);
    const ok = await formLogin({ password: DEMO_PASSWORD, captcha: '2468', checkKey: key });
    expect(ok.status).toBe(303);
    expect(ok.cookie).toMatch(/xt_token=[^;]+/);
  });
});
