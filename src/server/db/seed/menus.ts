// The back-office menu tree (sys_permission), its button permissions, and which role gets what.
// Layout and naming follow teaching-open: urls are route paths, components are paths under the original's
// views/ (layouts/RouteView for containers), route names derive from the url, roots have menu_type 0,
// children 1, buttons 2. The tree is declared once; rows, grants and the data rule are derived from it.
// The menu never offers a screen that answers 404: teaching-open's screens that are not built yet stay
// declared in their place (with their grants and buttons) but are marked `planned` and not seeded; the work
// that builds a screen removes its mark and moves its button codes to PERMISSION_CODES.
import { newId } from '../../domain/ids.js';
import { flattenTree } from '../../shared/tree.js';
import type { Insertable } from 'kysely';
import type {
  SysPermissionDataRuleTable,
  SysPermissionTable,
  SysRolePermissionTable,
} from '../schema.js';

/** Every button permission code the seed creates (those of built screens). API routes and pages refer to these. */
export const PERMISSION_CODES = [
  // 用户管理
  'user:add', 'user:edit', 'user:del', 'user:status', 'user:import', 'user:export', 'user:recycle',
  'user:form:phone', 'sys:user:depart', 'user:password',
  // 角色管理
  'role:add', 'role:edit', 'role:del', 'role:auth', 'role:user', 'role:export', 'role:import',
  // 菜单管理
  'permission:add', 'permission:edit', 'permission:del', 'permission:rule',
  // 班级管理 (departments)
  'depart:add', 'depart:edit', 'depart:del', 'depart:member', 'depart:permission', 'depart:role', 'depart:course',
  // 数据规则
  'datarule:add', 'datarule:edit', 'datarule:del', 'datarule:export',
  // 字典管理
  'dict:add', 'dict:edit', 'dict:del', 'dict:item', 'dict:recycle', 'dict:export', 'dict:import',
  // 分类字典
  'category:add', 'category:edit', 'category:del', 'category:export', 'category:import',
  // 通告管理
  'annount:add', 'annount:edit', 'annount:del', 'annount:release', 'annount:revoke',
  // 网站配置, 日志管理
  'config:save', 'log:del',
  // 课程包管理, 课程单元管理
  'course:add', 'course:edit', 'course:del', 'unit:add', 'unit:edit', 'unit:del',
  // 作业管理
  'work:correct', 'work:del', 'work:export', 'work:send',
  // 布置班级作业
  'additional:add', 'additional:edit', 'additional:del',
  // Scratch素材库
  'assets:add', 'assets:edit', 'assets:del',
  // 前台菜单管理
  'menu:add', 'menu:edit', 'menu:del',
  // 定时任务
  'quartz:add', 'quartz:edit', 'quartz:del', 'quartz:status', 'quartz:run', 'quartz:export', 'quartz:import',
  // 在线用户
  'online:forceLogout',
  // 文件管理, OSS文件, 数据日志
  'file:upload', 'file:del', 'datalog:view',
  // 编码校验规则, 填值规则
  'checkRule:add', 'checkRule:edit', 'checkRule:del', 'checkRule:export', 'checkRule:import',
  'fillRule:add', 'fillRule:edit', 'fillRule:del', 'fillRule:export', 'fillRule:import',
  // 职务管理
  'position:add', 'position:edit', 'position:del', 'position:export', 'position:import',
  // 消息模板管理, 消息管理
  'msgTemplate:add', 'msgTemplate:edit', 'msgTemplate:del', 'msgTemplate:send', 'msgTemplate:export', 'msgTemplate:import',
  'message:del', 'message:resend', 'message:export',
] as const;

export type PermissionCode = (typeof PERMISSION_CODES)[number];

/** Role codes the seed creates, with teaching-open's levels (used to stop editing higher-level users). */
export const SEED_ROLES = [
  { code: 'admin', name: '管理员', level: 99, description: '系统管理员，拥有全部菜单与按钮权限' },
  { code: 'teacher', name: '教师', level: 2, description: '管理所负责班级的学生、作业与素材' },
  { code: 'student', name: '学生', level: 0, description: '创作作品、学习课程、完成作业' },
] as const;

