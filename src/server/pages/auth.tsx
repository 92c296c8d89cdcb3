// /user/login (GET form, POST submit) and /user/logout.
import type { Hono } from 'hono';
import { LoginPage } from '../../templates/login.js';
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

export function registerAuthPages(app: Hono<PageEnv>) {
  app.get('/user', (c) => c.redirect('/user/login'));

  app.get('/user/login', async (c) => {
    // A logged-in user opening the login page goes to the default path.
    if (await loadSession(c)) return c.redirect(safeRedirect(c.req.query('redirect')) ?? DEFAULT_PATH);
    const cfg = await siteConfig(c);
    return c.html(
      '<!doctype html>' +
        (<LoginPage brandName={cfg.brandName} brandDesc={cfg.brandDesc} footerHtml={cfg.footer} redirect={localRedirect(c.req.query('redirect'))} />),
    );
  });

  app.post('/user/login', async (c) => {
    const form = await c.req.parseBody();
    const username = typeof form.username === 'string' ? form.username.trim() : '';
    const password = typeof form.password === 'string' ? form.password : '';
    const redirect = localRedirect(form.redirect);
    const cfg = await siteConfig(c);
    const render = (status: 200 | 400 | 429, props: { error?: string; fieldErrors?: { username?: string; password?: string } }) =>
      c.html(
        '<!doctype html>' +
          (<LoginPage brandName={cfg.brandName} brandDesc={cfg.brandDesc} footerHtml={cfg.footer} redirect={redirect} username={username} {...props} />),
        status,
      );
    const fieldErrors = {
      ...(username ? {} : { username: '请输入用户名' }),
      ...(password ? {} : { password: '请输入密码' }),
    };
    if (!username || !password) return render(400, { fieldErrors });
    const res = await c.get('upstream').login(username, password);
    if (!res.body.success || String(res.body.code) !== '200') {
      return render(res.body.code === 429 ? 429 : 400, { error: res.body.message || '登录失败' });
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
}
