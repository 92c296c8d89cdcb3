// 菜单管理 (/isystem/permission): the menu tree as a tree table with 新增菜单, and per row 添加子菜单 / 编辑 /
// 数据规则 / 删除; the menu form (fields by menu type), the data rules of a menu. Dialogs with htmx, pages of their
// own without JavaScript. Data through the upstream client; the API checks the permission:* codes again.
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { permissionApi, type PermissionNode } from '../../contracts/permissions.js';
import { canUse } from '../../resources/auth.js';
import {
  DATA_RULE_CONDITIONS,
  dataRuleForm,
  MENU_TYPES,
  PERMISSION_PERMS,
  PERMISSION_ROUTE,
  permissionFormFields,
} from '../../resources/permissions.js';
import type { FieldOption } from '../../resources/spec.js';
import { hrefWith } from '../../resources/url-state.js';
import { Alert, LinkButton, Tag } from '../../../templates/antd.js';
import { confirmAttrs } from '../../../templates/list/confirm-attrs.js';
import { Icon, hasIcon } from '../../../templates/icons.js';
import { FormView } from '../../../templates/list/form-view.js';
import { dialogAttrs, navAttrs } from '../../../templates/list/list-view.js';
import { DialogFrame } from '../../../templates/list/dialog-frame.js';
import { TreeTable, treeNodes } from '../../../templates/list/tree.js';
import type { PageEnv, PageSession } from '../context.js';
import { backToList, isHtmx, saveTreeRow } from '../list-page.js';
import { setFlash, takeFlash } from '../flash.js';
import { shellPage } from '../shell-page.js';
import { askConfirmation, unlessConfirmed, type Ask } from '../confirm.js';
import { dialogPage, stayInDialog } from '../dialog-page.js';
import type { Flash } from '../flash.js';
import { safeLocalPath } from '../safe-path.js';
import { fieldText } from '../../shared/text.js';
import { flattenTree, pathInTree } from '../../shared/tree.js';

const TITLE = '菜单管理';
const R = PERMISSION_ROUTE;
const safeBack = (back: unknown) => safeLocalPath(back, R, R);
const typeOf = (v: unknown): 0 | 1 | 2 => (String(v) === '2' ? 2 : String(v) === '1' ? 1 : 0);
const page = (c: Context<PageEnv>, view: (session: PageSession) => Promise<Child> | Child) => shellPage(c, { current: R, title: TITLE }, view);
/** The screen's dialogs (menu form, data rules): the dialog alone for htmx aimed at #xt-modal, else a page. */
const dialog = (c: Context<PageEnv>, view: (asDialog: boolean, session: PageSession) => Promise<Child> | Child, status: 200 | 400 = 200) =>
  dialogPage(c, { current: R, title: TITLE }, view, status);


// ---- the tree table -----------------------------------------------------------------------------------------

function RowActions({ n, can, list }: { n: PermissionNode; can: (code: string) => boolean; list: Record<string, string> }) {
  // Coming back from a dialog, the tree opens down to this row again.
  const back = hrefWith(R, { ...list, focus: n.id });
  const isMenu = n.menuType !== 2;
  const inline: Child[] = [];
  const more: Child[] = [];
  if (can(PERMISSION_PERMS.edit)) inline.push(<a class="xt-action" {...dialogAttrs(hrefWith(`${R}/form`, { id: n.id, back }))}>编辑</a>);
  if (isMenu && can(PERMISSION_PERMS.add)) {
    inline.push(<a class="xt-action" {...dialogAttrs(hrefWith(`${R}/form`, { parentId: n.id, menuType: '1', back }))}>添加子菜单</a>);
  }
  if (isMenu && can(PERMISSION_PERMS.rule)) more.push(<a class="xt-action" {...dialogAttrs(hrefWith(`${R}/datarule`, { id: n.id, back }))}>数据规则</a>);
  if (can(PERMISSION_PERMS.del)) {
    more.push(
      <a
        class="xt-action xt-action-danger"
        href={hrefWith(`${R}/delete`, { id: n.id, back })}
        hx-post={`${R}/delete`}
        hx-target="#content"
        {...confirmAttrs(n.children?.length ? `确定删除“${n.name}”及其所有下级菜单和按钮吗?` : '确定删除吗?', { id: n.id, back: hrefWith(R, { ...list, focus: n.parentId }) })}
      >
        删除
      </a>,
    );
  }
  // A button row has only 编辑 and 删除: both inline.
  if (!isMenu) inline.push(...more.splice(0));
  return (
    <span class="xt-row-actions">
      {inline.map((l, i) => (
        <>
          {i > 0 && <span class="ant-divider ant-divider-vertical app" role="separator" />}
          {l}
        </>
      ))}
      {more.length > 0 && (
        <>
          {inline.length > 0 && <span class="ant-divider ant-divider-vertical app" role="separator" />}
          <details class="xt-more">
            <summary class="xt-action">更多</summary>
            <div class="xt-more-menu">{more}</div>
          </details>
        </>
      )}
    </span>
  );
}

