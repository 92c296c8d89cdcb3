// 开发示例 · 列表页: 查询表格 is a whole declared list screen (registerListPage: query form, sort, paging, add/edit
// dialog with server validation, delete with confirmation, batch delete). 标准列表, 卡片列表 and 搜索列表 show the
// same sample data in other layouts, with the shared query form, tabs and pager and the URL holding their state.
// The data is the demo API's in-memory sample store (api/demo/gallery.ts): never a school's data.
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { basicList, cardList, queryList, sampleForm, SAMPLE_STATUS_COLORS, searchList } from '../../resources/demo.js';
import type { ListSpec } from '../../resources/spec.js';
import { apiQuery, hrefWith, listState } from '../../resources/url-state.js';
import { Alert, Tag } from '../../../templates/antd.js';
import { GalleryPage, ProgressBar, SourceNote, type SourceFile } from '../../../templates/demo/gallery.js';
import { listPagerHref, navAttrs, QueryForm, Tabs, type PageData } from '../../../templates/list/list-view.js';
import { Pager } from '../../../templates/pager.js';
import type { PageEnv } from '../context.js';
import { callRef, registerListPage } from '../list-page.js';
import { shellPage } from '../shell-page.js';
import { str } from '../../shared/text.js';

const LIST_SOURCES: SourceFile[] = [
  { path: 'src/server/resources/demo.ts', what: 'sampleFields：字段规则；列表声明 ListSpec（列、筛选、可排序字段、按钮）与表单由它派生' },
  { path: 'src/server/api/demo/gallery.ts', what: '接口 /api/demo/sample/*：列表、增删改与 zod 校验' },
  { path: 'src/server/domain/demo-samples.ts', what: '内存示例数据（每次重启恢复，真实页面换成数据库查询 pagedList）' },
];

const statusTag = (r: Record<string, unknown>) => <Tag color={SAMPLE_STATUS_COLORS[str(r.statusText)]}>{str(r.statusText)}</Tag>;

/** Fetches one page of a read-only declared list through the upstream client, as registerListPage does. */
async function loadPage(c: Context<PageEnv>, spec: ListSpec) {
  const state = listState(spec, c.req.query());
  const res = await callRef<PageData>(c.get('upstream'), spec.api.list, 'GET', { query: apiQuery(spec, state) });
  return { state, page: res.body.success ? res.body.result : null, error: res.body.success ? undefined : res.body.message };
}

/** A read-only list in its own layout: tabs, query form, the rows as `body` draws them, the pager. */
function registerLayoutList(app: Hono<PageEnv>, spec: ListSpec, o: { intro: string; source: SourceFile; body: (page: PageData) => Child }) {
  app.get(spec.route, (c) =>
    shellPage(c, { current: spec.route, title: spec.title }, async () => {
      const { state, page, error } = await loadPage(c, spec);
      return (
        <GalleryPage title={spec.title} intro={o.intro} sources={[...LIST_SOURCES, o.source, { path: 'src/templates/list/list-view.tsx', what: 'Tabs、QueryForm：与管理列表相同的查询表单和页签' }, { path: 'src/templates/pager.tsx', what: 'Pager：全站唯一的分页组件' }]}>
          <section class="ant-card ant-card-bordered app xt-list" data-list={spec.route}>
            <div class="ant-card-body">
              {spec.tabs && <Tabs spec={spec} state={state} />}
              <QueryForm spec={spec} state={state} dicts={{}} />
              {error ? <Alert type="warning">{error}</Alert> : page && (page.records.length ? o.body(page) : <div class="ant-empty ant-empty-normal app xt-empty">暂无数据</div>)}
              {page && !error && <Pager total={page.total} current={page.current} size={page.size} href={listPagerHref(spec.route, state)} linkAttrs={navAttrs} />}
            </div>
          </section>
        </GalleryPage>
      );
    }),
  );
}

/** Editing lives in 查询表格 (its form returns only to its own list): the row found there by name. */
const editHref = (name: string) => hrefWith(queryList.route, { name });

