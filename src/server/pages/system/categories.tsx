// 分类字典 (/isys/category): the declared list in code order, each category indented under its parent, with
// 添加下级 (the add form with the parent chosen) beside 编辑; import/export by 上级编码.
import type { Hono } from 'hono';
import { canUse } from '../../resources/auth.js';
import { categoriesList, categoryForm, CATEGORY_PERMS, CATEGORY_ROUTE } from '../../resources/categories.js';
import { hrefWith } from '../../resources/url-state.js';
import { dialogAttrs, type RowExtra } from '../../../templates/list/list-view.js';
import type { PageEnv } from '../context.js';
import { registerListPage } from '../list-page.js';
import { str } from '../../shared/text.js';


export function registerCategoryPages(app: Hono<PageEnv>) {
  registerListPage(app, {
    spec: categoriesList,
    form: categoryForm,
    addValues: (q) => (q.pid ? { pid: q.pid.slice(0, 64) } : {}),
    cells: () => ({
      name: (r) => {
        const depth = Math.min(Number(r.depth) || 0, 10);
        return (
          <span class="xt-cat-name" style={`display:inline-block;white-space:nowrap;${depth ? `padding-left:${depth * 20}px` : ''}`}>
            {depth > 0 && (
              <span class="xt-muted" aria-hidden="true">
                └{' '}
              </span>
            )}
            {str(r.name)}
          </span>
        );
      },
    }),
    rowExtra: (session) => (r, back): RowExtra => ({
      inline: canUse(session.permissions, CATEGORY_PERMS.add) ? (
        <a class="xt-action" {...dialogAttrs(hrefWith(`${CATEGORY_ROUTE}/form`, { pid: str(r.id), back }))}>
          添加下级
        </a>
      ) : undefined,
    }),
  });
}
