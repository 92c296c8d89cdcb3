// 班级管理 → 成员: the department's direct members (the sub-list departMembers: search, sort, page, 部门角色, 移出
// one or many), finding and adding users, and 清空班级.
import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import { canUse } from '../../../resources/auth.js';
import { departMembers } from '../../../resources/departs.js';
import { hrefWith, type Query } from '../../../resources/url-state.js';
import { Alert, Button, buttonClass, inputClass, LinkButton } from '../../../../templates/antd.js';
import { dialogAttrs, navAttrs } from '../../../../templates/list/list-view.js';
import { SubList } from '../../../../templates/list/sub-list.js';
import type { PageEnv, PageSession } from '../../context.js';
import { loadSubList } from '../../sub-list.js';
import { departMemberApi, type DepartDetail } from '../../../contracts/departs.js';
import { R, screenHref, str } from './shared.js';

export async function membersTab(c: Context<PageEnv>, session: PageSession, d: DepartDetail, q: Query): Promise<Child> {
  const up = c.get('upstream');
  const can = (code: string | undefined) => canUse(session.permissions, code);
  const base = { id: d.id, tab: 'members' };
  const addKeyword = (q.add ?? '').trim().slice(0, 50);
  const [members, candidates] = await Promise.all([
    loadSubList(c, departMembers),
    addKeyword && can('depart:member') ? up.send(departMemberApi.candidates, { query: { depId: d.id, keyWord: addKeyword } }) : null,
  ]);

  const toolbar = can('depart:member') && (
    <>
      <form method="get" action={R} hx-get={R} hx-target="#content" hx-push-url="true" class="xt-add-member" role="search" aria-label="添加成员">
        <input type="hidden" name="id" value={d.id} />
        <input type="hidden" name="tab" value="members" />
        <input class={inputClass()} name="add" value={addKeyword} placeholder="输入账号或姓名查找用户" aria-label="查找要添加的用户" maxlength={50} />
        <Button type="primary" htmlType="submit">查找并添加</Button>
      </form>
      <a class={buttonClass('default', { danger: true })} {...dialogAttrs(hrefWith(`${R}/members/clear`, { id: d.id }))}>
        <span>{d.orgCategory === '3' ? '清空班级' : '清空成员'}</span>
      </a>
    </>
  );

  return (
    <div class="xt-members">
      <SubList spec={departMembers} placement="tab" {...members} scope={{ ...members.scope, ...base }} can={can} toolbar={toolbar || undefined}>
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
      </SubList>
    </div>
  );
}