export function registerGalleryLists(app: Hono<PageEnv>) {
  registerListPage(app, {
    spec: queryList,
    form: sampleForm,
    extra: () => (
      <>
        <link rel="stylesheet" href="/static/css/gallery.css" />
        <SourceNote
          sources={[
            ...LIST_SOURCES,
            { path: 'src/server/pages/demo/lists.tsx', what: '页面：一行 registerListPage({ spec, form })，与角色管理（src/server/pages/system/roles.tsx）相同' },
            { path: 'src/server/pages/list-page.tsx', what: '列表页、表单对话框、保存、删除确认的共用实现' },
          ]}
        />
      </>
    ),
  });

  registerLayoutList(app, basicList, {
    intro: '标准列表：按状态分页签、按名称查询，每行显示负责人、创建时间与进度。页签、查询条件和页码都在地址栏里，刷新和后退都能恢复。',
    source: { path: 'src/server/pages/demo/lists.tsx', what: '页面：registerLayoutList 与每行的画法' },
    body: (page) => (
      <ul class="xt-std-list">
        {page.records.map((r) => (
          <li class="xt-std-item" data-row-key={str(r.id)}>
            <div class="xt-std-main">
              <div class="xt-std-title">
                {str(r.name)} {statusTag(r)}
              </div>
              <div class="xt-std-desc">{str(r.description)}</div>
            </div>
            <dl class="xt-std-meta">
              <div>
                <dt>负责人</dt>
                <dd>{str(r.owner)}</dd>
              </div>
              <div>
                <dt>创建时间</dt>
                <dd>{str(r.createTime)}</dd>
              </div>
            </dl>
            <div class="xt-std-progress">
              <ProgressBar percent={Number(r.progress) || 0} />
            </div>
            <div class="xt-std-actions">
              <a class="xt-action" {...navAttrs(editHref(str(r.name)))}>
                去编辑
              </a>
            </div>
          </li>
        ))}
      </ul>
    ),
  });

  registerLayoutList(app, cardList, {
    intro: '卡片列表：同样的数据以卡片展示，适合图文内容。',
    source: { path: 'src/server/pages/demo/lists.tsx', what: '页面：卡片的画法' },
    body: (page) => (
      <ul class="xt-card-grid">
        {page.records.map((r) => (
          <li class="ant-card ant-card-bordered app xt-sample-card" data-row-key={str(r.id)}>
            <div class="ant-card-body">
              <div class="xt-sample-card-head">
                <span class="xt-sample-avatar" aria-hidden="true">
                  {str(r.name).slice(0, 1)}
                </span>
                <h3>{str(r.name)}</h3>
              </div>
              <p class="xt-sample-card-desc">{str(r.description)}</p>
              <div class="xt-sample-card-foot">
                <span>
                  {str(r.categoryText)} · {str(r.owner)}
                </span>
                {statusTag(r)}
              </div>
            </div>
            <ul class="ant-card-actions xt-sample-card-actions">
              <li>
                <a {...navAttrs(editHref(str(r.name)))}>去编辑</a>
              </li>
            </ul>
          </li>
        ))}
      </ul>
    ),
  });

  registerLayoutList(app, searchList, {
    intro: '搜索列表：文章、项目、应用三个页签，按关键词搜索标题（不区分大小写，包含即可）。',
    source: { path: 'src/server/pages/demo/lists.tsx', what: '页面：搜索结果的画法' },
    body: (page) => (
      <ul class="xt-search-results">
        {page.records.map((r) => (
          <li class="xt-search-item" data-row-key={str(r.id)}>
            <h3>{str(r.name)}</h3>
            <div class="xt-search-tags">
              <Tag>{str(r.categoryText)}</Tag>
              {statusTag(r)}
            </div>
            <p>{str(r.description)}</p>
            <div class="xt-search-meta">
              {str(r.owner)} 发布于 {str(r.createTime)} · 联系 {str(r.email)}
            </div>
          </li>
        ))}
      </ul>
    ),
  });
}
