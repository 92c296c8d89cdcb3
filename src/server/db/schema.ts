// Table types for Kysely. Table and column names follow teaching-open (JeecgBoot) so its data can be imported;
// comma-list columns of the original (depart_ids, user_ids, work_dept …) are join tables here.
// Times are text 'YYYY-MM-DD HH:mm:ss' (server local time) on every dialect, so the same code compares and
// formats them everywhere; flags are small integers.
import type { ColumnType, Generated, Selectable, Updateable } from 'kysely';

type Audit = {
  create_by: ColumnType<string | null, string | null | undefined, string | null>;
  create_time: ColumnType<string | null, string | null | undefined, string | null>;
  update_by: ColumnType<string | null, string | null | undefined, string | null>;
  update_time: ColumnType<string | null, string | null | undefined, string | null>;
};
type Opt<T> = ColumnType<T, T | undefined, T>;

export interface SysUserTable extends Audit {
  id: string;
  username: string;
  realname: string;
  /** scrypt$… (domain/password.ts); empty while only legacy_password can be checked. */
  password: string;
  /** teaching-open's salt of legacy_password (migration 042); cleared with it. */
  salt: Opt<string | null>;
  /** A password imported from teaching-open as it stored it (domain/legacy-password.ts); cleared at the first login. */
  legacy_password: Opt<string | null>;
  avatar: Opt<string | null>;
  birthday: Opt<string | null>;
  sex: Opt<number | null>;
  email: Opt<string | null>;
  phone: Opt<string | null>;
  /** org_code of the user's current department (switched with selectDepart). */
  org_code: Opt<string | null>;
  status: Generated<number>;
  del_flag: Generated<number>;
  work_no: Opt<string | null>;
  post: Opt<string | null>;
  school: Generated<string>;
  telephone: Opt<string | null>;
  /** 1 = student (普通成员), 2 = teacher/admin (上级). */
  user_identity: Generated<number>;
  /** 1 while the password was set by someone else (generated, imported, reset): the user must change it first. */
  need_change_password: Generated<number>;
}

export interface SysRoleTable extends Audit {
  id: string;
  role_name: string;
  role_code: string;
  role_level: Generated<number>;
  description: Opt<string | null>;
}

export interface SysUserRoleTable {
  id: string;
  user_id: string;
  role_id: string;
}

export interface SysPermissionTable extends Audit {
  id: string;
  parent_id: Generated<string>;
  name: string;
  url: Opt<string | null>;
  component: Opt<string | null>;
  component_name: Opt<string | null>;
  redirect: Opt<string | null>;
  /** 0 top menu, 1 sub menu, 2 button/permission. */
  menu_type: number;
  perms: Opt<string | null>;
  /** '1' show/hide, '2' disable. */
  perms_type: Generated<string>;
  sort_no: Generated<number>;
  always_show: Generated<number>;
  icon: Opt<string | null>;
  is_route: Generated<number>;
  is_leaf: Generated<number>;
  keep_alive: Generated<number>;
  hidden: Generated<number>;
  description: Opt<string | null>;
  del_flag: Generated<number>;
  rule_flag: Generated<number>;
  /** For buttons: '1' rule active, '0' rule disabled (always shown). */
  status: Generated<string>;
  internal_or_external: Generated<number>;
}

export interface SysRolePermissionTable {
  id: string;
  role_id: string;
  permission_id: string;
  data_rule_ids: Opt<string | null>;
}

export interface SysPermissionDataRuleTable extends Audit {
  id: string;
  permission_id: string;
  rule_name: string;
  rule_column: Opt<string | null>;
  rule_conditions: Opt<string | null>;
  rule_value: Opt<string | null>;
  status: Generated<string>;
}

export interface SysDepartTable extends Audit {
  id: string;
  parent_id: Generated<string>;
  depart_name: string;
  depart_name_en: Opt<string | null>;
  depart_name_abbr: Opt<string | null>;
  depart_order: Generated<number>;
  description: Opt<string | null>;
  /** '1' 机构 (school), '2' 部门 (grade), '3' 班级 (class). */
  org_category: Generated<string>;
  org_type: Generated<string>;
  org_code: string;
  mobile: Opt<string | null>;
  fax: Opt<string | null>;
  address: Opt<string | null>;
  memo: Opt<string | null>;
  status: Generated<string>;
  del_flag: Generated<string>;
}

