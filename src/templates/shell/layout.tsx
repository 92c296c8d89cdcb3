// The logged-in shell: side menu, top bar, breadcrumbs, content and the site footer.
import type { Child } from 'hono/jsx';
import { HeaderTools } from './header-tools.js';
import { Document, documentTitle } from '../document.js';
import { RichHtml } from '../rich-html.js';
import { menuTrail, SideMenu, type MenuItem } from './side-menu.js';

export interface ShellUser {
  username: string;
  realname: string;
}

export interface ShellProps {
  brandName: string;
  footerHtml: string;
  user: ShellUser;
  menu: MenuItem[];
  /** Path of the current page (menu highlight, breadcrumbs). */
  current: string;
  pageTitle?: string;
  /** Home renders the brand name alone as the document title. */
  isHome?: boolean;
  children: Child;
}

export const SHELL_STYLES = ['/static/build/antd.css', '/static/css/shell.css'];

/** Greeting by hour (SPEC §9). */
export function greeting(hour: number): string {
  if (hour < 9) return '早上好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}

export function Breadcrumb({ menu, current, title }: { menu: MenuItem[]; current: string; title?: string }) {
  const trail = menuTrail(menu, current);
  const crumbs = trail.length ? trail : title ? [{ path: current, meta: { title } }] : [];
  return (
    <nav class="ant-breadcrumb app xt-breadcrumb" aria-label="breadcrumb">
      <ol>
        <li class="ant-breadcrumb-item">
          {current === '/dashboard/index' ? (
            <span class="ant-breadcrumb-link">首页</span>
          ) : (
            <a class="ant-breadcrumb-link" href="/dashboard/index">首页</a>
          )}
        </li>
        {crumbs
          .filter((c) => c.path !== '/dashboard/index')
          .map((c, i, all) => (
            <>
              <li class="ant-breadcrumb-separator" aria-hidden="true">/</li>
              <li class="ant-breadcrumb-item">
                {i === all.length - 1 || !c.path ? (
                  <span class="ant-breadcrumb-link" aria-current="page">{c.meta.title}</span>
                ) : (
                  <a class="ant-breadcrumb-link" href={c.path}>{c.meta.title}</a>
                )}
              </li>
            </>
          ))}
      </ol>
    </nav>
  );
}

export function ShellLayout(p: ShellProps) {
  const title = p.isHome ? documentTitle(p.brandName) : documentTitle(p.brandName, p.pageTitle);
  return (
    <Document title={title} styles={SHELL_STYLES} bodyClass="app xt-shell">
      <div class="ant-layout ant-layout-has-sider xt-layout">
        <aside class="ant-layout-sider ant-layout-sider-light xt-sider">
          <a class="xt-logo" href="/home">
            <img src="/static/favicon.svg" alt="" width="32" height="32" />
            <h1>{p.brandName}</h1>
          </a>
          <nav aria-label="主菜单">
            <SideMenu menu={p.menu} current={p.current} />
          </nav>
        </aside>
        <div class="ant-layout xt-main">
          <header class="ant-layout-header xt-header">
            <span class="xt-welcome">欢迎使用 {p.brandName}</span>
            <span class="xt-header-right">
              <HeaderTools user={p.user} />
            </span>
          </header>
          <Breadcrumb menu={p.menu} current={p.current} title={p.pageTitle} />
          <main class="ant-layout-content xt-content" id="content">
            {p.children}
          </main>
          <footer class="ant-layout-footer xt-footer">
            <RichHtml html={p.footerHtml} />
          </footer>
        </div>
      </div>
    </Document>
  );
}