export type SeedRoleCode = (typeof SEED_ROLES)[number]['code'];
/** Roles other than admin; admin is granted every row. */
type GrantRole = Exclude<SeedRoleCode, 'admin'>;

interface ButtonDef {
  code: PermissionCode;
  name: string;
  grant?: GrantRole[];
}

interface DataRuleDef {
  name: string;
  column: string;
  conditions: string;
  value: string;
  /** Roles whose grant of the menu carries this rule (through sys_role_permission.data_rule_ids). */
  grant: GrantRole[];
}

export interface MenuDef {
  name: string;
  url: string;
  component: string;
  /** Route name; when absent it derives from the url (teaching-open's rule). */
  componentName?: string;
  redirect?: string;
  icon?: string;
  /** Explicit sort_no; otherwise the position among its siblings. */
  sort?: number;
  hidden?: boolean;
  alwaysShow?: boolean;
  keepAlive?: boolean;
  /** Opens in a new window (internal_or_external = 1). */
  external?: boolean;
  /** false → is_route 0 (a plain link, not a registered route). */
  route?: boolean;
  description?: string;
  /**
   * Roles (besides admin) granted this menu. Children without their own `grant` inherit it; a role granted
   * a child is also granted every ancestor, so its menu tree stays connected.
   */
  grant?: GrantRole[];
  buttons?: ButtonDef[];
  dataRules?: DataRuleDef[];
  children?: MenuDef[];
  /**
   * The screen is not built yet: the entry and everything below it are not seeded (a route container left
   * without a seeded child is not seeded either). Remove the mark when the page exists.
   */
  planned?: true;
}

const RV = 'layouts/RouteView';
/** The anchor's component of a report's screen (/online/cgreport/{code}). */
export const REPORT_COMPONENT = 'modules/online/cgreport/auto/OnlCgreportAutoList';
/** The seeded sample report's screen (its code: db/seed/reports.ts). */
export const SAMPLE_REPORT_URL = '/online/cgreport/works_by_class';
/** The anchor's component of a generated form's list screen (/online/cgformList/{code}). */
export const CGFORM_COMPONENT = 'modules/online/cgform/auto/OnlCgformAutoList';
/** The seeded sample form's screen, named by its table (db/seed/forms.ts). */
export const SAMPLE_FORM_URL = '/online/cgformList/cg_contest_signup';
const IFRAME = 'layouts/IframePageView';
const ALL: GrantRole[] = ['teacher', 'student'];
const T: GrantRole[] = ['teacher'];

