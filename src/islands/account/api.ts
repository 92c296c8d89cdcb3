// Same-origin JSON calls to /api from islands. The page holds only the HttpOnly session cookie, which the
// browser sends with same-origin requests; the API accepts it and checks the origin of writes.
// GET requests carry the `_t` timestamp of the anchor's client (SPEC §7).
import type {} from '../globals';

export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Calls the API; resolves with the envelope (success or business failure), rejects with ApiError on
 * transport failures, HTTP errors and non-envelope answers. On shell pages this goes through the shell's
 * window.xtApi, which reports HTTP errors as SPEC §8 says (the 登录已过期 dialog for an expired session).
 */
export async function api<T = unknown>(method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Envelope<T>> {
  if (window.xtApi) {
    try {
      return await window.xtApi<T>(path, { method, body });
    } catch (err) {
      const e = err as { status?: number; message?: string };
      throw new ApiError(e.message || '服务器无法完成请求', e.status ?? 0);
    }
  }
  let url = '/api' + path;
  if (method === 'GET') url += (url.includes('?') ? '&' : '?') + '_t=' + Math.floor(Date.now() / 1000);
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('网络连接失败', 0);
  }
  let data: Envelope<T>;
  try {
    data = (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiError(res.status === 504 ? '网络超时' : '服务器无法完成请求', res.status);
  }
  if (typeof data !== 'object' || data === null || typeof data.success !== 'boolean') throw new ApiError('服务器无法完成请求', res.status);
  if (!res.ok) throw new ApiError(data.message || `HTTP ${res.status}`, res.status);
  return data;
}
