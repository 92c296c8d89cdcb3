// The public news pages: /newsList?pageNo= (资讯) and /news-detail?id=. No login needed, no JavaScript shipped.
// Anonymous answers are shared briefly and carry an ETag (page-cache.ts; a revalidation costs no HTML); a visitor with a
// session gets a private, uncached page (cacheHeaders in ./public.tsx).
import type { Context, Hono } from 'hono';
import { NEWS_PAGE_SIZE, NewsDetailPage, NewsListPage, NewsNotFoundPage } from '../../templates/public/news.js';
import type { NewsModel, Page } from '../upstream/client.js';
import type { PageEnv } from './context.js';
import { cacheHeaders, chrome, frameProps, logFailure } from './public.js';
import { currentPath } from './page-cache.js';

/** Highest page number accepted (a larger one shows the last, empty page rather than an expensive query). */
const MAX_PAGE_NO = 10_000;

/** Sends the page with its Cache-Control; anonymous answers get their ETag (and 304) from the page cache. */
function send(c: Context<PageEnv>, html: string, status: 200 | 404 = 200): Response {
  cacheHeaders(c);
  return c.html(html, status);
}

const pageNoOf = (raw: string | undefined) => {
  const n = Number(raw ?? '1');
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE_NO) : 1;
};

export function registerPublicNewsPages(app: Hono<PageEnv>) {
  app.get('/newsList', async (c) => {
    const pageNo = pageNoOf(c.req.query('pageNo'));
    const load = async (): Promise<Page<NewsModel> | null> => {
      try {
        const res = await c.get('upstream').newsList({ pageNo, pageSize: NEWS_PAGE_SIZE });
        if (res.success && Array.isArray(res.result?.records)) return res.result;
        logFailure(c, '资讯', res.message);
      } catch (err) {
        logFailure(c, '资讯', err);
      }
      return null;
    };
    const [frame, page] = await Promise.all([chrome(c), load()]);
    const html =
      '<!doctype html>' +
      (
        <NewsListPage
          brandName={frame.cfg.brandName}
          footerHtml={frame.cfg.footer}
          menu={frame.menu}
          viewer={frame.viewer}
          look={frame.look}
          current={currentPath(c)}
          news={page?.records ?? []}
          total={Number(page?.total ?? 0)}
          pageNo={pageNo}
          failed={!page}
        />
      );
    return send(c, html);
  });

  app.get('/news-detail', async (c) => {
    const id = c.req.query('id')?.trim() ?? '';
    // Unknown, missing or a draft: the API answers success:false (未找到对应数据) for all of them.
    const [frame, res] = await Promise.all([chrome(c), id ? c.get('upstream').newsDetail(id) : Promise.resolve(null)]);
    const props = frameProps(frame, currentPath(c));
    if (!res?.success || !res.result) return send(c, '<!doctype html>' + (<NewsNotFoundPage {...props} />), 404);
    return send(c, '<!doctype html>' + (<NewsDetailPage {...props} news={res.result} />));
  });
}
