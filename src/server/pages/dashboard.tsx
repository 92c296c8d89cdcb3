// /dashboard/index: the home tab of the logged-in shell.
import type { Hono } from 'hono';
import { Card } from '../../templates/antd.js';
import { leafTarget, visibleItems } from '../../templates/shell/side-menu.js';
import type { MenuItem } from '../upstream/client.js';
import { siteConfig, type PageEnv } from './context.js';
import { shellPage } from './shell-page.js';

function Entry({ item }: { item: MenuItem }) {
  const { href, newWindow } = leafTarget(item);
  return newWindow ? <a href={href} target="_blank" rel="noopener noreferrer">{item.meta.title}</a> : <a href={href}>{item.meta.title}</a>;
}

function MenuOverview({ items, root }: { items: MenuItem[]; root?: boolean }) {
  // Shell links swap the content area with htmx, as the menu's do.
  const nav = root ? { 'hx-boost': 'true', 'hx-target': '#content', 'hx-swap': 'innerHTML show:window:top' } : {};
  return (
    <ul class="xt-menu-overview" {...nav}>
      {visibleItems(items).map((item) => (
        <li>
          {item.children?.length ? <span>{item.meta.title}</span> : <Entry item={item} />}
          {item.children?.length ? <MenuOverview items={item.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function registerDashboardPages(app: Hono<PageEnv>) {
  app.get('/dashboard/index', (c) =>
    shellPage(c, { current: '/dashboard/index', title: '首页', isHome: true, open: true }, async (session) => {
      const cfg = await siteConfig(c);
      return (
        <Card class="xt-card">
          <h2 class="xt-page-title">欢迎使用{cfg.brandName}</h2>
          <p>您可以使用的功能：</p>
          <MenuOverview root items={session.menu.filter((m) => m.path !== '/dashboard/index')} />
        </Card>
      );
    }),
  );
}
