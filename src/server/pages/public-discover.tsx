// The public works pages: /workList?type=0..3&userId=&pageNo= (发现) and /friend-detail?id=&pageNo= (an author's
// page). No login needed, no JavaScript shipped; the leaderboard API lists public works only (status 3 and 4).
import type { Context, Hono } from 'hono';
import {
  AUTHOR_PAGE_SIZE,
  AuthorNotFoundPage,
  DEFAULT_WORK_LIST_TYPE,
  FriendDetailPage,
  WORK_LIST_PAGE_SIZE,
  WORK_LIST_TABS,
  WorkListPage,
  type WorkListType,
} from '../../templates/public/discover.js';
import type { AuthorProfile, LeaderboardParams, Page, WorkModel } from '../upstream/client.js';
import type { PageEnv } from './context.js';
import { cacheHeaders, chrome, frameProps, logFailure } from './public.js';
import { canonicalSearch, currentPath } from './page-cache.js';
import { WORK_STATUS } from '../shared/work-status.js';

/** Highest page number accepted (a larger one shows an empty page rather than an expensive query). */
const MAX_PAGE_NO = 10_000;

const pageNoOf = (raw: string | undefined) => {
  const n = Number(raw ?? '1');
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE_NO) : 1;
};

const typeOf = (raw: string | undefined): WorkListType => WORK_LIST_TABS.find((t) => String(t.type) === raw)?.type ?? DEFAULT_WORK_LIST_TYPE;

/** The leaderboard query of a tab. */
const TAB_QUERY: Record<WorkListType, LeaderboardParams> = {
  0: { orderBy: 'view' },
  1: { orderBy: 'time' },
  2: { orderBy: 'star' },
  3: { workStatus: WORK_STATUS.featured, orderBy: 'time' },
};

async function works(c: Context<PageEnv>, p: LeaderboardParams): Promise<Page<WorkModel> | null> {
  try {
    const res = await c.get('upstream').leaderboard(p);
    if (res.success && Array.isArray(res.result?.records)) return res.result;
    logFailure(c, '作品', res.message);
  } catch (err) {
    logFailure(c, '作品', err);
  }
  return null;
}

/** The author's profile; null when the account is unknown or deleted (or the call failed). */
async function author(c: Context<PageEnv>, userId: string): Promise<AuthorProfile | null> {
  if (!userId) return null;
  try {
    const res = await c.get('upstream').authorInfo(userId);
    if (res.success && res.result) return res.result;
  } catch (err) {
    logFailure(c, '作者', err);
  }
  return null;
}

export function registerPublicDiscoverPages(app: Hono<PageEnv>) {
  app.get('/workList', async (c) => {
    const type = typeOf(c.req.query('type'));
    const pageNo = pageNoOf(c.req.query('pageNo'));
    const userId = c.req.query('userId')?.trim().slice(0, 64) || undefined;
    const [frame, page, who] = await Promise.all([
      chrome(c),
      works(c, { ...TAB_QUERY[type], userId, pageNo, pageSize: WORK_LIST_PAGE_SIZE }),
      userId ? author(c, userId) : Promise.resolve(null),
    ]);
    cacheHeaders(c);
    return c.html(
      '<!doctype html>' +
        (
          <WorkListPage
            brandName={frame.cfg.brandName}
            footerHtml={frame.cfg.footer}
            menu={frame.menu}
            viewer={frame.viewer}
            look={frame.look}
            // The bare path is the menu's 发现 (type 1): highlight it.
            current={canonicalSearch(c) ? currentPath(c) : `/workList?type=${DEFAULT_WORK_LIST_TYPE}`}
            type={type}
            works={page?.records ?? []}
            total={Number(page?.total ?? 0)}
            pageNo={pageNo}
            failed={!page}
            userId={userId}
            author={who}
          />
        ),
    );
  });

  app.get('/friend-detail', async (c) => {
    const id = c.req.query('id')?.trim().slice(0, 64) ?? '';
    const pageNo = pageNoOf(c.req.query('pageNo'));
    const [frame, who, page] = await Promise.all([
      chrome(c),
      author(c, id),
      id ? works(c, { userId: id, orderBy: 'time', pageNo, pageSize: AUTHOR_PAGE_SIZE }) : Promise.resolve(null),
    ]);
    const props = frameProps(frame, currentPath(c));
    cacheHeaders(c);
    if (!who) return c.html('<!doctype html>' + (<AuthorNotFoundPage {...props} />), 404);
    return c.html(
      '<!doctype html>' + (<FriendDetailPage {...props} author={who} works={page?.records ?? []} total={Number(page?.total ?? 0)} pageNo={pageNo} failed={!page} />),
    );
  });
}
