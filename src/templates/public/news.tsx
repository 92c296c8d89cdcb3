// /newsList (资讯: the published news, 10 a page, plain links for paging) and /news-detail?id= (one item: its
// title, 本文发布于：{time}, its content through the one rich-text renderer). No JavaScript.
import type { NewsModel } from '../../server/upstream/client.js';
import { Icon } from '../icons.js';
import { RichHtml } from '../rich-html.js';
import { Pager } from '../pager.js';
import { Hero } from './hero.js';
import { PublicLayout, PublicNotFound, PublicTime, type PublicFrameProps } from './layout.js';

const NEWS_NOT_FOUND = '资讯不存在或未发布';
export const NEWS_PAGE_SIZE = 10;

const pageHref = (n: number) => (n <= 1 ? '/newsList' : `/newsList?pageNo=${n}`);

export function NewsListPage(p: PublicFrameProps & { news: NewsModel[]; total: number; pageNo: number; failed: boolean }) {
  return (
    <PublicLayout {...p} pageTitle={p.pageNo > 1 ? `资讯 - 第${p.pageNo}页` : '资讯'} banner>
      <Hero slim brandName={p.brandName} viewer={p.viewer} look={p.look} heading={false} />
      <div class="xt-wrap">
        <section class="xt-news">
          <h1 class="xt-section-title">资讯</h1>
          {p.failed ? (
            <p class="xt-empty">资讯暂时无法加载，请稍后刷新重试。</p>
          ) : p.news.length ? (
            <ul class="xt-news-list">
              {p.news.map((n) => (
                <li class="xt-news-item">
                  <a class="xt-news-title" href={`/news-detail?id=${encodeURIComponent(n.id)}`}>
                    {n.newsTitle}
                  </a>
                  <span class="xt-news-time">
                    <span aria-hidden="true">
                      <Icon name="calendar" />{' '}
                    </span>
                    <PublicTime value={n.createTime} />
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p class="xt-empty">{p.total > 0 ? '这一页没有资讯了。' : '暂无资讯'}</p>
          )}
          <div class="xt-news-foot">
            <span class="xt-news-total">共{p.total}篇</span>
            <Pager look="links" current={p.pageNo} total={p.total} size={NEWS_PAGE_SIZE} href={pageHref} />
          </div>
        </section>
      </div>
    </PublicLayout>
  );
}

export function NewsDetailPage(p: PublicFrameProps & { news: NewsModel }) {
  const n = p.news;
  return (
    <PublicLayout {...p} pageTitle={n.newsTitle} banner>
      <Hero slim brandName={p.brandName} viewer={p.viewer} look={p.look} heading={false} />
      <div class="xt-wrap">
        <p class="xt-back">
          <a href="/newsList">← 返回资讯</a>
        </p>
        <article class="xt-news-article">
          <h1 class="xt-news-article-title">{n.newsTitle}</h1>
          <p class="xt-news-meta">
            本文发布于：<PublicTime value={n.createTime} />
          </p>
          <hr class="xt-news-divider" />
          <RichHtml html={n.newsContent} class="xt-news-content" />
        </article>
      </div>
    </PublicLayout>
  );
}

/** The 404 answer of /news-detail: unknown or missing id, or a draft. */
export function NewsNotFoundPage(p: PublicFrameProps) {
  return <PublicNotFound {...p} title={NEWS_NOT_FOUND} reason="这篇资讯可能已被删除，或者还没有发布。" href="/newsList" linkText="查看全部资讯" />;
}
