// The sample online form (在线表单) a fresh start shows: 比赛报名, a class's entries for a programming contest, with
// seven control types (text, radio, list, date, switch, a text checked as a 网址, textarea), two dictionaries (年级,
// 比赛项目) and two indexes. It is stored as the designer would save it and synced through the code 同步数据库 runs
// (domain/cgform-ddl.ts), so its table `cg_contest_signup` is made exactly as an administrator's would be. Its menu
// entry is SAMPLE_FORM_URL (menus.ts).
import { PostgresAdapter, type Insertable, type Kysely } from 'kysely';
import { syncTable, tableExists } from '../../domain/cgform-ddl.js';
import { ddlOf, loadCgform } from '../../domain/cgforms.js';
import { newId } from '../../domain/ids.js';
import { now } from '../../domain/time.js';
import type { Database } from '../schema.js';

type Row<T extends keyof Database> = Insertable<Database[T]>;
type FieldRow = Row<'onl_cgform_field'>;

export const SAMPLE_FORM_TABLE = 'cg_contest_signup';

type Field = [name: string, label: string, dbType: string, length: number, show: string, extra: Partial<FieldRow>];
const FIELDS: Field[] = [
  ['student_name', '学生姓名', 'string', 32, 'text', { field_must_input: '1', is_query: 1, query_mode: 'like', sort_flag: '1' }],
  ['class_name', '班级', 'string', 50, 'text', { is_query: 1, sort_flag: '1' }],
  ['grade', '年级', 'string', 2, 'radio', { dict_field: 'grade' }],
  ['project', '比赛项目', 'string', 32, 'list', { dict_field: 'contest_project', field_must_input: '1', is_query: 1 }],
  ['signup_date', '报名日期', 'Date', 10, 'date', { field_must_input: '1', is_query: 1, query_mode: 'group', sort_flag: '1' }],
  ['need_coach', '是否需要辅导', 'string', 1, 'switch', { field_extend_json: '{"switchOptions":["Y","N"]}', field_default_value: 'N' }],
  ['work_url', '作品链接', 'string', 255, 'text', { field_valid_type: 'url' }],
  ['remark', '备注', 'Text', 0, 'textarea', { is_show_list: 0 }],
];
/** The system columns as the designer starts every form with them: hidden from list and form. */
const SYSTEM: [name: string, label: string, dbType: string, length: number][] = [
  ['create_by', '创建人', 'string', 50],
  ['create_time', '创建日期', 'Datetime', 19],
  ['update_by', '更新人', 'string', 50],
  ['update_time', '更新日期', 'Datetime', 19],
  ['sys_org_code', '所属部门', 'string', 64],
];
const INDEXES: [name: string, fields: string][] = [
  ['project', 'project'],
  ['class_name', 'class_name'],
];

function buildSampleForm(ts: string) {
  const headId = newId();
  const audit = { create_by: 'admin', create_time: ts };
  const head: Row<'onl_cgform_head'> = {
    id: headId,
    table_name: SAMPLE_FORM_TABLE,
    table_txt: '比赛报名',
    table_type: 1, // 单表 (JeecgBoot: 1 single, 2 main, 3 sub)
    table_version: 1,
    is_checkbox: 'Y',
    is_db_synch: 'N',
    is_page: 'Y',
    is_tree: 'N',
    id_type: 'UUID',
    query_mode: 'single',
    form_category: 'bdfl_ptbd',
    scroll: 0,
    copy_type: 0,
    ...audit,
  };
  // The designer's defaults for what a field does not say (api/online/cgform.ts fieldValues).
  const field = (name: string, label: string, dbType: string, length: number, show: string, order: number, extra: Partial<FieldRow>): FieldRow => ({
    id: newId(),
    cgform_head_id: headId,
    db_field_name: name,
    db_field_txt: label,
    db_is_key: name === 'id' ? 1 : 0,
    db_is_null: name === 'id' ? 0 : 1,
    db_type: dbType,
    db_length: length,
    db_point_length: 0,
    field_show_type: show,
    field_length: 120,
    field_must_input: '0',
    is_query: 0,
    is_show_form: 1,
    is_show_list: 1,
    is_read_only: 0,
    query_mode: 'single',
    order_num: order,
    sort_flag: '0',
    ...extra,
    ...audit,
  });
  const hidden = { is_show_form: 0, is_show_list: 0 };
  const fields: FieldRow[] = [
    field('id', '主键', 'string', 32, 'text', 0, hidden),
    ...FIELDS.map(([name, label, type, length, show, extra], i) => field(name, label, type, length, show, i + 1, extra)),
    ...SYSTEM.map(([name, label, type, length], i) => field(name, label, type, length, 'text', FIELDS.length + i + 1, hidden)),
  ];
  const indexes: Row<'onl_cgform_index'>[] = INDEXES.map(([index_name, index_field]) => ({ id: newId(), cgform_head_id: headId, index_name, index_field, index_type: 'normal', is_db_synch: 'N', del_flag: 0, ...audit }));
  return { head, fields, indexes };
}

/**
 * Adds the sample form and makes its table, unless a form or a table already has its name (an administrator's
 * own, or the seed's). In the caller's transaction when `db` is one, else in one of its own.
 */
export async function addSampleForm(db: Kysely<Database>, ts = now()): Promise<void> {
  const run = async (tx: Kysely<Database>) => {
    const dialect = tx.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
    if (await tx.selectFrom('onl_cgform_head').select('id').where('table_name', '=', SAMPLE_FORM_TABLE).executeTakeFirst()) return;
    if (await tableExists(tx, dialect, SAMPLE_FORM_TABLE)) return;
    const { head, fields, indexes } = buildSampleForm(ts);
    await tx.insertInto('onl_cgform_head').values(head).execute();
    await tx.insertInto('onl_cgform_field').values(fields).execute();
    await tx.insertInto('onl_cgform_index').values(indexes).execute();
    await syncTable(tx, dialect, ddlOf((await loadCgform(tx, head.id))!), 'normal');
    await tx.updateTable('onl_cgform_head').set({ is_db_synch: 'Y' }).where('id', '=', head.id).execute();
    await tx.updateTable('onl_cgform_index').set({ is_db_synch: 'Y' }).where('cgform_head_id', '=', head.id).execute();
  };
  await (db.isTransaction ? run(db) : db.transaction().execute(run));
}
