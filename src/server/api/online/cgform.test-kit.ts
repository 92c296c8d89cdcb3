// What the 在线表单 API tests share: a sample definition (比赛报名, seven control types) in the anchor's addAll
// shape, and a picture of the database's tables and columns to prove a refused request changed nothing.
import { sql } from 'kysely';
import type { TestApp } from '../../../../test/harness.js';

export const signupFields = () => [
  { dbFieldName: 'id', dbFieldTxt: '主键', dbType: 'string', dbLength: 32, dbIsKey: 1, isShowForm: 0, isShowList: 0 },
  { dbFieldName: 'student_name', dbFieldTxt: '姓名', dbType: 'string', dbLength: 20, fieldMustInput: '1', isQuery: 1, isShowList: 1, sortFlag: '1', orderNum: 1 },
  { dbFieldName: 'sex', dbFieldTxt: '性别', dbType: 'string', dbLength: 2, fieldShowType: 'radio', dictField: 'sex', isQuery: 1, isShowList: 1, orderNum: 2 },
  { dbFieldName: 'age', dbFieldTxt: '年龄', dbType: 'int', dbLength: 3, fieldShowType: 'number', isShowList: 1, sortFlag: '1', orderNum: 3 },
  { dbFieldName: 'score', dbFieldTxt: '成绩', dbType: 'double', dbLength: 5, dbPointLength: 2, fieldShowType: 'number', isShowList: 1, orderNum: 4 },
  { dbFieldName: 'birthday', dbFieldTxt: '生日', dbType: 'Date', dbLength: 10, fieldShowType: 'date', isQuery: 1, queryMode: 'group', isShowList: 1, orderNum: 5 },
  { dbFieldName: 'phone', dbFieldTxt: '手机', dbType: 'string', dbLength: 11, fieldValidType: 'm', isShowList: 1, orderNum: 6 },
  { dbFieldName: 'ticket', dbFieldTxt: '报名号', dbType: 'string', dbLength: 16, fieldValidType: 'only', isShowList: 1, orderNum: 7 },
  { dbFieldName: 'remark', dbFieldTxt: '备注', dbType: 'Text', dbLength: 0, fieldShowType: 'textarea', isShowList: 0, orderNum: 8 },
];

export const signupModel = (tableName = 'cg_signup', extra: { fields?: unknown[]; indexs?: unknown[] } = {}) => ({
  head: { tableName, tableTxt: '比赛报名', tableType: 1, isCheckbox: 'Y', isPage: 'Y', isTree: 'N', queryMode: 'single' },
  fields: extra.fields ?? signupFields(),
  indexs: extra.indexs ?? (extra.fields ? [] : [{ indexName: 'name', indexField: 'student_name', indexType: 'normal' }]),
});

/** Every table of the database with its columns, sorted: what a refused definition must leave as it was. */
export async function schemaPicture(t: TestApp): Promise<string> {
  const rows =
    t.dialect === 'postgres'
      ? (await sql<{ t: string; c: string }>`select table_name as t, column_name as c from information_schema.columns where table_schema = current_schema()`.execute(t.db)).rows
      : (await sql<{ t: string; c: string }>`select m.name as t, p.name as c from sqlite_master m, pragma_table_info(m.name) p where m.type = 'table'`.execute(t.db)).rows;
  const indexes =
    t.dialect === 'postgres'
      ? (await sql<{ n: string }>`select indexname as n from pg_indexes where schemaname = current_schema()`.execute(t.db)).rows
      : (await sql<{ n: string }>`select name as n from sqlite_master where type = 'index'`.execute(t.db)).rows;
  return JSON.stringify([rows.map((r) => `${r.t}.${r.c}`).sort(), indexes.map((i) => i.n).sort()]);
}

export async function columnsOf(t: TestApp, table: string): Promise<string[]> {
  const rows =
    t.dialect === 'postgres'
      ? (await sql<{ c: string }>`select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(t.db)).rows
      : (await sql<{ c: string }>`select name as c from pragma_table_info(${table})`.execute(t.db)).rows;
  return rows.map((r) => r.c);
}

/** Grants a role a menu entry at `url` (a generated form's screen), with a data rule when given; answers the menu's id. */
export async function grantScreen(t: TestApp, roleCode: string, url: string, rule?: { column: string; condition: string; value: string }): Promise<string> {
  const { newId } = await import('../../domain/ids.js');
  const menuId = newId();
  await t.db
    .insertInto('sys_permission')
    .values({ id: menuId, parent_id: '', name: url, url, component: 'modules/online/cgform/auto/OnlCgformAutoList', menu_type: 1, sort_no: 99, del_flag: 0 } as never)
    .execute();
  let ruleIds: string | null = null;
  if (rule) {
    ruleIds = newId();
    await t.db.insertInto('sys_permission_data_rule').values({ id: ruleIds, permission_id: menuId, rule_name: '规则', rule_column: rule.column, rule_conditions: rule.condition, rule_value: rule.value, status: '1' }).execute();
  }
  const roleId = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', roleCode).executeTakeFirstOrThrow()).id;
  await t.db.insertInto('sys_role_permission').values({ id: newId(), role_id: roleId, permission_id: menuId, data_rule_ids: ruleIds }).execute();
  return menuId;
}

/** The rows of a generated table, straight from the database. */
export const tableRows = (t: TestApp, table: string) => t.db.selectFrom(table as 'sys_role').selectAll().execute() as unknown as Promise<Record<string, unknown>[]>;

const billLink = { dbFieldName: 'order_id', dbFieldTxt: '订单', dbType: 'string', dbLength: 32, mainTable: 'cg_bill', mainField: 'id', isShowForm: 1, isShowList: 1, orderNum: 1 };
/** 订单 (main) with 订单明细 (one-to-many) and 订单备注 (one-to-one), linked by order_id → id: the page tests' main-with-sub form. */
export const billModels = () => [
  {
    head: { tableName: 'cg_bill', tableTxt: '订单', tableType: 2, subTableStr: 'cg_bill_item,cg_bill_note' },
    fields: [{ dbFieldName: 'order_no', dbFieldTxt: '订单号', dbType: 'string', dbLength: 20, fieldMustInput: '1', isQuery: 1, isShowList: 1, orderNum: 1 }],
  },
  {
    head: { tableName: 'cg_bill_item', tableTxt: '订单明细', tableType: 3, relationType: 0, tabOrderNum: 1 },
    fields: [billLink, { dbFieldName: 'product', dbFieldTxt: '商品', dbType: 'string', dbLength: 20, fieldMustInput: '1', isShowList: 1, orderNum: 2 }, { dbFieldName: 'qty', dbFieldTxt: '数量', dbType: 'int', dbLength: 5, isShowList: 1, orderNum: 3 }],
  },
  {
    head: { tableName: 'cg_bill_note', tableTxt: '订单备注', tableType: 3, relationType: 1, tabOrderNum: 2 },
    fields: [billLink, { dbFieldName: 'note', dbFieldTxt: '备注', dbType: 'string', dbLength: 100, isShowList: 1, orderNum: 2 }],
  },
];
