// /teaching/menu: the public site's navigation (teaching_menu). getUserMenu is public (the site header);
// 前台菜单管理 reads need the menu of /teaching/menu, writes the admin-only menu:* codes.
// need_login rows are sent to everyone: they are links to pages that check the login themselves, and the
// public layout leaves them out for visitors.
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { frontMenuApi } from '../../contracts/front-menu.js';
import {
  allFrontMenuRows,
  deleteFrontMenuCascade,
  frontMenu,
  frontMenuNode,
  frontMenuTree,
  type FrontMenuRow,
} from '../../domain/front-menu.js';
import { newId } from '../../domain/ids.js';
import { refreshLeaf, subtreeIds } from '../../domain/permission-tree.js';
import { now } from '../../domain/time.js';
import { FRONT_MENU_ICON_RE, FRONT_MENU_KEYS, FRONT_MENU_PERMS, FRONT_MENU_ROUTE, FRONT_MENU_URL_RE, frontMenuFields } from '../../resources/front-menu.js';
import { adminOnly, menu, PUBLIC, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok, queryParams } from '../envelope.js';
import { idList } from '../list-query.js';
import { mapTree } from '../../shared/tree.js';

const ID_MAX = 64;

const menuBody = frontMenuFields.schema(FRONT_MENU_KEYS);
type MenuBody = z.infer<typeof menuBody>;

type Draft = Pick<
  FrontMenuRow,
  'parent_id' | 'name' | 'url' | 'menu_type' | 'sort_no' | 'icon' | 'description' | 'hidden' | 'is_route' | 'need_login' | 'internal_or_external'
>;
type Checked = { ok: true; draft: Draft } | { ok: false; field: string; message: string };

/** Normalises the body and checks it against the tree; `self` is the row being edited. */
function checkMenu(body: MenuBody, rows: FrontMenuRow[], self?: FrontMenuRow): Checked {
  const bad = (field: string, message: string): Checked => ({ ok: false, field, message });
  let parentId = '';
  const menuType = Number(body.menuType);
  if (menuType === 1) {
    const pid = (body.parentId ?? '').trim();
    if (!pid) return bad('parentId', '请选择上级菜单');
    if (!rows.some((r) => r.id === pid)) return bad('parentId', '上级菜单不存在');
    if (self && subtreeIds(rows, self.id).has(pid)) return bad('parentId', '上级菜单不能是自己或自己的下级');
    parentId = pid;
  }
  const url = body.url ?? '';
  if (url && !FRONT_MENU_URL_RE.test(url)) return bad('url', '菜单路径格式不正确，应以 / 开头或为 http(s):// 链接');
  const icon = body.icon || null;
  if (icon && !FRONT_MENU_ICON_RE.test(icon)) return bad('icon', '图标名称只能包含字母、数字和横线');
  const keep = (v: number | null | undefined, old: number | undefined, dflt: number) => v ?? old ?? dflt;
  return {
    ok: true,
    draft: {
      parent_id: parentId,
      name: body.name,
      url,
      menu_type: menuType,
      sort_no: body.sortNo ?? self?.sort_no ?? 0,
      icon,
      description: body.description == null ? (self?.description ?? null) : body.description || null,
      hidden: keep(body.hidden, self?.hidden, 0),
      is_route: keep(body.route, self?.is_route, 1),
      need_login: keep(body.needLogin, self?.need_login, 0),
      internal_or_external: keep(body.internalOrExternal, self?.internal_or_external, 0),
    },
  };
}

const requiredId = (label: string) => z.string({ message: `${label}不能为空` }).trim().min(1, `${label}不能为空`).max(ID_MAX, '未找到对应实体');

/** The anchor's TreeModel for tree selects. */
const treeModel = (r: FrontMenuRow) => ({
  key: r.id,
  title: r.name,
  slotTitle: r.name,
  value: r.id,
  label: r.name,
  icon: r.icon ?? null,
  parentId: r.parent_id ?? '',
  isLeaf: r.is_leaf === 1,
});
type TreeModel = ReturnType<typeof treeModel> & { children?: TreeModel[] };
/** The admin tree's shape (frontMenuTree), as tree-select models. */
function treeModels(rows: FrontMenuRow[]): TreeModel[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return mapTree(frontMenuTree(rows), (n, children: TreeModel[]) => ({ ...treeModel(byId.get(n.id)!), ...(children.length ? { children } : {}) }));
}

