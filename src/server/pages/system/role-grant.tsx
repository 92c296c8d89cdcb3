// The row-action dialogs of 角色管理 (/isystem/role): 授权 (the menu/button tree of a role, saved through
// saveRolePermission, with the data rules a role carries per menu) and 用户 (the role's users: search, add,
// remove). Each is an antd dialog in #xt-modal when opened with htmx, and a page of its own without JavaScript;
// every form works as a plain form. Data goes through the upstream client; the API enforces the codes.
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { canUse } from '../../lists/auth.js';
import { ROLE_ROUTE } from '../../lists/permissions.js';
import { hrefWith } from '../../lists/url-state.js';
import { Alert, Button, buttonClass, inputClass } from '../../../templates/antd.js';
import { dialogAttrs } from '../../../templates/list/list-view.js';
import { ConfirmView } from '../../../templates/list/form-view.js';
import { CheckboxTree, CloseLink, DialogFrame, type CheckNode } from '../../../templates/list/tree.js';
import type { Page } from '../../upstream/client.js';
import type { PageEnv, PageSession } from '../context.js';
import { backToList, isHtmx, setFlash, takeFlash, wantsDialog } from '../list-page.js';
import { shellPage } from '../shell-page.js';
import { safeLocalPath } from '../safe-path.js';

type Flash = { type: 'success' | 'error' | 'warning'; text: string };

interface TreeModel {
  key: string;
  title: string;
  menuType?: number;
  ruleFlag?: number;
  children?: TreeModel[];
}
interface Role {
  id: string;
  roleName: string;
  roleCode: string;
}
interface UserRow {
  id: string;
  username: string;
  realname: string;
  sex_dictText?: string;
  status_dictText?: string;
}
interface DataRule {
  id: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
}

