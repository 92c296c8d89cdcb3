// Page links of the public lists as plain links (no JavaScript): 上一页, numbers around the current page with
// gaps, 下一页. The caller says how a page number becomes a link.

/** Page links around the current page: first, last, and two either side, with gaps as “…”. */
function pageNumbers(current: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - current) <= 2) out.push(n);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

export function LinkPager({ current, pages, href }: { current: number; pages: number; href: (n: number) => string }) {
  // Past the last page (an old link), 上一页 still leads back to the last one.
  if (pages <= 1 && current <= 1) return null;
  return (
    <nav class="xt-pager" aria-label="分页">
      {current > 1 ? (
        <a class="xt-pager-item" href={href(Math.min(current - 1, pages))} rel="prev">
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
          <a class="xt-pager-item" href={href(n)} aria-label={`第${n}页`}>
            {n}
          </a>
        ),
      )}
      {current < pages ? (
        <a class="xt-pager-item" href={href(current + 1)} rel="next">
          下一页
        </a>
      ) : (
        <span class="xt-pager-item xt-pager-disabled">下一页</span>
      )}
    </nav>
  );
}
