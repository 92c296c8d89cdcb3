// 角色管理 → 用户: the role's users (search, page, remove) and the users to add (search, page, add).
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { canUse } from '../../../resources/auth.js';
import { ROLE_ROUTE } from '../../../resources/permissions.js';
import { hrefWith } from '../../../resources/url-state.js';
import { Alert, Button, buttonClass, inputClass } from '../../../../templates/antd.js';
import { roleGrantApi } from '../../../contracts/roles.js';
import { ConfirmView } from '../../../../templates/list/form-view.js';
import { DialogFrame } from '../../../../templates/list/tree.js';
import type { Page } from '../../../upstream/client.js';
import type { PageEnv, PageSession } from '../../context.js';
import { takeFlash, wantsDialog } from '../../list-page.js';
import { type Flash, list, loadRole, rolePage, safeBack, stayInDialog, str } from './shared.js';

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
    up.send(roleGrantApi.users, { query: {
      roleId: s.id,
      username: s.username ? `*${s.username}*` : undefined,
      pageNo: s.pageNo,
      pageSize: 10,
      column: 'username',
      order: 'asc',
    } }),
    canEdit
      ? up.send(roleGrantApi.userCandidates, { query: { roleId: s.id, keyword: s.keyword, pageNo: s.cpage, pageSize: 10 } })
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

export function registerRoleUserPages(app: Hono<PageEnv>) {
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
          ? await up.send(roleGrantApi.addUsers, { body: { roleId: s.id, userIdList: ids } })
          : ids.length === 1
            ? await up.send(roleGrantApi.removeUser, { query: { roleId: s.id, userId: ids[0] } })
            : await up.send(roleGrantApi.removeUsers, { query: { roleId: s.id, userIds: `${ids.join(',')},` } });
      flash = res.body.success
        ? { type: 'success', text: kind === 'add' ? `已添加 ${ids.length} 个用户` : `已移除 ${ids.length} 个用户` }
        : { type: 'error', text: res.body.message || '操作失败' };
    }
    return stayInDialog(c, usersHref(s), flash, (f) => rolePage(c, '用户', (session) => usersView(c, session, s, f)));
  };
  app.post(`${ROLE_ROUTE}/users/add`, change('add'));
  app.post(`${ROLE_ROUTE}/users/remove`, change('remove'));
}