/** The complete back-office menu, in display order. */
export const BACK_OFFICE_MENU: MenuDef[] = [
  { name: '首页', url: '/dashboard/index', component: 'dashboard/Index', icon: 'home', sort: 0, grant: ALL },
  {
    // teaching-open kept these under 开发示例 with mock figures; here they show the school's own, so they sit
    // after 首页. 分析页 is scoped to a teacher's classes, 工作台 is a teacher's to-do, 监控页 the admin's.
    name: '仪表盘', url: '/dashboard', component: RV, icon: 'dashboard', sort: 0.5,
    children: [
      { name: '分析页', url: '/dashboard/analysis', component: 'dashboard/Analysis', grant: T },
      { name: '监控页', url: '/dashboard/monitor', component: 'dashboard/Monitor' },
      { name: '工作台', url: '/dashboard/workplace', component: 'dashboard/Workplace', grant: T },
    ],
  },
  {
    name: '创作', url: '/create', component: RV, icon: 'highlight', sort: 1, grant: ALL,
    description: '在线编辑器，新窗口打开',
    children: [
      { name: 'Scratch3.0', url: '/scratch3/index.html?scene=create', component: IFRAME, componentName: 'create-scratch3', external: true },
      // ScratchJr has no maintained web package: not built (no menu entry may answer 404). Migration 050 brings
      // 图形化Python and Blockly to databases seeded while they were planned.
      { name: 'ScratchJr', url: '/scratchjr/home.html', component: IFRAME, componentName: 'create-scratchjr', external: true, planned: true },
      { name: '图形化Python', url: '/python/index.html?scene=create', component: IFRAME, componentName: 'create-python', external: true },
      { name: 'Blockly', url: '/blockly/index.html?lang=zh-hans&scene=create', component: IFRAME, componentName: 'create-blockly', external: true },
    ],
  },
  { name: '我的作品', url: '/account/center', component: 'account/center/Index', icon: 'picture', sort: 2, grant: ALL },
  { name: '我的课程', url: '/teaching/mineCourse/cardList', component: 'account/course/CourseListCard', icon: 'read', sort: 3, grant: ALL },
  { name: '我的作品列表', url: '/account/mineWork', component: 'account/center/MineWorkList', icon: 'form', sort: 4, grant: ALL },
  { name: '我的作业', url: '/center/myAdditionalWork', component: 'account/course/MyAdditionalWorkList', icon: 'form', sort: 5, grant: ALL },
  {
    name: '课程单元', url: '/account', component: RV, hidden: true, sort: 6, grant: ALL,
    children: [
      { name: '课程单元-地图', url: '/teaching/mineCourse/courseUnitMap', component: 'account/course/CourseUnitMap', hidden: true },
      { name: '课程单元-卡片', url: '/teaching/mineCourse/courseUnitCard', component: 'account/course/CourseUnitListCard', hidden: true },
    ],
  },
  {
    name: '个人设置', url: '/account/settings', component: 'account/settings/Index', redirect: '/account/settings/base',
    hidden: true, sort: 7, grant: ALL,
    children: [
      { name: '基本信息', url: '/account/settings/base', component: 'account/settings/BaseSetting', hidden: true },
      { name: '安全设置', url: '/account/settings/security', component: 'account/settings/Security', hidden: true },
      { name: '个性化设置', url: '/account/settings/custom', component: 'account/settings/Custom', hidden: true },
      { name: '账户绑定', url: '/account/settings/binding', component: 'account/settings/Binding', hidden: true },
      { name: '新消息通知', url: '/account/settings/notification', component: 'account/settings/Notification', hidden: true },
    ],
  },
  { name: '我的消息', url: '/isps/userAnnouncement', component: 'system/UserAnnouncementList', hidden: true, sort: 8, grant: ALL },
  {
    name: '用户管理', url: '/isystem/user', component: 'system/UserList', icon: 'idcard', sort: 10, grant: T,
    buttons: [
      { code: 'user:add', name: '添加用户', grant: T },
      { code: 'user:edit', name: '编辑用户', grant: T },
      { code: 'user:del', name: '删除用户', grant: T },
      { code: 'user:status', name: '冻结解冻', grant: T },
      { code: 'user:form:phone', name: '修改手机号', grant: T },
      { code: 'user:password', name: '重置密码', grant: T },
      // Class rosters are a teacher's job: import and export stay inside the classes they manage.
      { code: 'user:import', name: '导入用户', grant: T },
      { code: 'user:export', name: '导出用户', grant: T },
      { code: 'user:recycle', name: '回收站' },
      { code: 'sys:user:depart', name: '修改部门班级' },
    ],
    dataRules: [{ name: '仅显示学生', column: 'user_identity', conditions: '=', value: '1', grant: T }],
  },
  {
    name: '作业管理', url: '/work', component: RV, icon: 'form', sort: 11,
    children: [
      {
        name: '作业管理', url: '/teaching/workList', component: 'teaching/TeachingWorkList', grant: T,
        buttons: [
          { code: 'work:correct', name: '批改作业', grant: T },
          { code: 'work:del', name: '删除作业', grant: T },
          { code: 'work:export', name: '导出作业', grant: T },
          { code: 'work:send', name: '克隆至其他账号', grant: T },
        ],
      },
      {
        name: '布置班级作业', url: '/work/additionalWork', component: 'teaching/TeachingAdditionalWorkList', grant: T,
        buttons: [
          { code: 'additional:add', name: '布置作业', grant: T },
          { code: 'additional:edit', name: '编辑作业', grant: T },
          { code: 'additional:del', name: '删除作业', grant: T },
        ],
      },
    ],
  },
  {
    // Teachers author courses too (the anchor kept them to admins): they see every course and change only those
    // they created and their units; admins change every course (api/teaching/course-access.ts). Migration 035
    // grants it to databases seeded before.
    name: '课程管理', url: '/course', component: RV, icon: 'book', sort: 12,
    children: [
      {
        name: '课程包管理', url: '/course/course', component: 'teaching/TeachingCourseList', grant: T,
        buttons: [
          { code: 'course:add', name: '添加课程', grant: T },
          { code: 'course:edit', name: '编辑课程', grant: T },
          { code: 'course:del', name: '删除课程', grant: T },
        ],
      },
      {
        name: '课程单元管理', url: '/course/courseUnit', component: 'teaching/TeachingCourseUnitList', grant: T,
        buttons: [
          { code: 'unit:add', name: '添加单元', grant: T },
          { code: 'unit:edit', name: '编辑单元', grant: T },
          { code: 'unit:del', name: '删除单元', grant: T },
        ],
      },
    ],
  },
  {
    // teaching-open's department screen (school → grade → class tree, members, class courses).
    name: '班级管理', url: '/isystem/departDetailList', component: 'system/DepartList', icon: 'cluster', sort: 13, grant: T,
    buttons: [
      { code: 'depart:add', name: '添加部门' },
      { code: 'depart:edit', name: '编辑部门' },
      { code: 'depart:del', name: '删除部门' },
      { code: 'depart:member', name: '班级成员', grant: T },
      { code: 'depart:permission', name: '部门权限' },
      { code: 'depart:role', name: '部门角色' },
      // The 课程 tab: add authorised courses to a class, set 开课时间, remove (teachers: their own classes).
      { code: 'depart:course', name: '班级课程', grant: T },
    ],
  },
  // 资讯管理: the public site's news (admin only, as in the anchor, which declares no button codes for it);
  // after 班级管理 (13 here, 12 in the anchor, whose 资讯管理 is 13).
  { name: '资讯管理', url: '/news/list', component: 'teaching/TeachingNewsList', icon: 'profile', sort: 14 },
  {
    // The anchor's 统计报表 (sort 15): admin only there; teachers here see the classes they manage.
    name: '统计报表', url: '/report', component: RV, icon: 'bar-chart', sort: 15, grant: T,
    children: [
      { name: '班级教学记录', url: '/report/depart', component: 'report/TeacherReport' },
      // An online report (在线报表, db/seed/reports.ts): every class's works, so admin only (no data rule reaches a report).
      { name: '各班作品统计', url: SAMPLE_REPORT_URL, component: REPORT_COMPONENT, grant: [] },
    ],
  },
  {
    name: '系统管理', url: '/isystem', component: RV, icon: 'setting', sort: 20,
    children: [
      {
        name: '角色管理', url: '/isystem/role', component: 'system/RoleList',
        buttons: [
          { code: 'role:add', name: '添加角色' },
          { code: 'role:edit', name: '编辑角色' },
          { code: 'role:del', name: '删除角色' },
          { code: 'role:auth', name: '角色授权' },
          { code: 'role:user', name: '角色用户' },
          { code: 'role:export', name: '导出角色' },
          { code: 'role:import', name: '导入角色' },
        ],
      },
      {
        name: '菜单管理', url: '/isystem/permission', component: 'system/PermissionList',
        buttons: [
          { code: 'permission:add', name: '添加菜单' },
          { code: 'permission:edit', name: '编辑菜单' },
          { code: 'permission:del', name: '删除菜单' },
          { code: 'permission:rule', name: '数据规则' },
        ],
      },
      // Every menu's data rules in one list, with a preview of the rows a role would see (also editable per
      // menu inside 菜单管理).
      {
        name: '数据规则', url: '/isystem/permissionDataRule', component: 'system/PermissionDataRuleList',
        buttons: [
          { code: 'datarule:add', name: '添加数据规则' },
          { code: 'datarule:edit', name: '编辑数据规则' },
          { code: 'datarule:del', name: '删除数据规则' },
          { code: 'datarule:export', name: '导出数据规则' },
        ],
      },
      {
        name: '字典管理', url: '/isystem/dict', component: 'system/DictList',
        buttons: [
          { code: 'dict:add', name: '添加字典' },
          { code: 'dict:edit', name: '编辑字典' },
          { code: 'dict:del', name: '删除字典' },
          { code: 'dict:item', name: '字典配置' },
          { code: 'dict:recycle', name: '字典回收站' },
          { code: 'dict:export', name: '导出字典' },
          { code: 'dict:import', name: '导入字典' },
        ],
      },
      {
        name: '分类字典', url: '/isys/category', component: 'system/SysCategoryList',
        buttons: [
          { code: 'category:add', name: '添加分类' },
          { code: 'category:edit', name: '编辑分类' },
          { code: 'category:del', name: '删除分类' },
          { code: 'category:export', name: '导出分类' },
          { code: 'category:import', name: '导入分类' },
        ],
      },
      {
        name: '通告管理', url: '/isystem/annountCement', component: 'system/SysAnnouncementList',
        buttons: [
          { code: 'annount:add', name: '添加通告' },
          { code: 'annount:edit', name: '编辑通告' },
          { code: 'annount:del', name: '删除通告' },
          { code: 'annount:release', name: '发布通告' },
          { code: 'annount:revoke', name: '撤销通告' },
        ],
      },
      {
        name: '网站配置', url: '/sys/sysConfig', component: 'system/SysConfig',
        buttons: [{ code: 'config:save', name: '保存配置' }],
      },
      {
        name: '前台菜单管理', url: '/teaching/menu', component: 'teaching/TeachingMenuList',
        buttons: [
          { code: 'menu:add', name: '添加前台菜单' },
          { code: 'menu:edit', name: '编辑前台菜单' },
          { code: 'menu:del', name: '删除前台菜单' },
        ],
      },
      {
        name: 'Scratch素材库', url: '/scratch/assets', component: 'teaching/TeachingScratchAssetsList', grant: T,
        buttons: [
          { code: 'assets:add', name: '添加素材', grant: T },
          { code: 'assets:edit', name: '编辑素材', grant: T },
          { code: 'assets:del', name: '删除素材', grant: T },
        ],
      },
      {
        name: '文件管理', url: '/isystem/file', component: 'system/SysFileList',
        buttons: [
          { code: 'file:upload', name: '上传文件' },
          { code: 'file:del', name: '删除文件' },
        ],
      },
      // teaching-open lists it under 开发示例; here the stored files by storage location, beside 文件管理.
      { name: 'OSS文件', url: '/oss/file', component: 'modules/oss/OSSFileList' },
      {
        name: '日志管理', url: '/isystem/log', component: 'system/LogList',
        buttons: [{ code: 'log:del', name: '删除日志' }],
      },
      {
        name: '数据日志', url: '/sys/dataLog-list', component: 'system/DataLogList',
        buttons: [{ code: 'datalog:view', name: '查看数据版本' }],
      },
      {
        name: '编码校验规则', url: '/isystem/checkRule', component: 'system/SysCheckRuleList',
        buttons: [
          { code: 'checkRule:add', name: '添加编码校验规则' },
          { code: 'checkRule:edit', name: '编辑编码校验规则' },
          { code: 'checkRule:del', name: '删除编码校验规则' },
          { code: 'checkRule:export', name: '导出编码校验规则' },
          { code: 'checkRule:import', name: '导入编码校验规则' },
        ],
      },
      {
        name: '填值规则', url: '/isystem/fillRule', component: 'system/SysFillRuleList',
        buttons: [
          { code: 'fillRule:add', name: '添加填值规则' },
          { code: 'fillRule:edit', name: '编辑填值规则' },
          { code: 'fillRule:del', name: '删除填值规则' },
          { code: 'fillRule:export', name: '导出填值规则' },
          { code: 'fillRule:import', name: '导入填值规则' },
        ],
      },
      { name: '多数据源管理', url: '/isystem/dataSource', component: 'system/SysDataSourceList' },
      {
        name: '职务管理', url: '/isystem/position', component: 'system/SysPositionList',
        buttons: [
          { code: 'position:add', name: '添加职务' },
          { code: 'position:edit', name: '编辑职务' },
          { code: 'position:del', name: '删除职务' },
          { code: 'position:export', name: '导出职务' },
          { code: 'position:import', name: '导入职务' },
        ],
      },
      // Teachers too: the people of the classes they manage (the API scopes it like 用户管理).
      { name: '通讯录', url: '/isystem/addressList', component: 'system/AddressList', grant: T },
      {
        name: '定时任务', url: '/isystem/QuartzJobList', component: 'system/QuartzJobList',
        buttons: [
          { code: 'quartz:add', name: '添加定时任务' },
          { code: 'quartz:edit', name: '编辑定时任务' },
          { code: 'quartz:del', name: '删除定时任务' },
          { code: 'quartz:status', name: '启动/暂停定时任务' },
          { code: 'quartz:run', name: '立即执行定时任务' },
          { code: 'quartz:export', name: '导出定时任务' },
          { code: 'quartz:import', name: '导入定时任务' },
        ],
      },
    ],
  },
  {
    // Admin-only: messages go to any address or user (the API refuses everyone but admins).
    name: '消息中心', url: '/message', component: RV, icon: 'message', sort: 21,
    children: [
      {
        name: '消息管理', url: '/modules/message/sysMessageList', component: 'modules/message/SysMessageList',
        buttons: [
          { code: 'message:resend', name: '重发消息' },
          { code: 'message:del', name: '删除消息' },
          { code: 'message:export', name: '导出消息' },
        ],
      },
      {
        name: '消息模板管理', url: '/modules/message/sysMessageTemplateList', component: 'modules/message/SysMessageTemplateList',
        buttons: [
          { code: 'msgTemplate:add', name: '添加消息模板' },
          { code: 'msgTemplate:edit', name: '编辑消息模板' },
          { code: 'msgTemplate:del', name: '删除消息模板' },
          { code: 'msgTemplate:send', name: '发送测试消息' },
          { code: 'msgTemplate:export', name: '导出消息模板' },
          { code: 'msgTemplate:import', name: '导入消息模板' },
        ],
      },
    ],
  },
  {
    // 在线开发 (the anchor's /online): design runs SQL an administrator wrote, so it is the admin's alone.
    name: '在线开发', url: '/online', component: RV, icon: 'cloud', sort: 25,
    children: [
      { name: '在线表单开发', url: '/online/cgform', component: 'modules/online/cgform/OnlCgformHeadList' },
      { name: '在线报表配置', url: '/online/cgreport', component: 'modules/online/cgreport/OnlCgreportHeadList' },
      // The sample online form (db/seed/forms.ts; its definition and table are seeded regardless), opened by the
      // generated list screen (pages/online/cgform-screen.tsx); migration 044 brings it to databases seeded before.
      { name: '比赛报名', url: SAMPLE_FORM_URL, component: CGFORM_COMPONENT },
    ],
  },
  {
    // Admin-only: no role besides admin is granted it (the API also refuses everyone but admins).
    name: '系统监控', url: '/monitor', component: RV, icon: 'dashboard', sort: 30,
    children: [
      { name: '服务器信息', url: '/monitor/SystemInfo', component: 'modules/monitor/SystemInfo' },
      // teaching-open's JVM信息 and Tomcat信息 entries (same urls): the Node.js runtime and the HTTP server.
      { name: 'Node.js信息', url: '/monitor/JvmInfo', component: 'modules/monitor/JvmInfo' },
      { name: 'HTTP服务', url: '/monitor/TomcatInfo', component: 'modules/monitor/TomcatInfo' },
      { name: 'Redis监控', url: '/monitor/redis', component: 'modules/monitor/RedisInfo' },
      { name: '磁盘监控', url: '/monitor/Disk', component: 'modules/monitor/DiskMonitoring' },
      { name: '请求追踪', url: '/monitor/HttpTrace', component: 'modules/monitor/HttpTrace' },
      {
        name: '在线用户', url: '/monitor/online', component: 'modules/monitor/OnlineUserList',
        buttons: [{ code: 'online:forceLogout', name: '强制退出' }],
      },
    ],
  },
  {
    // A gallery of Xuetang's own list and form machinery for developers (pages/demo/): admin only.
    name: '开发示例', url: '/demo', component: RV, icon: 'experiment', sort: 40,
    children: [
      {
        name: '表单页', url: '/form', component: RV, icon: 'form',
        children: [
          { name: '基础表单', url: '/form/base-form', component: 'form/BasicForm' },
          { name: '分步表单', url: '/form/step-form', component: 'form/stepForm/StepForm' },
          { name: '高级表单', url: '/form/advanced-form', component: 'form/advancedForm/AdvancedForm' },
        ],
      },
      {
        name: '列表页', url: '/list', component: RV, icon: 'table',
        children: [
          { name: '查询表格', url: '/list/query-list', component: 'list/TableList' },
          { name: '标准列表', url: '/list/basic-list', component: 'list/StandardList' },
          { name: '卡片列表', url: '/list/card', component: 'list/CardList' },
          { name: '搜索列表', url: '/list/search', component: 'list/search/SearchLayout' },
        ],
      },
      {
        name: '异常页', url: '/exception', component: RV, icon: 'warning',
        children: [
          { name: '403', url: '/exception/403', component: 'exception/403' },
          { name: '404', url: '/exception/404', component: 'exception/404' },
          { name: '500', url: '/exception/500', component: 'exception/500' },
        ],
      },
      {
        // The public account pages (they work without login too); 找回密码 is the four-step flow. Planned: they
        // are whole pages of their own (UserLayout), not shell content, so the menu would leave the shell.
        name: '用户页', url: '/userPages', component: RV, icon: 'user', planned: true,
        children: [
          { name: '注册', url: '/user/register', component: 'user/Register' },
          { name: '注册结果', url: '/user/register-result', component: 'user/RegisterResult' },
          { name: '找回密码', url: '/user/alteration', component: 'user/alteration/Alteration', description: '分步 1-4' },
        ],
      },
    ],
  },
];

