// 在线表单开发 (/online/cgform/head, field, index; /online/cgform/api/addAll, editAll, doDbSynch, checkOnlyTable):
// form definitions, administrators only. A save is the anchor's {head, fields, indexs}: every name is checked
// (domain/cgform-names.ts: the cg_ namespace, never a system table, no keyword, plain ASCII), the fields' types,
// lengths, dictionaries and 校验规则 too, and the definition is written in one transaction. 同步数据库 makes the
// table (domain/cgform-ddl.ts); delete drops it, removeRecord keeps it.
import type { Context } from 'hono';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { cgformDesignApi, cgformHeadApi } from '../../contracts/online-forms.js';
import type { ApiEnv } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database, RowOf } from '../../db/schema.js';
import { CgformDdlError, dropTable, generatedTables, rowCount, syncTable, tableExists } from '../../domain/cgform-ddl.js';
import { fieldNameProblem, indexNameProblem, isSystemColumn, MAX_TABLE_NAME, tableNameProblem } from '../../domain/cgform-names.js';
import { tableDict } from '../../domain/cgform-dicts.js';
import { refreshHasChild, treeProblem, treeShape } from '../../domain/cgform-tree.js';
import { ddlOf, loadCgform, type Cgform } from '../../domain/cgforms.js';
import { newId } from '../../domain/ids.js';
import { camel } from '../../domain/serialize.js';
import { now } from '../../domain/time.js';
import { CGFORM_FIELD_KEYS, CGFORM_HEAD_KEYS, CGFORM_INDEX_KEYS, cgformFieldFields, cgformHeadFields, cgformIndexFields, cgformsList, isKnownValidType } from '../../resources/online-forms.js';
import type { ApiRoutes } from '../access.js';
import { fail, failWith, fieldFail, jsonBody, ok, page, paging, type Answer } from '../envelope.js';
import { idList, pagedList } from '../list-query.js';
import { DESIGN } from './report-context.js';

const MAX_FIELDS = 200;
const MAX_INDEXES = 20;
const TABLE_TAKEN = '表名已存在';
const NOT_FOUND = '未找到对应实体';

const headSchema = cgformHeadFields.schema(CGFORM_HEAD_KEYS);
const fieldSchema = cgformFieldFields.schema(CGFORM_FIELD_KEYS);
const indexSchema = cgformIndexFields.schema(CGFORM_INDEX_KEYS);
const modelSchema = (head: z.ZodObject) =>
  z.object({
    head,
    fields: z.array(fieldSchema, { message: '表单字段的格式不正确' }).max(MAX_FIELDS, `表单最多${MAX_FIELDS}个字段`).nullish(),
    indexs: z.array(indexSchema, { message: '索引的格式不正确' }).max(MAX_INDEXES, `表单最多${MAX_INDEXES}个索引`).nullish(),
  });
const idField = z.string({ message: 'id不能为空' }).min(1, 'id不能为空').max(64);
const addSchema = modelSchema(headSchema);
const editSchema = modelSchema(headSchema.extend({ id: idField }));
type Head = z.infer<typeof headSchema> & { id?: string };
type FieldIn = z.infer<typeof fieldSchema>;
type IndexIn = z.infer<typeof indexSchema>;
export interface Model {
  head: Head;
  fields?: FieldIn[] | null;
  indexs?: IndexIn[] | null;
}

const headFields = {
  ...cgformHeadFields.fieldMap(['tableName', 'tableTxt', 'tableType', 'isDbSynch', 'createTime']),
  copyType: { column: 'copy_type', type: 'number' as const },
  physicId: { column: 'physic_id' },
};

