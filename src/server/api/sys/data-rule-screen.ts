// The reads of 数据规则 (/isystem/permissionDataRule): every menu's rules in one paged list (with the menu's
// name), one rule, the menus that can carry rules, the export, and the preview of the rows a role would see
// under a rule (the same conditions the guarded lists apply). The writes share 菜单管理's handlers
// (permission-admin.ts) under the screen's own admin-only codes.
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { previewRule, PREVIEW_TARGETS } from '../../domain/data-rules.js';
import { dataRuleApi, type DataRuleRow } from '../../contracts/permissions.js';
import type { RowOf } from '../../db/schema.js';
import { DATA_RULE_PERMS, DATA_RULE_ROUTE, dataRulesList } from '../../resources/data-rules.js';
import { DATA_RULE_COLUMNS, DATA_RULE_CONDITIONS, dataRuleColumnsOf, dataRuleFields } from '../../resources/permissions.js';
import { menu, perm, type ApiRoutes } from '../access.js';
import { fail, ok, queryParams } from '../envelope.js';
import { exportResponse } from '../excel.js';
import { filteredRows, pagedList, type PagedListOptions } from '../list-query.js';

const ID_MAX = 64;

const fields = {
  ...dataRuleFields.fieldMap(['permissionId', 'ruleName', 'ruleColumn', 'ruleConditions', 'ruleValue', 'status', 'createTime'], 'r.'),
  ...dataRuleFields.fieldMap(['permissionName']),
};

const CONDITION_LABELS = new Map(DATA_RULE_CONDITIONS.map((o) => [o.value, o.label]));

type Row = RowOf<'sys_permission_data_rule'> & { permission_name: string | null; component: string | null };

function toRecord(r: Row): DataRuleRow {
  const col = dataRuleColumnsOf(r.component).find((x) => x.column === r.rule_column);
  return {
    id: r.id,
    permissionId: r.permission_id,
    permissionName: r.permission_name ?? '',
    component: r.component,
    ruleName: r.rule_name,
    ruleColumn: r.rule_column,
    ruleColumnText: col ? `${col.label}（${col.column}）` : (r.rule_column ?? ''),
    ruleConditions: r.rule_conditions,
    conditionText: CONDITION_LABELS.get(r.rule_conditions ?? '') ?? r.rule_conditions ?? '',
    ruleValue: r.rule_value,
    status: r.status,
    createBy: r.create_by,
    createTime: r.create_time,
    updateBy: r.update_by,
    updateTime: r.update_time,
  };
}

const listOptions = (c: Context<ApiEnv>): PagedListOptions<Row, DataRuleRow> => ({
  spec: dataRulesList,
  fields,
  base: c.get('deps').db.selectFrom('sys_permission_data_rule as r').leftJoin('sys_permission as p', 'p.id', 'r.permission_id'),
  select: (qb) => qb.selectAll('r').select(['p.name as permission_name', 'p.component as component']),
  toRecord,
  tieBreak: 'r.id',
});

export function registerDataRuleScreenRoutes(r: ApiRoutes) {
  const read = menu(DATA_RULE_ROUTE);

  r.at(dataRuleApi.list, read, (c) => pagedList(c, listOptions(c)));

  r.at(dataRuleApi.queryById, read, async (c) => {
    const id = (c.req.query('id') ?? '').trim().slice(0, ID_MAX);
    const row = await listOptions(c).select(c.get('deps').db.selectFrom('sys_permission_data_rule as r').leftJoin('sys_permission as p', 'p.id', 'r.permission_id')).where('r.id', '=', id).executeTakeFirst();
    return row ? ok(c, toRecord(row as Row), '操作成功！', 0) : fail(c, '未找到对应实体');
  });

  // Live menus whose list supports data rules, in menu order.
  r.at(dataRuleApi.menus, read, async (c) => {
    const rows = await c
      .get('deps')
      .db.selectFrom('sys_permission')
      .select(['id', 'name', 'url', 'component'])
      .where('del_flag', '=', 0)
      .where('menu_type', '!=', 2)
      .where('component', 'in', Object.keys(DATA_RULE_COLUMNS))
      .orderBy('sort_no')
      .orderBy('id')
      .execute();
    return ok(c, rows, '操作成功！', 0);
  });

  r.at(dataRuleApi.exportXls, perm(DATA_RULE_PERMS.export), async (c) => exportResponse(c, dataRulesList, await filteredRows(c, listOptions(c), 'r.id')));

  r.at(dataRuleApi.preview, read, async (c) => {
    const q = queryParams(
      c,
      z.object({
        id: z.string({ message: '请选择数据规则' }).trim().min(1, '请选择数据规则').max(ID_MAX, '未找到对应的数据规则'),
        roleId: z.string({ message: '请选择角色' }).trim().min(1, '请选择角色').max(ID_MAX, '未找到对应的角色'),
      }),
    );
    if (!q.ok) return q.response;
    const { db } = c.get('deps');
    const rule = await db
      .selectFrom('sys_permission_data_rule as r')
      .innerJoin('sys_permission as p', 'p.id', 'r.permission_id')
      .select(['r.id', 'r.permission_id', 'r.rule_name', 'r.rule_column', 'r.rule_conditions', 'r.rule_value', 'p.component', 'p.name'])
      .where('r.id', '=', q.data.id)
      .executeTakeFirst();
    if (!rule) return fail(c, '未找到对应的数据规则');
    const role = await db.selectFrom('sys_role').select(['id', 'role_name']).where('id', '=', q.data.roleId).executeTakeFirst();
    if (!role) return fail(c, '未找到对应的角色');
    const component = rule.component ?? '';
    if (!PREVIEW_TARGETS[component]) return fail(c, '该菜单的列表不支持预览');
    const columns = Object.fromEntries(dataRuleColumnsOf(component).map((x) => [x.column, x.type]));
    const preview = await previewRule(db, {
      component,
      permissionId: rule.permission_id,
      roleId: role.id,
      columns,
      rule: { id: rule.id, ruleName: rule.rule_name, ruleColumn: rule.rule_column, ruleConditions: rule.rule_conditions, ruleValue: rule.rule_value },
    });
    if (!preview) return fail(c, '该菜单的列表不支持预览');
    return ok(c, { menuName: rule.name, ruleName: rule.rule_name, roleName: role.role_name, ...preview }, '操作成功！', 0);
  });
}
