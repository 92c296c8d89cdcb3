// The sample online report (在线报表) a fresh start shows working: 各班作品统计, the works of each class by type,
// with a parameter (提交时间起) and a dictionary column (作品类型). Its menu entry is SAMPLE_REPORT_URL (menus.ts).
import type { Insertable, Kysely } from 'kysely';
import { newId } from '../../domain/ids.js';
import { now } from '../../domain/time.js';
import type { Database } from '../schema.js';

type Row<T extends keyof Database> = Insertable<Database[T]>;

const SAMPLE_REPORT_CODE = 'works_by_class';

const SAMPLE_SQL =
  'select d.depart_name as class_name, w.work_type, count(w.id) as work_count,\n' +
  '  sum(case when w.work_status >= 2 then 1 else 0 end) as graded_count\n' +
  'from teaching_work w\n' +
  'join sys_depart d on d.id = w.depart_id\n' +
  "where w.del_flag = 0 and w.create_time >= '${since}'\n" +
  'group by d.depart_name, w.work_type';

type Item = [field: string, label: string, type: string, extra: Partial<Row<'onl_cgreport_item'>>];
const ITEMS: Item[] = [
  ['class_name', '班级', 'String', { is_search: 1, search_mode: 'single', is_order: 1, field_width: 160 }],
  ['work_type', '作品类型', 'String', { dict_code: 'work_type', is_search: 1, search_mode: 'single' }],
  ['work_count', '作品数', 'Integer', { is_order: 1 }],
  ['graded_count', '已批改', 'Integer', { is_order: 1 }],
];

function buildSampleReport(ts: string) {
  const headId = newId();
  const audit = { create_by: 'admin', create_time: ts };
  const head: Row<'onl_cgreport_head'> = { id: headId, code: SAMPLE_REPORT_CODE, name: '各班作品统计', cgr_sql: SAMPLE_SQL, db_source: null, content: '每个班级各类作品的数量与已批改数（示例报表）', ...audit };
  const items: Row<'onl_cgreport_item'>[] = ITEMS.map(([field_name, field_txt, field_type, extra], i) => ({
    id: newId(),
    cgrhead_id: headId,
    field_name,
    field_txt,
    field_type,
    is_show: 1,
    is_order: 0,
    is_search: 0,
    order_num: i + 1,
    ...extra,
    ...audit,
  }));
  const params: Row<'onl_cgreport_param'>[] = [{ id: newId(), cgrhead_id: headId, param_name: 'since', param_txt: '提交时间起', param_value: '', order_num: 1, ...audit }];
  return { head, items, params };
}

/** Adds the sample report unless a report already has its code (an administrator's own, or the seed's). */
export async function addSampleReport(db: Kysely<Database>, ts = now()): Promise<void> {
  if (await db.selectFrom('onl_cgreport_head').select('id').where('code', '=', SAMPLE_REPORT_CODE).executeTakeFirst()) return;
  const { head, items, params } = buildSampleReport(ts);
  await db.insertInto('onl_cgreport_head').values(head).execute();
  await db.insertInto('onl_cgreport_item').values(items).execute();
  await db.insertInto('onl_cgreport_param').values(params).execute();
}
