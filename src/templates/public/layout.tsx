// The public site's frame (teaching-open's HomeLayout): header with logo, front menu and login/user area,
// the page content, and the configured footer. Plain HTML and one small stylesheet; no JavaScript.
import type { Child } from 'hono/jsx';
import type { FrontMenuNode } from '../../server/upstream/client.js';
import { Document, documentTitle } from '../document.js';
import { Icon, IconSprite, hasIcon } from '../icons.js';
import { asset } from '../assets.js';
import { RichHtml } from '../rich-html.js';
import { PUBLIC_SPRITE_ICONS } from './cards.js';
import { backgroundStyle, EMPTY_LOOK, type PublicLook } from './look.js';
import { siteCss } from './site-css.js';

/** Public pages use only this stylesheet (antd.css is far over the public pages' budget), inlined (site-css.ts). */
const PUBLIC_STYLES = ['/static/css/site.css'];

/** The logged-in visitor as the public pages show them; null for anonymous visitors. */
export interface PublicViewer {
  username: string;
  realname: string;
}

export const viewerName = (v: PublicViewer) => v.realname || v.username;

export interface PublicLayoutProps {
  brandName: string;
  footerHtml: string;
  menu: FrontMenuNode[];
  viewer: PublicViewer | null;
  /** Path and query of the current page: highlights the menu entry and is the login page's redirect target. */
  current: string;
  /** The configured background, logos and banner (publicLook of the site config); the defaults when omitted. */
  look?: PublicLook;
  /** Omitted on /home, whose document title is the brand name alone. */
  pageTitle?: string;
  /** Small page scripts (ES modules, deferred); the public pages work without them. */
  modules?: string[];
  /** Classic deferred scripts (htmx on /work-detail); the page works without them too. */
  scripts?: string[];
  /** The page shows the banner row (hero.tsx): with more than one image, its autoplay script loads too. */
  banner?: boolean;
  children: Child;
}

/** Menu entries a visitor may see: `needLogin` ones only when logged in; a parent left without children goes too. */
export function visibleFrontMenu(nodes: FrontMenuNode[], loggedIn: boolean): FrontMenuNode[] {
  const out: FrontMenuNode[] = [];
  for (const n of nodes) {
    if (Number(n.needLogin) === 1 && !loggedIn) continue;
    if (n.children?.length) {
      const children = visibleFrontMenu(n.children, loggedIn);
      if (!children.length && !n.url) continue;
      out.push({ ...n, children });
    } else if (n.url) {
      out.push(n);
    }
  }
  return out;
}

/** Only site-relative and http(s) links are rendered; anything else (javascript:, data:) becomes inert text. */
const safeHref = (url: string) => (/^(\/(?![/\\])|https?:\/\/)/i.test(url) ? url : null);

export const loginHref = (current: string) => `/user/login?redirect=${encodeURIComponent(current)}`;

/** The entry's icon (antd names, as teaching-open's menu); names outside the icon set show nothing. */
const MenuIcon = ({ node }: { node: FrontMenuNode }) => (node.icon && hasIcon(node.icon) ? <Icon name={node.icon} class="xt-nav-icon" decorative /> : null);

function MenuLink({ node, current, sub, depth = 0 }: { node: FrontMenuNode; current: string; sub?: boolean; depth?: number }) {
  const href = safeHref(node.url);
  const cls = sub ? (depth > 0 ? 'xt-sub-link xt-sub-deep' : 'xt-sub-link') : 'xt-nav-link';
  if (!href) {
    return (
      <span class={cls}>
        <MenuIcon node={node} />
        {node.title}
      </span>
    );
  }
  const here = href === current || href === current.split('?')[0];
  return (
    <a
      class={here ? `${cls} xt-current` : cls}
      href={href}
      {...(here ? { 'aria-current': 'page' } : {})}
      {...(node.internalOrExternal ? { target: '_blank', rel: 'noopener' } : {})}
    >
      <MenuIcon node={node} />
      {node.title}
    </a>
  );
}

/** A submenu's entries; deeper levels (the admin screen allows them) show indented below their entry. */
function SubEntries({ nodes, current, depth = 0 }: { nodes: FrontMenuNode[]; current: string; depth?: number }) {
  return (
    <>
      {nodes.map((k) => (
        <li>
          <MenuLink node={k} current={current} sub depth={depth} />
          {k.children?.length ? (
            <ul class="xt-sub-nested">
              <SubEntries nodes={k.children} current={current} depth={depth + 1} />
            </ul>
          ) : null}
        </li>
      ))}
    </>
  );
}