/** The rows JeecgBoot's designer starts every form with: the system columns, hidden from list and form. */
const SYSTEM_FIELD_ROWS: Record<string, Partial<FieldIn>> = {
  id: { dbFieldTxt: '主键', dbType: 'string', dbLength: 32, dbIsKey: 1, dbIsNull: 0 },
  create_by: { dbFieldTxt: '创建人', dbType: 'string', dbLength: 50 },
  create_time: { dbFieldTxt: '创建日期', dbType: 'Datetime', dbLength: 19 },
  update_by: { dbFieldTxt: '更新人', dbType: 'string', dbLength: 50 },
  update_time: { dbFieldTxt: '更新日期', dbType: 'Datetime', dbLength: 19 },
  sys_org_code: { dbFieldTxt: '所属部门', dbType: 'string', dbLength: 64 },
};

/** What the field rules cannot say about one field: the key it concerns and a message, when something is wrong. */
function fieldProblem(f: FieldIn): { key: keyof FieldIn; message: string } | null {
  const name = f.dbFieldName;
  if (isSystemColumn(name)) return null;
  const bad = fieldNameProblem(name);
  if (bad) return { key: 'dbFieldName', message: bad };
  const type = f.dbType || 'string';
  const length = f.dbLength ?? 0;
  if (type === 'string' && (length < 1 || length > 4000)) return { key: 'dbLength', message: `字段“${name}”的长度须在1到4000之间` };
  if (type === 'double' || type === 'BigDecimal') {
    if (length < 1 || length > 30) return { key: 'dbLength', message: `字段“${name}”的长度须在1到30之间` };
    if ((f.dbPointLength ?? 0) >= length) return { key: 'dbPointLength', message: `字段“${name}”的小数位数须小于长度` };
  }
  if (!isKnownValidType(f.fieldValidType)) return { key: 'fieldValidType', message: `字段“${name}”的校验规则不是有效的正则表达式` };
  return null;
}

/** A table dictionary (字典表) a field may not use (domain/cgform-dicts.ts), as a message; a 三级联动's table is checked when read. */
async function tableDictProblem(c: Context<ApiEnv>, ownTable: string, f: FieldIn): Promise<string | null> {
  if (!f.dictTable || f.fieldShowType === 'link_down') return null;
  // A form may name its own table (a tree's parent select); its columns are checked against the fields sent.
  if (f.dictTable.trim() === ownTable) return null;
  const dict = await tableDict(c.get('deps').db, f.dictTable, f.dictText ?? '', f.dictField ?? '');
  return typeof dict === 'string' ? `字段“${f.dbFieldName}”：${dict}` : null;
}

/**
 * What the rules cannot say about a definition; a response when something is wrong. Each refusal names the part it
 * concerns by its path (`tableName`, `fields.<i>.<key>`, `indexs.<i>.<key>`), so the designer shows it there.
 */
async function refusal(c: Context<ApiEnv>, m: Model): Promise<Answer<never> | null> {
  const badTable = tableNameProblem(m.head.tableName);
  if (badTable) return fieldFail(c, 'tableName', badTable);
  const tree = treeProblem(m.head, m.fields ?? []);
  if (tree) return fail(c, tree);
  const names = new Set<string>();
  for (const [i, f] of (m.fields ?? []).entries()) {
    const problem = fieldProblem(f);
    if (problem) return fieldFail(c, `fields.${i}.${problem.key}`, problem.message);
    const dictProblem = await tableDictProblem(c, m.head.tableName, f);
    if (dictProblem) return fieldFail(c, `fields.${i}.dictTable`, dictProblem);
    if (names.has(f.dbFieldName)) return fieldFail(c, `fields.${i}.dbFieldName`, `字段名“${f.dbFieldName}”重复`);
    names.add(f.dbFieldName);
  }
  const indexes = new Set<string>();
  for (const [n, i] of (m.indexs ?? []).entries()) {
    const problem = indexNameProblem(i.indexName);
    if (problem) return fieldFail(c, `indexs.${n}.indexName`, problem);
    if (indexes.has(i.indexName)) return fieldFail(c, `indexs.${n}.indexName`, `索引名称“${i.indexName}”重复`);
    indexes.add(i.indexName);
    const missing = i.indexField.split(',').map((s) => s.trim()).filter(Boolean).find((x) => !names.has(x) && !isSystemColumn(x));
    if (missing) return fieldFail(c, `indexs.${n}.indexField`, `索引“${i.indexName}”的栏位“${missing}”不是表单的字段`);
  }
  const dicts = [...new Set((m.fields ?? []).filter((f) => !f.dictTable).map((f) => f.dictField).filter((d): d is string => !!d))];
  if (dicts.length) {
    const known = new Set((await c.get('deps').db.selectFrom('sys_dict').select('dict_code').where('dict_code', 'in', dicts).where('del_flag', '=', 0).execute()).map((d) => d.dict_code));
    const missing = (m.fields ?? []).findIndex((f) => !f.dictTable && !!f.dictField && !known.has(f.dictField));
    if (missing >= 0) return fieldFail(c, `fields.${missing}.dictField`, `字典“${m.fields![missing].dictField}”不存在`);
  }
  return null;
}

