// 班级管理 → 成员: the department's direct members (search, page), finding and adding users, removing members
// (one or many), 清空班级, and per member their department roles.
import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import { canUse } from '../../../resources/auth.js';
import { departMembersList } from '../../../resources/departs.js';
import { hrefWith, type Query } from '../../../resources/url-state.js';
import { Alert, Button, buttonClass, inputClass, LinkButton, TableFrame } from '../../../../templates/antd.js';
import { dialogAttrs, navAttrs, Pager } from '../../../../templates/list/list-view.js';
import type { PageEnv, PageSession } from '../../context.js';
import { departMemberApi, type DepartDetail, type DepartMemberRow } from '../../../contracts/departs.js';
import { R, screenHref, str } from './shared.js';

export async function membersTab(c: Context<PageEnv>, session: PageSession, d: DepartDetail, q: Query): Promise<Child> {
  const up = c.get('upstream');
  const can = (code: string | undefined) => canUse(session.permissions, code);
  const base = { id: d.id, tab: 'members' };
  const filters: Query = {};
  for (const k of ['username', 'realname']) if (q[k]?.trim()) filters[k] = q[k].trim().slice(0, 50);
  const state: Query = { ...base, ...filters, ...(q.pageNo ? { pageNo: q.pageNo } : {}), ...(q.pageSize ? { pageSize: q.pageSize } : {}) };
  const wild = (v: string) => (v.includes('*') ? v : `*${v}*`);
  const addKeyword = (q.add ?? '').trim().slice(0, 50);
  const [res, candidates] = await Promise.all([
    up.send(departMemberApi.list, {
      query: {
        depId: d.id,
        ...(filters.username ? { username: wild(filters.username) } : {}),
        ...(filters.realname ? { realname: wild(filters.realname) } : {}),
        column: 'username',
        order: 'asc',
        pageNo: q.pageNo ?? 1,
        pageSize: q.pageSize ?? 10,
      },
    }),
    addKeyword && can('depart:member') ? up.send(departMemberApi.candidates, { query: { depId: d.id, keyWord: addKeyword } }) : null,
  ]);
  const here = screenHref(state);
  const mayRemove = can('depart:member');
  const mayRoles = can('depart:role');
  const cols = departMembersList.columns.filter((col) => col.list !== false);
  // The API lets a teacher remove students only; the page does not offer the others.
  const removable = (r: DepartMemberRow) => r.canRemove;
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
