// The public site: /home (gallery; /work-detail?id= is public-work.tsx). No login needed, no JavaScript shipped.
// Every section is one upstream call, all issued together; a failing section is left out, not the page.
import type { Context, Hono } from 'hono';
import { HomePage } from '../../templates/public/home.js';
import type { PublicFrameProps, PublicViewer } from '../../templates/public/layout.js';
import { publicLook } from '../../templates/public/look.js';
import type { Envelope, FrontMenuNode, Page } from '../upstream/client.js';
import { siteConfig, type PageEnv } from './context.js';
import { cacheHeaders } from './page-cache.js';
import { WORK_STATUS } from '../shared/work-status.js';

const HOME_SECTION_SIZE = 8;

// Cache-Control per page (page-cache.ts); the public pages' modules import it from here.
export { cacheHeaders } from './page-cache.js';

export function logFailure(c: Context<PageEnv>, what: string, err: unknown) {
  if (c.get('config').logLevel !== 'silent') console.error(`[pages] ${c.req.path}: ${what} failed:`, err instanceof Error ? err.message : err);
}

/** The records of a paged upstream answer, or none when it failed (the section then stays hidden). */
async function records<T>(c: Context<PageEnv>, what: string, call: () => Promise<Envelope<Page<T>>>): Promise<T[]> {
  try {
    const res = await call();
    if (res.success && Array.isArray(res.result?.records)) return res.result.records;
    logFailure(c, what, res.message);
  } catch (err) {
    logFailure(c, what, err);
  }
  return [];
}

async function frontMenu(c: Context<PageEnv>): Promise<FrontMenuNode[]> {
  try {
    const res = await c.get('upstream').frontMenu();
    if (res.success && Array.isArray(res.result)) return res.result;
    logFailure(c, 'front menu', res.message);
  } catch (err) {
    logFailure(c, 'front menu', err);
  }
  return [];
}

/** Who is visiting, when the request carries a session cookie; null when anonymous or the session is gone. */
async function viewer(c: Context<PageEnv>): Promise<PublicViewer | null> {
  if (!c.get('token')) return null;
  try {
    // One call (the account) is all the public header needs; the permission tree is for the shell.
    const res = await c.get('upstream').me();
    return res.body.success ? { username: res.body.result.username, realname: res.body.result.realname } : null;
  } catch (err) {
    logFailure(c, 'session', err);
    return null;
  }
}

/** Site chrome shared by the public pages: config (and its checked look), front menu and visitor, fetched together. */
export async function chrome(c: Context<PageEnv>) {
  const [cfg, menu, who] = await Promise.all([siteConfig(c), frontMenu(c), viewer(c)]);
  return { cfg, look: publicLook(cfg), menu, viewer: who };
}

/** The layout's frame props from the chrome, for the page at `current` (path + query, for the menu's highlight). */
export function frameProps(frame: Awaited<ReturnType<typeof chrome>>, current: string): PublicFrameProps {
  return { brandName: frame.cfg.brandName, footerHtml: frame.cfg.footer, menu: frame.menu, viewer: frame.viewer, look: frame.look, current };
}

export function registerPublicPages(app: Hono<PageEnv>) {
  app.get('/home', async (c) => {
    const up = c.get('upstream');
    const size = { pageNo: 1, pageSize: HOME_SECTION_SIZE };
    const [frame, featured, liked, latest, courses] = await Promise.all([
      chrome(c),
      records(c, '精选作品', () => up.leaderboard({ ...size, workStatus: WORK_STATUS.featured })),
      records(c, '最赞作品', () => up.leaderboard({ ...size, orderBy: 'star' })),
      records(c, '最新作品', () => up.leaderboard({ ...size, orderBy: 'time' })),
      records(c, '推荐课程', () => up.homeCourses(size)),
    ]);
    cacheHeaders(c);
    return c.html(
      '<!doctype html>' +
        (
          <HomePage
            brandName={frame.cfg.brandName}
            brandDesc={frame.cfg.brandDesc}
            footerHtml={frame.cfg.footer}
            menu={frame.menu}
            viewer={frame.viewer}
            look={frame.look}
            featured={featured}
            liked={liked}
            latest={latest}
            courses={courses}
          />
        ),
    );
  });
}
