// The one pager: every paged screen (admin lists and sub-lists, account pages, the public site) draws its page links
// here. The caller says how a page number becomes a URL (`href`); links are plain, so paging works without
// JavaScript, and `linkAttrs` adds htmx attributes (swap #content, a sub-list's container, a dialog) where wanted.
import { PAGE_SIZES } from '../server/resources/spec.js';
import { Button, cx } from './antd.js';

export interface PagerProps {
  total: number;
  current: number;
  size: number;
  /** URL of page `pageNo` (at `pageSize` when given: the page-size choice asks for page 1 at another size). */
  href: (pageNo: number, pageSize?: number) => string;
  /** Attributes a link (and the page-size form) gets besides its href, e.g. hx-get/hx-target; none by default. */
  linkAttrs?: (href: string) => Record<string, string>;
  /**
   * table: antd's pagination (range and total, numbers, page size) under admin tables;
   * links: the public site's 上一页 · numbers · 下一页, hidden when there is one page.
   */
  look?: 'table' | 'links';
  /** table look: page size as a select (a GET form that submits itself on change), as links, or not offered. */
  sizes?: 'select' | 'links' | false;
  /** Query keys of the page number and size (the select's name; both left out of its hidden fields). */
  pageParam?: string;
  sizeParam?: string;
  /** Extra class on the navigation (a screen family's own spacing). */
  class?: string;
}

/** Page numbers around the current page: first, last and two either side, a gap as null. */
function pageNumbers(current: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - current) <= 2) out.push(n);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

export function Pager(p: PagerProps) {
  const pages = Math.max(1, Math.ceil(p.total / Math.max(1, p.size)));
  const attrs = (href: string) => ({ ...(p.linkAttrs?.(href) ?? {}), href });
  if (p.look === 'links') return <LinksPager {...p} pages={pages} attrs={attrs} />;
  const cur = Math.min(Math.max(1, p.current), pages);
  const from = p.total ? (cur - 1) * p.size + 1 : 0;
  const to = Math.min(cur * p.size, p.total);
  const sizes = p.sizes ?? 'select';
  return (
    <nav class={cx('xt-pagination', p.class)} aria-label="分页">
      <ul class="ant-pagination app">
        <li class="ant-pagination-total-text">
          {from}-{to} 共{p.total}条
        </li>
        <li class={cx('ant-pagination-prev', cur <= 1 && 'ant-pagination-disabled')}>
          {cur > 1 ? (
            <a class="ant-pagination-item-link" {...attrs(p.href(cur - 1))} aria-label="上一页">‹</a>
          ) : (
            <span class="ant-pagination-item-link" aria-hidden="true">‹</span>
          )}
        </li>
        {pageNumbers(cur, pages).map((n) =>
          n === null ? (
            <li class="ant-pagination-jump-next xt-gap">…</li>
          ) : (
            <li class={cx('ant-pagination-item', n === cur && 'ant-pagination-item-active')}>
              <a {...attrs(p.href(n))} {...(n === cur ? { 'aria-current': 'page' } : {})}>
                {n}
              </a>
            </li>
          ),
        )}
        <li class={cx('ant-pagination-next', cur >= pages && 'ant-pagination-disabled')}>
          {cur < pages ? (
            <a class="ant-pagination-item-link" {...attrs(p.href(cur + 1))} aria-label="下一页">›</a>
          ) : (
            <span class="ant-pagination-item-link" aria-hidden="true">›</span>
          )}
        </li>
        {sizes === 'select' && <SizeSelect {...p} />}
        {sizes === 'links' && (
          <li class="ant-pagination-options xt-page-sizes">
            <span>每页</span>
            {PAGE_SIZES.map((s) =>
              s === p.size ? (
                <span class="xt-page-size-current" aria-current="true">
                  {s}
                </span>
              ) : (
                <a {...attrs(p.href(1, s))} aria-label={`每页${s}条`}>
                  {s}
                </a>
              ),
            )}
            <span>条</span>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** 条/页 as a GET form: its action and hidden fields are page 1's URL, so the rest of the state is kept. */
function SizeSelect(p: PagerProps) {
  const sizeParam = p.sizeParam ?? 'pageSize';
  const pageParam = p.pageParam ?? 'pageNo';
  const first = new URL(p.href(1), 'http://x');
  const action = first.pathname;
  const hx = p.linkAttrs ? { ...p.linkAttrs(action), 'hx-trigger': 'change' } : {};
  delete (hx as Record<string, string>).href;
  return (
    <li class="ant-pagination-options">
      <form method="get" action={action} {...hx} class="xt-page-size">
        {[...first.searchParams]
          .filter(([k]) => k !== sizeParam && k !== pageParam)
          .map(([k, v]) => (
            <input type="hidden" name={k} value={v} />
          ))}
        <select name={sizeParam} class="xt-native-select" aria-label="每页条数">
          {PAGE_SIZES.map((n) => (
            <option value={String(n)} selected={p.size === n}>
              {n} 条/页
            </option>
          ))}
        </select>
        <noscript>
          <Button htmlType="submit" size="small">确定</Button>
        </noscript>
      </form>
    </li>
  );
}

function LinksPager(p: PagerProps & { pages: number; attrs: (href: string) => Record<string, string> }) {
  const { current, pages, attrs } = p;
  // Past the last page (an old link), 上一页 still leads back to the last one.
  if (pages <= 1 && current <= 1) return null;
  return (
    <nav class={cx('xt-pager', p.class)} aria-label="分页">
      {current > 1 ? (
        <a class="xt-pager-item" {...attrs(p.href(Math.min(current - 1, pages)))} rel="prev">
          上一页
        </a>
      ) : (
        <span class="xt-pager-item xt-pager-disabled">上一页</span>
      )}
      {pageNumbers(current, pages).map((n) =>
        n === null ? (
          <span class="xt-pager-gap">…</span>
        ) : n === current ? (
          <span class="xt-pager-item xt-pager-current" aria-current="page">
            {n}
          </span>
        ) : (
          <a class="xt-pager-item" {...attrs(p.href(n))} aria-label={`第${n}页`}>
            {n}
          </a>
        ),
      )}
      {current < pages ? (
        <a class="xt-pager-item" {...attrs(p.href(current + 1))} rel="next">
          下一页
        </a>
      ) : (
        <span class="xt-pager-item xt-pager-disabled">下一页</span>
      )}
    </nav>
  );
}
