// The one CSRF rule, for the API and the pages alike: data changes only on POST, PUT, DELETE (and PATCH);
// GET, HEAD and OPTIONS never change anything when the session comes from the cookie, and HEAD never at all;
// a write authenticated by the session cookie must come from a page of this site.
import type { Context } from 'hono';

/** Methods that may change data. HEAD is a GET without a body and is never one of them. */
export const isWriteMethod = (method: string) => method === 'POST' || method === 'PUT' || method === 'DELETE' || method === 'PATCH';

/**
 * Whether the request was made by a page of this site. Browsers that send Sec-Fetch-Site are judged by it
 * alone, and only `same-origin` passes: `none` is a typed address or a bookmark (no page of ours asked for
 * it), `same-site` a sibling host. Older browsers (Safari before 16.4) are judged by Origin, else Referer.
 */
export function isSameOrigin(c: Context): boolean {
  const site = c.req.header('Sec-Fetch-Site');
  if (site) return site === 'same-origin';
  const origin = c.req.header('Origin') ?? c.req.header('Referer');
  if (!origin) return false;
  try {
    return new URL(origin).host === new URL(c.req.url).host;
  } catch {
    return false;
  }
}
