// Renders a page inside the logged-in shell. Every shell page goes through here, so the guard (session
// required), the chrome (menu, breadcrumbs, footer) and htmx fragment requests are handled in one place.
import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import { ShellLayout } from '../../templates/shell/layout.js';
import { loadSession, loginUrl, siteConfig, type PageEnv, type PageSession } from './context.js';

export interface ShellPageOptions {
  /** Route path of the page (menu highlight, breadcrumbs, tab key). */
  current: string;
  title: string;
  isHome?: boolean;
}

/** Loads the session or answers with the login redirect. */
export async function requireSession(c: Context<PageEnv>): Promise<PageSession | Response> {
  const session = await loadSession(c);
  return session ?? c.redirect(loginUrl(c));
}

export async function shellPage(
  c: Context<PageEnv>,
  opts: ShellPageOptions,
  content: (session: PageSession) => Child | Promise<Child>,
  status: 200 | 400 | 404 = 200,
) {
  const session = await requireSession(c);
  if (session instanceof Response) return session;
  const [cfg, body] = await Promise.all([siteConfig(c), content(session)]);
  return c.html(
    '<!doctype html>' +
      (
        <ShellLayout
          brandName={cfg.brandName}
          footerHtml={cfg.footer}
          user={session.user}
          menu={session.menu}
          current={opts.current}
          pageTitle={opts.title}
          isHome={opts.isHome}
        >
          {body}
        </ShellLayout>
      ),
    status,
  );
}
