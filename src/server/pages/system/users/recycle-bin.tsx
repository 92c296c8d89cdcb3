// 用户管理 → 回收站: deleted users, 还原 and 彻底删除 (confirmed).
import type { Hono } from 'hono';
import { userAdminApi, type UserRecord } from '../../../contracts/users.js';
import { canUse } from '../../../resources/auth.js';
import { hrefWith } from '../../../resources/url-state.js';
import { Alert, buttonClass, cx, LinkButton } from '../../../../templates/antd.js';
import { ConfirmView } from '../../../../templates/list/form-view.js';
import { navAttrs } from '../../../../templates/list/list-view.js';
import type { PageEnv } from '../../context.js';
import { backToList, setFlash, takeFlash } from '../../list-page.js';
import { shellPage } from '../../shell-page.js';
import { expired, first, ids, RECYCLE, route, str, STYLE } from './shared.js';

function RecycleBinView({ users, error, flash }: { users: UserRecord[]; error?: string; flash?: { type: 'success' | 'error' | 'warning'; text: string } }) {
  const form = 'xt-bin-form';
  const act = (key: 'restore' | 'purge', u: UserRecord) => (
    <a
      href={hrefWith(`${RECYCLE}/${key}`, { ids: u.id })}
      class={cx('xt-action', key === 'purge' && 'xt-action-danger')}
      hx-post={`${RECYCLE}/${key}`}
      hx-vals={JSON.stringify({ ids: u.id, confirmed: '1' })}
      hx-target="#content"
      hx-confirm={key === 'restore' ? `确定还原用户“${u.realname || u.username}”吗?` : `确定彻底删除用户“${u.realname || u.username}”吗？此操作不可恢复!`}
    >
      {key === 'restore' ? '还原' : '彻底删除'}
    </a>
  );
  return (
    <section class="ant-card ant-card-bordered app xt-list xt-bin">
      <style>{STYLE}</style>
      <link rel="stylesheet" href="/static/css/list.css" />
      <div class="ant-card-body">
        {flash && <Alert type={flash.type}>{flash.text}</Alert>}
        <div class="xt-bin-head">
          <h2>用户回收站</h2>
          <div class="xt-bin-tools">
            {!error && users.length > 0 && (
              <>
                <button type="submit" form={form} formaction={`${RECYCLE}/restore`} class={buttonClass('default')} hx-post={`${RECYCLE}/restore`} hx-include={`#${form}`} hx-target="#content" hx-vals='{"confirmed":"1"}' hx-confirm="确定还原选中的用户吗?">
                  <span>还原选中</span>
                </button>
                <button type="submit" form={form} formaction={`${RECYCLE}/purge`} class={buttonClass('default', { danger: true })} hx-post={`${RECYCLE}/purge`} hx-include={`#${form}`} hx-target="#content" hx-vals='{"confirmed":"1"}' hx-confirm="确定彻底删除选中的用户吗？此操作不可恢复!">
                  <span>彻底删除选中</span>
                </button>
              </>
            )}
            <LinkButton {...navAttrs(route)}>返回用户列表</LinkButton>
          </div>
        </div>
        {error ? (
          <Alert type="warning">{error}</Alert>
        ) : (
          <form id={form} method="post" action={`${RECYCLE}/restore`}>
            <table>
              <thead>
                <tr>
                  <th class="xt-index">
                    <span class="xt-sr">选择</span>
                  </th>
                  <th>用户账号</th>
                  <th>真实姓名</th>
                  <th>班级</th>
                  <th>角色</th>
                  <th>删除人</th>
                  <th>删除时间</th>
                  <th>操作</th>
                </tr>
              </thead>
              <tbody>
                {users.length === 0 && (
                  <tr>
                    <td colSpan={8}>
                      <div class="ant-empty ant-empty-normal app xt-empty">回收站是空的</div>
                    </td>
                  </tr>
                )}
                {users.map((u, i) => (
                  <tr data-row-key={u.id}>
                    <td class="xt-index">
                      <input type="checkbox" name="ids" value={u.id} aria-label={`选择第${i + 1}行`} />
                    </td>
                    <td>{u.username}</td>
                    <td>{u.realname}</td>
                    <td>{str(u.orgCodeTxt)}</td>
                    <td>{str(u.roleTxt)}</td>
                    <td>{str(u.updateBy)}</td>
                    <td>{str(u.updateTime)}</td>
                    <td class="xt-row-actions">
                      {act('restore', u)}
                      <span class="ant-divider ant-divider-vertical app" role="separator" />
                      {act('purge', u)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </form>
        )}
      </div>
    </section>
  );
}

export function registerRecycleBinPages(app: Hono<PageEnv>) {
  app.get(RECYCLE, (c) =>
    shellPage(c, { current: route, title: '用户回收站' }, async (session) => {
      if (!canUse(session.permissions, 'user:recycle')) return <RecycleBinView users={[]} error="没有权限，请联系管理员授权" />;
      const res = await c.get('upstream').send(userAdminApi.recycleBin);
      return <RecycleBinView users={res.body.success ? res.body.result : []} error={res.body.success ? undefined : res.body.message} flash={takeFlash(c)} />;
    }),
  );
  for (const key of ['restore', 'purge'] as const) {
    const label = key === 'restore' ? '还原' : '彻底删除';
    app.get(`${RECYCLE}/${key}`, (c) => {
      const chosen = ids(c.req.query('ids'));
      if (!chosen.length) return c.redirect(RECYCLE);
      return shellPage(c, { current: route, title: '用户回收站' }, () => (
        <ConfirmView title={`${label}用户`} text={`确定${label}选中的 ${chosen.length} 个用户吗?${key === 'purge' ? '此操作不可恢复!' : ''}`} action={`${RECYCLE}/${key}`} hidden={{ ids: chosen.join(',') }} back={RECYCLE} />
      ));
    });
    app.post(`${RECYCLE}/${key}`, async (c) => {
      const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
      const chosen = ids(form.ids);
      if (!chosen.length) {
        setFlash(c, { type: 'warning', text: '请选择一条记录！' });
        return backToList(c, RECYCLE);
      }
      if (first(form.confirmed) !== '1') {
        return shellPage(c, { current: route, title: '用户回收站' }, () => (
          <ConfirmView title={`${label}用户`} text={`确定${label}选中的 ${chosen.length} 个用户吗?`} action={`${RECYCLE}/${key}`} hidden={{ ids: chosen.join(',') }} back={RECYCLE} />
        ));
      }
      const up = c.get('upstream');
      const res =
        key === 'restore'
          ? await up.send(userAdminApi.restore, { body: { userIds: chosen.join(',') } })
          : await up.send(userAdminApi.purge, { query: { userIds: `${chosen.join(',')},` } });
      if (expired(res)) return c.redirect('/user/login', 303);
      setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '操作成功' : '操作失败') });
      return backToList(c, RECYCLE);
    });
  }
}
