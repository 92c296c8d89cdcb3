// /sys/category: 分类字典 — the coded category tree (sys_category). The list screen reads it flat in code
// order; the select components read it as TreeSelectModel trees (loadTreeRoot / loadTreeChildren) or as
// {value, text} lists (loadAllData). Writes keep the tree sound: the parent exists and is not the node or
// below it, a code starts with the parent's and is unique, a node with children is not deleted and does not
// change its code (its children's codes start with it). Any logged-in user may read the tree through the
// select helpers (Scratch素材库's tags live under A03); the list and the writes need the screen's codes.
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import {
  allCategories,
  categoryValue,
  depths,
  nextCode,
  refreshHasChild,
  ROOT_PID,
  subtreeIds,
  treeNodes,
  type Category,
} from '../../domain/categories.js';
import { isUniqueViolation } from '../../db/errors.js';
import { newId } from '../../domain/ids.js';
import { now } from '../../domain/time.js';
import { categoriesList, CATEGORY_FORM_KEYS, CATEGORY_PERMS, CATEGORY_ROUTE, categoryFields } from '../../resources/categories.js';
import { categoryApi, type CategoryRecord } from '../../contracts/categories.js';
import { LOGGED_IN, menu, perm, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok } from '../envelope.js';
import { exportResponse, importWorkbook } from '../excel.js';
import { filteredRows, idList, pagedList, type PagedListOptions } from '../list-query.js';

const ID_MAX = 64;
const NOT_FOUND = '未找到对应实体';
const CODE_RULE = categoryFields.rule('code');

const fields = categoryFields.fieldMap(['name', 'code', 'itemValue', 'pid', 'hasChild', 'createTime'], 'c.');

const categoryBody = categoryFields.schema(CATEGORY_FORM_KEYS);
type CategoryBody = z.infer<typeof categoryBody>;

type Checked = { ok: true; pid: string; code: string; itemValue: string | null } | { ok: false; field: string; message: string };

/** The business rules of a save; `self` is the category being edited. */
function checkCategory(b: CategoryBody, rows: Category[], self?: Category): Checked {
  const bad = (field: string, message: string): Checked => ({ ok: false, field, message });
  const pid = b.pid && b.pid !== ROOT_PID ? b.pid : ROOT_PID;
  const parent = pid === ROOT_PID ? null : rows.find((r) => r.id === pid);
  if (pid !== ROOT_PID && !parent) return bad('pid', '上级分类不存在');
  if (self && parent && subtreeIds(rows, self.id).has(parent.id)) return bad('pid', '上级分类不能是自己或自己的下级');
  const prefix = parent?.code ?? '';
  let code = b.code ?? '';
  if (!code) {
    if (self && self.pid === pid) code = self.code;
    else {
      const generated = nextCode(rows.filter((r) => r.id !== self?.id), prefix);
      if (!generated) return bad('code', '该上级分类下的编码已用完，请手动填写分类编码');
      code = generated;
    }
  }
  if (prefix && (!code.startsWith(prefix) || code === prefix)) return bad('code', `编码不符合规范，须以“${prefix}”开头`);
  if (rows.some((r) => r.code === code && r.id !== self?.id)) return bad('code', '分类编码已存在');
  if (self && code !== self.code && rows.some((r) => r.pid === self.id)) return bad('code', '该分类有下级分类，不能修改编码');
  const itemValue = b.itemValue || null;
  if (itemValue && rows.some((r) => r.pid === pid && r.id !== self?.id && categoryValue(r) === itemValue)) return bad('itemValue', '同一上级分类下的分类值已存在');
  return { ok: true, pid, code, itemValue };
}

/** Record shape: the entity camel-cased, plus the parent's code and the depth the list indents by. */
function toRecord(r: Category, byId: Map<string, Category>, depth: Map<string, number>): CategoryRecord {
  return {
    id: r.id,
    pid: r.pid,
    name: r.name,
    code: r.code,
    itemValue: r.item_value ?? null,
    hasChild: r.has_child,
    sysOrgCode: r.sys_org_code ?? null,
    createBy: r.create_by,
    createTime: r.create_time,
    updateBy: r.update_by,
    updateTime: r.update_time,
    pidCode: byId.get(r.pid)?.code ?? '',
    pidName: byId.get(r.pid)?.name ?? '',
    depth: depth.get(r.id) ?? 0,
  };
}

