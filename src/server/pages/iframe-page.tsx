// Iframe pages (component layouts/IframePageView, SPEC §2): a menu item that shows another page inside the
// shell lives at its own route. No page module claims those routes, so they arrive at the not-found handler,
// which asks here first: a route of an iframe item in the visitor's menu renders the shell with the iframe.
import type { Context } from 'hono';
import { isIframePage, routeOf, type MenuItem } from '../../templates/shell/side-menu.js';
import { loadSession, type PageEnv } from './context.js';
import { resolveMenuUrls } from './menu-urls.js';
import { shellPage } from './shell-page.js';

function findIframeItem(items: MenuItem[], path: string): MenuItem | null {
  for (const item of items) {
    if (isIframePage(item) && !item.meta.internalOrExternal && item.route !== '0' && routeOf(item) === path) return item;
    const sub = item.children ? findIframeItem(item.children, path) : null;
    if (sub) return sub;
  }
  return null;
}

/** The iframe page for this path, or null when the path is not an iframe item of the visitor's menu. */
export async function iframePage(c: Context<PageEnv>): Promise<Response | null> {
  // The framed page itself must never be the shell again (an item whose url is its own route would nest forever).
  if (c.req.method !== 'GET' || c.req.header('Sec-Fetch-Dest') === 'iframe' || !c.get('upstream')) return null;
  const session = await loadSession(c);
  if (!session) return null;
  const url = new URL(c.req.url);
  const item = findIframeItem(resolveMenuUrls(session.menu, url.origin), url.pathname);
  if (!item) return null;
  // A url that did not validate was dropped: an item keyed by its url's hash then has nothing to show.
  const src = item.meta.url ?? (item.path.startsWith('/') ? item.path : null);
  if (!src) return null;
  return shellPage(c, { current: url.pathname, title: item.meta.title }, () => (
    <iframe class="xt-iframe" src={src} title={item.meta.title} />
  ));
}
