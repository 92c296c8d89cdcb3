// 前台菜单管理 (/teaching/menu): the public site's navigation as a tree table (菜单名称, 图标, 路径, 排序; per row
// 编辑 and 更多 ▸ 详情 / 添加下级 / 删除; toolbar 新增, 批量删除) and the drawer form of teaching-open's
// TeachingMenuModal. The drawer opens with htmx; without JavaScript each form is a page of its own. Data through
// the upstream client; the API checks the admin-only menu:* codes again.
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { canUse } from '../../resources/auth.js';
import { FRONT_MENU_PERMS, FRONT_MENU_ROUTE, FRONT_MENU_TYPES, frontMenuFormFields } from '../../resources/front-menu.js';
import type { FieldOption } from '../../resources/spec.js';
import { hrefWith } from '../../resources/url-state.js';
import { Alert, Button, LinkButton, Tag } from '../../../templates/antd.js';
import { Icon, ICON_NAMES, hasIcon } from '../../../templates/icons.js';
import { confirmAttrs } from '../../../templates/list/confirm-attrs.js';
import { FormView } from '../../../templates/list/form-view.js';
import { dialogAttrs, navAttrs } from '../../../templates/list/list-view.js';
import { TreeTable, treeNodes } from '../../../templates/list/tree.js';
import { frontMenuApi, type FrontMenuRecord } from '../../contracts/front-menu.js';
import type { PageEnv, PageSession } from '../context.js';
import { askConfirmation, unlessConfirmed, type Ask } from '../confirm.js';
import { dialogPage } from '../dialog-page.js';
import { backToList, saveTreeRow } from '../list-page.js';
import { setFlash, takeFlash } from '../flash.js';
import { shellPage } from '../shell-page.js';
import { safeLocalPath } from '../safe-path.js';
import { fieldText } from '../../shared/text.js';
import { flattenTree, pathInTree } from '../../shared/tree.js';

const TITLE = '前台菜单管理';
const R = FRONT_MENU_ROUTE;
const BULK_FORM = 'xt-front-menu-bulk';
const safeBack = (back: unknown) => safeLocalPath(back, R, R);
const typeOf = (v: unknown): 0 | 1 => (String(v) === '1' ? 1 : 0);
const page = (c: Context<PageEnv>, view: (session: PageSession) => Promise<Child> | Child) => shellPage(c, { current: R, title: TITLE }, view);
/** The drawer form: alone for htmx aimed at #xt-modal, else a page of the screen. */
const dialog = (c: Context<PageEnv>, view: (asDialog: boolean) => Promise<Child> | Child, status: 200 | 400 = 200) => dialogPage(c, { current: R, title: TITLE }, view, status);


const MenuIcon = ({ name }: { name: string | null }) =>
  name ? <span class="xt-tt-icon" title={name}>{hasIcon(name) ? <Icon name={name} /> : <code class="xt-tt-code">{name}</code>}</span> : '';

// ---- the tree table -----------------------------------------------------------------------------------------

function RowActions({ n, can, list }: { n: FrontMenuRecord; can: (code: string) => boolean; list: Record<string, string> }) {
  const back = hrefWith(R, { ...list, focus: n.id });
  const inline: Child[] = [];
  const more: Child[] = [<a class="xt-action" {...dialogAttrs(hrefWith(`${R}/form`, { id: n.id, detail: '1', back }))}>详情</a>];
  if (can(FRONT_MENU_PERMS.edit)) inline.push(<a class="xt-action" {...dialogAttrs(hrefWith(`${R}/form`, { id: n.id, back }))}>编辑</a>);
  if (can(FRONT_MENU_PERMS.add)) more.push(<a class="xt-action" {...dialogAttrs(hrefWith(`${R}/form`, { parentId: n.id, menuType: '1', back }))}>添加下级</a>);
  if (can(FRONT_MENU_PERMS.del)) {
    more.push(
      <a
        class="xt-action xt-action-danger"
        href={hrefWith(`${R}/delete`, { id: n.id, back })}
        hx-post={`${R}/delete`}
        hx-target="#content"
        {...confirmAttrs(n.children?.length ? `确定删除“${n.name}”及其所有下级菜单吗?` : '确定删除吗?', { id: n.id, back: hrefWith(R, { ...list, focus: n.parentId }) })}
      >
        删除
      </a>,
    );
  }
  return (
    <span class="xt-row-actions">
      {inline}
      {inline.length > 0 && <span class="ant-divider ant-divider-vertical app" role="separator" />}
      <details class="xt-more">
        <summary class="xt-action">更多</summary>
        <div class="xt-more-menu">{more}</div>
      </details>
    </span>
  );
}