export function registerTeachingMenuRoutes(r: ApiRoutes) {
  const read = menu(FRONT_MENU_ROUTE);
  const rowsOf = (c: Context<ApiEnv>) => allFrontMenuRows(c.get('deps').db);

  r.get('/teaching/menu/getUserMenu', PUBLIC, async (c) => ok(c, await frontMenu(c.get('deps').db), '操作成功！', 200));

  // ---- reads (the admin screen and its tree selects) ------------------------------------------------------

  r.at(frontMenuApi.list, read, async (c) => ok(c, frontMenuTree(await rowsOf(c)), '操作成功！', 0));

  r.at(frontMenuApi.queryById, read, async (c) => {
    const id = (c.req.query('id') ?? '').slice(0, ID_MAX);
    const row = (await rowsOf(c)).find((x) => x.id === id);
    return row ? ok(c, frontMenuNode(row), '操作成功！', 0) : fail(c, '未找到对应实体');
  });

  r.get('/teaching/menu/getSystemMenuList', read, async (c) => {
    const rows = (await rowsOf(c)).filter((x) => !x.parent_id);
    return ok(c, rows.map(frontMenuNode), '操作成功！', 0);
  });

  r.get('/teaching/menu/getSystemSubmenu', read, async (c) => {
    const q = queryParams(c, z.object({ parentId: requiredId('上级菜单ID') }));
    if (!q.ok) return q.response;
    const rows = (await rowsOf(c)).filter((x) => x.parent_id === q.data.parentId);
    return ok(c, rows.map(frontMenuNode), '操作成功！', 0);
  });

  r.get('/teaching/menu/getSystemSubmenuBatch', read, async (c) => {
    const ids = idList(c.req.query('parentIds'), 200);
    if (!ids.length) return fail(c, '批量查询子菜单失败：请指定上级菜单');
    const rows = await rowsOf(c);
    const out: Record<string, ReturnType<typeof frontMenuNode>[]> = {};
    for (const id of ids) out[id] = rows.filter((x) => x.parent_id === id).map(frontMenuNode);
    return ok(c, out, '成功', 200);
  });

  r.get('/teaching/menu/queryTreeList', read, async (c) => {
    const rows = await rowsOf(c);
    return ok(c, { treeList: treeModels(rows), ids: rows.map((x) => x.id) }, '操作成功！', 0);
  });

  r.get('/teaching/menu/queryListAsync', read, async (c) => {
    const pid = (c.req.query('pid') ?? '').trim().slice(0, ID_MAX);
    const rows = (await rowsOf(c)).filter((x) => (x.parent_id ?? '') === pid);
    return ok(c, rows.map(treeModel), '操作成功！', 0);
  });

  // ---- writes -----------------------------------------------------------------------------------------------

  r.at(frontMenuApi.add, adminOnly(FRONT_MENU_PERMS.add), async (c) => {
    const body = await jsonBody(c, menuBody);
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const checked = checkMenu(body.data, await allFrontMenuRows(db));
    if (!checked.ok) return fieldFail(c, checked.field, checked.message);
    const id = newId();
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('teaching_menu')
        .values({ ...checked.draft, id, is_leaf: 1, del_flag: 0, create_by: c.get('user')!.username, create_time: now() })
        .execute();
      if (checked.draft.parent_id) await tx.updateTable('teaching_menu').set({ is_leaf: 0 }).where('id', '=', checked.draft.parent_id).execute();
    });
    return ok(c, { id }, '添加成功！', 200);
  });

  r.at(frontMenuApi.edit, adminOnly(FRONT_MENU_PERMS.edit), async (c) => {
    const body = await jsonBody(c, menuBody.extend({ id: requiredId('id') }));
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const rows = await allFrontMenuRows(db);
    const self = rows.find((x) => x.id === body.data.id);
    if (!self) return fail(c, '未找到对应实体');
    const checked = checkMenu(body.data, rows, self);
    if (!checked.ok) return fieldFail(c, checked.field, checked.message);
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('teaching_menu')
        .set({ ...checked.draft, update_by: c.get('user')!.username, update_time: now() })
        .where('id', '=', self.id)
        .execute();
      if (checked.draft.parent_id) await tx.updateTable('teaching_menu').set({ is_leaf: 0 }).where('id', '=', checked.draft.parent_id).execute();
      if (self.parent_id && self.parent_id !== checked.draft.parent_id) await refreshLeaf(tx, self.parent_id, 'teaching_menu');
    });
    return ok(c, null, '编辑成功!', 200);
  });

  const deleteMany = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '请选择要删除的菜单');
    const { db } = c.get('deps');
    const rows = await allFrontMenuRows(db);
    if (rows.filter((x) => ids.includes(x.id)).length !== new Set(ids).size) return fail(c, '未找到对应实体');
    await db.transaction().execute((tx) => deleteFrontMenuCascade(tx, rows, ids));
    return ok(c, null, '删除成功!', 200);
  };
  r.at(frontMenuApi.delete, adminOnly(FRONT_MENU_PERMS.del), (c) => deleteMany(c, idList(c.req.query('id'), 1)));
  r.at(frontMenuApi.deleteBatch, adminOnly(FRONT_MENU_PERMS.del), (c) => deleteMany(c, idList(c.req.query('ids'), 500)));
}
