// /user/login (GET form, POST submit), /user/logout, and the other UserLayout pages: /user/register (with its
// result page /user/register-result) and /user/alteration (找回密码: the request form; with ?token= from the
// e-mail, the new-password form; with ?by=phone, the phone's four steps). Every form is a plain POST that works without JavaScript; the API decides.
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { Hono } from 'hono';
import { PASSWORD_HELP } from '../shared/password-policy.js';
import { LoginPage, type CaptchaView } from '../../templates/login.js';
import { AlterationPage, RegisterPage, RegisterResultPage, ResetPasswordPage, type RegisterValues } from '../../templates/user-pages.js';
import { PhoneRecoveryPage, type PhoneRecoveryProps } from '../../templates/phone-recovery.js';
import { phoneApi } from '../contracts/phone.js';
import { CHANGE_PASSWORD_PATH } from './shell-page.js';
import {
  clearSessionCookie,
  DEFAULT_PATH,
  loadSession,
  safeRedirect,
  setSessionCookie,
  siteConfig,
  type PageEnv,
} from './context.js';
import { isLocalPath } from './safe-path.js';

/** The `redirect` the form carries on: a local path, or nothing (the default page). */
const localRedirect = (v: unknown) => (typeof v === 'string' && isLocalPath(v) ? v : '');

const text = (v: unknown, max = 200) => (typeof v === 'string' ? v.slice(0, max) : '');
const USERNAME_SHAPE = /^[A-Za-z0-9_.@-]{3,32}$/;
const CAPTCHA_MESSAGES = new Set(['请输入验证码', '验证码错误', '验证码无效']);

type Ctx = Context<PageEnv>;

/** Draws a new captcha through the API (a random key per form); undefined when the API cannot. */
async function newCaptcha(c: Ctx): Promise<CaptchaView | undefined> {
  const checkKey = randomBytes(16).toString('hex');
  const res = await c.get('upstream').captchaImage(checkKey);
  return res.body.success && typeof res.body.result === 'string' ? { image: res.body.result, checkKey } : undefined;
}

const chrome = async (c: Ctx) => {
  const cfg = await siteConfig(c);
  return { cfg, chrome: { brandName: cfg.brandName, brandDesc: cfg.brandDesc, footerHtml: cfg.footer } };
};

/** Field errors of an API answer (validation `result.errors`), the whole-form message otherwise. */
function splitErrors(body: { message: string; result: unknown }): { fieldErrors: Record<string, string>; error?: string } {
  const errors = (body.result as { errors?: Record<string, string> } | null)?.errors;
  if (errors && Object.keys(errors).length) {
    const fieldErrors = { ...errors };
    if (fieldErrors.confirmPassword && !fieldErrors.confirmpassword) fieldErrors.confirmpassword = fieldErrors.confirmPassword;
    return { fieldErrors };
  }
  if (CAPTCHA_MESSAGES.has(body.message)) return { fieldErrors: { captcha: body.message } };
  return { fieldErrors: {}, error: body.message || '操作失败，请稍后再试' };
}

/** Pages that carry a reset token: no caching, and the token never leaves in a Referer. */
const privatePage = (c: Ctx) => {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
};