async function treeView(c: Context<PageEnv>, session: PageSession): Promise<Child> {
  const expand = c.req.query('expand');
  const focus = fieldText(c.req.query('focus')).slice(0, 64);
  const listState: Record<string, string> = expand ? { expand } : {};
  const back = hrefWith(R, listState);
  const res = await c.get('upstream').send(frontMenuApi.list);
  const can = (code: string) => canUse(session.permissions, code);
  const flash = takeFlash(c);
  const nodes = res.body.success ? res.body.result : [];
  const canDelete = can(FRONT_MENU_PERMS.del);
  return (
    <div class="ant-card ant-card-bordered app xt-list" data-list={R}>
      <link rel="stylesheet" href="/static/css/list.css" />
      <link rel="stylesheet" href="/static/css/front-menu.css" />
      <div class="ant-card-body">
        {flash && <Alert type={flash.type}>{flash.text}</Alert>}
        <div class="xt-toolbar">
          {can(FRONT_MENU_PERMS.add) && (
            <LinkButton type="primary" {...dialogAttrs(hrefWith(`${R}/form`, { menuType: '0', back }))}>
              新增
            </LinkButton>
          )}
          {canDelete && (
            <form id={BULK_FORM} method="post" action={`${R}/delete`} hx-post={`${R}/delete`} hx-target="#content" {...confirmAttrs('确定删除选中的菜单及其下级菜单吗?')} style="display:inline">
              <input type="hidden" name="back" value={back} />
              <Button htmlType="submit" danger>
                批量删除
              </Button>
            </form>
          )}
          {expand === 'all' ? (
            <LinkButton {...navAttrs(R)}>折叠全部</LinkButton>
          ) : (
            <LinkButton {...navAttrs(hrefWith(R, { expand: 'all' }))}>展开全部</LinkButton>
          )}
          <a class="xt-action" href="/home" target="_blank" rel="noopener">
            查看前台
          </a>
        </div>
        {!res.body.success ? (
          <Alert type="warning">{res.body.message}</Alert>
        ) : (
          <TreeTable<FrontMenuRecord>
            label="前台菜单"
            nodes={treeNodes(nodes, (n) => n.id)}
            openDepth={expand === 'all' ? Infinity : 1}
            openKeys={new Set(pathInTree(nodes, (n) => n.id === focus).slice(0, -1).map((n) => n.id))}
            select={canDelete ? { name: 'ids', form: BULK_FORM, label: (n) => n.name } : undefined}
            columns={[
              {
                key: 'name',
                title: '菜单名称',
                width: 'minmax(180px, 2fr)',
                render: (n) => (
                  <>
                    <span class="xt-menu-name">{n.name}</span>
                    {n.hidden && <Tag>隐藏</Tag>}
                    {n.needLogin && <Tag color="orange">登录显示</Tag>}
                  </>
                ),
              },
              { key: 'icon', title: '图标', width: '64px', align: 'center', render: (n) => <MenuIcon name={n.icon} /> },
              {
                key: 'url',
                title: '路径',
                width: 'minmax(160px, 2fr)',
                render: (n) => (
                  <span class="xt-ellipsis" title={n.url}>
                    {n.url}
                    {n.internalOrExternal && <span class="xt-muted">（新窗口）</span>}
                  </span>
                ),
              },
              { key: 'sortNo', title: '排序', width: '64px', align: 'center', render: (n) => String(n.sortNo) },
            ]}
            actions={(n) => <RowActions n={n} can={can} list={listState} />}
            actionsWidth="150px"
          />
        )}
        <div id="xt-modal" />
      </div>
    </div>
  );
}

