// The logged-in shell: side (or top) menu, top bar, tab strip, breadcrumbs, content and the site footer.
// Everything here is plain server markup in antd's classes; src/islands/shell.ts adds the behaviour (accordion,
// collapse, tabs, settings, responsive drawer) and htmx swaps #content on navigation. For an htmx navigation
// the server sends only the content plus the out-of-band parts exported here (ShellFragment).
import type { Child } from 'hono/jsx';
import { raw } from 'hono/html';
import { asset } from '../assets.js';
import { Document, documentTitle } from '../document.js';
import { Icon } from '../icons.js';
import { RichHtml } from '../rich-html.js';
import { HeaderTools } from './header-tools.js';
import { MenuSearch } from './menu-search.js';
import { bodyClasses, PRESET_COLORS, type ShellSettings } from './settings.js';
import { isRouteContainer, menuSelection, menuTrail, routeOf, SideMenu, type MenuItem, type MenuMode } from './side-menu.js';
import { HOME_PATH, HOME_TITLE, TabStrip } from './tabs.js';
import type { ShellUser } from './types.js';
import type { AnnouncementSummary } from '../../server/upstream/client.js';

export interface ShellPage {
  /** Route path of the page (menu highlight, breadcrumbs, tab key). */
  current: string;
  /** Path and query of this request (the tab's URL). */
  href: string;
  pageTitle: string;
  /** Home renders the brand name alone as the document title. */
  isHome?: boolean;
}

export interface ShellProps extends ShellPage {
  brandName: string;
  footerHtml: string;
  user: ShellUser;
  menu: MenuItem[];
  settings: ShellSettings;
  /** Hour of the day for the greeting (server clock; the browser corrects it to its own). */
  hour: number;
  /** The user's unread notices (listByUser) for the bell's badge on the first paint (issue 3, header-tools.tsx). */
  notices?: AnnouncementSummary | null;
  children: Child;
}

const SHELL_STYLES = ['/static/build/antd.css', '/static/build/theme.css', '/static/css/shell.css'];

/**
 * htmx: no history snapshots (islands and tab state cannot be restored from a snapshot, so Back reloads the
 * page from the server); 4xx answers that carry a page (form errors, not found) are swapped, other errors
 * are reported by shell.ts; the request timeout of SPEC §9. Settle at once (no 20 ms delay): htmx binds swapped
 * content (hx-trigger listeners, the `changed` baseline) only when it settles, so anything typed into a new form
 * field in between was lost (a re-rendered form's cron preview did not refresh) — we use no settle transitions.
 */
const HTMX_CONFIG = JSON.stringify({
  historyCacheSize: 0,
  defaultSettleDelay: 0,
  refreshOnHistoryMiss: true,
  timeout: 60000,
  scrollIntoViewOnBoost: false,
  responseHandling: [
    { code: '204', swap: false },
    { code: '[23]..', swap: true },
    { code: '^(400|404|409|422)$', swap: true },
    { code: '[45]..', swap: false, error: true },
    { code: '...', swap: false },
  ],
});

