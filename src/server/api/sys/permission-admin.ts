// /sys/permission: 菜单管理 — the menu/button tree, add/edit with the anchor's normalisation, cascade delete,
// the grant trees, and data rules per menu. Reads need the 菜单管理 menu; writes the permission:* codes.
// Changes show in users' menus on their next request: the menu is computed from the database every time.
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import type { RowOf, SysPermission } from '../../db/schema.js';
import { newId } from '../../domain/ids.js';
import {
  allPermissions,
  checkDataRule,
  deletePermissionsCascade,
  dropRuleFromGrants,
  normaliseComponent,
  normaliseUrl,
  permissionJson,
  permissionNodes,
  permissionTree,
  refreshLeaf,
  snakeColumn,
  subtreeIds,
  treeModels,
  ROUTE_VIEW,
} from '../../domain/permission-tree.js';
import { camel } from '../../domain/serialize.js';
import { now } from '../../domain/time.js';
import { DATA_RULE_FORM_KEYS, dataRuleFields, PERMISSION_FORM_KEYS, PERMISSION_PERMS, PERMISSION_ROUTE, permissionFields } from '../../resources/permissions.js';
import { dataRuleApi, permissionApi } from '../../contracts/permissions.js';
import { DATA_RULE_PERMS } from '../../resources/data-rules.js';
import { registerDataRuleScreenRoutes } from './data-rule-screen.js';
import { adminOnly, menu, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok, queryParams } from '../envelope.js';
import { idList } from '../list-query.js';
import { toNumber } from '../../resources/rules.js';

/** Rows that keep the product usable: deleting them would lock everyone out of the menu or this screen. */
const PROTECTED = (p: SysPermission) => p.component === 'dashboard/Index' || p.url === PERMISSION_ROUTE;

const ID_MAX = 64;

const TYPE = permissionFields.rule('menuType');
const SORT = permissionFields.rule('sortNo');
const SORT_RANGE = `${SORT.label}必须在${SORT.min}到${SORT.max}之间`;

/**
 * The body of an add or an edit. Two fields keep their own parse: the type travels as a number, and anything but
 * a number is 请选择菜单类型; the order may be a decimal (sort_no is a double, the seeded 工作台 sorts at 0.5).
 */
const permissionBody = permissionFields.schema(PERMISSION_FORM_KEYS).extend({
  menuType: z.preprocess(toNumber, z.number({ message: `请选择${TYPE.label}` }).int(TYPE.messages.invalid).min(0, TYPE.messages.invalid).max(2, TYPE.messages.invalid)),
  sortNo: z.preprocess(toNumber, z.number({ message: `${SORT.label}必须是数字` }).min(SORT.min, SORT_RANGE).max(SORT.max, SORT_RANGE).nullish()),
});
type PermissionBody = z.infer<typeof permissionBody>;

const URL_RE = /^(https?:\/\/[^\s<>"'`\\]+|\{\{[^<>"'`]+\}\}[^\s<>"'`\\]*|\/(?!\/)[^\s<>"'`\\]*)$/i;
const COMPONENT_RE = /^[A-Za-z0-9_\-@.]+(\/[A-Za-z0-9_\-@.]+)*$/;
const NAME_RE = /^[A-Za-z0-9_\-@.:]+$/;
const ICON_RE = /^[A-Za-z0-9_-]+$/;
const PERMS_RE = /^[A-Za-z0-9_:.-]+$/;

type Draft = Omit<SysPermission, 'id' | 'create_by' | 'create_time' | 'update_by' | 'update_time' | 'del_flag' | 'rule_flag' | 'is_leaf'>;
type Checked = { ok: true; draft: Draft } | { ok: false; field: string; message: string };

