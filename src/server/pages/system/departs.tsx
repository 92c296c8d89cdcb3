// 班级管理 (/isystem/departDetailList): the department tree on the left (search, add root / add child, delete
// with a confirmation naming every department that goes too), the selected department on the right with the
// tabs 基本信息 (edit), 成员 (members: search, add, remove, 清空班级), 部门权限 (checkbox tree) and 部门角色 (roles,
// their grants, and per member the roles they hold). Selected department, tab and list state live in the query
// string. Teachers get their managed subtree and the 成员 tab only; the API enforces the same scope.
// Everything is links and forms, so it works without JavaScript; htmx opens the forms and confirmations as dialogs.
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { canUse } from '../../lists/auth.js';
import { DEPART_ROUTE, DEPART_TABS, departForm, departMembersList, departRoleForm, departRolesList, type DepartTab } from '../../lists/departs.js';
import type { FieldOption, FieldSpec } from '../../lists/spec.js';
import { hrefWith, type Query } from '../../lists/url-state.js';
import { Alert, Button, buttonClass, cx, inputClass, LinkButton, TableFrame, Tag } from '../../../templates/antd.js';
import { findNode, flattenTree, pathTo, type TreeNode } from '../../../templates/list/depart-tree.js';
import { TreeLayout, TreePanel } from '../../../templates/list/tree-panel.js';
import { ConfirmBox as SharedConfirmBox, type ConfirmBoxProps } from '../../../templates/list/confirm-box.js';
import { CheckboxTree, type CheckNode } from '../../../templates/list/tree.js';
import { Fields, FormView } from '../../../templates/list/form-view.js';
import { dialogAttrs, navAttrs, Pager } from '../../../templates/list/list-view.js';
import type { Page, Upstream } from '../../upstream/client.js';
import type { PageEnv, PageSession } from '../context.js';
import { fieldOptions, formToBody, isHtmx, setFlash, takeFlash, wantsDialog } from '../list-page.js';
import { requirePage, shellPage } from '../shell-page.js';
import { coursesTab, registerDepartCoursePages } from './depart-courses.js';
import { safeLocalPath } from '../safe-path.js';

const R = DEPART_ROUTE;
const TITLE = '班级管理';

interface DepartNode extends TreeNode {
  id: string;
  parentId: string;
  departName: string;
  orgCode: string;
  orgCategory: string;
  children: DepartNode[];
}
interface DepartDetail extends Record<string, unknown> {
  id: string;
  parentId: string;
  departName: string;
  orgCode: string;
  orgCategory: string;
  orgCategory_dictText?: string;
  parentName: string;
  descendantCount: number;
  memberCount: number;
}
interface PermNode extends TreeNode {
  menuType: number;
  children: PermNode[];
}
type Row = Record<string, unknown>;

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const CATEGORY_LABEL: Record<string, string> = { '1': '机构', '2': '部门', '3': '班级' };
const CATEGORY_COLOR: Record<string, string> = { '1': 'blue', '2': 'green', '3': 'orange' };
const isAdmin = (s: PageSession) => s.user.roles.some((r) => r === 'admin' || r === 'dev');
const safeBack = (back: unknown) => safeLocalPath(back, R, R);
const formString = (v: string | string[] | File | undefined) => (typeof v === 'string' ? v : Array.isArray(v) ? String(v[0] ?? '') : '');
const formList = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : []).map((s) => s.trim()).filter(Boolean);

/** The page's own URL with the selection and tab (plus extra state). */
const screenHref = (q: Query) => hrefWith(R, q);

/** Done: with a flash message, back to the screen (htmx follows with HX-Location). */
function done(c: Context<PageEnv>, ok: boolean, message: string, to: string) {
  setFlash(c, { type: ok ? 'success' : 'error', text: message || (ok ? '操作成功！' : '操作失败') });
  if (isHtmx(c)) {
    c.header('HX-Location', JSON.stringify({ path: to, target: '#content' }));
    return c.body(null, 200);
  }
  return c.redirect(to, 303);
}

/** A page (without JavaScript) or a dialog (htmx into #xt-modal). */
async function respond(c: Context<PageEnv>, title: string, view: (session: PageSession) => Promise<Child> | Child, status: 200 | 400 = 200) {
  if (wantsDialog(c)) {
    const session = await requirePage(c, R);
    if (session instanceof Response) return session;
    return c.html(String(await view(session)));
  }
  return shellPage(c, { current: R, title }, view, status);
}

/** The shared confirmation, in this screen's frame (its flash and modal styles). */
const ConfirmBox = (p: ConfirmBoxProps) => <SharedConfirmBox {...p} class="xt-departs" stylesheets={['/static/css/departs.css']} />;

// ---------------------------------------------------------------------------------------------------------
// Data

async function loadTree(up: Upstream, session: PageSession): Promise<{ nodes: DepartNode[]; error?: string }> {
  const res = isAdmin(session) ? await up.call<DepartNode[]>('GET', '/sys/sysDepart/queryTreeList') : await up.call<DepartNode[] | null>('GET', '/sys/sysDepart/queryMyDeptTreeList');
  if (!res.body.success) return { nodes: [], error: res.body.message };
  return { nodes: res.body.result ?? [] };
}

/** Options of the 机构类型 radio: roots are 机构, everything below is 部门 or 班级. */
function categoryOptions(options: FieldOption[], root: boolean): FieldOption[] {
  return options.filter((o) => (root ? o.value === '1' : o.value !== '1'));
}