function FrontMenu({ nodes, current }: { nodes: FrontMenuNode[]; current: string }) {
  return (
    <nav class="xt-nav" aria-label="网站导航">
      <ul class="xt-nav-list">
        {nodes.map((n) =>
          n.children?.length ? (
            <li class="xt-nav-item xt-has-sub">
              {/* A focusable trigger: the submenu opens on hover and while focus is inside the item (:focus-within). */}
              <button type="button" class="xt-nav-link">
                <MenuIcon node={n} />
                {n.title}
                <span class="xt-caret" aria-hidden="true" />
              </button>
              <ul class="xt-sub">
                <SubEntries nodes={n.children} current={current} />
              </ul>
            </li>
          ) : (
            <li class="xt-nav-item">
              <MenuLink node={n} current={current} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

export function PublicLayout(p: PublicLayoutProps) {
  const menu = visibleFrontMenu(p.menu, !!p.viewer);
  const look = p.look ?? EMPTY_LOOK;
  const modules = p.banner && look.banners.length > 1 ? [...(p.modules ?? []), asset('/static/build/banner.js')] : p.modules;
  const css = siteCss();
  return (
    <Document
      title={documentTitle(p.brandName, p.pageTitle)}
      styles={css ? [] : PUBLIC_STYLES}
      inlineStyle={css}
      scripts={p.scripts}
      modules={modules}
      bodyClass="xt-public"
      bodyStyle={backgroundStyle(look)}
    >
      <IconSprite names={PUBLIC_SPRITE_ICONS} />
      <a class="xt-skip" href="#main">
        跳到主要内容
      </a>
      <header class="xt-header">
        <div class="xt-wrap xt-header-inner">
          <a class="xt-brand" href="/home">
            {look.logo ? (
              <img class="xt-logo" src={look.logo} alt="" height="32" />
            ) : (
              <img src="/static/favicon.svg" alt="" width="32" height="32" />
            )}
            <span>{p.brandName}</span>
          </a>
          {menu.length ? <FrontMenu nodes={menu} current={p.current} /> : null}
          <div class="xt-account">
            {p.viewer ? (
              <>
                <span class="xt-account-name">{viewerName(p.viewer)}</span>
                <a class="xt-btn xt-btn-sm" href="/dashboard/index">
                  进入系统
                </a>
              </>
            ) : (
              <>
                <a class="xt-btn xt-btn-primary xt-btn-sm" href={loginHref(p.current)}>
                  登录
                </a>
                {look.allowReg ? (
                  <a class="xt-btn xt-btn-sm" href="/user/register">
                    注册
                  </a>
                ) : null}
              </>
            )}
          </div>
        </div>
      </header>
      <main id="main" class="xt-main">
        {p.children}
      </main>
      <footer class="xt-footer">
        <RichHtml html={p.footerHtml} class="xt-wrap" />
      </footer>
    </Document>
  );
}

/** What every public page hands the layout besides its own title and content. */
export type PublicFrameProps = Omit<PublicLayoutProps, 'pageTitle' | 'modules' | 'scripts' | 'banner' | 'children'>;

/** A `yyyy-MM-dd HH:mm:ss` time (GMT+8) in a <time> element with its ISO datetime; plain text when it does not parse. */
export function PublicTime({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)/.exec(value);
  return m ? <time datetime={`${m[1]}T${m[2]}+08:00`}>{value}</time> : <>{value}</>;
}

/** The 404 answer of a public detail page: what is missing, why, and where to go instead. */
export function PublicNotFound(p: PublicFrameProps & { title: string; reason: string; href: string; linkText: string }) {
  return (
    <PublicLayout {...p} pageTitle={p.title}>
      <div class="xt-wrap">
        <div class="xt-exception-box">
          <div class="xt-exception-code" aria-hidden="true">
            404
          </div>
          <h1>{p.title}</h1>
          <p>{p.reason}</p>
          <p>
            <a class="xt-btn xt-btn-primary" href={p.href}>
              {p.linkText}
            </a>
          </p>
        </div>
      </div>
    </PublicLayout>
  );
}