/** Normalises the body (intelligentProcessData) and checks the business rules; `self` is the row being edited. */
function checkPermission(body: PermissionBody, rows: SysPermission[], self?: SysPermission): Checked {
  const bad = (field: string, message: string): Checked => ({ ok: false, field, message });
  const type = body.menuType;
  const isButton = type === 2;
  let parentId = '';
  if (type !== 0) {
    const pid = (body.parentId ?? '').trim();
    if (!pid) return bad('parentId', '请选择上级菜单');
    const parent = rows.find((r) => r.id === pid);
    if (!parent) return bad('parentId', '上级菜单不存在');
    if (parent.menu_type === 2) return bad('parentId', '按钮不能作为上级菜单');
    if (self && subtreeIds(rows, self.id).has(pid)) return bad('parentId', '上级菜单不能是自己或自己的下级');
    parentId = pid;
  }
  if (self && isButton && rows.some((r) => r.parent_id === self.id)) return bad('menuType', '该菜单下有子菜单或按钮，不能改为按钮');

  const common = {
    parent_id: parentId,
    name: body.name,
    menu_type: type,
    sort_no: body.sortNo ?? self?.sort_no ?? 0,
    description: body.description || null,
  };
  if (isButton) {
    const perms = body.perms ?? '';
    if (!perms) return bad('perms', '请输入授权标识');
    if (!PERMS_RE.test(perms)) return bad('perms', '授权标识只能包含字母、数字、冒号、下划线、点和横线');
    if (rows.some((r) => r.menu_type === 2 && r.perms === perms && r.id !== self?.id)) return bad('perms', '授权标识已存在');
    return {
      ok: true,
      draft: {
        ...common,
        url: null,
        component: null,
        component_name: null,
        redirect: null,
        icon: null,
        perms,
        perms_type: body.permsType || self?.perms_type || '1',
        status: body.status || self?.status || '1',
        is_route: 0,
        hidden: 0,
        always_show: 0,
        keep_alive: 0,
        internal_or_external: 0,
      },
    };
  }

  const url = normaliseUrl(body.url);
  if (!url) return bad('url', '请输入菜单路径');
  if (!URL_RE.test(url)) return bad('url', '菜单路径格式不正确，应以 / 开头或为 http(s):// 链接');
  let component = normaliseComponent(body.component);
  if (!component && type === 0) component = ROUTE_VIEW;
  if (!component) return bad('component', '请输入前端组件');
  if (!COMPONENT_RE.test(component) || component.split('/').includes('..')) return bad('component', '前端组件格式不正确，例如 system/UserList');
  const componentName = body.componentName || null;
  if (componentName && !NAME_RE.test(componentName)) return bad('componentName', '路由名称只能包含字母、数字、下划线、横线、@、冒号和点');
  const redirect = body.redirect || null;
  if (redirect && !URL_RE.test(redirect)) return bad('redirect', '默认跳转地址格式不正确，应以 / 开头或为 http(s):// 链接');
  const icon = body.icon || null;
  if (icon && !ICON_RE.test(icon)) return bad('icon', '图标名称只能包含字母、数字、下划线和横线');
  const isRoute = body.route ?? (self && self.menu_type !== 2 ? self.is_route : 1);
  if (isRoute === 1 && rows.some((r) => r.menu_type !== 2 && r.is_route === 1 && r.url === url && r.id !== self?.id)) {
    return bad('url', '菜单路径已存在');
  }
  const keep = (v: number | null | undefined, old: number | undefined) => v ?? (self && self.menu_type !== 2 ? (old ?? 0) : 0);
  return {
    ok: true,
    draft: {
      ...common,
      url,
      component,
      component_name: componentName,
      redirect,
      icon,
      perms: null,
      perms_type: '1',
      status: '1',
      is_route: isRoute,
      hidden: keep(body.hidden, self?.hidden),
      always_show: keep(body.alwaysShow, self?.always_show),
      keep_alive: keep(body.keepAlive, self?.keep_alive),
      internal_or_external: keep(body.internalOrExternal, self?.internal_or_external),
    },
  };
}

const requiredId = (label: string) => z.string({ message: `${label}不能为空` }).trim().min(1, `${label}不能为空`).max(ID_MAX, '未找到对应实体');

const ruleBody = dataRuleFields.schema(DATA_RULE_FORM_KEYS);

const ruleJson = (r: RowOf<'sys_permission_data_rule'>) => camel(r);

