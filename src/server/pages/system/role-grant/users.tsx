// 角色管理 → 用户: the role's users (the sub-list roleUsers: search, sort, page, 移除 one or many) and the users to
// add (search, page, add).
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { canUse } from '../../../resources/auth.js';
import { ROLE_ROUTE, roleUsers } from '../../../resources/permissions.js';
import { hrefWith, type Query } from '../../../resources/url-state.js';
import { Alert, Button, inputClass } from '../../../../templates/antd.js';
import { roleGrantApi } from '../../../contracts/roles.js';
import { SubList } from '../../../../templates/list/sub-list.js';
import { DialogFrame } from '../../../../templates/list/dialog-frame.js';
import { Pager } from '../../../../templates/pager.js';
import type { PageEnv, PageSession } from '../../context.js';
import { wantsDialog } from '../../list-page.js';
import { takeFlash } from '../../flash.js';
import { loadSubList, registerSubListAction } from '../../sub-list.js';
import { type Flash, list, loadRole, rolePage, safeBack, stayInDialog, str } from './shared.js';

/** The dialog's whole state: the role and where 关闭 leads, the users' sub-list, and the search of users to add. */
const readQuery = (q: Record<string, unknown>): Query => {
  const out: Query = {};
  for (const [k, v] of Object.entries(q)) if (typeof v === 'string' && v) out[k] = v.slice(0, 200);
  if (!out.id && out.roleId) out.id = out.roleId;
  delete out.roleId;
  out.back = safeBack(out.back);
  return out;
};

const queryOf = (href: string): Query => readQuery(Object.fromEntries(new URL(href, 'http://x').searchParams));

const usersHref = (q: Query, over: Record<string, string | undefined> = {}) => hrefWith(roleUsers.route, q, over);

function HiddenInputs({ q, skip = [] }: { q: Query; skip?: string[] }) {
  return (
    <>
      {Object.entries(q)
        .filter(([k]) => !skip.includes(k))
        .map(([k, v]) => (
          <input type="hidden" name={k} value={v} />
        ))}
    </>
  );
}

async function usersView(c: Context<PageEnv>, session: PageSession, q: Query, flash?: Flash): Promise<Child> {
  const up = c.get('upstream');
  const asDialog = wantsDialog(c);
  const can = (code: string | undefined) => canUse(session.permissions, code);
  const canEdit = can('role:user');
  const keyword = q.keyword ?? '';
  const cpage = Math.max(1, Number.parseInt(q.cpage ?? '', 10) || 1);
  const [role, members, candidates] = await Promise.all([
    loadRole(c, q.id ?? ''),
    loadSubList(c, roleUsers, { query: q }),
    canEdit ? up.send(roleGrantApi.userCandidates, { query: { roleId: q.id ?? '', keyword, pageNo: cpage, pageSize: 10 } }) : Promise.resolve(null),
  ]);
  const back = q.back ?? safeBack('');
  if (typeof role === 'string') {
    return (
      <DialogFrame title="角色用户" back={back} asDialog={asDialog}>
        <Alert type="error">{role}</Alert>
      </DialogFrame>
    );
  }
  const shown = flash ?? takeFlash(c);
  const candPage = candidates?.body.success ? candidates.body.result : null;
  const here = { ...q, ...members.scope, ...members.state };
  return (
    <DialogFrame title={`角色用户 · ${role.roleName}`} back={back} asDialog={asDialog} width={860}>
      {shown && <Alert type={shown.type}>{shown.text}</Alert>}
      <section class="xt-dialog-section" aria-labelledby="xt-role-members">
        <h3 id="xt-role-members">已分配的用户</h3>
        <SubList spec={roleUsers} placement="dialog" {...members} can={can} />
      </section>
      {canEdit && (
        <section class="xt-dialog-section" aria-labelledby="xt-role-add">
          <h3 id="xt-role-add">添加用户</h3>
          <form class="xt-inline-form" method="get" action={roleUsers.route} hx-get={roleUsers.route} hx-target="#xt-modal" role="search">
            <HiddenInputs q={here} skip={['keyword', 'cpage']} />
            <input class={inputClass()} name="keyword" value={keyword} placeholder="输入账号或姓名搜索" aria-label="搜索要添加的用户（账号或姓名）" />
            <Button htmlType="submit">搜索</Button>
          </form>
          {!candPage ? (
            candidates && <Alert type="warning">{candidates.body.message}</Alert>
          ) : (
            <form method="post" action={`${ROLE_ROUTE}/users/add`} hx-post={`${ROLE_ROUTE}/users/add`} hx-target="#xt-modal" id="xt-role-add-form">
              <HiddenInputs q={here} />
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
                  <Pager
                    total={candPage.total}
                    current={candPage.current}
                    size={candPage.size}
                    sizes={false}
                    href={(n) => usersHref(here, { cpage: n > 1 ? String(n) : undefined })}
                    linkAttrs={(href) => ({ 'hx-get': href, 'hx-target': '#xt-modal' })}
                  />
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
  app.get(roleUsers.route, (c) => {
    const q = readQuery(c.req.query());
    if (!q.id) return c.redirect(q.back);
    return rolePage(c, '用户', (session) => usersView(c, session, q));
  });

  /** After a change: htmx re-renders the dialog with the answer; a plain form goes back to the dialog's page. */
  const answer = (c: Context<PageEnv>, flash: Flash, href: string) => {
    const q = queryOf(href);
    return stayInDialog(c, usersHref(q), flash, (f) => rolePage(c, '用户', (session) => usersView(c, session, q, f)));
  };

  app.post(`${ROLE_ROUTE}/users/add`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const q = readQuery(Object.fromEntries(Object.entries(form).filter(([k]) => k !== 'userIds').map(([k, v]) => [k, str(Array.isArray(v) ? v[0] : v)])));
    const ids = list(form.userIds).flatMap((x) => x.split(',')).map((x) => x.trim()).filter(Boolean);
    if (!ids.length) return answer(c, { type: 'warning', text: '请选择用户' }, usersHref(q));
    const res = await c.get('upstream').send(roleGrantApi.addUsers, { body: { roleId: q.id ?? '', userIdList: ids } });
    return answer(c, res.body.success ? { type: 'success', text: `已添加 ${ids.length} 个用户` } : { type: 'error', text: res.body.message || '操作失败' }, usersHref(q));
  });

  registerSubListAction(app, {
    spec: roleUsers,
    key: 'remove',
    screen: { current: ROLE_ROUTE, title: '角色管理 · 用户' },
    noneChosen: '请选择用户',
    confirm: (_c, ids) => ({ title: '移除用户', text: ids.length > 1 ? `是否将选中的 ${ids.length} 个用户移出此角色?` : '确定将该用户移出此角色吗?' }),
    call: (up, ids, scope) =>
      ids.length === 1
        ? up.send(roleGrantApi.removeUser, { query: { roleId: scope.id ?? '', userId: ids[0] } })
        : up.send(roleGrantApi.removeUsers, { query: { roleId: scope.id ?? '', userIds: `${ids.join(',')},` } }),
    result: (res, ids) => (res.success ? { type: 'success', text: `已移除 ${ids.length} 个用户` } : { type: 'error', text: res.message || '操作失败' }),
    done: answer,
  });
}
