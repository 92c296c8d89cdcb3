// 职务管理 (/isystem/position): the declared list with its add/edit form; and 通讯录 (/isystem/addressList): the
// department tree on the left (the caller's scope), the people of the selected department and its
// sub-departments on the right, searchable by name and 工号. Data goes through the upstream client only.
import type { Hono } from 'hono';
import { ADDRESS_LIST_ROUTE, addressList, positionForm, positionsList } from '../../resources/positions.js';
import { hrefWith } from '../../resources/url-state.js';
import { LinkButton } from '../../../templates/antd.js';
import { pathTo } from '../../../templates/list/depart-tree.js';
import { navAttrs } from '../../../templates/list/list-view.js';
import { TreePanel } from '../../../templates/list/tree-panel.js';
import { departApi, type DepartTreeNode } from '../../contracts/departs.js';
import type { PageEnv } from '../context.js';
import { registerListPage } from '../list-page.js';
import { findInTree } from '../../shared/tree.js';

/** The node with this org code, anywhere in the tree. */
const byOrgCode = (nodes: DepartTreeNode[], code: string) => findInTree(nodes, (n) => n.orgCode === code);

export function registerPositionPages(app: Hono<PageEnv>) {
  registerListPage(app, { spec: positionsList, form: positionForm });

  registerListPage(app, {
    spec: addressList,
    aside: async (c, session, state) => {
      const res = await c.get('upstream').send(departApi.treeList);
      const nodes = res.body.success ? (res.body.result ?? []) : [];
      const selected = state.orgCode ? byOrgCode(nodes, state.orgCode) : undefined;
      const openPath = new Set(selected ? pathTo(nodes, selected.key) : []);
      // Choosing a department keeps the name / 工号 search and starts at page one.
      const keep = { realname: state.realname ?? '', workNo: state.workNo ?? '' };
      return (
        <TreePanel
          title="组织机构"
          label="部门树"
          treeLabel="部门"
          actions={state.orgCode ? <LinkButton {...navAttrs(hrefWith(ADDRESS_LIST_ROUTE, keep))}>显示全部人员</LinkButton> : undefined}
          error={res.body.success ? undefined : res.body.message}
          nodes={nodes}
          selected={selected?.key}
          href={(n) => hrefWith(ADDRESS_LIST_ROUTE, { ...keep, orgCode: n.orgCode })}
          open={openPath.size ? new Set([...openPath, ...nodes.map((n) => n.key)]) : undefined}
          empty={session.user.abilities.allDeparts ? '暂无部门' : '您没有负责的班级'}
        />
      );
    },
  });
}