/** A definition's body, its refusals keyed by their whole path (`head.tableName`, `fields.2.dbLength`) as the designer's grids name them. */
async function modelBody<S extends z.ZodType>(c: Context<ApiEnv>, schema: S): Promise<{ ok: true; data: z.infer<S> } | { ok: false; response: Answer<never> }> {
  const raw = await jsonBody(c, z.unknown());
  if (!raw.ok) return raw;
  const parsed = schema.safeParse(raw.data);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.length ? issue.path.join('.') : '_'] ??= issue.message;
  return { ok: false, response: failWith(c, parsed.error.issues[0]?.message ?? '参数错误', 400, { errors }, 400) };
}

export const headValues = (h: Head) => ({
  table_name: h.tableName,
  table_txt: h.tableTxt,
  table_type: h.tableType ?? 1,
  is_checkbox: h.isCheckbox || 'N',
  is_page: h.isPage || 'Y',
  is_tree: h.isTree || 'N',
  query_mode: h.queryMode || 'single',
  id_type: h.idType || 'UUID',
  id_sequence: h.idSequence ?? null,
  relation_type: h.relationType ?? null,
  sub_table_str: h.subTableStr ?? null,
  tab_order_num: h.tabOrderNum ?? null,
  tree_parent_id_field: h.treeParentIdField || null,
  tree_id_field: h.treeIdField || null,
  tree_fieldname: h.treeFieldname || null,
  form_category: h.formCategory || 'bdfl_ptbd',
  form_template: h.formTemplate || null,
  form_template_mobile: h.formTemplateMobile || null,
  scroll: h.scroll ?? 0,
  theme_template: h.themeTemplate || null,
});

const fieldValues = (f: Partial<FieldIn> & { dbFieldName: string }, headId: string, order: number, by: string, at: string) => ({
  id: newId(),
  cgform_head_id: headId,
  db_field_name: f.dbFieldName,
  db_field_txt: f.dbFieldTxt ?? null,
  db_field_name_old: f.dbFieldNameOld ?? null,
  db_is_key: f.dbIsKey ?? (f.dbFieldName === 'id' ? 1 : 0),
  db_is_null: f.dbIsNull ?? 1,
  db_type: f.dbType || 'string',
  db_length: f.dbLength ?? 0,
  db_point_length: f.dbPointLength ?? 0,
  db_default_val: f.dbDefaultVal ?? null,
  dict_field: f.dictField || null,
  dict_table: f.dictTable || null,
  dict_text: f.dictText || null,
  field_show_type: f.fieldShowType || 'text',
  field_href: f.fieldHref || null,
  field_length: f.fieldLength ?? 120,
  field_valid_type: f.fieldValidType || null,
  field_must_input: f.fieldMustInput || '0',
  field_extend_json: f.fieldExtendJson || null,
  field_default_value: f.fieldDefaultValue ?? null,
  is_query: f.isQuery ?? 0,
  is_show_form: f.isShowForm ?? (isSystemColumn(f.dbFieldName) ? 0 : 1),
  is_show_list: f.isShowList ?? (isSystemColumn(f.dbFieldName) ? 0 : 1),
  is_read_only: f.isReadOnly ?? 0,
  query_mode: f.queryMode || 'single',
  main_table: f.mainTable || null,
  main_field: f.mainField || null,
  order_num: f.orderNum ?? order,
  converter: f.converter ?? null,
  query_def_val: f.queryDefVal ?? null,
  query_dict_text: f.queryDictText ?? null,
  query_dict_field: f.queryDictField ?? null,
  query_dict_table: f.queryDictTable ?? null,
  query_show_type: f.queryShowType ?? null,
  query_config_flag: f.queryConfigFlag ?? null,
  query_valid_type: f.queryValidType ?? null,
  query_must_input: f.queryMustInput ?? null,
  sort_flag: f.sortFlag || '0',
  create_by: by,
  create_time: at,
});