// ---------------------------------------------------------------------------------------------------------
// The screen

interface InfoOverride {
  values: Record<string, unknown>;
  errors: Record<string, string>;
  message?: string;
}

async function screen(c: Context<PageEnv>, session: PageSession, q: Query, info?: InfoOverride): Promise<Child> {
  const up = c.get('upstream');
  const can = (code: string | undefined) => canUse(session.permissions, code);
  const keyword = (q.q ?? '').trim().slice(0, 100);
  const id = q.id ?? '';
  const [tree, search, detail] = await Promise.all([
    loadTree(up, session),
    keyword ? up.call<DepartNode[]>('GET', '/sys/sysDepart/searchBy', { keyWord: keyword }) : null,
    id ? up.call<DepartDetail>('GET', '/sys/sysDepart/queryById', { id }) : null,
  ]);
  const selected = detail?.body.success ? detail.body.result : undefined;
  const tabs = DEPART_TABS.filter((t) => can(t.perm));
  const tab: DepartTab | undefined = tabs.find((t) => t.key === q.tab)?.key ?? tabs[0]?.key;
  const flash = takeFlash(c);
  const openPath = new Set(selected ? pathTo(tree.nodes, selected.id) : []);

  const here = { id, tab: q.tab ?? '' };
  const left = (
    <TreePanel
      title={isAdmin(session) ? '组织机构' : '我负责的部门'}
      label="部门树"
      treeLabel="部门"
      search={{
        action: R,
        keyword,
        placeholder: '请输入部门名称',
        label: '搜索部门',
        hidden: here,
        resetHref: screenHref(here),
        selected: id,
        results:
          search && search.body.success
            ? search.body.result.map((n) => ({ key: n.id, title: n.title, note: n.orgCode, href: screenHref({ id: n.id, tab: q.tab ?? '', q: keyword }) }))
            : { error: search?.body.message || '未查询匹配数据！' },
      }}
      actions={
        (can('depart:add') || can('depart:del')) && (
          <>
            {can('depart:add') && isAdmin(session) && (
              <LinkButton type="primary" {...dialogAttrs(hrefWith(`${R}/form`, { back: screenHref(here) }))}>
                添加一级部门
              </LinkButton>
            )}
            {selected && can('depart:add') && selected.orgCategory !== '3' && (
              <LinkButton {...dialogAttrs(hrefWith(`${R}/form`, { parentId: selected.id, back: screenHref(here) }))}>添加下级</LinkButton>
            )}
            {selected && can('depart:del') && (
              <a class={buttonClass('default', { danger: true })} {...dialogAttrs(hrefWith(`${R}/delete`, { id: selected.id }))}>
                <span>删除</span>
              </a>
            )}
          </>
        )
      }
      error={tree.error}
      nodes={tree.nodes}
      selected={selected?.id}
      href={(n) => screenHref({ id: n.id, tab: q.tab ?? '' })}
      note={(n) => <Tag color={CATEGORY_COLOR[n.orgCategory]}>{CATEGORY_LABEL[n.orgCategory] ?? n.orgCategory}</Tag>}
      open={openPath.size ? new Set([...openPath, ...tree.nodes.map((n) => n.key)]) : undefined}
      empty={isAdmin(session) ? '暂无部门，请先添加一级部门' : '您没有负责的班级'}
    />
  );

  let right: Child;
  if (!id) {
    right = <div class="ant-empty ant-empty-normal app xt-empty xt-tree-hint">请在左侧选择一个部门</div>;
  } else if (!selected) {
    right = <Alert type="warning">{detail?.body.message || '未找到对应实体'}</Alert>;
  } else {
    const tabHref = (key: string) => screenHref({ id: selected.id, tab: key, q: keyword });
    let content: Child = null;
    if (tab === 'info') content = await infoTab(c, selected, info);
    else if (tab === 'members') content = await membersTab(c, session, selected, q);
    else if (tab === 'perms') content = await permsTab(c, selected);
    else if (tab === 'roles') content = await rolesTab(c, selected, q);
    else if (tab === 'courses') content = await coursesTab(c, selected, q, can);
    right = (
      <>
        <div class="xt-depart-head">
          <h2 class="xt-depart-name">{selected.departName}</h2>
          <Tag color={CATEGORY_COLOR[selected.orgCategory]}>{selected.orgCategory_dictText || CATEGORY_LABEL[selected.orgCategory]}</Tag>
        </div>
        <div class="ant-descriptions ant-descriptions-small ant-descriptions-bordered app xt-depart-desc">
          <div class="ant-descriptions-view">
            <table>
              <tbody>
                <tr class="ant-descriptions-row">
                  <th class="ant-descriptions-item-label">机构编码</th>
                  <td class="ant-descriptions-item-content" data-field="orgCode">{selected.orgCode}</td>
                  <th class="ant-descriptions-item-label">上级部门</th>
                  <td class="ant-descriptions-item-content">{selected.parentName || '无（一级部门）'}</td>
                </tr>
                <tr class="ant-descriptions-row">
                  <th class="ant-descriptions-item-label">下级部门</th>
                  <td class="ant-descriptions-item-content">{selected.descendantCount} 个</td>
                  <th class="ant-descriptions-item-label">直属成员</th>
                  <td class="ant-descriptions-item-content">{selected.memberCount} 人</td>
                </tr>
              </tbody>
            </table>
          </div>
        </div>
        {tabs.length > 0 && (
          <div class="ant-tabs ant-tabs-top app ant-tabs-css-var xt-depart-tabs">
            <div role="tablist" aria-orientation="horizontal" class="ant-tabs-nav">
              <div class="ant-tabs-nav-wrap">
                <div class="ant-tabs-nav-list">
                  {tabs.map((t) => (
                    <div data-node-key={t.key} class={cx('ant-tabs-tab', t.key === tab && 'ant-tabs-tab-active')}>
                      <a role="tab" aria-selected={t.key === tab ? 'true' : 'false'} class="ant-tabs-tab-btn" {...navAttrs(tabHref(t.key))}>
                        {t.label}
                      </a>
                    </div>
                  ))}
                </div>
              </div>
            </div>
            <div class="ant-tabs-body-holder">
              <div class="ant-tabs-body ant-tabs-body-top">
                <div role="tabpanel" class="ant-tabs-content ant-tabs-content-active">
                  {content}
                </div>
              </div>
            </div>
          </div>
        )}
      </>
    );
  }

  return (
    <div class="xt-departs" data-screen={R}>
      <link rel="stylesheet" href="/static/css/list.css" />
      <link rel="stylesheet" href="/static/css/departs.css" />
      {flash && <Alert type={flash.type}>{flash.text}</Alert>}
      <TreeLayout tree={left} label="部门详情">
        {right}
      </TreeLayout>
      <div id="xt-modal" />
    </div>
  );
}