/** Membership (a student's classes). */
export interface SysUserDepartTable {
  id: string;
  user_id: string;
  dep_id: string;
}

/** Departments a user manages (负责部门; teaching-open's sys_user.depart_ids comma list). */
export interface SysUserManageDepartTable {
  id: string;
  user_id: string;
  dep_id: string;
}

interface SysDepartPermissionTable {
  id: string;
  depart_id: string;
  permission_id: string;
  data_rule_ids: Opt<string | null>;
}

interface SysDepartRoleTable extends Audit {
  id: string;
  depart_id: string;
  role_name: string;
  role_code: string;
  description: Opt<string | null>;
}

interface SysDepartRolePermissionTable {
  id: string;
  depart_id: string;
  role_id: string;
  permission_id: string;
  data_rule_ids: Opt<string | null>;
}

interface SysDepartRoleUserTable {
  id: string;
  user_id: string;
  drole_id: string;
}

export interface SysDictTable extends Audit {
  id: string;
  dict_name: string;
  dict_code: string;
  description: Opt<string | null>;
  del_flag: Generated<number>;
  type: Generated<number>;
}

/** 分类字典: a tree of coded categories (e.g. the Scratch asset tags under A03). */
export interface SysCategoryTable extends Audit {
  id: string;
  /** Parent id; '0' for a root. */
  pid: string;
  name: string;
  /** Unique; a child's code starts with its parent's (A03 → A03A01 → A03A01A01). */
  code: string;
  /** What consumers store for the category (e.g. the English Scratch tag `fantasy`); null = the code. */
  item_value: Opt<string | null>;
  /** '1' when the category has children (kept by every write). */
  has_child: Generated<string>;
  sys_org_code: Opt<string | null>;
}

export interface SysDictItemTable extends Audit {
  id: string;
  dict_id: string;
  item_text: string;
  item_value: string;
  description: Opt<string | null>;
  sort_order: Generated<number>;
  status: Generated<number>;
}

export interface SysAnnouncementTable extends Audit {
  id: string;
  titile: string;
  msg_content: Opt<string | null>;
  start_time: Opt<string | null>;
  end_time: Opt<string | null>;
  sender: Opt<string | null>;
  priority: Generated<'L' | 'M' | 'H'>;
  /** '1' 通知 (notice), '2' 系统消息 (system message). */
  msg_category: Generated<string>;
  /** 'ALL' or 'USER'; USER targets are the send rows. */
  msg_type: Generated<'ALL' | 'USER'>;
  /** '0' draft, '1' published, '2' revoked. */
  send_status: Generated<string>;
  send_time: Opt<string | null>;
  cancel_time: Opt<string | null>;
  del_flag: Generated<string>;
  bus_type: Opt<string | null>;
  bus_id: Opt<string | null>;
  open_type: Opt<string | null>;
  open_page: Opt<string | null>;
  msg_abstract: Opt<string | null>;
}

interface SysAnnouncementSendTable extends Audit {
  id: string;
  annt_id: string;
  user_id: string;
  read_flag: Generated<string>;
  read_time: Opt<string | null>;
}

export interface SysConfigTable {
  id: string;
  config_key: string;
  config_value: string;
  config_enabled: Generated<number>;
  comment: Opt<string | null>;
}

interface SysSessionTable {
  id: string;
  /** sha256 of the opaque token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  ip: Opt<string | null>;
  user_agent: Opt<string | null>;
}

interface SysCaptchaTable {
  id: string;
  check_key: string;
  /** sha256 of `${check_key}:${code}` (code lower-cased); the code itself is never stored. */
  code_hash: string;
  expires_at: number;
}