// ---- the drawer form ----------------------------------------------------------------------------------------

/** Parent choices: every row, indented by depth; when editing, not the row itself or below it. */
function parentOptions(nodes: FrontMenuRecord[], exclude?: string): FieldOption[] {
  return flattenTree(nodes, { prune: (n) => n.id === exclude }).map(({ node: n, depth }) => ({ value: n.id, label: `${'　'.repeat(depth)}${n.name}` }));
}

/** The icon picker: a radio per icon of the set (and 无), each showing the icon; works without JavaScript. */
function IconPicker({ value, disabled, error }: { value: string; disabled: boolean; error?: string }) {
  const names = value && !ICON_NAMES.includes(value) ? [...ICON_NAMES, value] : ICON_NAMES;
  return (
    <fieldset class="xt-icon-picker" aria-label="菜单图标" {...(error ? { 'aria-invalid': 'true', 'aria-describedby': 'f-icon-error' } : {})}>
      <label class="xt-icon-choice" title="无图标">
        <input type="radio" name="icon" value="" checked={!value} disabled={disabled} />
        <span>无</span>
      </label>
      {names.map((n) => (
        <label class="xt-icon-choice" title={n}>
          <input type="radio" name="icon" value={n} checked={value === n} disabled={disabled} aria-label={n} />
          <span>{hasIcon(n) ? <Icon name={n} /> : <code>{n}</code>}</span>
        </label>
      ))}
    </fieldset>
  );
}

interface FormArgs {
  id?: string;
  menuType: 0 | 1;
  values: Record<string, unknown>;
  errors?: Record<string, string>;
  message?: string;
  back: string;
  detail?: boolean;
}

async function menuForm(c: Context<PageEnv>, a: FormArgs, asDialog: boolean): Promise<Child> {
  const tree = await c.get('upstream').send(frontMenuApi.list);
  const fields = frontMenuFormFields(a.menuType);
  const base: Record<string, string> = { back: a.back, ...(a.id ? { id: a.id } : {}), ...(a.values.parentId ? { parentId: String(a.values.parentId) } : {}) };
  const typeHref = (t: string) => hrefWith(`${R}/form`, { ...base, menuType: t });
  const target = asDialog ? '#xt-modal' : '#content';
  return (
    <FormView
      title={a.detail ? '菜单详情' : a.id ? '编辑菜单' : '新增菜单'}
      width={640}
      variant="drawer"
      fields={fields}
      values={{ ...a.values, menuType: String(a.menuType) }}
      errors={a.errors ?? {}}
      message={a.message}
      options={{ ...Object.fromEntries(fields.filter((f) => f.options).map((f) => [f.key, f.options!])), parentId: parentOptions(tree.body.success ? tree.body.result : [], a.id) }}
      action={`${R}/save`}
      back={a.back}
      mode={a.detail ? 'detail' : a.id ? 'edit' : 'add'}
      hidden={{ back: a.back, ...(a.id ? { id: a.id } : {}) }}
      asDialog={asDialog}
      renderControl={(f, ctx) => {
        if (f.key === 'icon') return <IconPicker value={fieldText(ctx.value)} disabled={ctx.disabled} error={ctx.error} />;
        if (f.key !== 'menuType') return undefined;
        if (a.detail) return <span class="xt-form-text">{FRONT_MENU_TYPES.find((o) => o.value === String(a.menuType))?.label}</span>;
        return (
          <>
            <input type="hidden" name="menuType" value={String(a.menuType)} />
            <nav class="xt-segmented" aria-label="菜单类型" style="margin-bottom:0">
              {FRONT_MENU_TYPES.map((o) => (
                <a href={typeHref(o.value)} hx-get={typeHref(o.value)} hx-target={target} {...(o.value === String(a.menuType) ? { 'aria-current': 'true' } : {})}>
                  {o.label}
                </a>
              ))}
            </nav>
          </>
        );
      }}
    >
      <link rel="stylesheet" href="/static/css/front-menu.css" />
    </FormView>
  );
}