async function infoTab(c: Context<PageEnv>, d: DepartDetail, info?: InfoOverride): Promise<Child> {
  const options = await fieldOptions(c.get('upstream'), departForm.fields);
  options.orgCategory = categoryOptions(options.orgCategory ?? [], !d.parentId);
  const back = screenHref({ id: d.id, tab: 'info' });
  return (
    <form method="post" action={`${R}/save`} hx-post={`${R}/save`} hx-target="#content" class="ant-form ant-form-horizontal app ant-form-css-var xt-form xt-depart-info" novalidate>
      <input type="hidden" name="id" value={d.id} />
      <input type="hidden" name="back" value={back} />
      {info?.message && <Alert type="error">{info.message}</Alert>}
      <Fields
        title="基本信息"
        fields={departForm.fields}
        values={info?.values ?? d}
        errors={info?.errors ?? {}}
        options={options}
        action={`${R}/save`}
        back={back}
        mode="edit"
        hidden={{}}
        asDialog={false}
        idPrefix="d-"
      />
      <div class="xt-form-actions xt-form-actions-left">
        <Button type="primary" htmlType="submit">
          保存
        </Button>
      </div>
    </form>
  );
}

async function membersTab(c: Context<PageEnv>, session: PageSession, d: DepartDetail, q: Query): Promise<Child> {
  const up = c.get('upstream');
  const can = (code: string | undefined) => canUse(session.permissions, code);
  const base = { id: d.id, tab: 'members' };
  const filters: Query = {};
  for (const k of ['username', 'realname']) if (q[k]?.trim()) filters[k] = q[k].trim().slice(0, 50);
  const state: Query = { ...base, ...filters, ...(q.pageNo ? { pageNo: q.pageNo } : {}), ...(q.pageSize ? { pageSize: q.pageSize } : {}) };
  const wild = (v: string) => (v.includes('*') ? v : `*${v}*`);
  const addKeyword = (q.add ?? '').trim().slice(0, 50);
  const [res, candidates] = await Promise.all([
    up.call<Page<Row>>('GET', departMembersList.api.list, {
      depId: d.id,
      ...(filters.username ? { username: wild(filters.username) } : {}),
      ...(filters.realname ? { realname: wild(filters.realname) } : {}),
      column: 'username',
      order: 'asc',
      pageNo: q.pageNo ?? 1,
      pageSize: q.pageSize ?? 10,
    }),
    addKeyword && can('depart:member') ? up.call<Row[]>('GET', '/sys/sysDepart/queryMemberCandidates', { depId: d.id, keyWord: addKeyword }) : null,
  ]);
  const here = screenHref(state);
  const mayRemove = can('depart:member');
  const mayRoles = can('depart:role');
  const cols = departMembersList.columns.filter((col) => col.list !== false);
  // The API lets a teacher remove students only; the page does not offer the others.
  const removable = (r: Row) => isAdmin(session) || Number(r.userIdentity) === 1;
  const records = res.body.success ? res.body.result.records : [];
  const pg = res.body.success ? res.body.result : null;
  const offset = pg ? (pg.current - 1) * pg.size : 0;

  return (
    <div class="xt-members">
      <form method="get" action={R} hx-get={R} hx-target="#content" hx-push-url="true" class="ant-form ant-form-inline app ant-form-css-var xt-query" role="search" aria-label="成员查询">
        <input type="hidden" name="id" value={d.id} />
        <input type="hidden" name="tab" value="members" />
        <div class="ant-form-item app ant-form-css-var xt-query-item">
          <label for="m-username" class="xt-query-label">账号</label>
          <input id="m-username" class={inputClass()} name="username" value={filters.username ?? ''} placeholder="请输入账号" />
        </div>
        <div class="ant-form-item app ant-form-css-var xt-query-item">
          <label for="m-realname" class="xt-query-label">姓名</label>
          <input id="m-realname" class={inputClass()} name="realname" value={filters.realname ?? ''} placeholder="请输入姓名" />
        </div>
        <span class="xt-query-buttons">
          <Button type="primary" htmlType="submit">查询</Button>
          <LinkButton {...navAttrs(screenHref(base))}>重置</LinkButton>
        </span>
      </form>

      {can('depart:member') && (
        <div class="xt-toolbar">
          <form method="get" action={R} hx-get={R} hx-target="#content" hx-push-url="true" class="xt-add-member" role="search" aria-label="添加成员">
            <input type="hidden" name="id" value={d.id} />
            <input type="hidden" name="tab" value="members" />
            <input class={inputClass()} name="add" value={addKeyword} placeholder="输入账号或姓名查找用户" aria-label="查找要添加的用户" maxlength={50} />
            <Button type="primary" htmlType="submit">查找并添加</Button>
          </form>
          <a class={buttonClass('default', { danger: true })} {...dialogAttrs(hrefWith(`${R}/members/clear`, { id: d.id }))}>
            <span>{d.orgCategory === '3' ? '清空班级' : '清空成员'}</span>
          </a>
          {mayRemove && records.length > 0 && (
            <Button htmlType="submit" form="xt-members-form" danger>
              批量移出
            </Button>
          )}
        </div>
      )}

      {candidates && (
        <section class="xt-candidates" aria-label="可添加的用户">
          {candidates.body.success && candidates.body.result.length ? (
            <form method="post" action={`${R}/members/add`} hx-post={`${R}/members/add`} hx-target="#content">
              <input type="hidden" name="depId" value={d.id} />
              <input type="hidden" name="back" value={screenHref(base)} />
              <div class="xt-candidates-title">查找“{addKeyword}”的结果，勾选后点“添加”：</div>
              <ul class="xt-candidate-list">
                {candidates.body.result.map((u) => (
                  <li>
                    <label class="xt-check-label">
                      <input type="checkbox" class="xt-check" name="userIds" value={str(u.id)} />
                      <span>
                        {str(u.realname)}（{str(u.username)}）
                      </span>
                      {u.departNames ? <span class="xt-tree-note">{str(u.departNames)}</span> : <span class="xt-tree-note">未分班</span>}
                    </label>
                  </li>
                ))}
              </ul>
              <span class="xt-query-buttons">
                <Button type="primary" htmlType="submit">添加</Button>
                <LinkButton {...navAttrs(screenHref(base))}>取消</LinkButton>
              </span>
            </form>
          ) : (
            <Alert type="info">{candidates.body.success ? `没有找到可添加的用户“${addKeyword}”` : candidates.body.message}</Alert>
          )}
        </section>
      )}

      {!res.body.success ? (
        <Alert type="warning">{res.body.message}</Alert>
      ) : (
        <form id="xt-members-form" method="post" action={`${R}/members/remove`} hx-post={`${R}/members/remove`} hx-target="#xt-modal" class="xt-bulk-form">
          <input type="hidden" name="id" value={d.id} />
          <input type="hidden" name="back" value={here} />
          <TableFrame>
            <thead class="ant-table-thead">
              <tr>
                {mayRemove && (
                  <th class="ant-table-cell ant-table-selection-column" scope="col">
                    <span class="xt-sr">选择</span>
                  </th>
                )}
                <th class="ant-table-cell xt-index" scope="col">#</th>
                {cols.map((col) => (
                  <th class="ant-table-cell" scope="col" style={col.width ? `width:${col.width}px` : undefined}>
                    {col.title}
                  </th>
                ))}
                {(mayRemove || mayRoles) && <th class="ant-table-cell xt-actions-col" scope="col">操作</th>}
              </tr>
            </thead>
            <tbody class="ant-table-tbody">
              {records.length ? (
                records.map((r, i) => (
                  <tr class="ant-table-row" data-row-key={str(r.id)}>
                    {mayRemove && (
                      <td class="ant-table-cell ant-table-selection-column">
                        {removable(r) && <input type="checkbox" class="xt-check" name="userIds" value={str(r.id)} aria-label={`选择${str(r.realname)}`} />}
                      </td>
                    )}
                    <td class="ant-table-cell xt-index">{offset + i + 1}</td>
                    {cols.map((col) => (
                      <td class="ant-table-cell">{str(col.dict ? (r[`${col.key}_dictText`] ?? r[col.key]) : r[col.key])}</td>
                    ))}
                    {(mayRemove || mayRoles) && (
                      <td class="ant-table-cell xt-row-actions">
                        {mayRoles && (
                          <a class="xt-action" {...dialogAttrs(hrefWith(`${R}/member-roles`, { id: d.id, userId: str(r.id), back: here }))}>
                            部门角色
                          </a>
                        )}
                        {mayRoles && mayRemove && removable(r) && <span class="ant-divider ant-divider-vertical app" role="separator" />}
                        {mayRemove && removable(r) && (
                          <a class="xt-action xt-action-danger" {...dialogAttrs(hrefWith(`${R}/members/remove`, { id: d.id, userIds: str(r.id), back: here }))}>
                            移出
                          </a>
                        )}
                      </td>
                    )}
                  </tr>
                ))
              ) : (
                <tr class="ant-table-placeholder">
                  <td class="ant-table-cell" colSpan={cols.length + 3}>
                    <div class="ant-empty ant-empty-normal app xt-empty">暂无成员</div>
                  </td>
                </tr>
              )}
            </tbody>
          </TableFrame>
        </form>
      )}
      {pg && <Pager route={R} state={state} page={pg} />}
    </div>
  );
}