/** Writes a definition's fields (the system columns added when the designer left them out) and indexes, replacing those it had. */
export async function writeParts(tx: Transaction<Database>, headId: string, m: Model, by: string, synched: 'Y' | 'N') {
  const at = now();
  await tx.deleteFrom('onl_cgform_field').where('cgform_head_id', '=', headId).execute();
  await tx.deleteFrom('onl_cgform_index').where('cgform_head_id', '=', headId).execute();
  const given = m.fields ?? [];
  const missing = Object.keys(SYSTEM_FIELD_ROWS).filter((name) => !given.some((f) => f.dbFieldName === name));
  const rows = [
    ...missing.filter((n) => n === 'id').map((n) => fieldValues({ dbFieldName: n, ...SYSTEM_FIELD_ROWS[n] }, headId, 0, by, at)),
    ...given.map((f, n) => fieldValues(isSystemColumn(f.dbFieldName) ? { ...f, ...SYSTEM_FIELD_ROWS[f.dbFieldName] } : f, headId, f.dbFieldName === 'id' ? 0 : n + 1, by, at)),
    ...missing.filter((n) => n !== 'id').map((n, k) => fieldValues({ dbFieldName: n, ...SYSTEM_FIELD_ROWS[n] }, headId, given.length + k + 1, by, at)),
  ];
  await tx.insertInto('onl_cgform_field').values(rows).execute();
  const indexes = (m.indexs ?? []).map((i) => ({
    id: newId(),
    cgform_head_id: headId,
    index_name: i.indexName,
    index_field: i.indexField.split(',').map((s) => s.trim()).filter(Boolean).join(','),
    index_type: i.indexType || 'normal',
    is_db_synch: synched,
    del_flag: 0,
    create_by: by,
    create_time: at,
  }));
  if (indexes.length) await tx.insertInto('onl_cgform_index').values(indexes).execute();
}

/** Whether a name is free for a new definition: no definition and no table has it. */
async function tableNameTaken(c: Context<ApiEnv>, name: string, exceptHeadId?: string): Promise<boolean> {
  const { db, dialect } = c.get('deps');
  let q = db.selectFrom('onl_cgform_head').select('id').where('table_name', '=', name);
  if (exceptHeadId) q = q.where('id', '!=', exceptHeadId);
  if (await q.executeTakeFirst()) return true;
  if (!exceptHeadId) return tableExists(db, dialect, name);
  const own = await db.selectFrom('onl_cgform_head').select('table_name').where('id', '=', exceptHeadId).executeTakeFirst();
  return own?.table_name !== name && (await tableExists(db, dialect, name));
}

/** A definition as 同步数据库 sees it, for telling whether a save changed the table. */
const ddlSignature = (f: Cgform) => JSON.stringify(ddlOf(f));

