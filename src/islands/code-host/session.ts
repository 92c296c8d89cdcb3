// The editor's conversation with our server: the /api client (the envelope, or an ApiError saying why) and the
// 登录已过期 dialog that logs in again on this page, so a child's unsaved project never has to leave the editor.
import { h, openDialog } from './ui';

/* eslint-disable @typescript-eslint/no-explicit-any */
const TOKEN_INVALID = 'Token失效，请重新登录';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: 'expired' | 'network' | 'server' | 'refused',
  ) {
    super(message);
  }
}

/** fetch for /api with the session cookie; the envelope on success, ApiError otherwise. */
export async function api<T = any>(path: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'same-origin', ...init, headers: { Accept: 'application/json', ...(init.headers || {}) } });
  } catch {
    throw new ApiError('网络连接失败', 'network');
  }
  let body: any = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON */
  }
  const message = body && typeof body.message === 'string' ? body.message : '';
  if (res.status === 401 || message === TOKEN_INVALID) throw new ApiError('登录已过期，请重新登录', 'expired');
  if (res.status >= 500) throw new ApiError(message ? `服务器出错：${message}` : `服务器出错（${res.status}）`, 'server');
  if (Array.isArray(body)) return body as T;
  if (!body || body.success !== true) throw new ApiError(message || `请求失败（${res.status}）`, 'refused');
  return body.result as T;
}

/**
 * The session ended mid-edit: log in again on this page (or in a new tab) without leaving the editor. After
 * repeated failures the server asks for an image captcha: the dialog then shows one (drawn by the API for a key
 * of its own, as the login page does) and sends its answer with the next attempt.
 */
export async function relogin(username0: string): Promise<{ id: string; username: string; realname: string } | null> {
  const error = h('p', { class: 'xt-dlg-error', role: 'alert', hidden: true });
  const username = h('input', { name: 'username', autocomplete: 'username', value: username0, 'aria-label': '账户' }) as HTMLInputElement;
  const password = h('input', { name: 'password', type: 'password', autocomplete: 'current-password', 'aria-label': '密码' }) as HTMLInputElement;
  const captcha = h('input', { name: 'captcha', autocomplete: 'off', maxlength: '8', 'aria-label': '验证码' }) as HTMLInputElement;
  const image = h('img', { class: 'xt-dlg-captcha-img', width: '120', height: '40', alt: '验证码图片（看不清可点“换一张”）' }) as HTMLImageElement;
  let checkKey = '';
  /** A new picture (each one answers one attempt); false when the API could not draw one. */
  const drawCaptcha = async (): Promise<boolean> => {
    const key = `ed${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
    try {
      image.src = await api<string>(`/api/sys/randomImage/${key}`);
      checkKey = key;
      captcha.value = '';
      return true;
    } catch (e) {
      checkKey = '';
      error.textContent = `验证码加载失败：${(e as Error).message}`;
      error.hidden = false;
      return false;
    }
  };
  const refresh = h('button', { type: 'button', class: 'xt-ed-btn xt-dlg-captcha-refresh', onclick: () => void drawCaptcha().then(() => captcha.focus()) }, '换一张');
  const captchaRow = h('div', { class: 'xt-dlg-field xt-dlg-captcha', hidden: true }, h('label', { for: 'xt-dlg-captcha' }, '验证码'), captcha, image, refresh);
  captcha.id = 'xt-dlg-captcha';
  for (;;) {
    const dlg = openDialog<'login' | 'tab' | 'cancel'>({
      title: '登录已过期',
      body: [
        h('p', {}, '登录已过期，作品还在编辑器里，不会丢失。请重新登录，登录后会继续保存这个作品。'),
        error,
        h('label', { class: 'xt-dlg-field' }, h('span', {}, '账户'), username),
        h('label', { class: 'xt-dlg-field' }, h('span', {}, '密码'), password),
        captchaRow,
        h('p', { class: 'xt-dlg-note' }, '也可以', h('a', { href: '/user/login', target: '_blank', rel: 'noopener' }, '在新标签页登录'), '，登录后回到这里点“我已登录”。'),
      ],
      buttons: [
        { label: '取消', value: 'cancel' },
        { label: '我已登录', value: 'tab' },
        { label: '登录并保存', value: 'login', primary: true },
      ],
      dismiss: 'cancel',
    });
    dlg.root.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') dlg.close('login');
    });
    const choice = await dlg.result;
    if (choice === 'cancel') return null;
    if (choice === 'login') {
      const missing = !username.value.trim() || !password.value ? '请输入账户和密码' : checkKey && !captcha.value.trim() ? '请输入验证码' : '';
      const answer = missing ? { error: missing, captchaRequired: null } : await formLogin(username.value.trim(), password.value, checkKey ? { captcha: captcha.value.trim(), checkKey } : undefined);
      if (answer.error) {
        error.textContent = answer.error;
        error.hidden = false;
        // The server wants a captcha with the next attempt: a new picture (a used one does not answer twice).
        if (answer.captchaRequired) {
          captchaRow.hidden = false;
          await drawCaptcha();
        } else if (answer.captchaRequired === false) {
          captchaRow.hidden = true;
          checkKey = '';
        }
        continue;
      }
    }
    // Logged in (here or in another tab)? The API tells.
    try {
      const me = await api<{ id: string; username: string; realname: string }>('/api/teaching/user/info');
      return { id: me.id, username: me.username, realname: me.realname };
    } catch {
      error.textContent = '还没有登录，请输入账户和密码';
      error.hidden = false;
    }
  }
}

/**
 * Logs in through the login form's own route (it sets the HttpOnly session cookie). The answer: the error text
 * ('' when logged in), and whether the form came back with a captcha (the server asks for one next time; null
 * when the request did not reach it).
 */
async function formLogin(username: string, password: string, captcha?: { captcha: string; checkKey: string }): Promise<{ error: string; captchaRequired: boolean | null }> {
  let res: Response;
  try {
    res = await fetch('/user/login', {
      method: 'POST',
      credentials: 'same-origin',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password, redirect: '/account/center', ...(captcha ?? {}) }).toString(),
    });
  } catch {
    // Not sent: a captcha shown stays valid.
    return { error: '网络连接失败，请稍后再试', captchaRequired: null };
  }
  // Success answers a redirect (303), which `manual` shows as an opaque redirect.
  if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) return { error: '', captchaRequired: false };
  const html = await res.text().catch(() => '');
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const text = doc.querySelector('.ant-alert-message, .ant-alert, [role=alert]')?.textContent?.trim();
  return { error: text || '登录失败，请检查账户和密码', captchaRequired: !!doc.querySelector('input[name="captcha"]') };
}