export function registerPermissionAdminRoutes(r: ApiRoutes) {
  const read = menu(PERMISSION_ROUTE);

  // ---- reads --------------------------------------------------------------------------------------------

  r.at(permissionApi.tree, read, async (c) => ok(c, permissionTree(await allPermissions(c.get('deps').db)), '操作成功！', 0));

  r.at(permissionApi.queryById, read, async (c) => {
    const id = c.req.query('id') ?? '';
    const row = await c.get('deps').db.selectFrom('sys_permission').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
    return row ? ok(c, permissionJson(row), '操作成功！', 0) : fail(c, '未找到对应实体');
  });

  r.get('/sys/permission/getSystemMenuList', read, async (c) => {
    const rows = (await allPermissions(c.get('deps').db)).filter((p) => p.menu_type === 0);
    return ok(c, permissionNodes(rows), '操作成功！', 0);
  });

  r.get('/sys/permission/getSystemSubmenu', read, async (c) => {
    const q = queryParams(c, z.object({ parentId: requiredId('上级菜单ID') }));
    if (!q.ok) return q.response;
    const rows = (await allPermissions(c.get('deps').db)).filter((p) => p.parent_id === q.data.parentId);
    return ok(c, permissionNodes(rows), '操作成功！', 0);
  });

  r.get('/sys/permission/getSystemSubmenuBatch', read, async (c) => {
    const ids = idList(c.req.query('parentIds'), 200);
    if (!ids.length) return fail(c, '批量查询子菜单失败：请指定上级菜单');
    const rows = await allPermissions(c.get('deps').db);
    const out: Record<string, ReturnType<typeof permissionNodes>> = {};
    for (const id of ids) out[id] = permissionNodes(rows.filter((p) => p.parent_id === id));
    return ok(c, out, '成功', 200);
  });

  r.get('/sys/permission/queryTreeList', read, async (c) => {
    const rows = await allPermissions(c.get('deps').db);
    return ok(c, { treeList: treeModels(rows), ids: rows.map((p) => p.id) }, '操作成功！', 0);
  });

  r.get('/sys/permission/queryListAsync', read, async (c) => {
    const pid = (c.req.query('pid') ?? '').trim();
    const rows = (await allPermissions(c.get('deps').db)).filter((p) => (p.parent_id ?? '') === pid);
    if (!rows.length) return fail(c, '未找到角色信息');
    return ok(
      c,
      treeModels(rows).map(({ children: _children, ...node }) => node),
      '操作成功！',
      0,
    );
  });

  // ---- writes -------------------------------------------------------------------------------------------

  r.at(permissionApi.add, adminOnly(PERMISSION_PERMS.add), async (c) => {
    const body = await jsonBody(c, permissionBody);
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const rows = await allPermissions(db);
    const checked = checkPermission(body.data, rows);
    if (!checked.ok) return fieldFail(c, checked.field, checked.message);
    const id = newId();
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('sys_permission')
        .values({ ...checked.draft, id, is_leaf: 1, del_flag: 0, rule_flag: 0, create_by: c.get('user')!.username, create_time: now() })
        .execute();
      if (checked.draft.parent_id) await tx.updateTable('sys_permission').set({ is_leaf: 0 }).where('id', '=', checked.draft.parent_id).execute();
    });
    return ok(c, { id }, '添加成功！', 200);
  });

  r.at(permissionApi.edit, adminOnly(PERMISSION_PERMS.edit), async (c) => {
    const body = await jsonBody(c, permissionBody.extend({ id: requiredId('id') }));
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const rows = await allPermissions(db);
    const self = rows.find((p) => p.id === body.data.id);
    if (!self) return fail(c, '未找到对应实体');
    const checked = checkPermission(body.data, rows, self);
    if (!checked.ok) return fieldFail(c, checked.field, checked.message);
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('sys_permission')
        .set({ ...checked.draft, update_by: c.get('user')!.username, update_time: now() })
        .where('id', '=', self.id)
        .execute();
      await refreshLeaf(tx, self.id);
      if (checked.draft.parent_id) await tx.updateTable('sys_permission').set({ is_leaf: 0 }).where('id', '=', checked.draft.parent_id).execute();
      if (self.parent_id && self.parent_id !== checked.draft.parent_id) await refreshLeaf(tx, self.parent_id);
    });
    return ok(c, null, '修改成功！', 200);
  });

  const deleteMany = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '请选择要删除的菜单');
    const { db } = c.get('deps');
    const rows = await allPermissions(db);
    const found = rows.filter((p) => ids.includes(p.id));
    if (found.length !== new Set(ids).size) return fail(c, '未找到对应实体');
    const doomed = new Set(ids.flatMap((id) => [...subtreeIds(rows, id)]));
    const guarded = rows.find((p) => doomed.has(p.id) && PROTECTED(p));
    if (guarded) return fail(c, `“${guarded.name}”是系统必需的菜单，不能删除`);
    await db.transaction().execute((tx) => deletePermissionsCascade(tx, rows, ids));
    return ok(c, null, '删除成功!', 200);
  };
  r.at(permissionApi.delete, adminOnly(PERMISSION_PERMS.del), (c) => deleteMany(c, idList(c.req.query('id'), 1)));
  r.at(permissionApi.deleteBatch, adminOnly(PERMISSION_PERMS.del), (c) => deleteMany(c, idList(c.req.query('ids'), 500)));

  // ---- data rules ---------------------------------------------------------------------------------------

  r.at(permissionApi.rules, read, async (c) => {
    const q = queryParams(c, z.object({ permissionId: requiredId('菜单ID') }));
    if (!q.ok) return q.response;
    const rows = await c
      .get('deps')
      .db.selectFrom('sys_permission_data_rule')
      .selectAll()
      .where('permission_id', '=', q.data.permissionId)
      .orderBy('create_time', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return ok(c, rows.map(ruleJson), '操作成功！', 0);
  });

  r.at(permissionApi.queryRules, read, async (c) => {
    const q = c.req.query();
    const filters = { id: 'id', permissionId: 'permission_id', ruleName: 'rule_name', ruleColumn: 'rule_column', ruleConditions: 'rule_conditions', ruleValue: 'rule_value', status: 'status' } as const;
    let qb = c.get('deps').db.selectFrom('sys_permission_data_rule').selectAll();
    for (const [key, column] of Object.entries(filters)) {
      const v = q[key];
      if (typeof v === 'string' && v.trim() !== '') qb = qb.where(column, '=', v.trim().slice(0, 300));
    }
    const rows = await qb.orderBy('create_time', 'asc').orderBy('id', 'asc').limit(500).execute();
    return ok(c, rows.map(ruleJson), '查询成功！', 200);
  });

  /** The menu a rule belongs to, if it can carry rules. */
  const ruleMenu = async (c: Context<ApiEnv>, permissionId: string) => {
    const p = await c.get('deps').db.selectFrom('sys_permission').selectAll().where('id', '=', permissionId).where('del_flag', '=', 0).executeTakeFirst();
    if (!p) return { error: fail(c, '未找到对应的菜单') };
    if (p.menu_type === 2) return { error: fieldFail(c, 'permissionId', '按钮不能配置数据规则') };
    return { menu: p };
  };

  const addRule = async (c: Context<ApiEnv>) => {
    const body = await jsonBody(c, ruleBody);
    if (!body.ok) return body.response;
    const m = await ruleMenu(c, body.data.permissionId);
    if (m.error) return m.error;
    const problem = checkDataRule(m.menu.component, body.data);
    if (problem) return fieldFail(c, problem.field, problem.message);
    const { db } = c.get('deps');
    const dup = await db
      .selectFrom('sys_permission_data_rule')
      .select('id')
      .where('permission_id', '=', m.menu.id)
      .where('rule_name', '=', body.data.ruleName)
      .executeTakeFirst();
    if (dup) return fieldFail(c, 'ruleName', '规则名称已存在');
    const id = newId();
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('sys_permission_data_rule')
        .values({
          id,
          permission_id: m.menu.id,
          rule_name: body.data.ruleName,
          rule_column: snakeColumn(body.data.ruleColumn),
          rule_conditions: body.data.ruleConditions,
          rule_value: body.data.ruleValue,
          status: body.data.status || '1',
          create_by: c.get('user')!.username,
          create_time: now(),
        })
        .execute();
      await tx.updateTable('sys_permission').set({ rule_flag: 1 }).where('id', '=', m.menu.id).execute();
    });
    return ok(c, { id }, '添加成功!', 200);
  };
  r.at(permissionApi.addRule, adminOnly(PERMISSION_PERMS.rule), addRule);
  r.at(dataRuleApi.add, adminOnly(DATA_RULE_PERMS.add), addRule);


  const editRule = async (c: Context<ApiEnv>) => {
    const body = await jsonBody(c, ruleBody.extend({ id: requiredId('id'), permissionId: ruleBody.shape.permissionId.nullish() }));
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const rule = await db.selectFrom('sys_permission_data_rule').selectAll().where('id', '=', body.data.id).executeTakeFirst();
    if (!rule) return fail(c, '未找到对应实体');
    if (body.data.permissionId && body.data.permissionId !== rule.permission_id) return fieldFail(c, 'permissionId', '数据规则不能移到其他菜单');
    const m = await ruleMenu(c, rule.permission_id);
    if (m.error) return m.error;
    const problem = checkDataRule(m.menu.component, body.data);
    if (problem) return fieldFail(c, problem.field, problem.message);
    const dup = await db
      .selectFrom('sys_permission_data_rule')
      .select('id')
      .where('permission_id', '=', rule.permission_id)
      .where('rule_name', '=', body.data.ruleName)
      .where('id', '!=', rule.id)
      .executeTakeFirst();
    if (dup) return fieldFail(c, 'ruleName', '规则名称已存在');
    await db
      .updateTable('sys_permission_data_rule')
      .set({
        rule_name: body.data.ruleName,
        rule_column: snakeColumn(body.data.ruleColumn),
        rule_conditions: body.data.ruleConditions,
        rule_value: body.data.ruleValue,
        status: body.data.status || rule.status,
        update_by: c.get('user')!.username,
        update_time: now(),
      })
      .where('id', '=', rule.id)
      .execute();
    return ok(c, null, '编辑成功!', 200);
  };
  r.at(permissionApi.editRule, adminOnly(PERMISSION_PERMS.rule), editRule);
  r.at(dataRuleApi.edit, adminOnly(DATA_RULE_PERMS.edit), editRule);

  /** Deletes rules, removing them from every grant; a menu left without rules loses its rule flag. */
  const deleteRules = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '请选择要删除的数据规则');
    const { db } = c.get('deps');
    const rules = await db.selectFrom('sys_permission_data_rule').selectAll().where('id', 'in', ids).execute();
    if (rules.length !== new Set(ids).size) return fail(c, '未找到对应实体');
    await db.transaction().execute(async (tx) => {
      for (const rule of rules) {
        await tx.deleteFrom('sys_permission_data_rule').where('id', '=', rule.id).execute();
        await dropRuleFromGrants(tx, rule.permission_id, rule.id);
      }
      for (const permissionId of new Set(rules.map((x) => x.permission_id))) {
        const left = await tx.selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', permissionId).limit(1).executeTakeFirst();
        if (!left) await tx.updateTable('sys_permission').set({ rule_flag: 0 }).where('id', '=', permissionId).execute();
      }
    });
    return ok(c, null, '删除成功!', 200);
  };
  r.at(permissionApi.deleteRule, adminOnly(PERMISSION_PERMS.rule), (c) => deleteRules(c, idList(c.req.query('id'), 1).map((x) => x.slice(0, ID_MAX))));
  r.at(dataRuleApi.delete, adminOnly(DATA_RULE_PERMS.del), (c) => deleteRules(c, idList(c.req.query('id'), 1).map((x) => x.slice(0, ID_MAX))));
  r.at(dataRuleApi.deleteBatch, adminOnly(DATA_RULE_PERMS.del), (c) => deleteRules(c, idList(c.req.query('ids'), 500).map((x) => x.slice(0, ID_MAX))));

  registerDataRuleScreenRoutes(r);
}