const yesNo = (v: boolean) => (v ? '是' : '否');

async function treeView(c: Context<PageEnv>, session: PageSession): Promise<Child> {
  const expand = c.req.query('expand');
  const focus = fieldText(c.req.query('focus')).slice(0, 64);
  const listState: Record<string, string> = expand ? { expand } : {};
  const back = hrefWith(R, listState);
  const res = await c.get('upstream').send(permissionApi.tree);
  const can = (code: string) => canUse(session.permissions, code);
  const flash = takeFlash(c);
  const nodes = res.body.success ? res.body.result : [];
  const typeText = Object.fromEntries(MENU_TYPES.map((o) => [o.value, o.label]));
  const anyActions = Object.values(PERMISSION_PERMS).some(can);
  return (
    <div class="ant-card ant-card-bordered app xt-list" data-list={R}>
      <link rel="stylesheet" href="/static/css/list.css" />
      <div class="ant-card-body">
        {flash && <Alert type={flash.type}>{flash.text}</Alert>}
        <div class="xt-toolbar">
          {can(PERMISSION_PERMS.add) && (
            <LinkButton type="primary" {...dialogAttrs(hrefWith(`${R}/form`, { menuType: '0', back }))}>
              新增菜单
            </LinkButton>
          )}
          {expand === 'all' ? (
            <LinkButton {...navAttrs(R)}>折叠全部</LinkButton>
          ) : (
            <LinkButton {...navAttrs(hrefWith(R, { expand: 'all' }))}>展开全部</LinkButton>
          )}
        </div>
        {!res.body.success ? (
          <Alert type="warning">{res.body.message}</Alert>
        ) : (
          <TreeTable<PermissionNode>
            label="菜单列表"
            nodes={treeNodes(nodes, (n) => n.id)}
            openDepth={expand === 'all' ? Infinity : 0}
            openKeys={new Set(pathInTree(nodes, (n) => n.id === focus).slice(0, -1).map((n) => n.id))}
            columns={[
              { key: 'name', title: '菜单名称', width: 'minmax(180px, 2fr)', render: (n) => n.name },
              {
                key: 'menuType',
                title: '菜单类型',
                width: '104px',
                render: (n) => <Tag color={n.menuType === 2 ? 'orange' : n.menuType === 0 ? 'blue' : 'cyan'}>{typeText[String(n.menuType)]}</Tag>,
              },
              {
                key: 'icon',
                title: '图标',
                width: '64px',
                align: 'center',
                render: (n) => (n.icon ? <span class="xt-tt-icon" title={n.icon}>{hasIcon(n.icon) ? <Icon name={n.icon} /> : <code class="xt-tt-code">{n.icon}</code>}</span> : ''),
              },
              { key: 'component', title: '组件', width: 'minmax(140px, 1.5fr)', render: (n) => (n.menuType === 2 ? <code class="xt-tt-code">{n.perms}</code> : <span title={n.component ?? ''}>{n.component}</span>) },
              { key: 'url', title: '路径', width: 'minmax(140px, 1.5fr)', render: (n) => <span title={n.url ?? ''}>{n.url}</span> },
              { key: 'sortNo', title: '排序', width: '56px', align: 'center', render: (n) => String(n.sortNo) },
              { key: 'hidden', title: '隐藏', width: '56px', align: 'center', render: (n) => (n.menuType === 2 ? '' : yesNo(n.hidden)) },
              { key: 'route', title: '路由', width: '56px', align: 'center', render: (n) => (n.menuType === 2 ? '' : yesNo(n.route)) },
            ]}
            actions={anyActions ? (n) => <RowActions n={n} can={can} list={listState} /> : undefined}
            actionsWidth="190px"
          />
        )}
        <div id="xt-modal" />
      </div>
    </div>
  );
}