const safeBack = (back: unknown) => safeLocalPath(back, ROLE_ROUTE, ROLE_ROUTE);
const str = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) ? String(v[0] ?? '') : '');
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? [v] : []);
const flat = (nodes: TreeModel[]): TreeModel[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

/** A page in the role screen's shell: the dialog fragment for htmx, a full page otherwise. */
const rolePage = (c: Context<PageEnv>, title: string, view: (session: PageSession) => Promise<Child> | Child) =>
  shellPage(c, { current: ROLE_ROUTE, title: `角色管理 · ${title}` }, view);

/** After a change inside a dialog: htmx re-renders the dialog; a plain form goes back to the dialog's page. */
function stayInDialog(c: Context<PageEnv>, href: string, flash: Flash, render: (flash: Flash) => Promise<Response> | Response) {
  if (isHtmx(c)) return render(flash);
  setFlash(c, flash);
  return c.redirect(href, 303);
}

async function loadRole(c: Context<PageEnv>, id: string): Promise<Role | string> {
  const res = await c.get('upstream').call<Role>('GET', '/sys/role/queryById', { id });
  return res.body.success ? res.body.result : res.body.message || '未找到对应实体';
}

// ---- 授权 ----------------------------------------------------------------------------------------------------

function toCheckNodes(nodes: TreeModel[], ruleLink: (n: TreeModel) => Child): CheckNode[] {
  return nodes.map((n) => ({
    key: n.key,
    title: n.title,
    note: n.menuType === 2 ? '按钮' : undefined,
    extra: n.ruleFlag === 1 && n.menuType !== 2 ? ruleLink(n) : undefined,
    children: n.children?.length ? toCheckNodes(n.children, ruleLink) : undefined,
  }));
}

async function authView(
  c: Context<PageEnv>,
  session: PageSession,
  args: { roleId: string; back: string; checked?: Set<string>; flash?: Flash; openDepth?: number },
): Promise<Child> {
  const up = c.get('upstream');
  const asDialog = wantsDialog(c);
  const [role, tree, granted] = await Promise.all([
    loadRole(c, args.roleId),
    up.call<{ treeList: TreeModel[]; ids: string[] }>('GET', '/sys/role/queryTreeList'),
    up.call<string[]>('GET', '/sys/permission/queryRolePermission', { roleId: args.roleId }),
  ]);
  const problem = typeof role === 'string' ? role : !tree.body.success ? tree.body.message : !granted.body.success ? granted.body.message : null;
  if (problem || typeof role === 'string') {
    return (
      <DialogFrame title="角色权限配置" back={args.back} asDialog={asDialog}>
        <Alert type="error">{problem}</Alert>
      </DialogFrame>
    );
  }
  const current = new Set(granted.body.result);
  const checked = args.checked ?? current;
  const self = hrefWith(`${ROLE_ROUTE}/auth`, { id: role.id, back: args.back });
  const ruleLink = (n: TreeModel) => (
    <a class="xt-action xt-ct-extra" {...dialogAttrs(hrefWith(`${ROLE_ROUTE}/datarule`, { roleId: role.id, permissionId: n.key, back: args.back }))}>
      数据规则
    </a>
  );
  const canSave = canUse(session.permissions, 'role:auth');
  const formId = 'xt-role-auth-form';
  const flash = args.flash ?? takeFlash(c);
  return (
    <DialogFrame
      title={`角色权限配置 · ${role.roleName}`}
      back={args.back}
      asDialog={asDialog}
      width={720}
      footer={
        <>
          <CloseLink back={args.back} class={buttonClass('default')} />
          {canSave && (
            <Button type="primary" htmlType="submit" form={formId} name="op" value="save">
              保存
            </Button>
          )}
        </>
      }
    >
      <form id={formId} method="post" action={`${ROLE_ROUTE}/auth`} hx-post={`${ROLE_ROUTE}/auth`} hx-target="#xt-modal" class="xt-role-auth">
        <input type="hidden" name="roleId" value={role.id} />
        <input type="hidden" name="back" value={args.back} />
        <input type="hidden" name="lastpermissionIds" value={[...current].join(',')} />
        {flash && <Alert type={flash.type}>{flash.text}</Alert>}
        <div class="xt-ct-toolbar">
          {canSave && (
            <>
              <Button size="small" htmlType="submit" name="op" value="all">全部勾选</Button>
              <Button size="small" htmlType="submit" name="op" value="none">取消全选</Button>
            </>
          )}
          <Button size="small" htmlType="submit" name="op" value="expand">展开全部</Button>
          <Button size="small" htmlType="submit" name="op" value="collapse">折叠全部</Button>
          <span class="xt-ct-hint">勾选的菜单和按钮会连同其上级菜单一起授权；当前已授权 {current.size} 项</span>
        </div>
        <CheckboxTree name="permissionIds" label="菜单与按钮权限" nodes={toCheckNodes(tree.body.result.treeList, ruleLink)} checked={checked} openDepth={args.openDepth ?? 1} disabled={!canSave} />
      </form>
      <p class="xt-muted">
        <a href={self} class="xt-action" hx-get={self} hx-target="#xt-modal">
          重新载入
        </a>
      </p>
    </DialogFrame>
  );
}

// ---- 数据规则 of one menu for the role ---------------------------------------------------------------------

async function dataRuleView(c: Context<PageEnv>, args: { roleId: string; permissionId: string; back: string; flash?: Flash }): Promise<Child> {
  const up = c.get('upstream');
  const [role, res] = await Promise.all([
    loadRole(c, args.roleId),
    up.call<{ datarule: DataRule[]; drChecked?: string }>('GET', `/sys/role/datarule/${encodeURIComponent(args.permissionId)}/${encodeURIComponent(args.roleId)}`),
  ]);
  const authHref = hrefWith(`${ROLE_ROUTE}/auth`, { id: args.roleId, back: args.back });
  const backToAuth = (
    <a class={buttonClass('default')} href={authHref} hx-get={authHref} hx-target="#xt-modal">
      <span>返回授权</span>
    </a>
  );
  const title = `数据规则 · ${typeof role === 'string' ? '' : role.roleName}`;
  if (!res.body.success || typeof role === 'string') {
    return (
      <DialogFrame title={title} back={args.back} asDialog={wantsDialog(c)} footer={backToAuth}>
        <Alert type="warning">{typeof role === 'string' ? role : res.body.message}</Alert>
      </DialogFrame>
    );
  }
  const checked = new Set((res.body.result.drChecked ?? '').split(',').filter(Boolean));
  const formId = 'xt-role-datarule-form';
  const flash = args.flash ?? takeFlash(c);
  return (
    <DialogFrame
      title={title}
      back={args.back}
      asDialog={wantsDialog(c)}
      width={640}
      footer={
        <>
          {backToAuth}
          <Button type="primary" htmlType="submit" form={formId}>
            保存
          </Button>
        </>
      }
    >
      {flash && <Alert type={flash.type}>{flash.text}</Alert>}
      <p class="xt-muted">勾选的规则会限制该角色在此菜单列表中能看到的数据（多条规则同时生效）。</p>
      <form id={formId} method="post" action={`${ROLE_ROUTE}/datarule`} hx-post={`${ROLE_ROUTE}/datarule`} hx-target="#xt-modal">
        <input type="hidden" name="roleId" value={args.roleId} />
        <input type="hidden" name="permissionId" value={args.permissionId} />
        <input type="hidden" name="back" value={args.back} />
        <table class="xt-mini-table">
          <thead>
            <tr>
              <th class="xt-check-col" scope="col">
                <span class="xt-sr">选择</span>
              </th>
              <th scope="col">规则名称</th>
              <th scope="col">规则</th>
              <th scope="col">状态</th>
            </tr>
          </thead>
          <tbody>
            {res.body.result.datarule.map((r) => (
              <tr>
                <td class="xt-check-col">
                  <input class="xt-ct-check" type="checkbox" name="dataRuleIds" value={r.id} checked={checked.has(r.id)} aria-label={r.ruleName} />
                </td>
                <td>{r.ruleName}</td>
                <td>
                  <code class="xt-tt-code">
                    {r.ruleColumn} {r.ruleConditions} {r.ruleValue}
                  </code>
                </td>
                <td>{r.status === '1' ? '有效' : '无效'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </form>
    </DialogFrame>
  );
}

// ---- 用户 ----------------------------------------------------------------------------------------------------

interface UsersState {
  id: string;
  back: string;
  /** Filter of the members table. */
  username: string;
  pageNo: number;
  /** Search of users to add. */
  keyword: string;
  cpage: number;
}

const usersHref = (s: UsersState, over: Partial<UsersState> = {}) => {
  const v = { ...s, ...over };
  return hrefWith(`${ROLE_ROUTE}/users`, {
    id: v.id,
    back: v.back,
    username: v.username,
    pageNo: v.pageNo > 1 ? String(v.pageNo) : '',
    keyword: v.keyword,
    cpage: v.cpage > 1 ? String(v.cpage) : '',
  });
};

const readUsersState = (q: Record<string, unknown>): UsersState => ({
  id: str(q.id ?? q.roleId).slice(0, 64),
  back: safeBack(str(q.back)),
  username: str(q.username).slice(0, 100),
  pageNo: Math.max(1, Number.parseInt(str(q.pageNo), 10) || 1),
  keyword: str(q.keyword).slice(0, 100),
  cpage: Math.max(1, Number.parseInt(str(q.cpage), 10) || 1),
});

function Pager({ page, href }: { page: Page<unknown>; href: (n: number) => string }) {
  const pages = Math.max(1, Math.ceil(page.total / page.size));
  const link = (n: number, label: string, disabled: boolean) =>
    disabled ? (
      <span class="xt-muted">{label}</span>
    ) : (
      <a class="xt-action" href={href(n)} hx-get={href(n)} hx-target="#xt-modal">
        {label}
      </a>
    );
  return (
    <div class="xt-mini-pager">
      <span>
        共{page.total}条，第{page.current}/{pages}页
      </span>
      {link(page.current - 1, '上一页', page.current <= 1)}
      {link(page.current + 1, '下一页', page.current >= pages)}
    </div>
  );
}

function StateInputs({ s, skip = [] }: { s: UsersState; skip?: (keyof UsersState)[] }) {
  return (
    <>
      {(['id', 'back', 'username', 'pageNo', 'keyword', 'cpage'] as const)
        .filter((k) => !skip.includes(k))
        .map((k) => (
          <input type="hidden" name={k} value={String(s[k])} />
        ))}
    </>
  );
}

async function usersView(c: Context<PageEnv>, session: PageSession, s: UsersState, flash?: Flash): Promise<Child> {
  const up = c.get('upstream');
  const asDialog = wantsDialog(c);
  const canEdit = canUse(session.permissions, 'role:user');
  const [role, members, candidates] = await Promise.all([
    loadRole(c, s.id),
    up.call<Page<UserRow>>('GET', '/sys/user/userRoleList', {
      roleId: s.id,
      username: s.username ? `*${s.username}*` : undefined,
      pageNo: s.pageNo,
      pageSize: 10,
      column: 'username',
      order: 'asc',
    }),
    canEdit
      ? up.call<Page<UserRow>>('GET', '/sys/user/userRoleCandidates', { roleId: s.id, keyword: s.keyword, pageNo: s.cpage, pageSize: 10 })
      : Promise.resolve(null),
  ]);
  if (typeof role === 'string') {
    return (
      <DialogFrame title="角色用户" back={s.back} asDialog={asDialog}>
        <Alert type="error">{role}</Alert>
      </DialogFrame>
    );
  }
  const shown = flash ?? takeFlash(c);
  const membersPage = members.body.success ? members.body.result : null;
  const candPage = candidates?.body.success ? candidates.body.result : null;
  return (
    <DialogFrame title={`角色用户 · ${role.roleName}`} back={s.back} asDialog={asDialog} width={860}>
      {shown && <Alert type={shown.type}>{shown.text}</Alert>}
      <section class="xt-dialog-section" aria-labelledby="xt-role-members">
        <h3 id="xt-role-members">已分配的用户</h3>
        <form class="xt-inline-form" method="get" action={`${ROLE_ROUTE}/users`} hx-get={`${ROLE_ROUTE}/users`} hx-target="#xt-modal" role="search">
          <StateInputs s={s} skip={['username', 'pageNo']} />
          <input class={inputClass()} name="username" value={s.username} placeholder="按用户账号查询" aria-label="按用户账号查询已分配的用户" />
          <Button htmlType="submit">查询</Button>
        </form>
        {!membersPage ? (
          <Alert type="warning">{members.body.message}</Alert>
        ) : (
          <form method="post" action={`${ROLE_ROUTE}/users/remove`} id="xt-role-members-form">
            <StateInputs s={s} />
            <table class="xt-mini-table" aria-label="已分配的用户">
              <thead>
                <tr>
                  {canEdit && (
                    <th class="xt-check-col" scope="col">
                      <span class="xt-sr">选择</span>
                    </th>
                  )}
                  <th scope="col">用户账号</th>
                  <th scope="col">用户姓名</th>
                  <th scope="col">性别</th>
                  <th scope="col">状态</th>
                  {canEdit && <th scope="col">操作</th>}
                </tr>
              </thead>
              <tbody>
                {membersPage.records.length === 0 && (
                  <tr>
                    <td colSpan={6} class="xt-muted">
                      暂无用户
                    </td>
                  </tr>
                )}
                {membersPage.records.map((u) => (
                  <tr data-row-key={u.id}>
                    {canEdit && (
                      <td class="xt-check-col">
                        <input class="xt-ct-check" type="checkbox" name="userIds" value={u.id} aria-label={`选择 ${u.username}`} />
                      </td>
                    )}
                    <td>{u.username}</td>
                    <td>{u.realname}</td>
                    <td>{u.sex_dictText ?? ''}</td>
                    <td>{u.status_dictText ?? ''}</td>
                    {canEdit && (
                      <td>
                        <button
                          type="submit"
                          class={buttonClass('link', { danger: true, size: 'small' })}
                          name="one"
                          value={u.id}
                          hx-post={`${ROLE_ROUTE}/users/remove`}
                          hx-target="#xt-modal"
                          hx-vals='{"confirmed":"1"}'
                          hx-confirm={`确定将 ${u.username} 移出此角色吗?`}
                        >
                          <span>移除</span>
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
            {canEdit && membersPage.records.length > 0 && (
              <div class="xt-inline-form" style="margin-top:8px">
                <Button htmlType="submit" danger size="small" hx-post={`${ROLE_ROUTE}/users/remove`} hx-target="#xt-modal" hx-vals='{"confirmed":"1"}' hx-confirm="是否将选中用户移出此角色?">
                  移除选中用户
                </Button>
              </div>
            )}
            <Pager page={membersPage} href={(n) => usersHref(s, { pageNo: n })} />
          </form>
        )}
      </section>
      {canEdit && (
        <section class="xt-dialog-section" aria-labelledby="xt-role-add">
          <h3 id="xt-role-add">添加用户</h3>
          <form class="xt-inline-form" method="get" action={`${ROLE_ROUTE}/users`} hx-get={`${ROLE_ROUTE}/users`} hx-target="#xt-modal" role="search">
            <StateInputs s={s} skip={['keyword', 'cpage']} />
            <input class={inputClass()} name="keyword" value={s.keyword} placeholder="输入账号或姓名搜索" aria-label="搜索要添加的用户（账号或姓名）" />
            <Button htmlType="submit">搜索</Button>
          </form>
          {!candPage ? (
            candidates && <Alert type="warning">{candidates.body.message}</Alert>
          ) : (
            <form method="post" action={`${ROLE_ROUTE}/users/add`} hx-post={`${ROLE_ROUTE}/users/add`} hx-target="#xt-modal" id="xt-role-add-form">
              <StateInputs s={s} />
              <table class="xt-mini-table" aria-label="可添加的用户">
                <thead>
                  <tr>
                    <th class="xt-check-col" scope="col">
                      <span class="xt-sr">选择</span>
                    </th>
                    <th scope="col">用户账号</th>
                    <th scope="col">用户姓名</th>
                    <th scope="col">状态</th>
                  </tr>
                </thead>
                <tbody>
                  {candPage.records.length === 0 && (
                    <tr>
                      <td colSpan={4} class="xt-muted">
                        没有可添加的用户
                      </td>
                    </tr>
                  )}
                  {candPage.records.map((u) => (
                    <tr data-row-key={u.id}>
                      <td class="xt-check-col">
                        <input class="xt-ct-check" type="checkbox" name="userIds" value={u.id} aria-label={`添加 ${u.username}`} />
                      </td>
                      <td>{u.username}</td>
                      <td>{u.realname}</td>
                      <td>{String((u as unknown as { status?: number }).status) === '2' ? '冻结' : '正常'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {candPage.records.length > 0 && (
                <>
                  <div class="xt-inline-form" style="margin-top:8px">
                    <Button type="primary" htmlType="submit" size="small">
                      添加选中用户
                    </Button>
                  </div>
                  <Pager page={candPage} href={(n) => usersHref(s, { cpage: n })} />
                </>
              )}
            </form>
          )}
        </section>
      )}
    </DialogFrame>
  );
}

export function registerRoleGrantPages(app: Hono<PageEnv>) {
  // 授权
  app.get(`${ROLE_ROUTE}/auth`, (c) => {
    const roleId = str(c.req.query('id')).slice(0, 64);
    const back = safeBack(c.req.query('back'));
    if (!roleId) return c.redirect(back);
    return rolePage(c, '授权', (session) => authView(c, session, { roleId, back }));
  });

  app.post(`${ROLE_ROUTE}/auth`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const roleId = str(form.roleId).slice(0, 64);
    const back = safeBack(form.back);
    const ids = list(form.permissionIds);
    const op = list(form.op).pop() ?? 'save';
    if (op !== 'save') {
      // Selection helpers re-render the tree without saving (they work without JavaScript too).
      return rolePage(c, '授权', async (session) => {
        let checked: Set<string> | undefined = new Set(ids);
        if (op === 'all' || op === 'none') {
          const tree = await c.get('upstream').call<{ ids: string[] }>('GET', '/sys/role/queryTreeList');
          checked = op === 'all' ? new Set(tree.body.success ? tree.body.result.ids : ids) : new Set();
        }
        return authView(c, session, { roleId, back, checked, openDepth: op === 'expand' ? Infinity : op === 'collapse' ? 0 : 1 });
      });
    }
    const res = await c.get('upstream').call<null>('POST', '/sys/permission/saveRolePermission', undefined, {
      roleId,
      permissionIds: ids.join(','),
      lastpermissionIds: str(form.lastpermissionIds),
    });
    if (res.body.success) {
      setFlash(c, { type: 'success', text: res.body.message || '保存成功！' });
      return backToList(c, back);
    }
    return rolePage(c, '授权', (session) =>
      authView(c, session, { roleId, back, checked: new Set(ids), flash: { type: 'error', text: res.body.message || '授权失败！' } }),
    );
  });

  // 数据规则 of one menu for the role
  app.get(`${ROLE_ROUTE}/datarule`, (c) => {
    const roleId = str(c.req.query('roleId')).slice(0, 64);
    const permissionId = str(c.req.query('permissionId')).slice(0, 64);
    const back = safeBack(c.req.query('back'));
    if (!roleId || !permissionId) return c.redirect(back);
    return rolePage(c, '数据规则', () => dataRuleView(c, { roleId, permissionId, back }));
  });

  app.post(`${ROLE_ROUTE}/datarule`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const roleId = str(form.roleId).slice(0, 64);
    const permissionId = str(form.permissionId).slice(0, 64);
    const back = safeBack(form.back);
    const res = await c.get('upstream').call<null>('POST', '/sys/role/datarule', undefined, { roleId, permissionId, dataRuleIds: list(form.dataRuleIds).join(',') });
    const flash: Flash = res.body.success ? { type: 'success', text: res.body.message || '保存成功!' } : { type: 'error', text: res.body.message || '保存失败' };
    const href = hrefWith(`${ROLE_ROUTE}/datarule`, { roleId, permissionId, back });
    return stayInDialog(c, href, flash, (f) => rolePage(c, '数据规则', () => dataRuleView(c, { roleId, permissionId, back, flash: f })));
  });

  // 用户
  app.get(`${ROLE_ROUTE}/users`, (c) => {
    const s = readUsersState(c.req.query());
    if (!s.id) return c.redirect(s.back);
    return rolePage(c, '用户', (session) => usersView(c, session, s));
  });

  const change = (kind: 'add' | 'remove') => async (c: Context<PageEnv>) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const s = readUsersState(form);
    const one = str(form.one);
    const ids = (one ? [one] : list(form.userIds)).flatMap((x) => x.split(',')).map((x) => x.trim()).filter(Boolean);
    if (kind === 'remove' && ids.length && form.confirmed !== '1') {
      // Without JavaScript the confirmation is a page of its own (htmx asks with hx-confirm).
      return rolePage(c, '用户', () => (
        <ConfirmView
          title="移除用户"
          text={ids.length > 1 ? `是否将选中的 ${ids.length} 个用户移出此角色?` : '确定将该用户移出此角色吗?'}
          action={`${ROLE_ROUTE}/users/remove`}
          hidden={{ id: s.id, back: s.back, username: s.username, pageNo: String(s.pageNo), keyword: s.keyword, cpage: String(s.cpage), userIds: ids.join(',') }}
          back={usersHref(s)}
        />
      ));
    }
    let flash: Flash;
    if (!ids.length) flash = { type: 'warning', text: '请选择用户' };
    else {
      const up = c.get('upstream');
      const res =
        kind === 'add'
          ? await up.call<null>('POST', '/sys/user/addSysUserRole', undefined, { roleId: s.id, userIdList: ids })
          : ids.length === 1
            ? await up.call<null>('DELETE', '/sys/user/deleteUserRole', { roleId: s.id, userId: ids[0] })
            : await up.call<null>('DELETE', '/sys/user/deleteUserRoleBatch', { roleId: s.id, userIds: `${ids.join(',')},` });
      flash = res.body.success
        ? { type: 'success', text: kind === 'add' ? `已添加 ${ids.length} 个用户` : `已移除 ${ids.length} 个用户` }
        : { type: 'error', text: res.body.message || '操作失败' };
    }
    return stayInDialog(c, usersHref(s), flash, (f) => rolePage(c, '用户', (session) => usersView(c, session, s, f)));
  };
  app.post(`${ROLE_ROUTE}/users/add`, change('add'));
  app.post(`${ROLE_ROUTE}/users/remove`, change('remove'));
}