/** Form values of an API node: flags as 0/1, open mode as its radio value. */
const nodeValues = (n: FrontMenuRecord): Record<string, unknown> => ({
  ...n,
  hidden: n.hidden ? 1 : 0,
  route: n.route ? 1 : 0,
  needLogin: n.needLogin ? 1 : 0,
  internalOrExternal: n.internalOrExternal ? '1' : '0',
});

// ---- routes -------------------------------------------------------------------------------------------------

/** The confirmation of 删除 (one row) and 批量删除 (the checked rows), for a post made without JavaScript. */
const askDelete = (ids: string[], back: string): Ask => ({
  screen: { current: R, title: TITLE },
  title: '删除菜单',
  text: ids.length > 1 ? `确定删除选中的 ${ids.length} 个菜单吗？其下级菜单会一并删除。` : '确定删除该菜单吗？其下级菜单会一并删除。',
  action: `${R}/delete`,
  hidden: { ids: ids.join(','), back },
  back,
});

export function registerFrontMenuPages(app: Hono<PageEnv>) {
  app.get(R, (c) => page(c, (session) => treeView(c, session)));

  app.get(`${R}/form`, async (c) => {
    const id = fieldText(c.req.query('id')).slice(0, 64) || undefined;
    const back = safeBack(c.req.query('back'));
    const parentId = fieldText(c.req.query('parentId')).slice(0, 64);
    let values: Record<string, unknown> = { route: 1, hidden: 0, needLogin: 0, internalOrExternal: '0', sortNo: 1, parentId };
    let menuType = typeOf(c.req.query('menuType') ?? (parentId ? '1' : '0'));
    if (id) {
      const res = await c.get('upstream').send(frontMenuApi.queryById, { query: { id } });
      if (!res.body.success) {
        setFlash(c, { type: 'error', text: res.body.message || '未找到对应实体' });
        return backToList(c, back);
      }
      values = nodeValues(res.body.result);
      if (parentId) values.parentId = parentId;
      menuType = typeOf(c.req.query('menuType') ?? res.body.result.menuType);
    }
    return dialog(c, (asDialog) => menuForm(c, { id, menuType, values, back, detail: !!id && c.req.query('detail') === '1' }, asDialog));
  });

  app.post(`${R}/save`, (c) =>
    saveTreeRow(c, {
      safeBack,
      typeOf,
      fields: frontMenuFormFields,
      paths: { add: frontMenuApi.add, edit: frontMenuApi.edit },
      again: (a, status) => dialog(c, (asDialog) => menuForm(c, a, asDialog), status),
    }),
  );

  app.get(`${R}/delete`, (c) => {
    const id = fieldText(c.req.query('id')).slice(0, 64);
    const back = safeBack(c.req.query('back'));
    return id ? askConfirmation(c, askDelete([id], back)) : c.redirect(back);
  });

  /** One row (id) or the checked rows (ids, from 批量删除). */
  app.post(`${R}/delete`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const ids = [...new Set(([] as string[]).concat(form.ids ?? [], form.id ?? []).flatMap((x) => String(x).split(',')).map((x) => x.trim().slice(0, 64)).filter(Boolean))];
    const back = safeBack(form.back);
    if (!ids.length) {
      setFlash(c, { type: 'warning', text: '请选择一条记录！' });
      return backToList(c, back);
    }
    const asked = unlessConfirmed(c, form, () => askDelete(ids, back));
    if (asked) return asked;
    const res =
      ids.length === 1
        ? await c.get('upstream').send(frontMenuApi.delete, { query: { id: ids[0] } })
        : await c.get('upstream').send(frontMenuApi.deleteBatch, { query: { ids: ids.join(',') } });
    setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '删除成功!' : '删除失败') });
    return backToList(c, back);
  });
}