export function registerAuthPages(app: Hono<PageEnv>) {
  app.get('/user', (c) => c.redirect('/user/login'));

  app.get('/user/login', async (c) => {
    // A logged-in user opening the login page goes to the default path.
    if (await loadSession(c)) return c.redirect(safeRedirect(c.req.query('redirect')) ?? DEFAULT_PATH);
    const cfg = await siteConfig(c);
    const username = text(c.req.query('username'), 32);
    return c.html(
      '<!doctype html>' +
        (
          <LoginPage
            brandName={cfg.brandName}
            brandDesc={cfg.brandDesc}
            footerHtml={cfg.footer}
            redirect={localRedirect(c.req.query('redirect'))}
            username={USERNAME_SHAPE.test(username) ? username : undefined}
            allowReg={cfg.allowReg === '1'}
          />
        ),
    );
  });

  app.post('/user/login', async (c) => {
    const form = await c.req.parseBody();
    const username = typeof form.username === 'string' ? form.username.trim() : '';
    const password = typeof form.password === 'string' ? form.password : '';
    const captcha = text(form.captcha, 16).trim();
    const checkKey = text(form.checkKey, 64);
    const redirect = localRedirect(form.redirect);
    const cfg = await siteConfig(c);
    const render = async (
      status: 200 | 400 | 429,
      props: { error?: string; fieldErrors?: { username?: string; password?: string; captcha?: string }; captcha?: boolean },
    ) => {
      const shown = props.captcha ? await newCaptcha(c) : undefined;
      return c.html(
        '<!doctype html>' +
          (
            <LoginPage
              brandName={cfg.brandName}
              brandDesc={cfg.brandDesc}
              footerHtml={cfg.footer}
              redirect={redirect}
              username={username}
              allowReg={cfg.allowReg === '1'}
              error={props.error}
              fieldErrors={props.fieldErrors}
              captcha={shown}
            />
          ),
        status,
      );
    };
    // 换一张: the same form with a new picture.
    if (form.action === 'refresh-captcha') return render(200, { captcha: true });
    const hadCaptcha = !!checkKey;
    const fieldErrors = {
      ...(username ? {} : { username: '请输入用户名' }),
      ...(password ? {} : { password: '请输入密码' }),
    };
    if (!username || !password) return render(400, { fieldErrors, captcha: hadCaptcha });
    const res = await c.get('upstream').login(username, password, checkKey ? { captcha, checkKey } : undefined);
    if (!res.body.success || String(res.body.code) !== '200') {
      const needCaptcha = !!res.body.result?.captchaRequired;
      const message = res.body.message || '登录失败';
      if (CAPTCHA_MESSAGES.has(message)) return render(400, { fieldErrors: { captcha: message }, captcha: true });
      return render(res.body.code === 429 ? 429 : 400, { error: message, captcha: needCaptcha });
    }
    setSessionCookie(c, res.body.result.token);
    // A password someone else set (generated, imported, reset) is replaced before anything else.
    if (res.body.result.userInfo?.needChangePassword) return c.redirect(CHANGE_PASSWORD_PATH, 303);
    return c.redirect(safeRedirect(redirect), 303);
  });

  app.post('/user/logout', async (c) => {
    if (c.get('token')) await c.get('upstream').logout();
    clearSessionCookie(c);
    // SPEC §4: on success the page reloads to the root.
    return c.redirect('/', 303);
  });

  // 注册: the form while 网站配置 allows registration, otherwise a page saying it is closed.
  const renderRegister = async (c: Ctx, status: 200 | 400 | 403 | 429, props: { values?: RegisterValues; error?: string; fieldErrors?: Record<string, string>; closed?: boolean; smsNotice?: string }) => {
    const { chrome: ch } = await chrome(c);
    // Asked afresh (not the 10-minute page cache): the form shows exactly when the API would accept it.
    const current = await c.get('upstream').siteConfig();
    const closed = props.closed || !current.success || current.result.allowReg !== '1';
    const captcha = closed ? undefined : await newCaptcha(c);
    const options = closed ? undefined : await c.get('upstream').recoveryOptions();
    const bySms = !!options?.success && !!options.result?.byPhone;
    return c.html('<!doctype html>' + (<RegisterPage {...ch} {...props} closed={closed} captcha={captcha} passwordHelp={PASSWORD_HELP} bySms={bySms} />), status);
  };

  app.get('/user/register', (c) => renderRegister(c, 200, {}));

  app.post('/user/register', async (c) => {
    const form = await c.req.parseBody();
    const values: RegisterValues = {
      username: text(form.username, 64).trim(),
      realname: text(form.realname, 100).trim(),
      email: text(form.email, 200).trim(),
      phone: text(form.phone, 32).trim(),
    };
    if (form.action === 'refresh-captcha') return renderRegister(c, 200, { values });
    if (form.action === 'send-sms') {
      const sms = await c.get('upstream').send(phoneApi.sms, { body: { mobile: values.phone ?? '', smsmode: '1' } });
      if (sms.body.success) return renderRegister(c, 200, { values, smsNotice: sms.body.message });
      return renderRegister(c, sms.body.code === 429 ? 429 : 400, { values, fieldErrors: { phone: sms.body.message } });
    }
    const res = await c.get('upstream').register({
      username: values.username!,
      realname: values.realname || undefined,
      email: values.email || undefined,
      phone: values.phone || undefined,
      smscode: text(form.smscode, 16).trim() || undefined,
      password: text(form.password, 100),
      confirmpassword: text(form.confirmpassword, 100),
      captcha: text(form.captcha, 16).trim(),
      checkKey: text(form.checkKey, 64),
    });
    if (res.body.success) return c.redirect(`/user/register-result?username=${encodeURIComponent(res.body.result.username)}`, 303);
    if (res.status === 200 && res.body.code === 403) return renderRegister(c, 403, { closed: true });
    return renderRegister(c, res.body.code === 429 ? 429 : 400, { values, ...splitErrors(res.body) });
  });

  app.get('/user/register-result', async (c) => {
    const { chrome: ch } = await chrome(c);
    const username = text(c.req.query('username'), 32);
    return c.html('<!doctype html>' + (<RegisterResultPage {...ch} username={USERNAME_SHAPE.test(username) ? username : undefined} />));
  });

  // 找回密码. With ?token= (the e-mailed link): the new-password form for that account, or "link expired".
  const renderRecovery = async (c: Ctx, status: 200 | 400 | 429, props: { account?: string; error?: string; fieldErrors?: Record<string, string>; sent?: string }) => {
    const { chrome: ch } = await chrome(c);
    const options = await c.get('upstream').recoveryOptions();
    const unavailable = !options.success || !options.result?.byMail;
    const byPhone = options.success && !!options.result?.byPhone;
    // Without mail but with SMS, 找回密码 is the phone's steps.
    if (unavailable && byPhone && !props.sent) return renderPhone(c, status, { step: 1 });
    const captcha = unavailable || props.sent ? undefined : await newCaptcha(c);
    return c.html('<!doctype html>' + (<AlterationPage {...ch} {...props} unavailable={unavailable} captcha={captcha} byPhone={byPhone} />), status);
  };

  const renderReset = async (c: Ctx, status: 200 | 400, props: { token?: string; username?: string; invalid?: string; done?: boolean; error?: string; fieldErrors?: Record<string, string> }) => {
    privatePage(c);
    const { chrome: ch } = await chrome(c);
    return c.html('<!doctype html>' + (<ResetPasswordPage {...ch} {...props} passwordHelp={PASSWORD_HELP} />), status);
  };

  // 找回密码 by phone: steps 1–4 (templates/phone-recovery.tsx) over the anchor's phone endpoints.
  const renderPhone = async (c: Ctx, status: 200 | 400 | 429, props: Omit<PhoneRecoveryProps, 'brandName' | 'footerHtml' | 'passwordHelp'>) => {
    privatePage(c);
    const { chrome: ch } = await chrome(c);
    const options = await c.get('upstream').recoveryOptions();
    const unavailable = !options.success || !options.result?.byPhone;
    return c.html('<!doctype html>' + (<PhoneRecoveryPage {...ch} {...props} unavailable={unavailable} passwordHelp={PASSWORD_HELP} />), status);
  };
  const statusOf = (code: number) => (code === 429 ? 429 : 400);

  async function phoneStep(c: Ctx, form: Record<string, unknown>) {
    const up = c.get('upstream');
    const phone = text(form.phone, 32).trim();
    const ticket = text(form.ticket, 100);
    const step = text(form.step, 16) || (ticket ? 'change' : form.smscode !== undefined ? 'verify' : 'send');
    if (step === 'send') {
      const res = await up.send(phoneApi.sms, { body: { mobile: phone, smsmode: '2' } });
      if (!res.body.success) return renderPhone(c, statusOf(res.body.code), { step: 1, phone, fieldErrors: splitErrors(res.body).fieldErrors, error: res.body.message });
      return renderPhone(c, 200, { step: 2, phone, notice: res.body.message });
    }
    if (step === 'verify') {
      const res = await up.send(phoneApi.phoneVerification, { body: { phone, smscode: text(form.smscode, 16).trim() } });
      if (!res.body.success) return renderPhone(c, statusOf(res.body.code), { step: 2, phone, fieldErrors: { smscode: res.body.message } });
      const who = await up.send(phoneApi.querySysUser, { query: { phone, smscode: res.body.result } });
      return renderPhone(c, 200, { step: 3, phone, ticket: res.body.result, username: who.body.result?.username ?? undefined });
    }
    const res = await up.send(phoneApi.passwordChange, { body: { phone, smscode: ticket, password: text(form.password, 100), confirmpassword: text(form.confirmpassword, 100) } });
    if (res.body.success && 'username' in res.body.result) return renderPhone(c, 200, { step: 4, username: res.body.result.username });
    const { fieldErrors, error } = splitErrors(res.body);
    // The ticket itself failed (used, expired): start again from the phone.
    if (error && !Object.keys(fieldErrors).length) return renderPhone(c, statusOf(res.body.code), { step: 1, phone, error });
    const who = await up.send(phoneApi.querySysUser, { query: { phone, smscode: ticket } });
    return renderPhone(c, 400, { step: 3, phone, ticket, username: who.body.result?.username ?? undefined, fieldErrors });
  }

  app.get('/user/alteration', async (c) => {
    if (c.req.query('by') === 'phone') return renderPhone(c, 200, { step: 1 });
    const token = c.req.query('token');
    if (token === undefined) return renderRecovery(c, 200, {});
    const res = await c.get('upstream').checkResetToken(text(token, 100));
    if (!res.body.success) return renderReset(c, 400, { invalid: res.body.message });
    return renderReset(c, 200, { token: text(token, 100), username: res.body.result.username });
  });

  app.post('/user/alteration', async (c) => {
    const form = await c.req.parseBody();
    if (form.by === 'phone') return phoneStep(c, form);
    if (typeof form.token === 'string') {
      const token = text(form.token, 100);
      const res = await c.get('upstream').resetPassword({ token, password: text(form.password, 100), confirmpassword: text(form.confirmpassword, 100) });
      if (res.body.success) return renderReset(c, 200, { done: true, username: res.body.result.username });
      const { fieldErrors, error } = splitErrors(res.body);
      // The link itself failed (unknown, used, expired): nothing to retry on this form.
      if (error && !Object.keys(fieldErrors).length && res.body.code !== 429) return renderReset(c, 400, { invalid: error });
      const check = await c.get('upstream').checkResetToken(token);
      return renderReset(c, 400, { token, username: check.body.result?.username, fieldErrors, error });
    }
    const account = text(form.account, 100).trim();
    if (form.action === 'refresh-captcha') return renderRecovery(c, 200, { account });
    const res = await c.get('upstream').passwordRecovery({ account, captcha: text(form.captcha, 16).trim(), checkKey: text(form.checkKey, 64) });
    if (res.body.success) return renderRecovery(c, 200, { sent: res.body.message });
    return renderRecovery(c, res.body.code === 429 ? 429 : 400, { account, ...splitErrors(res.body) });
  });
}