async function addDefinition(c: Context<ApiEnv>, m: Model): Promise<Answer<{ id: string }>> {
  const refused = await refusal(c, m);
  if (refused) return refused;
  if (await tableNameTaken(c, m.head.tableName)) return fieldFail(c, 'tableName', TABLE_TAKEN);
  const { db } = c.get('deps');
  const user = c.get('user')!;
  const id = newId();
  try {
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('onl_cgform_head').values({ id, ...headValues(m.head), table_version: 1, is_db_synch: 'N', copy_type: 0, create_by: user.username, create_time: now() }).execute();
      await writeParts(tx, id, m, user.username, 'N');
    });
  } catch (err) {
    if (isUniqueViolation(err)) return fieldFail(c, 'tableName', TABLE_TAKEN);
    throw err;
  }
  return ok(c, { id }, '添加成功！', 200);
}

/** Saves a changed definition; `parts` false: the head alone (head/edit). A synced table keeps its name. */
async function editDefinition(c: Context<ApiEnv>, m: Model, parts: boolean): Promise<Answer<null>> {
  const { db, dialect } = c.get('deps');
  const user = c.get('user')!;
  const before = await loadCgform(db, m.head.id!);
  if (!before || before.head.id !== m.head.id) return fail(c, NOT_FOUND);
  const model: Model = parts ? m : { head: m.head, fields: before.fields.map((f) => ({ ...camel(f) }) as unknown as FieldIn), indexs: before.indexes.map((i) => camel(i) as unknown as IndexIn) };
  const refused = await refusal(c, model);
  if (refused) return refused;
  if (m.head.tableName !== before.head.table_name) {
    if (await tableExists(db, dialect, before.head.table_name)) return fieldFail(c, 'tableName', '已同步数据库的表单不能修改表名，请复制表单或删除后重建');
    if (await tableNameTaken(c, m.head.tableName, before.head.id)) return fieldFail(c, 'tableName', TABLE_TAKEN);
  }
  try {
    await db.transaction().execute(async (tx) => {
      if (parts) await writeParts(tx, before.head.id, model, user.username, 'N');
      const after = await loadCgform(tx, before.head.id);
      const changed = !after || ddlSignature({ ...after, head: { ...after.head, table_name: m.head.tableName } }) !== ddlSignature(before);
      const synched = changed ? 'N' : before.head.is_db_synch;
      if (parts) await tx.updateTable('onl_cgform_index').set({ is_db_synch: synched }).where('cgform_head_id', '=', before.head.id).execute();
      await tx
        .updateTable('onl_cgform_head')
        .set({ ...headValues(m.head), is_db_synch: synched, table_version: (before.head.table_version ?? 1) + (changed ? 1 : 0), update_by: user.username, update_time: now() })
        .where('id', '=', before.head.id)
        .execute();
    });
  } catch (err) {
    if (isUniqueViolation(err)) return fieldFail(c, 'tableName', TABLE_TAKEN);
    throw err;
  }
  return ok(c, null, '修改成功！', 200);
}

/** Removes definitions; `drop`: their tables too. Answers what went, naming the rows dropped. */
async function removeDefinitions(c: Context<ApiEnv>, ids: string[], drop: boolean): Promise<Answer<null>> {
  if (!ids.length) return fail(c, '请选择要删除的表单');
  const { db, dialect } = c.get('deps');
  const heads = await db.selectFrom('onl_cgform_head').select(['id', 'table_name']).where('id', 'in', ids).orderBy('table_name').execute();
  if (heads.length !== ids.length) return fail(c, NOT_FOUND);
  const dropped: string[] = [];
  await db.transaction().execute(async (tx) => {
    for (const h of heads) {
      if (drop) dropped.push(`${h.table_name}（${await dropTable(tx, dialect, h.table_name)}条数据）`);
      await tx.deleteFrom('onl_cgform_field').where('cgform_head_id', '=', h.id).execute();
      await tx.deleteFrom('onl_cgform_index').where('cgform_head_id', '=', h.id).execute();
      await tx.deleteFrom('onl_cgform_button').where('cgform_head_id', '=', h.id).execute();
      await tx.deleteFrom('onl_cgform_head').where('id', '=', h.id).execute();
    }
  });
  return ok(c, null, drop ? `删除成功！已删除数据表 ${dropped.join('、')}` : '移除成功！表单已移除，数据表保留', 200);
}