/** Permission tree → checkbox tree nodes; buttons are marked 按钮. */
const checkNodes = (nodes: PermNode[]): CheckNode[] =>
  nodes.map((n) => ({ key: n.key, title: n.title, ...(n.menuType === 2 ? { note: '按钮' } : {}), children: checkNodes(n.children ?? []) }));

async function permsTab(c: Context<PageEnv>, d: DepartDetail): Promise<Child> {
  const up = c.get('upstream');
  const [tree, granted] = await Promise.all([
    up.call<{ treeList: PermNode[]; ids: string[] }>('GET', '/sys/sysDepart/queryPermissionTree'),
    up.call<string[]>('GET', '/sys/permission/queryDepartPermission', { departId: d.id }),
  ]);
  if (!tree.body.success || !granted.body.success) return <Alert type="warning">{tree.body.success ? granted.body.message : tree.body.message}</Alert>;
  const checked = new Set(granted.body.result);
  return (
    <form method="post" action={`${R}/permissions`} hx-post={`${R}/permissions`} hx-target="#content" class="xt-perm-form">
      <input type="hidden" name="departId" value={d.id} />
      <input type="hidden" name="lastpermissionIds" value={granted.body.result.join(',')} />
      <input type="hidden" name="back" value={screenHref({ id: d.id, tab: 'perms' })} />
      <p class="xt-muted">勾选本部门可以使用的菜单和按钮；部门角色只能从这些权限中授权。</p>
      <CheckboxTree nodes={checkNodes(tree.body.result.treeList)} name="permissionIds" checked={checked} label="部门权限" openDepth={9} />
      <div class="xt-form-actions xt-form-actions-left">
        <Button type="primary" htmlType="submit">
          保存
        </Button>
      </div>
    </form>
  );
}

