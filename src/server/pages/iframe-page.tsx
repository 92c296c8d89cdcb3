// Iframe pages (component layouts/IframePageView, SPEC §2): a menu item that shows another page inside the
// shell lives at its own route. No page module claims those routes, so they arrive at the not-found handler,
// which asks here first: a route of an iframe item in the visitor's menu renders the shell with the iframe.
import type { Context } from 'hono';
import { Alert } from '../../templates/antd.js';
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
  // The CSP allows frames of this site only (frame-src 'self', app.ts): another site's page is offered in a
  // new window instead of a frame the browser would leave blank.
  if (new URL(src, url.origin).host !== url.host) {
    return shellPage(c, { current: url.pathname, title: item.meta.title }, () => (
      <Alert type="info">
        “{item.meta.title}”是其他网站的页面，不能嵌入本系统显示。{' '}
        <a href={src} target="_blank" rel="noopener noreferrer">
          在新窗口中打开
        </a>
      </Alert>
    ));
  }
  return shellPage(c, { current: url.pathname, title: item.meta.title }, () => (
    <iframe class="xt-iframe" src={src} title={item.meta.title} />
  ));
}