const ddlFailure = (c: Context<ApiEnv>, err: unknown): Answer<never> => {
  if (err instanceof CgformDdlError) return fail(c, err.message);
  throw err;
};

export function registerCgformDesignRoutes(r: ApiRoutes) {
  r.at(cgformHeadApi.list, DESIGN, (c) =>
    pagedList(c, { spec: cgformsList, fields: headFields, base: c.get('deps').db.selectFrom('onl_cgform_head'), select: (qb) => qb.selectAll(), toRecord: (row: RowOf<'onl_cgform_head'>) => camel(row), tieBreak: 'id' }),
  );

  r.at(cgformHeadApi.queryById, DESIGN, async (c) => {
    const row = await c.get('deps').db.selectFrom('onl_cgform_head').selectAll().where('id', '=', c.req.query('id') ?? '').executeTakeFirst();
    return row ? ok(c, camel(row), '操作成功！', 200) : fail(c, NOT_FOUND);
  });

  r.at(cgformDesignApi.addAll, DESIGN, async (c) => {
    const body = await modelBody(c, addSchema);
    return body.ok ? addDefinition(c, body.data as Model) : body.response;
  });
  r.at(cgformHeadApi.add, DESIGN, async (c) => {
    const body = await jsonBody(c, headSchema);
    if (!body.ok) return body.response;
    return addDefinition(c, { head: body.data });
  });
  r.at(cgformDesignApi.editAll, DESIGN, async (c) => {
    const body = await modelBody(c, editSchema);
    return body.ok ? editDefinition(c, body.data as Model, true) : body.response;
  });
  r.at(cgformHeadApi.edit, DESIGN, async (c) => {
    const body = await jsonBody(c, headSchema.extend({ id: idField }));
    return body.ok ? editDefinition(c, { head: body.data }, false) : body.response;
  });

  r.at(cgformHeadApi.delete, DESIGN, (c) => removeDefinitions(c, idList(c.req.query('id'), 1), true));
  r.at(cgformHeadApi.removeRecord, DESIGN, (c) => removeDefinitions(c, idList(c.req.query('id'), 1), false));
  r.at(cgformHeadApi.deleteBatch, DESIGN, (c) => removeDefinitions(c, idList(c.req.query('ids'), 100), c.req.query('flag') === '1'));

  r.at(cgformHeadApi.copyOnline, DESIGN, async (c) => {
    const { db } = c.get('deps');
    const source = await loadCgform(db, c.req.query('code') ?? '');
    if (!source) return fail(c, NOT_FOUND);
    const copies = await db.selectFrom('onl_cgform_head').select('copy_version').where('physic_id', '=', source.head.id).execute();
    const version = Math.max(0, ...copies.map((x) => x.copy_version ?? 0)) + 1;
    const tableName = `${source.head.table_name}_copy${version}`;
    if (tableName.length > MAX_TABLE_NAME) return fail(c, `复制后的表名“${tableName}”超过${MAX_TABLE_NAME}个字符，请先缩短原表名`);
    if (await tableNameTaken(c, tableName)) return fail(c, `表名“${tableName}”已存在`);
    const user = c.get('user')!;
    const id = newId();
    const { id: _id, ...head } = source.head;
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('onl_cgform_head')
        .values({ ...head, id, table_name: tableName, table_txt: `${source.head.table_txt}（复制${version}）`.slice(0, 200), is_db_synch: 'N', table_version: 1, copy_type: 1, copy_version: version, physic_id: source.head.id, create_by: user.username, create_time: now(), update_by: null, update_time: null })
        .execute();
      const fields = source.fields.map((f) => camel(f) as unknown as FieldIn);
      const indexs = source.indexes.map((i) => camel(i) as unknown as IndexIn);
      await writeParts(tx, id, { head: { tableName } as Head, fields, indexs }, user.username, 'N');
    });
    return ok(c, { id, tableName }, '复制成功！', 200);
  });

  r.at(cgformHeadApi.queryTables, DESIGN, async (c) => {
    const { db, dialect } = c.get('deps');
    const described = new Set((await db.selectFrom('onl_cgform_head').select('table_name').execute()).map((h) => h.table_name));
    const needle = (c.req.query('tableName') ?? '').replace(/\*/g, '').toLowerCase();
    const free = (await generatedTables(db, dialect)).filter((t) => !described.has(t) && t.includes(needle));
    const { pageNo, pageSize, offset } = paging(c, 10, 200);
    return ok(c, page(free.slice(offset, offset + pageSize).map((name) => ({ id: name, name })), free.length, pageNo, pageSize), '操作成功！', 200);
  });

  r.at(cgformHeadApi.fields, DESIGN, async (c) => {
    const rows = await c.get('deps').db.selectFrom('onl_cgform_field').selectAll().where('cgform_head_id', '=', c.req.query('headId') ?? '').orderBy('order_num').orderBy('id').execute();
    return ok(c, rows.map(camel), '操作成功！', 200);
  });
  r.at(cgformHeadApi.indexes, DESIGN, async (c) => {
    const rows = await c.get('deps').db.selectFrom('onl_cgform_index').selectAll().where('cgform_head_id', '=', c.req.query('headId') ?? '').where('del_flag', '=', 0).orderBy('index_name').execute();
    return ok(c, rows.map(camel), '操作成功！', 200);
  });

  r.at(cgformDesignApi.doDbSynch, DESIGN, async (c) => {
    const method = c.req.param('synMethod');
    if (method !== 'normal' && method !== 'force') return fail(c, '同步方式只能是 normal（普通同步）或 force（强制同步）');
    const { db, dialect } = c.get('deps');
    const form = await loadCgform(db, c.req.param('code') ?? '');
    if (!form) return fail(c, NOT_FOUND);
    const confirmed = ['1', 'true'].includes(c.req.query('confirm') ?? '');
    try {
      const result = await syncTable(db, dialect, ddlOf(form), method, confirmed);
      const tree = treeShape(form);
      if (tree) await refreshHasChild(db, form.head.table_name, tree);
      await db.transaction().execute(async (tx) => {
        await tx.updateTable('onl_cgform_head').set({ is_db_synch: 'Y' }).where('id', '=', form.head.id).execute();
        await tx.updateTable('onl_cgform_index').set({ is_db_synch: 'Y' }).where('cgform_head_id', '=', form.head.id).execute();
      });
      const detail = result.droppedRows ? `（已删除原表的${result.droppedRows}条数据）` : result.addedColumns.length ? `（新增字段：${result.addedColumns.join('、')}）` : '';
      return ok(c, null, `同步数据库成功!${detail}`, 200);
    } catch (err) {
      return ddlFailure(c, err);
    }
  });

  r.at(cgformDesignApi.tableRows, DESIGN, async (c) => {
    const { db, dialect } = c.get('deps');
    const form = await loadCgform(db, c.req.param('code') ?? '');
    if (!form) return fail(c, NOT_FOUND);
    const table = form.head.table_name;
    const exists = !tableNameProblem(table) && (await tableExists(db, dialect, table));
    return ok(c, { tableName: table, exists, rows: exists ? await rowCount(db, dialect, table) : 0 }, '操作成功！', 200);
  });

  r.at(cgformDesignApi.checkOnlyTable, DESIGN, async (c) => {
    const name = c.req.query('tbname') ?? '';
    const bad = tableNameProblem(name);
    if (bad) return fail(c, bad);
    return ok(c, (await tableNameTaken(c, name, c.req.query('id') || undefined)) ? -1 : 1, '操作成功！', 200);
  });
}