/** Greeting by hour (SPEC §9). */
function greeting(hour: number): string {
  if (hour < 9) return '早上好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}

/**
 * Where the breadcrumb's 首页 points. SPEC §2 names dashboard-analysis (/dashboard/analysis), a demo page this
 * product does not have; the home tab /dashboard/index is what users mean by 首页, and a crumb must not 404.
 */
const BREADCRUMB_HOME = HOME_PATH;

/** Navigation inside the shell: htmx fetches the page's content into #content and pushes the URL. */
const NAV = { 'hx-boost': 'true', 'hx-target': '#content', 'hx-swap': 'innerHTML show:window:top' } as const;

/** A group (route container) has no page of its own: its crumb is plain text, never a link that 404s. */
function Breadcrumb({ menu, current, title, oob }: { menu: MenuItem[]; current: string; title: string; oob?: boolean }) {
  const trail = menuTrail(menu, current);
  const crumbs =
    current === HOME_PATH
      ? []
      : trail.length
        ? trail.map((i) => ({ path: routeOf(i), title: i.meta.title, group: isRouteContainer(i) }))
        : [{ path: current, title, group: false }];
  return (
    <nav id="xt-breadcrumb" class="ant-breadcrumb app xt-breadcrumb" aria-label="breadcrumb" {...NAV} {...(oob ? { 'hx-swap-oob': 'true' } : {})}>
      <ol>
        <li class="ant-breadcrumb-item">
          {crumbs.length ? (
            <a class="ant-breadcrumb-link" href={BREADCRUMB_HOME}>{HOME_TITLE}</a>
          ) : (
            <span class="ant-breadcrumb-link" aria-current="page">{HOME_TITLE}</span>
          )}
        </li>
        {crumbs.map((c, i) => (
          <>
            <li class="ant-breadcrumb-separator" aria-hidden="true">/</li>
            <li class="ant-breadcrumb-item">
              {i === crumbs.length - 1 ? (
                <span class="ant-breadcrumb-link" aria-current="page">{c.title}</span>
              ) : c.group ? (
                <span class="ant-breadcrumb-link">{c.title}</span>
              ) : (
                <a class="ant-breadcrumb-link" href={c.path}>{c.title}</a>
              )}
            </li>
          </>
        ))}
      </ol>
    </nav>
  );
}

/**
 * What the browser needs to know about the page it shows: the tab (path, URL, title), the document title
 * and the menu selection. Rendered in the full page and sent out of band with every htmx navigation.
 */
function PageMarker({ page, menu, brandName, oob }: { page: ShellPage; menu: MenuItem[]; brandName: string; oob?: boolean }) {
  const { selected, open } = menuSelection(menu, page.current);
  return (
    <div
      id="xt-page"
      hidden
      data-path={page.current}
      data-href={page.href}
      data-title={page.pageTitle}
      data-doc-title={page.isHome ? documentTitle(brandName) : documentTitle(brandName, page.pageTitle)}
      data-selected={selected ?? ''}
      data-open={JSON.stringify(open)}
      {...(oob ? { 'hx-swap-oob': 'true' } : {})}
    />
  );
}

/** The answer to an htmx navigation: the page's content, its title, and the out-of-band shell parts. */
export function ShellFragment(p: { page: ShellPage; menu: MenuItem[]; brandName: string; children: Child }) {
  return (
    <>
      <title>{p.page.isHome ? documentTitle(p.brandName) : documentTitle(p.brandName, p.page.pageTitle)}</title>
      {p.children}
      <Breadcrumb menu={p.menu} current={p.page.current} title={p.page.pageTitle} oob />
      <PageMarker page={p.page} menu={p.menu} brandName={p.brandName} oob />
    </>
  );
}

function Logo({ brandName, class: extra }: { brandName: string; class: string }) {
  return (
    <a class={`xt-logo ${extra}`} href="/home">
      <img src="/static/favicon.svg" alt="" width="32" height="32" />
      <h1>{brandName}</h1>
    </a>
  );
}

function MainMenu({ menu, current, mode, theme }: { menu: MenuItem[]; current: string; mode: MenuMode; theme: 'light' | 'dark' }) {
  return (
    <nav id="xt-nav" aria-label="主菜单" {...NAV}>
      <SideMenu menu={menu} current={current} mode={mode} theme={theme} />
    </nav>
  );
}

function TopBar({ p, menuHere }: { p: ShellProps; menuHere: Child }) {
  return (
    <header id="xt-header" class="ant-layout-header xt-header">
      <button type="button" class="xt-trigger xt-header-action" data-xt-trigger aria-label="切换菜单">
        <Icon name="menu-fold" class="xt-icon-fold" />
        <Icon name="menu-unfold" class="xt-icon-unfold" />
      </button>
      <Logo brandName={p.brandName} class="xt-top-logo" />
      <div id="xt-top-nav" class="xt-top-nav">{menuHere}</div>
      <span class="xt-welcome">
        <span data-xt-greeting>{greeting(p.hour)}</span>，欢迎使用 {p.brandName}
      </span>
      <span class="xt-brand-mobile">{p.brandName}</span>
      <span class="xt-header-right">
        <MenuSearch />
        <HeaderTools user={p.user} notices={p.notices} />
      </span>
    </header>
  );
}

export function ShellLayout(p: ShellProps) {
  const s = p.settings;
  const top = s.layout === 'topmenu';
  const mode: MenuMode = top ? 'horizontal' : s.collapsed ? 'collapsed' : 'inline';
  const menu = <MainMenu menu={p.menu} current={p.current} mode={mode} theme={s.theme} />;
  const title = p.isHome ? documentTitle(p.brandName) : documentTitle(p.brandName, p.pageTitle);
  return (
    <Document
      title={title}
      styles={SHELL_STYLES.map(asset)}
      head={<meta name="htmx-config" content={HTMX_CONFIG} />}
      scripts={[asset('/static/build/htmx.min.js')]}
      modules={[asset('/static/build/boot.js'), asset('/static/build/shell.js')]}
      bodyClass={`app xt-shell ${bodyClasses(s)}`}
      htmlClass={s.colorWeak ? 'xt-color-weak' : undefined}
    >
      <div class="ant-layout ant-layout-has-sider xt-layout">
        <aside id="xt-sider" class={`ant-layout-sider ant-layout-sider-${s.theme} app xt-sider`}>
          <div class="ant-layout-sider-children">
            <Logo brandName={p.brandName} class="xt-side-logo" />
            {top ? null : menu}
          </div>
        </aside>
        <div class="ant-drawer-mask xt-drawer-mask" data-xt-drawer-close />
        <div class="ant-layout xt-main">
          <TopBar p={p} menuHere={top ? menu : null} />
          <TabStrip current={{ path: p.current, href: p.href, title: p.pageTitle }} />
          <div class="xt-body">
            <Breadcrumb menu={p.menu} current={p.current} title={p.pageTitle} />
            <main class="ant-layout-content xt-content" id="content">
              {p.children}
            </main>
          </div>
          <footer class="ant-layout-footer xt-footer">
            <RichHtml html={p.footerHtml} />
          </footer>
        </div>
      </div>
      <PageMarker page={p} menu={p.menu} brandName={p.brandName} />
      {/* Settings drawer island: nothing shows while closed; opened by the user menu's 主题设置 (xt:open-settings). */}
      <div data-island="settings-drawer" class="xt-settings-island">
        <script type="application/json">{raw(JSON.stringify({ presets: PRESET_COLORS }).replace(/</g, '\\u003c'))}</script>
      </div>
    </Document>
  );
}
