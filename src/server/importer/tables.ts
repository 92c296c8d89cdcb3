// What is imported, table by table, in the order references need: each teaching-open table declared once with
// the Xuetang table it feeds (engine.ts explains the fields). Xuetang's tables keep teaching-open's names and
// columns (db/schema.ts), so most plans only name their references and their natural keys; the comments say
// where a plan does more.
import { sanitizeRichHtml } from '../shared/rich-text.js';
import { builtInJob } from '../domain/scheduler/jobs.js';
import type { ImportStep, TablePlan, TargetRow } from './engine.js';
import { cgformDataStep, cgformHeadPlan } from './forms.js';
import { makeRoomForSchoolDeparts } from './departs.js';
import { grantPlans, permissionPlan } from './grants.js';
import { commaList, derivedId, mimeOf, normalisePhone } from './values.js';

const rich = (v: unknown) => (v === null || v === undefined ? v : sanitizeRichHtml(String(v)));

/** sys_user: the old password is kept aside (verified once at login, then replaced by Xuetang's hash). */
const users: TablePlan = {
  source: 'sys_user',
  target: 'sys_user',
  label: '用户',
  natural: ['username'],
  async map(row, src, ctx) {
    if (!row.username) return { skip: '没有登录账号' };
    row.realname = row.realname || row.username;
    row.phone = normalisePhone(src.phone);
    row.email = typeof row.email === 'string' && row.email.trim() ? row.email.trim() : null;
    row.work_no = typeof row.work_no === 'string' && row.work_no.trim() ? row.work_no.trim() : null;
    row.status = row.status === 2 ? 2 : 1;
    row.del_flag = row.del_flag === 1 ? 1 : 0;
    row.user_identity = row.user_identity === 2 ? 2 : 1;
    // Never a plaintext, never decrypted: the stored value and its salt wait for the first login.
    row.legacy_password = src.password ? String(src.password) : null;
    row.salt = src.salt === null || src.salt === undefined ? null : String(src.salt);
    row.password = '';
    row.need_change_password = 0;
    row.avatar = await ctx.files.claim(row.avatar as string | null);
    return row;
  },
  // An account that has a Xuetang password (it logged in here since, or was Xuetang's before: the seeded admin)
  // keeps it: an import never takes a password someone set here back to an old one.
  keep: (old) => (old.password ? ['password', 'legacy_password', 'salt', 'need_change_password'] : []),
  onKeep: (row, ctx) => {
    const names = (ctx.memo.get('kept-passwords') as string[] | undefined) ?? [];
    names.push(String(row.username));
    ctx.memo.set('kept-passwords', names);
  },
  after: (ctx) => {
    const names = (ctx.memo.get('kept-passwords') as string[] | undefined) ?? [];
    if (names.length) ctx.report.notes.push(`${names.length} 个账号在学堂已有密码，保留学堂的密码（如 ${names.slice(0, 5).join('、')}）。`);
  },
};

/** A comma list of a row → one join row per id (stable ids, so a second run finds them). */
const fromList = (
  spec: { source: string; target: TablePlan['target']; label: string; list: string; parent: string; child: string; parentRef: TablePlan['target']; childRef: TablePlan['target'] },
): TablePlan => ({
  source: spec.source,
  target: spec.target,
  label: spec.label,
  natural: [spec.parent, spec.child],
  requires: { [spec.parent]: spec.parentRef, [spec.child]: spec.childRef },
  map(_row, src, ctx) {
    const parent = ctx.mapId(spec.parentRef, String(src.id));
    const rows: TargetRow[] = commaList(src[spec.list]).map((id) => {
      const child = ctx.mapId(spec.childRef, id);
      return { id: derivedId(spec.target, parent, child), [spec.parent]: parent, [spec.child]: child };
    });
    return rows;
  },
});

const files: TablePlan = {
  source: 'sys_file',
  target: 'sys_file',
  label: '文件',
  async map(row, _src, ctx) {
    const key = await ctx.files.claim(row.file_path as string);
    row.file_path = key ?? '';
    row.file_name = row.file_name || row.file_path;
    row.file_location = /^https?:\/\//i.test(String(key)) ? 2 : 1;
    row.mime_type = mimeOf(String(key ?? ''));
    row.file_type = row.file_type || 1;
    return row;
  },
};

const jobs: TablePlan = {
  source: 'sys_quartz_job',
  target: 'sys_quartz_job',
  label: '定时任务',
  natural: ['job_class_name'],
  map(row) {
    // Xuetang runs only its own jobs (no class loading): one of teaching-open's Java classes has no counterpart.
    const name = String(row.job_class_name ?? '');
    if (!builtInJob(name)) return { skip: `学堂没有对应的内置任务（${name.replace(/^.*\./, '')}）` };
    return row;
  },
};