// ---- the menu form ------------------------------------------------------------------------------------------

/** Parent choices: every menu (not buttons), indented by depth; when editing, not the row itself or below it. */
function parentOptions(nodes: PermissionNode[], exclude?: string): FieldOption[] {
  return flattenTree(nodes, { prune: (n) => n.menuType === 2 || n.id === exclude }).map(({ node: n, depth }) => ({ value: n.id, label: `${'　'.repeat(depth)}${n.name}` }));
}

interface FormArgs {
  id?: string;
  menuType: 0 | 1 | 2;
  values: Record<string, unknown>;
  errors?: Record<string, string>;
  message?: string;
  back: string;
}

async function menuForm(c: Context<PageEnv>, a: FormArgs, asDialog: boolean): Promise<Child> {
  const tree = await c.get('upstream').send(permissionApi.tree);
  const fields = permissionFormFields(a.menuType);
  const base: Record<string, string> = { back: a.back, ...(a.id ? { id: a.id } : {}), ...(a.values.parentId ? { parentId: String(a.values.parentId) } : {}) };
  const typeHref = (t: string) => hrefWith(`${R}/form`, { ...base, menuType: t });
  return (
    <FormView
      title={a.id ? '编辑菜单' : '新增菜单'}
      width={760}
      fields={fields}
      values={{ ...a.values, menuType: String(a.menuType) }}
      errors={a.errors ?? {}}
      message={a.message}
      options={{ ...Object.fromEntries(fields.filter((f) => f.options).map((f) => [f.key, f.options!])), parentId: parentOptions(tree.body.success ? tree.body.result : [], a.id) }}
      action={`${R}/save`}
      back={a.back}
      mode={a.id ? 'edit' : 'add'}
      hidden={{ back: a.back, ...(a.id ? { id: a.id } : {}) }}
      asDialog={asDialog}
      renderControl={(f) =>
        f.key === 'menuType' ? (
          <>
            <input type="hidden" name="menuType" value={String(a.menuType)} />
            <nav class="xt-segmented" aria-label="菜单类型" style="margin-bottom:0">
              {MENU_TYPES.map((o) => (
                <a
                  href={typeHref(o.value)}
                  hx-get={typeHref(o.value)}
                  hx-target={asDialog ? '#xt-modal' : '#content'}
                  {...(o.value === String(a.menuType) ? { 'aria-current': 'true' } : {})}
                >
                  {o.label}
                </a>
              ))}
            </nav>
          </>
        ) : undefined
      }
    />
  );
}

/** What the form re-shows after a failed save: the fields as typed. */
const typedValues = (form: Record<string, string | string[]>) => Object.fromEntries(Object.entries(form).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));

// ---- data rules ---------------------------------------------------------------------------------------------