async function rolesTab(c: Context<PageEnv>, d: DepartDetail, q: Query): Promise<Child> {
  const up = c.get('upstream');
  const roleId = q.roleId ?? '';
  const here = screenHref({ id: d.id, tab: 'roles', ...(roleId ? { roleId } : {}) });
  const res = await up.call<Page<Row>>('GET', departRolesList.api.list, { deptId: d.id, pageNo: 1, pageSize: 200, column: 'createTime', order: 'asc' });
  const roles = res.body.success ? res.body.result.records : [];
  const current = roles.find((r) => r.id === roleId);
  let grant: Child = null;
  if (current) {
    const [tree, granted] = await Promise.all([
      up.call<{ treeList: PermNode[]; ids: string[] }>('GET', '/sys/sysDepartPermission/queryTreeListForDeptRole', { departId: d.id }),
      up.call<string[]>('GET', '/sys/sysDepartPermission/queryDeptRolePermission', { roleId }),
    ]);
    grant =
      tree.body.success && granted.body.success ? (
        <section class="xt-role-grant" id="auth" aria-label="部门角色授权">
          <h3 class="xt-section-title">授权：{str(current.roleName)}</h3>
          {tree.body.result.treeList.length === 0 ? (
            <Alert type="info">本部门还没有任何权限，请先在「部门权限」中为部门授权。</Alert>
          ) : (
            <form method="post" action={`${R}/role-permissions`} hx-post={`${R}/role-permissions`} hx-target="#content">
              <input type="hidden" name="roleId" value={roleId} />
              <input type="hidden" name="lastpermissionIds" value={granted.body.result.join(',')} />
              <input type="hidden" name="back" value={here} />
              <CheckboxTree nodes={checkNodes(tree.body.result.treeList)} name="permissionIds" checked={new Set(granted.body.result)} label="部门角色权限" openDepth={9} />
              <div class="xt-form-actions xt-form-actions-left">
                <Button type="primary" htmlType="submit">
                  保存授权
                </Button>
                <LinkButton {...navAttrs(screenHref({ id: d.id, tab: 'roles' }))}>关闭</LinkButton>
              </div>
            </form>
          )}
        </section>
      ) : (
        <Alert type="warning">{tree.body.success ? granted.body.message : tree.body.message}</Alert>
      );
  }
  return (
    <div class="xt-roles">
      <div class="xt-toolbar">
        <LinkButton type="primary" {...dialogAttrs(hrefWith(`${R}/role-form`, { id: d.id, back: here }))}>
          新建部门角色
        </LinkButton>
      </div>
      {!res.body.success ? (
        <Alert type="warning">{res.body.message}</Alert>
      ) : (
        <TableFrame>
          <thead class="ant-table-thead">
            <tr>
              <th class="ant-table-cell xt-index" scope="col">#</th>
              {departRolesList.columns.map((col) => (
                <th class="ant-table-cell" scope="col">
                  {col.title}
                </th>
              ))}
              <th class="ant-table-cell xt-actions-col" scope="col">操作</th>
            </tr>
          </thead>
          <tbody class="ant-table-tbody">
            {roles.length ? (
              roles.map((r, i) => (
                <tr class={cx('ant-table-row', r.id === roleId && 'ant-table-row-selected')} data-row-key={str(r.id)}>
                  <td class="ant-table-cell xt-index">{i + 1}</td>
                  {departRolesList.columns.map((col) => (
                    <td class="ant-table-cell">{str(r[col.key])}</td>
                  ))}
                  <td class="ant-table-cell xt-row-actions">
                    <a class="xt-action" {...dialogAttrs(hrefWith(`${R}/role-form`, { id: d.id, roleId: str(r.id), back: here }))}>
                      编辑
                    </a>
                    <span class="ant-divider ant-divider-vertical app" role="separator" />
                    <a class="xt-action" {...navAttrs(screenHref({ id: d.id, tab: 'roles', roleId: str(r.id) }))}>
                      授权
                    </a>
                    <span class="ant-divider ant-divider-vertical app" role="separator" />
                    <a class="xt-action xt-action-danger" {...dialogAttrs(hrefWith(`${R}/role-delete`, { id: d.id, roleId: str(r.id) }))}>
                      删除
                    </a>
                  </td>
                </tr>
              ))
            ) : (
              <tr class="ant-table-placeholder">
                <td class="ant-table-cell" colSpan={departRolesList.columns.length + 2}>
                  <div class="ant-empty ant-empty-normal app xt-empty">暂无部门角色</div>
                </td>
              </tr>
            )}
          </tbody>
        </TableFrame>
      )}
      {grant}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Routes

export function registerDepartPages(app: Hono<PageEnv>) {
  registerDepartCoursePages(app);
  app.get(R, (c) => shellPage(c, { current: R, title: TITLE }, (session) => screen(c, session, c.req.query())));

  // Add form (a root, or a child of parentId).
  const renderAddForm = async (c: Context<PageEnv>, args: { parentId: string; values: Record<string, unknown>; errors: Record<string, string>; message?: string; back: string }) => {
    const up = c.get('upstream');
    let parentName = '';
    let parentCategory = '';
    if (args.parentId) {
      const parent = await up.call<DepartDetail>('GET', '/sys/sysDepart/queryById', { id: args.parentId });
      if (parent.body.success) {
        parentName = parent.body.result.departName;
        parentCategory = parent.body.result.orgCategory;
      }
    }
    const options = await fieldOptions(up, departForm.fields);
    options.orgCategory = categoryOptions(options.orgCategory ?? [], !args.parentId);
    const fields: FieldSpec[] = departForm.fields.map((f) =>
      f.key === 'orgCategory' ? { ...f, defaultValue: !args.parentId ? '1' : parentCategory === '1' ? '2' : '3' } : f,
    );
    return (
      <FormView
        title={args.parentId ? `添加下级（上级：${parentName || '未知'}）` : '添加一级部门'}
        width={departForm.width}
        fields={fields}
        values={args.values}
        errors={args.errors}
        message={args.message}
        options={options}
        action={`${R}/save`}
        back={args.back}
        mode="add"
        hidden={{ back: args.back, ...(args.parentId ? { parentId: args.parentId } : {}) }}
        asDialog={wantsDialog(c)}
      />
    );
  };

  app.get(`${R}/form`, (c) => {
    const parentId = c.req.query('parentId') ?? '';
    const back = safeBack(c.req.query('back'));
    return respond(c, TITLE, () => renderAddForm(c, { parentId, values: {}, errors: {}, back }));
  });

  app.post(`${R}/save`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const id = formString(form.id);
    const parentId = formString(form.parentId);
    const back = safeBack(form.back);
    const body: Record<string, unknown> = formToBody(form, departForm.fields);
    if (!id && parentId) body.parentId = parentId;
    const up = c.get('upstream');
    const res = id
      ? await up.call<{ errors?: Record<string, string> } | null>('PUT', '/sys/sysDepart/edit', undefined, { ...body, id })
      : await up.call<{ id?: string; errors?: Record<string, string> } | null>('POST', '/sys/sysDepart/add', undefined, body);
    if (res.body.success) {
      const newId = !id ? (res.body.result as { id?: string } | null)?.id : undefined;
      return done(c, true, res.body.message, newId ? screenHref({ id: newId }) : id ? screenHref({ id, tab: 'info' }) : back);
    }
    if (res.status === 500 && res.body.message?.startsWith('Token失效')) return c.redirect('/user/login', 303);
    const errors = res.body.result?.errors ?? {};
    const placed = Object.keys(errors).length > 0 && Object.keys(errors).every((k) => departForm.fields.some((f) => f.key === k));
    const message = placed ? undefined : res.body.message;
    const values = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v]));
    if (id) {
      // The edit form lives in the 基本信息 tab: show the screen again with what was typed and the errors.
      return shellPage(c, { current: R, title: TITLE }, (session) => screen(c, session, { id, tab: 'info' }, { values: { ...values, id }, errors, message }), isHtmx(c) ? 200 : 400);
    }
    return respond(c, TITLE, () => renderAddForm(c, { parentId, values, errors, message, back }), isHtmx(c) ? 200 : 400);
  });

  // Delete: the confirmation names the department and every department below it.
  app.get(`${R}/delete`, async (c) => {
    const id = c.req.query('id') ?? '';
    const up = c.get('upstream');
    const res = await up.call<DepartDetail>('GET', '/sys/sysDepart/queryById', { id });
    if (!res.body.success) return done(c, false, res.body.message, R);
    const d = res.body.result;
    return respond(c, TITLE, async (session) => {
      const tree = await loadTree(up, session);
      const below = flattenTree(findNode(tree.nodes, d.id)?.children ?? []);
      return (
        <ConfirmBox
          asDialog={wantsDialog(c)}
          title="删除部门"
          text={
            below.length ? (
              <>
                确定删除“{d.departName}”吗？它的 {below.length} 个下级部门会一并删除，其成员关系、部门权限和部门角色也会删除：
              </>
            ) : (
              <>确定删除“{d.departName}”吗？其成员关系、部门权限和部门角色也会删除。</>
            )
          }
          items={below.map((n) => `${n.title}（${n.orgCode}）`)}
          action={`${R}/delete`}
          hidden={{ id: d.id, parentId: d.parentId ?? '' }}
          back={screenHref({ id: d.id })}
        />
      );
    });
  });

  app.post(`${R}/delete`, async (c) => {
    const form = (await c.req.parseBody()) as Record<string, string>;
    const id = formString(form.id);
    if (form.confirmed !== '1') return c.redirect(hrefWith(`${R}/delete`, { id }), 303);
    const res = await c.get('upstream').call<null>('DELETE', '/sys/sysDepart/delete', { id });
    const parentId = formString(form.parentId);
    return done(c, res.body.success, res.body.message, res.body.success ? (parentId ? screenHref({ id: parentId }) : R) : screenHref({ id }));
  });

  // Members: add (from the candidate search), remove (one or many, confirmed), 清空班级 (confirmed).
  app.post(`${R}/members/add`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const depId = formString(form.depId);
    const back = safeBack(form.back);
    const userIds = formList(form.userIds);
    if (!userIds.length) return done(c, false, '请选择要添加的用户', back);
    const res = await c.get('upstream').call<null>('POST', '/sys/user/editSysDepartWithUser', undefined, { depId, userIdList: userIds });
    return done(c, res.body.success, res.body.message, back);
  });

  const removeConfirm = async (c: Context<PageEnv>, id: string, userIds: string[], back: string) => {
    const up = c.get('upstream');
    const d = await up.call<DepartDetail>('GET', '/sys/sysDepart/queryById', { id });
    if (!d.body.success) return done(c, false, d.body.message, R);
    return respond(c, TITLE, () => (
      <ConfirmBox
        asDialog={wantsDialog(c)}
        title="移出成员"
        text={userIds.length > 1 ? `确定将选中的 ${userIds.length} 名成员移出“${d.body.result.departName}”吗？` : `确定将该成员移出“${d.body.result.departName}”吗？`}
        action={`${R}/members/remove`}
        hidden={{ id, userIds: userIds.join(','), back }}
        back={back}
      />
    ));
  };
  app.get(`${R}/members/remove`, (c) => removeConfirm(c, c.req.query('id') ?? '', formList(c.req.query('userIds')), safeBack(c.req.query('back'))));
  app.post(`${R}/members/remove`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const id = formString(form.id);
    const back = safeBack(form.back);
    const userIds = formList(form.userIds);
    if (!userIds.length) return done(c, false, '请选择要移出的成员', back);
    if (formString(form.confirmed) !== '1') return removeConfirm(c, id, userIds, back);
    const up = c.get('upstream');
    const res =
      userIds.length === 1
        ? await up.call<null>('DELETE', '/sys/user/deleteUserInDepart', { depId: id, userId: userIds[0] })
        : await up.call<null>('DELETE', '/sys/user/deleteUserInDepartBatch', { depId: id, userIds: `${userIds.join(',')},` });
    return done(c, res.body.success, res.body.message, back);
  });

  app.get(`${R}/members/clear`, async (c) => {
    const id = c.req.query('id') ?? '';
    const d = await c.get('upstream').call<DepartDetail>('GET', '/sys/sysDepart/queryById', { id });
    if (!d.body.success) return done(c, false, d.body.message, R);
    const back = screenHref({ id, tab: 'members' });
    return respond(c, TITLE, () => (
      <ConfirmBox
        asDialog={wantsDialog(c)}
        title={d.body.result.orgCategory === '3' ? '清空班级' : '清空成员'}
        text={`确定清空“${d.body.result.departName}”吗？该部门的 ${d.body.result.memberCount} 名直属成员将被移出（账号本身不会删除）。`}
        action={`${R}/members/clear`}
        hidden={{ id }}
        back={back}
      />
    ));
  });
  app.post(`${R}/members/clear`, async (c) => {
    const form = (await c.req.parseBody()) as Record<string, string>;
    const id = formString(form.id);
    const back = screenHref({ id, tab: 'members' });
    if (form.confirmed !== '1') return c.redirect(hrefWith(`${R}/members/clear`, { id }), 303);
    const res = await c.get('upstream').call<null>('DELETE', '/sys/sysDepart/removeAll', { id });
    return done(c, res.body.success, res.body.message, back);
  });

  // A member's department roles.
  app.get(`${R}/member-roles`, async (c) => {
    const id = c.req.query('id') ?? '';
    const userId = c.req.query('userId') ?? '';
    const back = safeBack(c.req.query('back'));
    const up = c.get('upstream');
    const [roles, held] = await Promise.all([
      up.call<Row[]>('GET', '/sys/sysDepartRole/getDeptRoleList', { departId: id }),
      up.call<{ droleId: string }[]>('GET', '/sys/sysDepartRole/getDeptRoleByUserId', { userId, departId: id }),
    ]);
    if (!roles.body.success || !held.body.success) return done(c, false, roles.body.success ? held.body.message : roles.body.message, back);
    const mine = new Set(held.body.result.map((h) => h.droleId));
    const fields: FieldSpec[] = [{ key: 'roleIds', label: '部门角色', type: 'multiselect', help: roles.body.result.length ? undefined : '本部门还没有部门角色，请先在「部门角色」中新建' }];
    return respond(c, TITLE, () => (
      <FormView
        title="分配部门角色"
        width={560}
        fields={fields}
        values={{ roleIds: [...mine] }}
        errors={{}}
        options={{ roleIds: roles.body.result.map((r) => ({ value: str(r.id), label: str(r.roleName) })) }}
        action={`${R}/member-roles`}
        back={back}
        mode="edit"
        hidden={{ id, userId, back, oldRoleId: [...mine].join(',') }}
        asDialog={wantsDialog(c)}
        // Native checkboxes: their checked state shows without JavaScript.
        renderControl={(f, ctx) => (
          <div class="xt-checks" role="group" aria-labelledby={`f-${f.key}-label`}>
            <link rel="stylesheet" href="/static/css/departs.css" />
            {ctx.options.length === 0 && <span class="xt-muted">无可选项</span>}
            {ctx.options.map((o) => (
              <label class="xt-check-label">
                <input type="checkbox" class="xt-check" name={f.key} value={o.value} checked={mine.has(o.value)} />
                <span>{o.label}</span>
              </label>
            ))}
          </div>
        )}
      />
    ));
  });
  app.post(`${R}/member-roles`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const back = safeBack(form.back);
    const res = await c.get('upstream').call<null>('POST', '/sys/sysDepartRole/deptRoleUserAdd', undefined, {
      userId: formString(form.userId),
      newRoleId: formList(form.roleIds).join(','),
      oldRoleId: formString(form.oldRoleId),
    });
    return done(c, res.body.success, res.body.success ? '部门角色已保存' : res.body.message, back);
  });

  // Department permissions and a department role's grants (diff saves).
  app.post(`${R}/permissions`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const departId = formString(form.departId);
    const res = await c.get('upstream').call<null>('POST', '/sys/permission/saveDepartPermission', undefined, {
      departId,
      permissionIds: formList(form.permissionIds).join(','),
      lastpermissionIds: formString(form.lastpermissionIds),
    });
    return done(c, res.body.success, res.body.message, safeBack(form.back));
  });
  app.post(`${R}/role-permissions`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const res = await c.get('upstream').call<null>('POST', '/sys/sysDepartPermission/saveDeptRolePermission', undefined, {
      roleId: formString(form.roleId),
      permissionIds: formList(form.permissionIds).join(','),
      lastpermissionIds: formString(form.lastpermissionIds),
    });
    return done(c, res.body.success, res.body.message, safeBack(form.back));
  });

  // Department role add/edit/delete.
  const renderRoleForm = async (c: Context<PageEnv>, a: { id: string; roleId: string; values: Record<string, unknown>; errors: Record<string, string>; message?: string; back: string }) => (
    <FormView
      title={a.roleId ? '编辑部门角色' : '新建部门角色'}
      width={departRoleForm.width}
      fields={departRoleForm.fields}
      values={a.values}
      errors={a.errors}
      message={a.message}
      options={{}}
      action={`${R}/role-save`}
      back={a.back}
      mode={a.roleId ? 'edit' : 'add'}
      hidden={{ id: a.id, back: a.back, ...(a.roleId ? { roleId: a.roleId } : {}) }}
      asDialog={wantsDialog(c)}
    />
  );
  app.get(`${R}/role-form`, async (c) => {
    const id = c.req.query('id') ?? '';
    const roleId = c.req.query('roleId') ?? '';
    const back = safeBack(c.req.query('back'));
    let values: Record<string, unknown> = {};
    if (roleId) {
      const res = await c.get('upstream').call<Row>('GET', '/sys/sysDepartRole/queryById', { id: roleId });
      if (!res.body.success) return done(c, false, res.body.message, back);
      values = res.body.result;
    }
    return respond(c, TITLE, () => renderRoleForm(c, { id, roleId, values, errors: {}, back }));
  });
  app.post(`${R}/role-save`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const id = formString(form.id);
    const roleId = formString(form.roleId);
    const back = safeBack(form.back);
    const body = formToBody(form, departRoleForm.fields);
    const up = c.get('upstream');
    const res = roleId
      ? await up.call<{ errors?: Record<string, string> } | null>('PUT', '/sys/sysDepartRole/edit', undefined, { ...body, id: roleId })
      : await up.call<{ errors?: Record<string, string> } | null>('POST', '/sys/sysDepartRole/add', undefined, { ...body, departId: id });
    if (res.body.success) return done(c, true, res.body.message, back);
    const errors = res.body.result?.errors ?? {};
    const message = Object.keys(errors).length ? undefined : res.body.message;
    return respond(c, TITLE, () => renderRoleForm(c, { id, roleId, values: form, errors, message, back }), isHtmx(c) ? 200 : 400);
  });
  app.get(`${R}/role-delete`, async (c) => {
    const id = c.req.query('id') ?? '';
    const roleId = c.req.query('roleId') ?? '';
    const back = screenHref({ id, tab: 'roles' });
    const res = await c.get('upstream').call<Row>('GET', '/sys/sysDepartRole/queryById', { id: roleId });
    if (!res.body.success) return done(c, false, res.body.message, back);
    return respond(c, TITLE, () => (
      <ConfirmBox
        asDialog={wantsDialog(c)}
        title="删除部门角色"
        text={`确定删除部门角色“${str(res.body.result.roleName)}”吗？持有该角色的成员将失去它授予的权限。`}
        action={`${R}/role-delete`}
        hidden={{ id, roleId }}
        back={back}
      />
    ));
  });
  app.post(`${R}/role-delete`, async (c) => {
    const form = (await c.req.parseBody()) as Record<string, string>;
    const id = formString(form.id);
    const back = screenHref({ id, tab: 'roles' });
    if (form.confirmed !== '1') return c.redirect(hrefWith(`${R}/role-delete`, { id, roleId: formString(form.roleId) }), 303);
    const res = await c.get('upstream').call<null>('DELETE', '/sys/sysDepartRole/delete', { id: formString(form.roleId) });
    return done(c, res.body.success, res.body.message, back);
  });
}