interface SysPasswordResetTable {
  id: string;
  /** sha256 of the token e-mailed to the user; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  ip: Opt<string | null>;
}

/** SMS verification codes (migration 043; domain/sms-codes.ts). One row per phone and purpose. */
interface SysSmsCodeTable {
  id: string;
  phone: string;
  purpose: 'register' | 'forgot' | 'login';
  /** salt$sha256(salt:code); the code itself is never stored. */
  code_hash: string;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  ip: Opt<string | null>;
}

/** 数据迁移: one run of the teaching-open importer and its report (migration 045; src/server/importer/). */
interface SysImportRunTable {
  id: string;
  source: string;
  files_dir: Opt<string | null>;
  dry_run: Generated<number>;
  status: 'running' | 'done' | 'failed';
  started_at: string;
  finished_at: Opt<string | null>;
  /** JSON of importer/report.ts ImportReport. */
  report: string;
  message: Opt<string | null>;
}

export interface SysLogTable {
  id: string;
  /** 1 login, 2 operation. */
  log_type: number;
  log_content: Opt<string | null>;
  /** 1 query, 2 add, 3 update, 4 delete, 5 import, 6 export. */
  operate_type: Opt<number | null>;
  userid: Opt<string | null>;
  username: Opt<string | null>;
  ip: Opt<string | null>;
  method: Opt<string | null>;
  request_url: Opt<string | null>;
  request_param: Opt<string | null>;
  request_type: Opt<string | null>;
  cost_time: Opt<number | null>;
  create_by: Opt<string | null>;
  create_time: string;
}

export interface SysFileTable extends Audit {
  id: string;
  file_type: Generated<number>;
  file_name: string;
  /** Storage key in the file store (storage/store.ts). */
  file_path: string;
  file_location: Generated<number>;
  file_tag: Opt<string | null>;
  mime_type: Opt<string | null>;
  file_size: Generated<number>;
  del_flag: Generated<number>;
}

/** 数据日志 (migration 026): one kept version of a record, its columns as JSON (domain/data-log.ts). */
export interface SysDataLogTable {
  id: string;
  data_table: string;
  data_id: string;
  data_version: number;
  data_content: string;
  create_by: Opt<string | null>;
  create_time: string;
  update_by: Opt<string | null>;
  update_time: Opt<string | null>;
}

export interface TeachingCourseTable extends Audit {
  id: string;
  course_name: string;
  course_desc: Opt<string | null>;
  course_icon: Opt<string | null>;
  course_cover: Opt<string | null>;
  show_type: Generated<number>;
  course_map: Opt<string | null>;
  is_shared: Generated<number>;
  show_home: Generated<number>;
  order_num: Generated<number>;
  course_type: Generated<string>;
  course_category: Generated<string>;
  del_flag: Generated<number>;
}

/** Departments allowed to be assigned a course (teaching-open's teaching_course.depart_ids). */
interface TeachingCourseAuthDepartTable {
  id: string;
  course_id: string;
  depart_id: string;
}

export interface TeachingCourseUnitTable extends Audit {
  id: string;
  unit_name: string;
  unit_intro: Opt<string | null>;
  unit_cover: Opt<string | null>;
  course_id: string;
  course_video: Opt<string | null>;
  course_video_source: Generated<number>;
  show_course_video: Generated<number>;
  course_case: Generated<string>;
  show_course_case: Generated<number>;
  course_ppt: Opt<string | null>;
  show_course_ppt: Generated<number>;
  course_work_type: Opt<number | null>;
  course_work: Opt<string | null>;
  course_work_answer: Opt<string | null>;
  course_plan: Opt<string | null>;
  show_course_plan: Generated<number>;
  map_x: Opt<number | null>;
  map_y: Opt<number | null>;
  media_content: Opt<string | null>;
  order_num: Generated<number>;
  del_flag: Generated<number>;
}

export interface TeachingCourseDeptTable extends Audit {
  id: string;
  dept_id: string;
  course_id: string;
  open_time: Opt<string | null>;
}

export interface TeachingAdditionalWorkTable extends Audit {
  id: string;
  code_type: Opt<number | null>;
  work_name: string;
  work_desc: Opt<string | null>;
  work_cover: Opt<string | null>;
  work_url: Opt<string | null>;
  work_document_url: Opt<string | null>;
  status: Generated<number>;
}

/** Classes a homework is assigned to (teaching-open's work_dept comma list). */
export interface TeachingAdditionalWorkDeptTable {
  id: string;
  additional_id: string;
  dept_id: string;
}

export interface TeachingWorkTable extends Audit {
  id: string;
  user_id: string;
  depart_id: Generated<string>;
  /** A course UNIT id for course homework (teaching-open naming). */
  course_id: Opt<string | null>;
  additional_id: Generated<string>;
  work_name: string;
  work_type: string;
  /** sys_file.id of the project file. */
  work_file: string;
  /** sys_file.id of the cover image. */
  work_cover: Opt<string | null>;
  /** 0 已保存, 1 待批改, 2 已批改, 3 首页展示, 4 精选作品; ≥ 3 is public. */
  work_status: Generated<number>;
  star_num: Generated<number>;
  collect_num: Generated<number>;
  view_num: Generated<number>;
  del_flag: Generated<number>;
  work_scene: Opt<string | null>;
  has_cloud_data: Generated<number>;
}

export interface TeachingWorkCorrectTable extends Audit {
  id: string;
  work_id: string;
  score: Opt<number | null>;
  comment: Opt<string | null>;
}

interface TeachingWorkCommentTable extends Audit {
  id: string;
  work_id: string;
  comment: string;
  user_id: Opt<string | null>;
}

/** 班级教学记录: one row per class per day (migration 008; written only by domain/day-log.ts). */
interface TeachingDepartDayLogTable {
  id: string;
  depart_id: string;
  depart_name: Generated<string>;
  /** 'YYYY-MM-DD'. */
  create_time: string;
  unit_open_count: Generated<number>;
  course_work_assign_count: Generated<number>;
  additional_work_assign_count: Generated<number>;
  course_work_correct_count: Generated<number>;
  additional_work_correct_count: Generated<number>;
  course_work_submit_count: Generated<number>;
  additional_work_submit_count: Generated<number>;
}

/** A counted class event (unique per class, kind and subject), so each is counted once. */
interface TeachingDepartDayEventTable {
  id: string;
  depart_id: string;
  kind: string;
  subject_id: string;
  create_time: string;
}

/** A user's private tag names (migration 009). */
interface TeachingWorkTagNameTable {
  id: string;
  user_id: string;
  tag: string;
  create_time: string;
}

/** The tag a user put on a work; one per user and work (migration 009). */
interface TeachingWorkTagTable {
  id: string;
  user_id: string;
  work_id: string;
  tag: string;
  create_time: string;
}

/** A work's state before a resubmission or restore (migration 009). */
interface TeachingWorkVersionTable {
  id: string;
  work_id: string;
  version_no: number;
  work_name: string;
  work_type: string;
  work_file: string;
  work_cover: Opt<string | null>;
  work_status: Generated<number>;
  has_cloud_data: Generated<number>;
  create_by: Opt<string | null>;
  create_time: string;
}

export interface TeachingMenuTable extends Audit {
  id: string;
  parent_id: Generated<string>;
  name: string;
  url: Opt<string | null>;
  menu_type: Generated<number>;
  sort_no: Generated<number>;
  icon: Opt<string | null>;
  is_leaf: Generated<number>;
  description: Opt<string | null>;
  del_flag: Generated<number>;
  internal_or_external: Generated<number>;
  is_route: Generated<number>;
  hidden: Generated<number>;
  need_login: Generated<number>;
}

/** 资讯 (teaching-open 2.8): a news item of the public site; only published ones (news_status ≥ 1) are public. */
export interface TeachingNewsTable extends Audit {
  id: string;
  news_title: string;
  /** Rich HTML, sanitised on save (shared/rich-text.ts). */
  news_content: Opt<string | null>;
  /** 0 草稿, 1 已发布 (dict news_status). */
  news_status: Generated<number>;
}

/** Scratch素材库: one library item (backdrop, sound, costume or sprite). */
export interface TeachingScratchAssetsTable {
  id: string;
  /** 1 背景, 2 声音, 3 造型, 4 角色 (dict scratch_asset_type). */
  asset_type: number;
  asset_name: string;
  /** The library item JSON (computed by the server). */
  asset_data: string;
  /** Storage keys internalapi/asset/<md5>.<ext>, comma-separated. */
  md5_ext: string;
  /** Stock Scratch tag values, comma-separated. */
  tags: Generated<string>;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  del_flag: Generated<number>;
}

/** A user's Scratch backpack item (migration 016); its files are stored under backpack/<user_id>/ in the file store. */
export interface TeachingScratchBackpackTable {
  id: string;
  user_id: string;
  order_no: number;
  type: string;
  mime: string;
  name: string;
  body_name: string;
  body_key: string;
  body_size: number;
  thumbnail_name: string;
  thumbnail_key: string;
  thumbnail_size: number;
  create_time: string;
}

/** A cloud variable of a Scratch work (migration 017); the value is a numeric string. */
interface TeachingScratchCloudVarTable {
  work_id: string;
  name: string;
  value: string;
  update_by: Opt<string | null>;
  update_time: string;
}

/** A view or like counted for one visitor of a work on one day (migration 024; domain/work-visits.ts). */
interface TeachingWorkVisitTable {
  kind: 'view' | 'star';
  work_id: string;
  /** `u:<user id>` when logged in, else `a:<hash of the address and the day's salt>`. */
  visitor_key: string;
  /** 'YYYY-MM-DD'. */
  day: string;
}

/** The random salt of one day's address hashes (migration 024); purged with that day's visits. */
interface TeachingVisitSaltTable {
  day: string;
  salt: string;
}

/** 定时任务 (migration 027): one built-in job of the allow-list, its cron expression and parameters. */
export interface SysQuartzJobTable extends Audit {
  id: string;
  /** Key of a built-in job (domain/scheduler/jobs.ts); never a class name to load. Unique. */
  job_class_name: string;
  /** 6 fields (second minute hour day month week), or 5 without seconds; '?' means 不指定. */
  cron_expression: string;
  /** The job's parameters as JSON text (checked against the job's own schema), or null. */
  parameter: Opt<string | null>;
  description: Opt<string | null>;
  /** 0 正常 (scheduled), -1 停止 (paused). */
  status: Generated<number>;
  del_flag: Generated<number>;
}

/** 编码校验规则 (migration 029): a named list of {digits, pattern, message} checks (domain/code-rules.ts). */
export interface SysCheckRuleTable extends Audit {
  id: string;
  rule_name: string;
  /** Unique; what forms name (checkByCode?ruleCode=). */
  rule_code: string;
  /** JSON array of {digits: '*' | N, pattern, message}, checked on save. */
  rule_json: string;
  rule_description: Opt<string | null>;
}

/** 填值规则 (migration 029): a built-in generator (rule_class, never a class name) and its JSON parameters. */
export interface SysFillRuleTable extends Audit {
  id: string;
  rule_name: string;
  rule_code: string;
  /** Key of a generator in shared/fill-rules.ts. */
  rule_class: string;
  rule_params: Opt<string | null>;
}

/** The serial counter of a fill rule in one period ('' when the rule has no date part, else e.g. '2026'). */
interface SysFillRuleCounterTable {
  rule_id: string;
  period: string;
  current_value: number;
}

/** 职务 (migration 030; the anchor's sys_position). sys_user.post holds codes of these, comma-separated. */
interface SysPositionTable extends Audit {
  id: string;
  /** Unique; letters, digits, _ and - (a comma would break sys_user.post). */
  code: string;
  name: string;
  /** 职级: a value of the position_rank dictionary. */
  post_rank: Opt<string | null>;
  company_id: Opt<string | null>;
  sys_org_code: Opt<string | null>;
}

/** 消息模板 (migration 031; JeecgBoot's sys_sms_template). template_code is unique. */
interface SysSmsTemplateTable extends Audit {
  id: string;
  template_code: string;
  template_name: string;
  /** Text or HTML with ${var} placeholders filled from JSON. */
  template_content: string;
  /** JSON object of sample values for 发送测试. */
  template_test_json: Opt<string | null>;
  /** msgType: '2' 邮件, '4' 站内消息 (JeecgBoot's 1 短信 and 3 微信 are not supported). */
  template_type: string;
}

/** 消息 (migration 031; JeecgBoot's sys_sms): one message sent or being sent, with its tries and last error. */
export interface SysSmsTable extends Audit {
  id: string;
  /** msgType: '2' 邮件, '4' 站内消息. */
  es_type: string;
  es_title: Opt<string | null>;
  es_content: Opt<string | null>;
  /** The JSON the placeholders were filled from. */
  es_param: Opt<string | null>;
  /** An e-mail address (邮件) or a username (站内消息). */
  es_receiver: string;
  /** Time of the last try. */
  es_send_time: Opt<string | null>;
  /** '0' 未发送, '1' 发送成功, '2' 发送失败. */
  es_send_status: string;
  /** Tries so far. */
  es_send_num: Generated<number>;
  /** The last try's outcome (the error of a failed try). */
  es_result: Opt<string | null>;
  remark: Opt<string | null>;
  /** When the next automatic try is due (a failed message with tries left), else null; also the claim's lease. */
  next_try_time: Opt<string | null>;
  /** Template the message came from (its code), if any. */
  template_code: Opt<string | null>;
}

/** One run of a job (migration 027). (job_id, fire_key) is unique: the claim that makes a due run happen once. */
interface SysQuartzJobRunTable {
  id: string;
  job_id: string;
  job_class_name: string;
  /** 'cron:<epoch ms of the scheduled time>' or 'manual:<id>'. */
  fire_key: string;
  /** cron (on schedule) or manual (立即执行). */
  trigger_type: string;
  /** Scheduled time of a cron run, the request time of a manual one. */
  scheduled_time: string;
  start_time: string;
  end_time: Opt<string | null>;
  duration_ms: Opt<number | null>;
  /** running, ok, error. */
  outcome: 'ok' | 'error' | 'running';
  message: Opt<string | null>;
  /** Who asked (a username for 立即执行), or the process that ran it on schedule. */
  run_by: Opt<string | null>;
}

/** 在线报表 (migration 037; the anchor's onl_cgreport_head): one read-only SELECT with ${name} parameters. */
interface OnlCgreportHeadTable extends Audit {
  id: string;
  /** Unique; the report's menu path is /online/cgreport/{code} (or its id, as JeecgBoot's menus use). */
  code: string;
  name: string;
  cgr_sql: string;
  return_val_field: Opt<string | null>;
  return_txt_field: Opt<string | null>;
  return_type: Opt<string | null>;
  /** sys_data_source.code the report reads; null: Xuetang's own database. */
  db_source: Opt<string | null>;
  content: Opt<string | null>;
}

/** A report column (migration 037; onl_cgreport_item); field_name is a column of the report's SELECT. */
interface OnlCgreportItemTable extends Audit {
  id: string;
  cgrhead_id: string;
  field_name: string;
  field_txt: Opt<string | null>;
  field_width: Opt<number | null>;
  /** String, Integer, Double, Date … (the anchor's words). */
  field_type: Opt<string | null>;
  /** single (one value) or group (a _begin/_end range), when is_search = 1. */
  search_mode: Opt<string | null>;
  is_order: Opt<number | null>;
  is_search: Opt<number | null>;
  dict_code: Opt<string | null>;
  field_href: Opt<string | null>;
  is_show: Opt<number | null>;
  order_num: Opt<number | null>;
  replace_val: Opt<string | null>;
}

/** A report parameter (migration 037; onl_cgreport_param): ${param_name} in the SQL, always bound. */
interface OnlCgreportParamTable extends Audit {
  id: string;
  cgrhead_id: string;
  param_name: string;
  param_txt: Opt<string | null>;
  param_value: Opt<string | null>;
  order_num: Opt<number | null>;
}

/** 多数据源管理 (migration 037; sys_data_source). db_password is ciphertext (domain/data-sources.ts). */
interface SysDataSourceTable extends Audit {
  id: string;
  code: string;
  name: string;
  remark: Opt<string | null>;
  /** 6 PostgreSQL, 1/4 MySQL, 5 MariaDB, sqlite (domain/data-sources.ts DB_TYPES). */
  db_type: string;
  db_driver: Opt<string | null>;
  db_url: string;
  db_name: Opt<string | null>;
  db_username: Opt<string | null>;
  db_password: Opt<string | null>;
  sys_org_code: Opt<string | null>;
}

/** 在线表单开发 (migration 038; the anchor's onl_cgform_head): a form definition; its table is table_name (cg_…). */
interface OnlCgformHeadTable extends Audit {
  id: string;
  /** Unique; always in the generated namespace (domain/cgform-names.ts). */
  table_name: string;
  /** 0 single table, 1 main table, 2 sub table (the anchor's codes). */
  table_type: number;
  table_version: Opt<number | null>;
  table_txt: string;
  is_checkbox: string;
  /** Y once 同步数据库 made the table match the definition; N after a change of its fields or indexes. */
  is_db_synch: Opt<string>;
  is_page: string;
  is_tree: string;
  id_sequence: Opt<string | null>;
  id_type: Opt<string | null>;
  query_mode: string;
  relation_type: Opt<number | null>;
  sub_table_str: Opt<string | null>;
  tab_order_num: Opt<number | null>;
  tree_parent_id_field: Opt<string | null>;
  tree_id_field: Opt<string | null>;
  tree_fieldname: Opt<string | null>;
  form_category: Opt<string>;
  form_template: Opt<string | null>;
  form_template_mobile: Opt<string | null>;
  scroll: Opt<number | null>;
  copy_version: Opt<number | null>;
  copy_type: Opt<number | null>;
  physic_id: Opt<string | null>;
  theme_template: Opt<string | null>;
}

/** A column of a form (migration 038; onl_cgform_field): its database type, control, validation and visibility. */
interface OnlCgformFieldTable extends Audit {
  id: string;
  cgform_head_id: string;
  db_field_name: string;
  db_field_txt: Opt<string | null>;
  db_field_name_old: Opt<string | null>;
  db_is_key: Opt<number | null>;
  db_is_null: Opt<number | null>;
  /** string, int, double, BigDecimal, Date, Datetime, Text, Blob (the anchor's words). */
  db_type: string;
  db_length: number;
  db_point_length: Opt<number | null>;
  db_default_val: Opt<string | null>;
  dict_field: Opt<string | null>;
  dict_table: Opt<string | null>;
  dict_text: Opt<string | null>;
  field_show_type: Opt<string | null>;
  field_href: Opt<string | null>;
  field_length: Opt<number | null>;
  field_valid_type: Opt<string | null>;
  field_must_input: Opt<string | null>;
  field_extend_json: Opt<string | null>;
  field_default_value: Opt<string | null>;
  is_query: Opt<number | null>;
  is_show_form: Opt<number | null>;
  is_show_list: Opt<number | null>;
  is_read_only: Opt<number | null>;
  query_mode: Opt<string | null>;
  main_table: Opt<string | null>;
  main_field: Opt<string | null>;
  order_num: Opt<number | null>;
  converter: Opt<string | null>;
  query_def_val: Opt<string | null>;
  query_dict_text: Opt<string | null>;
  query_dict_field: Opt<string | null>;
  query_dict_table: Opt<string | null>;
  query_show_type: Opt<string | null>;
  query_config_flag: Opt<string | null>;
  query_valid_type: Opt<string | null>;
  query_must_input: Opt<string | null>;
  sort_flag: Opt<string | null>;
}

/** An index of a form's table (migration 038; onl_cgform_index): index_field is a comma list of its fields. */
interface OnlCgformIndexTable extends Audit {
  id: string;
  cgform_head_id: Opt<string | null>;
  index_name: Opt<string | null>;
  index_field: Opt<string | null>;
  /** normal or unique. */
  index_type: Opt<string | null>;
  is_db_synch: Opt<string | null>;
  del_flag: Opt<number | null>;
}

/** A custom button of a form (migration 038; onl_cgform_button): stored for the anchor's designer, never run. */
interface OnlCgformButtonTable {
  id: string;
  button_code: Opt<string | null>;
  button_icon: Opt<string | null>;
  button_name: Opt<string | null>;
  button_status: Opt<string | null>;
  button_style: Opt<string | null>;
  exp: Opt<string | null>;
  cgform_head_id: Opt<string | null>;
  opt_type: Opt<string | null>;
  order_num: Opt<number | null>;
  opt_position: Opt<string | null>;
}

export interface Database {
  sys_user: SysUserTable;
  sys_role: SysRoleTable;
  sys_user_role: SysUserRoleTable;
  sys_permission: SysPermissionTable;
  sys_role_permission: SysRolePermissionTable;
  sys_permission_data_rule: SysPermissionDataRuleTable;
  sys_depart: SysDepartTable;
  sys_user_depart: SysUserDepartTable;
  sys_user_manage_depart: SysUserManageDepartTable;
  sys_depart_permission: SysDepartPermissionTable;
  sys_depart_role: SysDepartRoleTable;
  sys_depart_role_permission: SysDepartRolePermissionTable;
  sys_depart_role_user: SysDepartRoleUserTable;
  sys_dict: SysDictTable;
  sys_dict_item: SysDictItemTable;
  sys_category: SysCategoryTable;
  sys_announcement: SysAnnouncementTable;
  sys_announcement_send: SysAnnouncementSendTable;
  sys_config: SysConfigTable;
  sys_session: SysSessionTable;
  sys_captcha: SysCaptchaTable;
  sys_password_reset: SysPasswordResetTable;
  sys_sms_code: SysSmsCodeTable;
  sys_import_run: SysImportRunTable;
  sys_log: SysLogTable;
  sys_file: SysFileTable;
  sys_data_log: SysDataLogTable;
  teaching_course: TeachingCourseTable;
  teaching_course_auth_depart: TeachingCourseAuthDepartTable;
  teaching_course_unit: TeachingCourseUnitTable;
  teaching_course_dept: TeachingCourseDeptTable;
  teaching_additional_work: TeachingAdditionalWorkTable;
  teaching_additional_work_dept: TeachingAdditionalWorkDeptTable;
  teaching_work: TeachingWorkTable;
  teaching_work_correct: TeachingWorkCorrectTable;
  teaching_work_comment: TeachingWorkCommentTable;
  teaching_work_tag_name: TeachingWorkTagNameTable;
  teaching_work_tag: TeachingWorkTagTable;
  teaching_work_version: TeachingWorkVersionTable;
  teaching_menu: TeachingMenuTable;
  teaching_depart_day_log: TeachingDepartDayLogTable;
  teaching_depart_day_event: TeachingDepartDayEventTable;
  teaching_scratch_assets: TeachingScratchAssetsTable;
  teaching_news: TeachingNewsTable;
  teaching_scratch_backpack: TeachingScratchBackpackTable;
  teaching_scratch_cloud_var: TeachingScratchCloudVarTable;
  teaching_work_visit: TeachingWorkVisitTable;
  teaching_visit_salt: TeachingVisitSaltTable;
  sys_quartz_job: SysQuartzJobTable;
  sys_quartz_job_run: SysQuartzJobRunTable;
  sys_check_rule: SysCheckRuleTable;
  sys_fill_rule: SysFillRuleTable;
  sys_fill_rule_counter: SysFillRuleCounterTable;
  sys_position: SysPositionTable;
  sys_sms_template: SysSmsTemplateTable;
  sys_sms: SysSmsTable;
  onl_cgreport_head: OnlCgreportHeadTable;
  onl_cgreport_item: OnlCgreportItemTable;
  onl_cgreport_param: OnlCgreportParamTable;
  sys_data_source: SysDataSourceTable;
  onl_cgform_head: OnlCgformHeadTable;
  onl_cgform_field: OnlCgformFieldTable;
  onl_cgform_index: OnlCgformIndexTable;
  onl_cgform_button: OnlCgformButtonTable;
}

export type SysUser = Selectable<SysUserTable>;
export type SysUserUpdate = Updateable<SysUserTable>;
export type SysPermission = Selectable<SysPermissionTable>;
export type SysDepart = Selectable<SysDepartTable>;
export type SysAnnouncement = Selectable<SysAnnouncementTable>;
export type TeachingWork = Selectable<TeachingWorkTable>;
export type TeachingCourse = Selectable<TeachingCourseTable>;
/** A row of a table as Kysely selects it (`RowOf<'sys_role'>`). */
export type RowOf<T extends keyof Database> = Selectable<Database[T]>;
