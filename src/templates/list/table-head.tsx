// The one table head of the declared lists (list-view.tsx) and sub-lists (sub-list.tsx): the selection column, the
// row number, the headings (a sortable one is a link that sorts by it: ascending first, then the other way, the
// page reset) and 操作. Each list says where its sort links go and how they navigate (the whole screen, or the
// sub-list alone).
import type { ColumnSpec } from '../../server/resources/spec.js';
import { cx } from '../antd.js';

export interface TableHeadProps {
  cols: ColumnSpec[];
  /** A checkbox column (bulk actions the user holds). */
  selectable: boolean;
  /** An 操作 column. */
  withActions: boolean;
  /** The sort in force (the state's, else the declaration's default). */
  sort: { column?: string; order?: string };
  /** The list's URL sorted by `column` in `order`. */
  sortHref: (column: string, order: 'asc' | 'desc') => string;
  /** How a sort link navigates (htmx attributes with its href). */
  linkAttrs: (href: string) => Record<string, string>;
}

/** The columns a row spans: the listed ones, the row number, and the selection and 操作 columns when shown. */
export const rowSpan = (p: Pick<TableHeadProps, 'cols' | 'selectable' | 'withActions'>) => p.cols.length + 1 + (p.selectable ? 1 : 0) + (p.withActions ? 1 : 0);

function SortHeader({ col, sort, sortHref, linkAttrs }: { col: ColumnSpec } & Pick<TableHeadProps, 'sort' | 'sortHref' | 'linkAttrs'>) {
  const current = sort.column === col.key;
  const order = current ? sort.order : undefined;
  const next = current && order === 'asc' ? 'desc' : 'asc';
  return (
    <th
      class={cx('ant-table-cell ant-table-column-has-sorters', current && 'ant-table-column-sort')}
      scope="col"
      aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none'}
      style={col.width ? `width:${col.width}px` : undefined}
    >
      <a class="ant-table-column-sorters xt-sort" {...linkAttrs(sortHref(col.key, next))}>
        <span class="ant-table-column-title">{col.title}</span>
        <span class="ant-table-column-sorter ant-table-column-sorter-full" aria-hidden="true">
          <span class="ant-table-column-sorter-inner">
            <span class={cx('xt-caret xt-caret-up', order === 'asc' && 'active')}>▲</span>
            <span class={cx('xt-caret xt-caret-down', order === 'desc' && 'active')}>▼</span>
          </span>
        </span>
      </a>
    </th>
  );
}

export function TableHead(p: TableHeadProps) {
  return (
    <thead class="ant-table-thead">
      <tr>
        {p.selectable && (
          <th class="ant-table-cell ant-table-selection-column" scope="col">
            <span class="xt-sr">选择</span>
          </th>
        )}
        <th class="ant-table-cell xt-index" scope="col">#</th>
        {p.cols.map((col) =>
          col.sortable ? (
            <SortHeader col={col} sort={p.sort} sortHref={p.sortHref} linkAttrs={p.linkAttrs} />
          ) : (
            <th class="ant-table-cell" scope="col" style={col.width ? `width:${col.width}px` : undefined}>
              {col.title}
            </th>
          ),
        )}
        {p.withActions && <th class="ant-table-cell xt-actions-col" scope="col">操作</th>}
      </tr>
    </thead>
  );
}