async function listOptions(c: Context<ApiEnv>, roots = false): Promise<PagedListOptions<Category, CategoryRecord>> {
  const { db } = c.get('deps');
  const rows = await allCategories(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const depth = depths(rows);
  const q = c.req.query();
  let base = db.selectFrom('sys_category as c');
  // rootList: the roots (or the children of `pid`) unless the caller searches by name or code (the anchor's rule).
  if (roots && !q.name && !q.code && !q.pid) base = base.where('c.pid', '=', ROOT_PID);
  return {
    spec: categoriesList,
    fields,
    base,
    select: (qb) => qb.selectAll('c'),
    toRecord: (r) => toRecord(r, byId, depth),
    tieBreak: 'c.id',
  };
}

export function registerCategoryRoutes(r: ApiRoutes) {
  const read = menu(CATEGORY_ROUTE);

  r.at(categoryApi.list, read, async (c) => pagedList(c, await listOptions(c)));
  r.at(categoryApi.rootList, read, async (c) => pagedList(c, await listOptions(c, true)));

  r.at(categoryApi.childList, read, async (c) => {
    const pid = (c.req.query('pid') ?? '').trim();
    if (!pid) return fail(c, '请指定上级分类');
    const rows = await allCategories(c.get('deps').db);
    const byId = new Map(rows.map((x) => [x.id, x]));
    const depth = depths(rows);
    return ok(c, rows.filter((x) => x.pid === pid).map((x) => toRecord(x, byId, depth)), '操作成功！', 0);
  });

  r.at(categoryApi.queryById, read, async (c) => {
    const id = (c.req.query('id') ?? '').slice(0, ID_MAX);
    const rows = await allCategories(c.get('deps').db);
    const row = rows.find((x) => x.id === id);
    return row ? ok(c, toRecord(row, new Map(rows.map((x) => [x.id, x])), depths(rows)), '操作成功！', 0) : fail(c, NOT_FOUND);
  });

  // 编码校验: the code must start with the parent's code (and be free).
  r.at(categoryApi.checkCode, read, async (c) => {
    const code = (c.req.query('code') ?? '').trim();
    const pid = (c.req.query('pid') ?? '').trim();
    if (!code) return fail(c, '错误,类型编码为空!');
    if (!CODE_RULE.pattern.re.test(code) || code.length > CODE_RULE.max) return fail(c, CODE_RULE.pattern.message);
    const rows = await allCategories(c.get('deps').db);
    const parent = pid && pid !== ROOT_PID ? rows.find((x) => x.id === pid) : null;
    if (pid && pid !== ROOT_PID && !parent) return fail(c, '上级分类不存在');
    if (parent && (!code.startsWith(parent.code) || code === parent.code)) return fail(c, `编码不符合规范，须以“${parent.code}”开头`);
    const id = (c.req.query('id') ?? '').trim();
    if (rows.some((x) => x.code === code && x.id !== id)) return fail(c, '分类编码已存在');
    return ok(c, null, '该值可用！', 200);
  });

  // ---- select helpers (any logged-in user: the tags and classifications other screens choose from) -------

  // The children of the category coded `pcode` ('0' or absent: the roots): one level with `async=true`,
  // the whole subtree otherwise.
  r.at(categoryApi.loadTreeRoot, LOGGED_IN, async (c) => {
    const pcode = (c.req.query('pcode') ?? '').trim() || ROOT_PID;
    const rows = await allCategories(c.get('deps').db);
    const root = pcode === ROOT_PID ? null : rows.find((x) => x.code === pcode);
    if (pcode !== ROOT_PID && !root) return fail(c, `加载分类字典树参数有误.[${pcode.slice(0, 100)}]!`);
    return ok(c, treeNodes(rows, root?.id ?? ROOT_PID, c.req.query('async') !== 'true'), '操作成功！', 0);
  });

  r.at(categoryApi.loadTreeChildren, LOGGED_IN, async (c) => {
    const pid = (c.req.query('pid') ?? '').trim();
    if (!pid) return fail(c, '加载分类字典树参数有误.[null]!');
    return ok(c, treeNodes(await allCategories(c.get('deps').db), pid, false), '操作成功！', 0);
  });

  // The anchor's loadTreeData: `pid` names the parent by id, else `pcode` by code ('0': the roots); one level.
  r.at(categoryApi.loadTreeData, LOGGED_IN, async (c) => {
    const rows = await allCategories(c.get('deps').db);
    let pid = (c.req.query('pid') ?? '').trim();
    if (!pid) {
      const pcode = (c.req.query('pcode') ?? '').trim();
      if (!pcode) return fail(c, '加载分类字典树参数有误.[null]!');
      pid = pcode === ROOT_PID ? ROOT_PID : (rows.find((x) => x.code === pcode)?.id ?? '');
      if (!pid) return fail(c, '加载分类字典树参数有误.[code]!');
    }
    return ok(c, treeNodes(rows, pid, false), '操作成功！', 0);
  });

  // Every category below the one coded `code` (all of them without a code), as {value: id, text: name}.
  r.at(categoryApi.loadAllData, LOGGED_IN, async (c) => {
    const code = (c.req.query('code') ?? '').trim();
    const rows = await allCategories(c.get('deps').db);
    let scope = rows;
    if (code) {
      const root = rows.find((x) => x.code === code);
      if (!root) return ok(c, [], '操作成功！', 0);
      const ids = subtreeIds(rows, root.id);
      ids.delete(root.id);
      scope = rows.filter((x) => ids.has(x.id));
    }
    return ok(c, scope.map((x) => ({ value: x.id, text: x.name, code: x.code, itemValue: categoryValue(x) })), '操作成功！', 0);
  });

  // Names of the categories with these ids, in the order asked.
  r.at(categoryApi.loadDictItem, LOGGED_IN, async (c) => {
    const ids = idList(c.req.query('ids'), 500);
    if (!ids.length) return fail(c, '参数不能为空');
    const rows = await c.get('deps').db.selectFrom('sys_category').select(['id', 'name']).where('id', 'in', ids).execute();
    const names = new Map(rows.map((x) => [x.id, x.name]));
    return ok(c, ids.map((id) => names.get(id) ?? ''), '操作成功！', 0);
  });

  // One category by code or name (`field`), e.g. to show a stored code's name.
  r.at(categoryApi.loadOne, LOGGED_IN, async (c) => {
    const field = c.req.query('field') === 'name' ? 'name' : c.req.query('field') === 'id' ? 'id' : 'code';
    const val = (c.req.query('val') ?? '').trim().slice(0, 100);
    if (!val) return fail(c, '查询条件不能为空');
    const rows = await c.get('deps').db.selectFrom('sys_category').selectAll().where(field, '=', val).limit(2).execute();
    if (rows.length !== 1) return fail(c, rows.length ? '查询结果不唯一' : '未找到分类');
    const row = rows[0];
    return ok(c, { id: row.id, pid: row.pid, name: row.name, code: row.code, itemValue: row.item_value ?? null, hasChild: row.has_child }, '操作成功！', 0);
  });

  // ---- writes -----------------------------------------------------------------------------------------------

  r.at(categoryApi.add, perm(CATEGORY_PERMS.add), async (c) => {
    const body = await jsonBody(c, categoryBody);
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const checked = checkCategory(body.data, await allCategories(db));
    if (!checked.ok) return fieldFail(c, checked.field, checked.message);
    const id = newId();
    try {
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('sys_category')
          .values({ id, pid: checked.pid, name: body.data.name, code: checked.code, item_value: checked.itemValue, has_child: '0', create_by: c.get('user')!.username, create_time: now() })
          .execute();
        await refreshHasChild(tx, [checked.pid]);
      });
    } catch (err) {
      if (isUniqueViolation(err)) return fieldFail(c, 'code', '分类编码已存在');
      throw err;
    }
    return ok(c, { id, code: checked.code }, '添加成功！', 200);
  });

  r.at(categoryApi.edit, perm(CATEGORY_PERMS.edit), async (c) => {
    const body = await jsonBody(c, categoryBody.extend({ id: z.string({ message: 'id不能为空' }).trim().min(1, 'id不能为空').max(ID_MAX, NOT_FOUND) }));
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const rows = await allCategories(db);
    const self = rows.find((x) => x.id === body.data.id);
    if (!self) return fail(c, NOT_FOUND);
    const checked = checkCategory(body.data, rows, self);
    if (!checked.ok) return fieldFail(c, checked.field, checked.message);
    try {
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('sys_category')
          .set({ pid: checked.pid, name: body.data.name, code: checked.code, item_value: checked.itemValue, update_by: c.get('user')!.username, update_time: now() })
          .where('id', '=', self.id)
          .execute();
        await refreshHasChild(tx, [self.pid, checked.pid]);
      });
    } catch (err) {
      if (isUniqueViolation(err)) return fieldFail(c, 'code', '分类编码已存在');
      throw err;
    }
    return ok(c, null, '编辑成功!', 200);
  });

  const deleteMany = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '请选择要删除的分类');
    const { db } = c.get('deps');
    const rows = await allCategories(db);
    const doomed = rows.filter((x) => ids.includes(x.id));
    if (doomed.length !== new Set(ids).size) return fail(c, NOT_FOUND);
    const gone = new Set(ids);
    // A node goes only with all of its children (chosen together), never leaving orphans behind.
    const parentOfKept = doomed.find((d) => rows.some((k) => k.pid === d.id && !gone.has(k.id)));
    if (parentOfKept) return fail(c, `分类“${parentOfKept.name}”有下级分类，请先删除下级分类`);
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('sys_category').where('id', 'in', [...gone]).execute();
      await refreshHasChild(tx, doomed.map((d) => d.pid).filter((p) => !gone.has(p)));
    });
    return ok(c, null, '删除成功!', 200);
  };
  r.at(categoryApi.delete, perm(CATEGORY_PERMS.del), (c) => deleteMany(c, idList(c.req.query('id'), 1)));
  r.at(categoryApi.deleteBatch, perm(CATEGORY_PERMS.del), (c) => deleteMany(c, idList(c.req.query('ids'), 1000)));

  r.at(categoryApi.exportXls, perm(CATEGORY_PERMS.export), async (c) => exportResponse(c, categoriesList, await filteredRows(c, await listOptions(c), 'c.id')));

  // Rows name their parent by code (上级编码), so an export imports back; parents come before children when
  // the sheet is in code order, as exported.
  r.at(categoryApi.importExcel, perm(CATEGORY_PERMS.import), async (c) => {
    const { db } = c.get('deps');
    const user = c.get('user')!;
    const titles = { 分类名称: 'name', 分类编码: 'code', 分类值: 'itemValue', 上级编码: 'pidCode' };
    const row = categoryFields.schema(['name', 'code', 'itemValue', 'pidCode']);
    return importWorkbook(c, categoriesList, titles, row, async (data) => {
      const rows = await allCategories(db);
      const parent = data.pidCode ? rows.find((x) => x.code === data.pidCode) : null;
      if (data.pidCode && !parent) return `上级编码“${data.pidCode}”不存在`;
      const checked = checkCategory({ ...data, pid: parent?.id ?? ROOT_PID }, rows);
      if (!checked.ok) return checked.message;
      try {
        await db.transaction().execute(async (tx) => {
          await tx
            .insertInto('sys_category')
            .values({ id: newId(), pid: checked.pid, name: data.name, code: checked.code, item_value: checked.itemValue, has_child: '0', create_by: user.username, create_time: now() })
            .execute();
          await refreshHasChild(tx, [checked.pid]);
        });
      } catch (err) {
        if (isUniqueViolation(err)) return '分类编码已存在';
        throw err;
      }
      return null;
    });
  });
}
