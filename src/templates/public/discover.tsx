// /workList (发现: the public works by 最火 / 最新 / 最赞 / 精选, optionally one author's, paged by plain links) and
// /friend-detail?id= (an author's page: avatar, display name, public work count and their works, newest first).
// No JavaScript: tabs and pages are links.
import type { AuthorProfile, WorkModel } from '../../server/upstream/client.js';
import { WorkCard, authorHref } from './cards.js';
import { Hero } from './hero.js';
import { PublicLayout, PublicNotFound, type PublicFrameProps } from './layout.js';
import { Pager } from '../pager.js';

export const WORK_LIST_PAGE_SIZE = 24;
export const AUTHOR_PAGE_SIZE = 12;
const AUTHOR_NOT_FOUND = '作者不存在';

/** teaching-open's WorkList types: 0 最火 (views), 1 最新 (time; the menu's 发现), 2 最赞 (likes), 3 精选 (status 4). */
export const WORK_LIST_TABS = [
  { type: 0, tab: '最火', title: '最火作品' },
  { type: 1, tab: '最新', title: '最新作品' },
  { type: 2, tab: '最赞', title: '最赞作品' },
  { type: 3, tab: '精选', title: '精选作品' },
] as const;
export type WorkListType = (typeof WORK_LIST_TABS)[number]['type'];
export const DEFAULT_WORK_LIST_TYPE: WorkListType = 1;

function workListHref(type: WorkListType, pageNo = 1, userId?: string) {
  const q = new URLSearchParams({ type: String(type) });
  if (userId) q.set('userId', userId);
  if (pageNo > 1) q.set('pageNo', String(pageNo));
  return `/workList?${q.toString()}`;
}

/** “第 a–b 个，共 N 个” under a paged grid; nothing when the page is empty. */
function Range({ pageNo, size, shown, total }: { pageNo: number; size: number; shown: number; total: number }) {
  const from = (pageNo - 1) * size + 1;
  return <span class="xt-news-total">{shown ? `第 ${from}–${from + shown - 1} 个，共 ${total} 个作品` : `共 ${total} 个作品`}</span>;
}

function Grid({ works, showAuthor = true }: { works: WorkModel[]; showAuthor?: boolean }) {
  return (
    <ul class="xt-grid">
      {works.map((w) => (
        <WorkCard work={w} showAuthor={showAuthor} />
      ))}
    </ul>
  );
}

function emptyText(failed: boolean, total: number, none: string) {
  if (failed) return '作品暂时无法加载，请稍后刷新重试。';
  return total > 0 ? '这一页没有作品了。' : none;
}

export interface WorkListPageProps extends PublicFrameProps {
  type: WorkListType;
  works: WorkModel[];
  total: number;
  pageNo: number;
  failed: boolean;
  /** The author filter (?userId=), with their profile when it exists. */
  userId?: string;
  author?: AuthorProfile | null;
}

export function WorkListPage(p: WorkListPageProps) {
  const tab = WORK_LIST_TABS.find((t) => t.type === p.type) ?? WORK_LIST_TABS[DEFAULT_WORK_LIST_TYPE];
  const title = p.author ? `${p.author.realname}的${tab.title}` : tab.title;
  return (
    <PublicLayout {...p} pageTitle={p.pageNo > 1 ? `${title} - 第${p.pageNo}页` : title} banner>
      <Hero slim brandName={p.brandName} viewer={p.viewer} look={p.look} heading={false} />
      <div class="xt-wrap">
        <section class="xt-discover">
          <h1 class="xt-section-title">{title}</h1>
          {p.userId ? (
            <p class="xt-discover-filter">
              {p.author ? (
                <>
                  只看 <a href={authorHref(p.author.id)}>{p.author.realname}</a> 的作品，
                </>
              ) : (
                '只看一位作者的作品，'
              )}
              <a href={workListHref(p.type)}>查看全部作者</a>
            </p>
          ) : null}
          <nav class="xt-tabs" aria-label="作品排序">
            {WORK_LIST_TABS.map((t) =>
              t.type === p.type ? (
                <span class="xt-tab xt-tab-current" aria-current="page">
                  {t.tab}
                </span>
              ) : (
                <a class="xt-tab" href={workListHref(t.type, 1, p.userId)}>
                  {t.tab}
                </a>
              ),
            )}
          </nav>
          {p.works.length ? <Grid works={p.works} /> : <p class="xt-empty">{emptyText(p.failed, p.total, '还没有公开的作品')}</p>}
          <div class="xt-news-foot">
            <Range pageNo={p.pageNo} size={WORK_LIST_PAGE_SIZE} shown={p.works.length} total={p.total} />
            <Pager look="links" current={p.pageNo} total={p.total} size={WORK_LIST_PAGE_SIZE} href={(n) => workListHref(p.type, n, p.userId)} />
          </div>
        </section>
      </div>
    </PublicLayout>
  );
}

const friendDetailHref = (userId: string, pageNo = 1) => (pageNo > 1 ? `${authorHref(userId)}&pageNo=${pageNo}` : authorHref(userId));

export interface FriendDetailPageProps extends PublicFrameProps {
  author: AuthorProfile;
  works: WorkModel[];
  total: number;
  pageNo: number;
  failed: boolean;
}

export function FriendDetailPage(p: FriendDetailPageProps) {
  const a = p.author;
  return (
    <PublicLayout {...p} pageTitle={p.pageNo > 1 ? `${a.realname}的作品 - 第${p.pageNo}页` : `${a.realname}的作品`}>
      <div class="xt-wrap">
        <section class="xt-profile" aria-labelledby="author-name">
          {a.avatar_url || p.look?.avatar ? (
            <img class="xt-avatar xt-avatar-img" src={a.avatar_url || p.look?.avatar || ''} alt="" width="64" height="64" />
          ) : (
            <span class="xt-avatar" aria-hidden="true">
              {Array.from(a.realname)[0] ?? '匿'}
            </span>
          )}
          <div class="xt-profile-text">
            <h1 id="author-name" class="xt-profile-name">
              {a.realname}
            </h1>
            <p class="xt-profile-count">公开作品 {a.workCount} 个</p>
          </div>
        </section>
        <section class="xt-discover" aria-labelledby="author-works">
          <h2 class="xt-section-title" id="author-works">
            作品
          </h2>
          {p.works.length ? <Grid works={p.works} showAuthor={false} /> : <p class="xt-empty">{emptyText(p.failed, p.total, '这位作者还没有公开的作品')}</p>}
          <div class="xt-news-foot">
            <Range pageNo={p.pageNo} size={AUTHOR_PAGE_SIZE} shown={p.works.length} total={p.total} />
            <Pager look="links" current={p.pageNo} total={p.total} size={AUTHOR_PAGE_SIZE} href={(n) => friendDetailHref(a.id, n)} />
          </div>
        </section>
      </div>
    </PublicLayout>
  );
}

/** The 404 answer of /friend-detail: unknown, missing or deleted account. */
export function AuthorNotFoundPage(p: PublicFrameProps) {
  return <PublicNotFound {...p} title={AUTHOR_NOT_FOUND} reason="这位作者可能已经不在了，或者链接有误。" href={workListHref(DEFAULT_WORK_LIST_TYPE)} linkText="去发现更多作品" />;
}
