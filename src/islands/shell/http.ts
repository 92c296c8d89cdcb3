// Talking to the server from the shell, with the error handling of SPEC §8 in one place: htmx navigations
// (htmx:responseError) and islands' API calls (window.xtApi) report HTTP errors the same way.
import { modalError, notify } from './toast';
import type { Envelope } from './types';

/** The API's expired-session message (exact text, SPEC §8). */
const TOKEN_INVALID = 'Token失效，请重新登录';
const TIMEOUT_MS = 60_000;

let expiredShown = false;

/** Logs out on the server (clears the HttpOnly session cookie); never rejects. */
function logout(): Promise<void> {
  return fetch('/user/logout', { method: 'POST', credentials: 'same-origin', redirect: 'manual' }).then(
    () => undefined,
    () => undefined,
  );
}

/** SPEC §4/§8: the 登录已过期 dialog; 重新登录 logs out and reloads (the guard then shows the login page). */
function sessionExpired(): void {
  if (expiredShown) return;
  expiredShown = true;
  modalError({ title: '登录已过期', content: '很抱歉，登录已过期，请重新登录', okText: '重新登录' })
    .then(logout)
    .then(() => location.reload());
}

/** What SPEC §8 shows for an HTTP error status (notification title 系统提示, 4 s unless noted). */
function reportHttpError(status: number, body: { message?: string } | null): void {
  const message = body && typeof body.message === 'string' ? body.message : '';
  switch (status) {
    case 403:
      notify('error', '系统提示', '拒绝访问', 4);
      break;
    case 500:
      // Only the expired session is shown; other server errors are the caller's to report.
      if (message === TOKEN_INVALID) sessionExpired();
      break;
    case 404:
      notify('error', '系统提示', '很抱歉，资源未找到!', 4);
      break;
    case 504:
      notify('error', '系统提示', '网络超时');
      break;
    case 401:
      notify('error', '系统提示', '未授权，请重新登录', 4);
      setTimeout(() => logout().then(() => location.reload()), 1500);
      break;
    default:
      notify('error', '系统提示', message || `请求失败（${status}）`, 4);
  }
}

class XtApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Envelope | null,
  ) {
    super(body?.message || `HTTP ${status}`);
  }
}

interface XtApiInit extends Omit<RequestInit, 'body'> {
  /** Query parameters (GET and DELETE carry their arguments in the query, as the anchor's client does). */
  params?: Record<string, string | number | boolean | null | undefined>;
  /** A JSON body (objects are serialised), or FormData for uploads. */
  body?: unknown;
}

export type XtApi = <T = unknown>(path: string, init?: XtApiInit) => Promise<Envelope<T>>;

/**
 * fetch for the /api contract (SPEC §7): the session cookie authenticates, GETs carry `_t` (seconds) except
 * the dictionary-items call, 60 s timeout. Resolves with the envelope (success:false included); rejects with
 * XtApiError on HTTP errors after reporting them as SPEC §8 says.
 */
export const xtApi: XtApi = async <T>(path: string, init: XtApiInit = {}) => {
  const method = (init.method || 'GET').toUpperCase();
  const url = new URL(path.startsWith('/api/') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`, location.origin);
  if (method === 'GET' && !url.pathname.includes('sys/dict/getDictItems')) url.searchParams.set('_t', String(Math.floor(Date.now() / 1000)));
  for (const [k, v] of Object.entries(init.params || {})) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  let body: BodyInit | undefined;
  if (init.body instanceof FormData || typeof init.body === 'string') body = init.body;
  else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers.set('Content-Type', 'application/json');
  }
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  try {
    const res = await fetch(url.toString(), { ...init, method, headers, body, credentials: 'same-origin', signal: abort.signal });
    let json: Envelope<T> | null = null;
    try {
      json = (await res.json()) as Envelope<T>;
    } catch {
      json = null;
    }
    if (!res.ok) {
      reportHttpError(res.status, json);
      throw new XtApiError(res.status, json);
    }
    return json as Envelope<T>;
  } finally {
    clearTimeout(timer);
  }
};

interface SwapDetail {
  xhr: XMLHttpRequest;
  target: Element;
  shouldSwap: boolean;
  isError: boolean;
}

/**
 * Whether htmx may put an error answer into the page: the shell's error pages (403/404/500 fragments with
 * their page marker) into #content, a form re-rendered with its errors (400/409/422 HTML) where it was aimed.
 * JSON, text, a whole document or an error page aimed at a dialog never is: it is reported instead.
 */
function swapsError(status: number, contentType: string, text: string, targetId: string): boolean {
  if (!/text\/html/i.test(contentType) || /^\s*<(!doctype|html)/i.test(text)) return false;
  if (targetId === 'content' && text.includes('id="xt-page"')) return true;
  return status === 400 || status === 409 || status === 422;
}

/** htmx: a failed navigation or form post shows the error page, or reports its status like any other call. */
export function watchHtmxErrors(): void {
  document.addEventListener('htmx:beforeSwap', (ev) => {
    const d = (ev as CustomEvent<SwapDetail>).detail;
    if (d.xhr.status < 400) return;
    const ok = swapsError(d.xhr.status, d.xhr.getResponseHeader('Content-Type') || '', d.xhr.responseText, d.target.id);
    d.shouldSwap = ok;
    // The swapped page says what happened; anything else is reported (htmx:responseError below).
    d.isError = !ok;
  });
  document.addEventListener('htmx:responseError', (ev) => {
    const xhr = (ev as CustomEvent<{ xhr: XMLHttpRequest }>).detail.xhr;
    let body: { message?: string } | null;
    try {
      body = JSON.parse(xhr.responseText);
    } catch {
      body = null;
    }
    reportHttpError(xhr.status, body);
    // reportHttpError leaves other server errors to the caller; for htmx there is none.
    if (xhr.status === 500 && body?.message !== TOKEN_INVALID) notify('error', '系统提示', body?.message || '抱歉，服务器出错了', 4);
  });
  document.addEventListener('htmx:timeout', () => notify('error', '系统提示', '网络超时'));
}