async function rulesView(c: Context<PageEnv>, session: PageSession, args: { id: string; back: string; asDialog: boolean; flash?: Flash }): Promise<Child> {
  const up = c.get('upstream');
  const [menuRes, rules] = await Promise.all([
    up.send(permissionApi.queryById, { query: { id: args.id } }),
    up.send(permissionApi.rules, { query: { permissionId: args.id } }),
  ]);
  const title = `数据规则 · ${menuRes.body.success ? menuRes.body.result.name : ''}`;
  if (!menuRes.body.success || !rules.body.success) {
    return (
      <DialogFrame title={title} back={args.back} asDialog={args.asDialog}>
        <Alert type="error">{menuRes.body.success ? rules.body.message : menuRes.body.message}</Alert>
      </DialogFrame>
    );
  }
  const can = canUse(session.permissions, PERMISSION_PERMS.rule);
  const condText = Object.fromEntries(DATA_RULE_CONDITIONS.map((o) => [o.value, o.label]));
  const supported = dataRuleForm(menuRes.body.result.component).fields.find((f) => f.key === 'ruleColumn')!.options!.length > 0;
  const flash = args.flash ?? takeFlash(c);
  return (
    <DialogFrame title={title} back={args.back} asDialog={args.asDialog} width={820}>
      {flash && <Alert type={flash.type}>{flash.text}</Alert>}
      <p class="xt-muted">
        组件 <code class="xt-tt-code">{menuRes.body.result.component}</code>
        {supported ? '：规则在角色授权时勾选，限制该角色在此列表中能看到的数据。' : '：该列表不支持数据规则。'}
      </p>
      {can && supported && (
        <div class="xt-toolbar">
          <LinkButton type="primary" {...dialogAttrs(hrefWith(`${R}/datarule/form`, { permissionId: args.id, back: args.back }))}>
            新增规则
          </LinkButton>
        </div>
      )}
      <table class="xt-mini-table" aria-label="数据规则">
        <thead>
          <tr>
            <th scope="col">规则名称</th>
            <th scope="col">规则字段</th>
            <th scope="col">条件</th>
            <th scope="col">规则值</th>
            <th scope="col">状态</th>
            {can && <th scope="col">操作</th>}
          </tr>
        </thead>
        <tbody>
          {rules.body.result.length === 0 && (
            <tr>
              <td colSpan={6} class="xt-muted">
                暂无数据规则
              </td>
            </tr>
          )}
          {rules.body.result.map((r) => (
            <tr data-row-key={r.id}>
              <td>{r.ruleName}</td>
              <td>
                <code class="xt-tt-code">{r.ruleColumn}</code>
              </td>
              <td>{condText[r.ruleConditions ?? ''] ?? r.ruleConditions}</td>
              <td>
                <code class="xt-tt-code">{r.ruleValue}</code>
              </td>
              <td>{r.status === '1' ? '有效' : '无效'}</td>
              {can && (
                <td class="xt-row-actions">
                  <a class="xt-action" {...dialogAttrs(hrefWith(`${R}/datarule/form`, { permissionId: args.id, ruleId: r.id, back: args.back }))}>
                    编辑
                  </a>
                  <span class="ant-divider ant-divider-vertical app" role="separator" />
                  <a
                    class="xt-action xt-action-danger"
                    href={hrefWith(`${R}/datarule/delete`, { id: r.id, permissionId: args.id, back: args.back })}
                    hx-post={`${R}/datarule/delete`}
                    hx-target="#xt-modal"
                    {...confirmAttrs('确定删除吗?', { id: r.id, permissionId: args.id, back: args.back })}
                  >
                    删除
                  </a>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </DialogFrame>
  );
}

async function ruleForm(
  c: Context<PageEnv>,
  a: { permissionId: string; ruleId?: string; values: Record<string, unknown>; errors?: Record<string, string>; message?: string; back: string },
  asDialog: boolean,
): Promise<Child> {
  const menu = await c.get('upstream').send(permissionApi.queryById, { query: { id: a.permissionId } });
  const spec = dataRuleForm(menu.body.success ? menu.body.result.component : null);
  return (
    <FormView
      title={a.ruleId ? '编辑数据规则' : '新增数据规则'}
      width={spec.width}
      fields={spec.fields}
      values={a.values}
      errors={a.errors ?? {}}
      message={a.message ?? (menu.body.success ? undefined : menu.body.message)}
      options={Object.fromEntries(spec.fields.filter((f) => f.options).map((f) => [f.key, f.options!]))}
      action={`${R}/datarule/save`}
      back={a.back}
      mode={a.ruleId ? 'edit' : 'add'}
      hidden={{ back: a.back, permissionId: a.permissionId, ...(a.ruleId ? { ruleId: a.ruleId } : {}) }}
      asDialog={asDialog}
    />
  );
}

// ---- routes -------------------------------------------------------------------------------------------------

const askDelete = (id: string, back: string): Ask => ({
  screen: { current: R, title: TITLE },
  title: '删除菜单',
  text: '确定删除该菜单吗？其下级菜单、按钮、数据规则和所有授权会一并删除。',
  action: `${R}/delete`,
  hidden: { id, back },
  back,
});
const askRuleDelete = (id: string, permissionId: string, back: string): Ask => ({
  screen: { current: R, title: TITLE },
  title: '删除数据规则',
  text: '确定删除吗?',
  action: `${R}/datarule/delete`,
  hidden: { id, permissionId, back },
  back: hrefWith(`${R}/datarule`, { id: permissionId, back }),
});

export function registerPermissionPages(app: Hono<PageEnv>) {
  app.get(R, (c) => page(c, (session) => treeView(c, session)));

  app.get(`${R}/form`, async (c) => {
    const id = fieldText(c.req.query('id')).slice(0, 64) || undefined;
    const back = safeBack(c.req.query('back'));
    let values: Record<string, unknown> = { route: 1, permsType: '1', status: '1', sortNo: 1, parentId: fieldText(c.req.query('parentId')).slice(0, 64) };
    let menuType = typeOf(c.req.query('menuType') ?? (values.parentId ? '1' : '0'));
    if (id) {
      const res = await c.get('upstream').send(permissionApi.queryById, { query: { id } });
      if (!res.body.success) {
        setFlash(c, { type: 'error', text: res.body.message || '未找到对应实体' });
        return backToList(c, back);
      }
      values = { ...res.body.result };
      if (c.req.query('parentId')) values.parentId = fieldText(c.req.query('parentId')).slice(0, 64);
      menuType = typeOf(c.req.query('menuType') ?? res.body.result.menuType);
    }
    return dialog(c, (asDialog) => menuForm(c, { id, menuType, values, back }, asDialog));
  });

  app.post(`${R}/save`, (c) =>
    saveTreeRow(c, {
      safeBack,
      typeOf,
      fields: permissionFormFields,
      paths: { add: permissionApi.add, edit: permissionApi.edit },
      again: (a, status) => dialog(c, (asDialog) => menuForm(c, a, asDialog), status),
    }),
  );

  app.get(`${R}/delete`, (c) => {
    const id = fieldText(c.req.query('id')).slice(0, 64);
    const back = safeBack(c.req.query('back'));
    return id ? askConfirmation(c, askDelete(id, back)) : c.redirect(back);
  });

  app.post(`${R}/delete`, async (c) => {
    const form = (await c.req.parseBody()) as Record<string, string>;
    const id = fieldText(form.id).slice(0, 64);
    const back = safeBack(form.back);
    if (!id) {
      setFlash(c, { type: 'warning', text: '请选择一条记录！' });
      return backToList(c, back);
    }
    const asked = unlessConfirmed(c, form, () => askDelete(id, back));
    if (asked) return asked;
    const res = await c.get('upstream').send(permissionApi.delete, { query: { id } });
    setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '删除成功!' : '删除失败') });
    return backToList(c, back);
  });

  // Data rules of one menu.
  app.get(`${R}/datarule`, (c) => {
    const id = fieldText(c.req.query('id')).slice(0, 64);
    const back = safeBack(c.req.query('back'));
    if (!id) return c.redirect(back);
    return dialog(c, (asDialog, session) => rulesView(c, session, { id, back, asDialog }));
  });

  app.get(`${R}/datarule/form`, async (c) => {
    const permissionId = fieldText(c.req.query('permissionId')).slice(0, 64);
    const ruleId = fieldText(c.req.query('ruleId')).slice(0, 64) || undefined;
    const back = safeBack(c.req.query('back'));
    if (!permissionId) return c.redirect(back);
    let values: Record<string, unknown> = { status: '1' };
    if (ruleId) {
      const res = await c.get('upstream').send(permissionApi.queryRules, { query: { id: ruleId, permissionId } });
      const rule = res.body.success ? res.body.result[0] : undefined;
      if (!rule) {
        setFlash(c, { type: 'error', text: '未找到对应实体' });
        return c.redirect(hrefWith(`${R}/datarule`, { id: permissionId, back }), 303);
      }
      values = { ...rule };
    }
    return dialog(c, (asDialog) => ruleForm(c, { permissionId, ruleId, values, back }, asDialog));
  });

  /** After a rule change: htmx shows the rules dialog again; a plain form goes to the rules page. */
  const toRules = (c: Context<PageEnv>, permissionId: string, back: string, flash: Flash) =>
    stayInDialog(c, hrefWith(`${R}/datarule`, { id: permissionId, back }), flash, (f) =>
      dialog(c, (asDialog, session) => rulesView(c, session, { id: permissionId, back, asDialog, flash: f })),
    );

  app.post(`${R}/datarule/save`, async (c) => {
    const form = (await c.req.parseBody()) as Record<string, string>;
    const permissionId = fieldText(form.permissionId).slice(0, 64);
    const ruleId = fieldText(form.ruleId).slice(0, 64) || undefined;
    const back = safeBack(form.back);
    const body = {
      permissionId,
      ruleName: fieldText(form.ruleName).trim(),
      ruleColumn: fieldText(form.ruleColumn),
      ruleConditions: fieldText(form.ruleConditions),
      ruleValue: fieldText(form.ruleValue).trim(),
      status: fieldText(form.status) || '1',
      ...(ruleId ? { id: ruleId } : {}),
    };
    const up = c.get('upstream');
    const res = ruleId
      ? await up.send(permissionApi.editRule, { body })
      : await up.send(permissionApi.addRule, { body });
    if (res.body.success) return toRules(c, permissionId, back, { type: 'success', text: res.body.message || '保存成功!' });
    const errors = res.body.result?.errors ?? {};
    const keys = new Set(['ruleName', 'ruleColumn', 'ruleConditions', 'ruleValue', 'status']);
    const placed = Object.keys(errors).length > 0 && Object.keys(errors).every((k) => keys.has(k));
    return dialog(c, (asDialog) => ruleForm(c, { permissionId, ruleId, values: typedValues(form), errors, message: placed ? undefined : res.body.message, back }, asDialog), isHtmx(c) ? 200 : 400);
  });

  app.get(`${R}/datarule/delete`, (c) => {
    const id = fieldText(c.req.query('id')).slice(0, 64);
    const permissionId = fieldText(c.req.query('permissionId')).slice(0, 64);
    const back = safeBack(c.req.query('back'));
    if (!id) return c.redirect(hrefWith(`${R}/datarule`, { id: permissionId, back }));
    return askConfirmation(c, askRuleDelete(id, permissionId, back));
  });

  app.post(`${R}/datarule/delete`, async (c) => {
    const form = (await c.req.parseBody()) as Record<string, string>;
    const id = fieldText(form.id).slice(0, 64);
    const permissionId = fieldText(form.permissionId).slice(0, 64);
    const back = safeBack(form.back);
    const asked = unlessConfirmed(c, form, () => askRuleDelete(id, permissionId, back));
    if (asked) return asked;
    const res = await c.get('upstream').send(permissionApi.deleteRule, { query: { id } });
    return toRules(c, permissionId, back, { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '删除成功!' : '删除失败') });
  });
}

