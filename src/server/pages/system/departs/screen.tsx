// 班级管理's screen: the department tree on the left (search, add root / add child, delete), the selected
// department on the right with its summary and the tab strip; each tab renders from its own file.
import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import { canUse } from '../../../resources/auth.js';
import { DEPART_TABS, type DepartTab } from '../../../resources/departs.js';
import { hrefWith, type Query } from '../../../resources/url-state.js';
import { Alert, buttonClass, cx, LinkButton, Tag } from '../../../../templates/antd.js';
import { pathTo } from '../../../../templates/list/depart-tree.js';
import { TreeLayout, TreePanel } from '../../../../templates/list/tree-panel.js';
import { dialogAttrs, navAttrs } from '../../../../templates/list/list-view.js';
import type { PageEnv, PageSession } from '../../context.js';
import { takeFlash } from '../../flash.js';
import { coursesTab } from '../depart-courses.js';
import { infoTab, type InfoOverride } from './info-tab.js';
import { membersTab } from './members-tab.js';
import { permsTab } from './perms-tab.js';
import { rolesTab } from './roles-tab.js';
import { departApi } from '../../../contracts/departs.js';
import { CATEGORY_COLOR, CATEGORY_LABEL, loadTree, R, screenHref } from './shared.js';

export async function screen(c: Context<PageEnv>, session: PageSession, q: Query, info?: InfoOverride): Promise<Child> {
  const up = c.get('upstream');
  const can = (code: string | undefined) => canUse(session.permissions, code);
  const keyword = (q.q ?? '').trim().slice(0, 100);
  const id = q.id ?? '';
  const [tree, search, detail] = await Promise.all([
    loadTree(up, session),
    keyword ? up.send(departApi.searchBy, { query: { keyWord: keyword } }) : null,
    id ? up.send(departApi.queryById, { query: { id } }) : null,
  ]);
  const selected = detail?.body.success ? detail.body.result : undefined;
  const tabs = DEPART_TABS.filter((t) => can(t.perm));
  const tab: DepartTab | undefined = tabs.find((t) => t.key === q.tab)?.key ?? tabs[0]?.key;
  const flash = takeFlash(c);
  const openPath = new Set(selected ? pathTo(tree.nodes, selected.id) : []);

  const here = { id, tab: q.tab ?? '' };
  const left = (
    <TreePanel
      title={session.user.abilities.allDeparts ? '组织机构' : '我负责的部门'}
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
            {can('depart:add') && session.user.abilities.allDeparts && (
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
      empty={session.user.abilities.allDeparts ? '暂无部门，请先添加一级部门' : '您没有负责的班级'}
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