/** Every table, in the order their references need. */
export const TABLE_PLANS: readonly (TablePlan | ImportStep)[] = [
  { source: 'sys_depart', target: 'sys_depart', label: '部门/班级', natural: ['org_code'], refs: { parent_id: 'sys_depart' }, before: makeRoomForSchoolDeparts },
  { source: 'sys_role', target: 'sys_role', label: '角色', natural: ['role_code'] },
  users,
  {
    source: 'sys_user_role',
    target: 'sys_user_role',
    label: '用户角色',
    natural: ['user_id', 'role_id'],
    refs: { user_id: 'sys_user', role_id: 'sys_role' },
    requires: { user_id: 'sys_user', role_id: 'sys_role' },
  },
  {
    source: 'sys_user_depart',
    target: 'sys_user_depart',
    label: '班级成员',
    natural: ['user_id', 'dep_id'],
    refs: { user_id: 'sys_user', dep_id: 'sys_depart' },
    requires: { user_id: 'sys_user', dep_id: 'sys_depart' },
  },
  fromList({ source: 'sys_user', target: 'sys_user_manage_depart', label: '负责班级', list: 'depart_ids', parent: 'user_id', child: 'dep_id', parentRef: 'sys_user', childRef: 'sys_depart' }),
  { source: 'sys_position', target: 'sys_position', label: '职务', natural: ['code'] },
  { source: 'sys_dict', target: 'sys_dict', label: '字典', natural: ['dict_code'], keep: keepAll },
  {
    source: 'sys_dict_item',
    target: 'sys_dict_item',
    label: '字典项',
    natural: ['dict_id', 'item_value'],
    refs: { dict_id: 'sys_dict' },
    requires: { dict_id: 'sys_dict' },
    // Xuetang's own dictionaries keep their items; the school's additions to them are added.
    keep: keepAll,
  },
  { source: 'sys_config', target: 'sys_config', label: '网站配置', natural: ['config_key'] },
  {
    source: 'sys_category',
    target: 'sys_category',
    label: '分类字典',
    natural: ['code'],
    refs: { pid: 'sys_category' },
    map: (row, src) => ({ ...row, item_value: src.value ?? null }),
  },
  { source: 'sys_check_rule', target: 'sys_check_rule', label: '校验规则', natural: ['rule_code'] },
  { source: 'sys_fill_rule', target: 'sys_fill_rule', label: '填值规则', natural: ['rule_code'] },
  jobs,
  {
    source: 'sys_data_source',
    target: 'sys_data_source',
    label: '多数据源',
    natural: ['code'],
    // teaching-open's passwords are encrypted with its own key: they are not carried over (typed again on
    // 多数据源管理, where they are encrypted under DATA_SOURCE_KEY).
    map: (row) => ({ ...row, db_password: null }),
    keep: (old) => (old.db_password ? ['db_password'] : []),
    after: (ctx, t) => {
      if (t.imported + t.updated) ctx.report.notes.push('多数据源的密码未导入（teaching-open 用它自己的密钥加密）：请在 多数据源管理 中重新填写。');
    },
  },
  cgformHeadPlan,
  { source: 'onl_cgform_field', target: 'onl_cgform_field', label: '在线表单字段', refs: { cgform_head_id: 'onl_cgform_head' }, requires: { cgform_head_id: 'onl_cgform_head' } },
  { source: 'onl_cgform_index', target: 'onl_cgform_index', label: '在线表单索引', refs: { cgform_head_id: 'onl_cgform_head' }, requires: { cgform_head_id: 'onl_cgform_head' } },
  { source: 'onl_cgform_button', target: 'onl_cgform_button', label: '在线表单按钮', refs: { cgform_head_id: 'onl_cgform_head' }, requires: { cgform_head_id: 'onl_cgform_head' } },
  cgformDataStep,
  { source: 'onl_cgreport_head', target: 'onl_cgreport_head', label: '在线报表', natural: ['code'] },
  { source: 'onl_cgreport_item', target: 'onl_cgreport_item', label: '在线报表字段', refs: { cgrhead_id: 'onl_cgreport_head' }, requires: { cgrhead_id: 'onl_cgreport_head' } },
  { source: 'onl_cgreport_param', target: 'onl_cgreport_param', label: '在线报表参数', refs: { cgrhead_id: 'onl_cgreport_head' }, requires: { cgrhead_id: 'onl_cgreport_head' } },
  { source: 'sys_sms_template', target: 'sys_sms_template', label: '消息模板', natural: ['template_code'] },
  { source: 'sys_sms', target: 'sys_sms', label: '消息' },
  permissionPlan,
  ...grantPlans,
  {
    source: 'sys_announcement',
    target: 'sys_announcement',
    label: '通知公告',
    map: (row) => ({ ...row, msg_content: rich(row.msg_content) }),
  },
  {
    source: 'sys_announcement',
    target: 'sys_announcement_send',
    label: '公告指定用户',
    natural: ['annt_id', 'user_id'],
    requires: { annt_id: 'sys_announcement', user_id: 'sys_user' },
    // A USER notice named its readers in user_ids; Xuetang keeps them as send rows (read state below).
    map: (_row, src, ctx) =>
      String(src.msg_type) === 'USER'
        ? commaList(src.user_ids).map((u) => {
            const user = ctx.mapId('sys_user', u);
            return { id: derivedId('sys_announcement_send', String(src.id), user), annt_id: String(src.id), user_id: user };
          })
        : [],
  },
  {
    source: 'sys_announcement_send',
    target: 'sys_announcement_send',
    label: '公告阅读',
    natural: ['annt_id', 'user_id'],
    refs: { user_id: 'sys_user' },
    requires: { annt_id: 'sys_announcement', user_id: 'sys_user' },
  },
  files,
  {
    source: 'teaching_course',
    target: 'teaching_course',
    label: '课程',
    async map(row, _src, ctx) {
      row.course_desc = rich(row.course_desc);
      for (const k of ['course_icon', 'course_cover', 'course_map']) row[k] = await ctx.files.claim(row[k] as string | null);
      row.del_flag = row.del_flag === 1 ? 1 : 0;
      return row;
    },
  },
  fromList({ source: 'teaching_course', target: 'teaching_course_auth_depart', label: '课程授权部门', list: 'depart_ids', parent: 'course_id', child: 'depart_id', parentRef: 'teaching_course', childRef: 'sys_depart' }),
  {
    source: 'teaching_course_unit',
    target: 'teaching_course_unit',
    label: '课程单元',
    requires: { course_id: 'teaching_course' },
    async map(row, _src, ctx) {
      row.media_content = rich(row.media_content);
      row.del_flag = row.del_flag === 1 ? 1 : 0;
      row.unit_cover = await ctx.files.claim(row.unit_cover as string | null);
      for (const k of ['course_case', 'course_ppt', 'course_work', 'course_work_answer', 'course_plan']) row[k] = await ctx.files.claimList(row[k] as string | null);
      // A course video is a file key only when it is uploaded (source 1); links and embeds stay as they are.
      if (Number(row.course_video_source ?? 1) === 1) row.course_video = await ctx.files.claim(row.course_video as string | null);
      return row;
    },
  },
  {
    source: 'teaching_course_dept',
    target: 'teaching_course_dept',
    label: '班级课程',
    natural: ['dept_id', 'course_id'],
    refs: { dept_id: 'sys_depart' },
    requires: { dept_id: 'sys_depart', course_id: 'teaching_course' },
  },
  {
    source: 'teaching_additional_work',
    target: 'teaching_additional_work',
    label: '班级作业',
    async map(row, _src, ctx) {
      row.work_cover = await ctx.files.claim(row.work_cover as string | null);
      row.work_url = await ctx.files.claim(row.work_url as string | null);
      row.work_document_url = await ctx.files.claimList(row.work_document_url as string | null);
      return row;
    },
  },
  fromList({ source: 'teaching_additional_work', target: 'teaching_additional_work_dept', label: '作业班级', list: 'work_dept', parent: 'additional_id', child: 'dept_id', parentRef: 'teaching_additional_work', childRef: 'sys_depart' }),
  {
    source: 'teaching_work',
    target: 'teaching_work',
    label: '作品',
    refs: { user_id: 'sys_user', depart_id: 'sys_depart' },
    requires: { user_id: 'sys_user' },
    map(row) {
      row.del_flag = row.del_flag === 1 ? 1 : 0;
      row.work_status = Number(row.work_status ?? 0);
      return row;
    },
    // Views, likes and collections only grow: counts Xuetang has added since are not taken back.
    keep: (old, row) => ['view_num', 'star_num', 'collect_num'].filter((k) => Number(old[k]) >= Number(row[k])),
  },
  // A grade or a comment on a deleted work is kept (the work is only marked deleted); on a work that is not there, not.
  { source: 'teaching_work_correct', target: 'teaching_work_correct', label: '作品批改', natural: ['work_id'], requires: { work_id: 'teaching_work' } },
  { source: 'teaching_work_comment', target: 'teaching_work_comment', label: '作品评论', refs: { user_id: 'sys_user' }, requires: { work_id: 'teaching_work' } },
  {
    source: 'teaching_depart_day_log',
    target: 'teaching_depart_day_log',
    label: '班级教学记录',
    natural: ['depart_id', 'create_time'],
    refs: { depart_id: 'sys_depart' },
    requires: { depart_id: 'sys_depart' },
  },
  { source: 'teaching_menu', target: 'teaching_menu', label: '前台菜单', natural: ['url'], refs: { parent_id: 'teaching_menu' }, keep: keepAll },
  {
    source: 'teaching_news',
    target: 'teaching_news',
    label: '新闻资讯',
    map: (row) => ({ ...row, news_content: rich(row.news_content) }),
  },
  {
    source: 'teaching_scratch_assets',
    target: 'teaching_scratch_assets',
    label: 'Scratch素材',
    async map(row, src, ctx) {
      row.update_time = src.udpate_time ?? null;
      row.md5_ext = (await ctx.files.claimList(row.md5_ext as string)) ?? '';
      row.del_flag = row.del_flag === 1 ? 1 : 0;
      return row;
    },
  },
];

/** Xuetang's row wins over the school's for these (its dictionaries, its front menu): every column kept. */
function keepAll(old: TargetRow): string[] {
  return Object.keys(old);
}