type PermissionRow = Required<
  Pick<
    Insertable<SysPermissionTable>,
    | 'id' | 'parent_id' | 'name' | 'url' | 'component' | 'component_name' | 'redirect' | 'menu_type' | 'perms'
    | 'perms_type' | 'sort_no' | 'always_show' | 'icon' | 'is_route' | 'is_leaf' | 'keep_alive' | 'hidden'
    | 'description' | 'del_flag' | 'rule_flag' | 'status' | 'internal_or_external' | 'create_by' | 'create_time'
    | 'update_by' | 'update_time'
  >
>;

export interface PermissionSeed {
  permissions: PermissionRow[];
  dataRules: Required<Insertable<SysPermissionDataRuleTable>>[];
  rolePermissions: Required<Insertable<SysRolePermissionTable>>[];
}

/** Whether an entry is seeded: not planned, and a route container only while one of its children is seeded. */
export function isSeeded(def: MenuDef): boolean {
  if (def.planned) return false;
  return def.component === RV ? (def.children ?? []).some(isSeeded) : true;
}

/** Turns the declared tree into sys_permission rows, the data rules and every role's grants. */
export function buildPermissionSeed(roleIds: Record<SeedRoleCode, string>, createTime: string, menu = BACK_OFFICE_MENU): PermissionSeed {
  const permissions: PermissionRow[] = [];
  const dataRules: PermissionSeed['dataRules'] = [];
  // permission id → roles granted (admin is added for every row at the end)
  const grants = new Map<string, Set<GrantRole>>();
  // permission id → role → data rule ids
  const ruleGrants = new Map<string, Map<GrantRole, string[]>>();

  const grant = (permId: string, roles: Iterable<GrantRole>) => {
    const set = grants.get(permId) ?? new Set<GrantRole>();
    for (const r of roles) set.add(r);
    grants.set(permId, set);
  };

  const audit = { create_by: 'admin', create_time: createTime, update_by: null, update_time: null };

  // Depth first, as listed; an item that is not seeded leaves out everything below it. A node inherits its
  // parent's roles unless it names its own, and what it grants its ancestors hold too.
  const seeded = new Map<MenuDef, { id: string; roles: GrantRole[]; ancestors: string[] }>();
  for (const { node: def, parent, index } of flattenTree(menu, { prune: (d) => !isSeeded(d) })) {
    const above = parent ? seeded.get(parent)! : undefined;
    const parentId = above?.id ?? '';
    const ancestors = above ? [...above.ancestors, above.id] : [];
    const id = newId();
    const roles = def.grant ?? above?.roles ?? [];
    seeded.set(def, { id, roles, ancestors });
    const hasChildren = (def.children ?? []).some(isSeeded) || (def.buttons?.length ?? 0) > 0;
    permissions.push({
      id,
      parent_id: parentId,
      name: def.name,
      url: def.url,
      component: def.component,
      component_name: def.componentName ?? null,
      redirect: def.redirect ?? null,
      menu_type: parentId ? 1 : 0,
      perms: null,
      perms_type: '1',
      sort_no: def.sort ?? index + 1,
      always_show: def.alwaysShow ? 1 : 0,
      icon: def.icon ?? null,
      is_route: def.route === false ? 0 : 1,
      is_leaf: hasChildren ? 0 : 1,
      keep_alive: def.keepAlive ? 1 : 0,
      hidden: def.hidden ? 1 : 0,
      description: def.description ?? null,
      del_flag: 0,
      rule_flag: def.dataRules?.length ? 1 : 0,
      status: '1',
      internal_or_external: def.external ? 1 : 0,
      ...audit,
    });
    if (roles.length) {
      grant(id, roles);
      for (const a of ancestors) grant(a, roles);
    }
    for (const rule of def.dataRules ?? []) {
      const ruleId = newId();
      dataRules.push({
        id: ruleId,
        permission_id: id,
        rule_name: rule.name,
        rule_column: rule.column,
        rule_conditions: rule.conditions,
        rule_value: rule.value,
        status: '1',
        ...audit,
      });
      const byRole = ruleGrants.get(id) ?? new Map<GrantRole, string[]>();
      for (const r of rule.grant) byRole.set(r, [...(byRole.get(r) ?? []), ruleId]);
      ruleGrants.set(id, byRole);
    }
    (def.buttons ?? []).forEach((b, bi) => {
      const bid = newId();
      permissions.push({
        id: bid,
        parent_id: id,
        name: b.name,
        url: null,
        component: null,
        component_name: null,
        redirect: null,
        menu_type: 2,
        perms: b.code,
        perms_type: '1',
        sort_no: bi + 1,
        always_show: 0,
        icon: null,
        is_route: 0,
        is_leaf: 1,
        keep_alive: 0,
        hidden: 0,
        description: null,
        del_flag: 0,
        rule_flag: 0,
        status: '1',
        internal_or_external: 0,
        ...audit,
      });
      if (b.grant?.length) {
        grant(bid, b.grant);
        grant(id, b.grant);
        for (const a of ancestors) grant(a, b.grant);
      }
    });
  }

  const rolePermissions: PermissionSeed['rolePermissions'] = [];
  for (const p of permissions) {
    rolePermissions.push({ id: newId(), role_id: roleIds.admin, permission_id: p.id, data_rule_ids: null });
    for (const role of grants.get(p.id) ?? []) {
      const rules = ruleGrants.get(p.id)?.get(role);
      rolePermissions.push({
        id: newId(),
        role_id: roleIds[role],
        permission_id: p.id,
        data_rule_ids: rules?.length ? rules.join(',') : null,
      });
    }
  }
  return { permissions, dataRules, rolePermissions };
}
