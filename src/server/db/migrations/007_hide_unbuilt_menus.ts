// Databases seeded before the seed offered only built screens (seed/menus.ts, `planned`) still hold
// teaching-open's menu entries for screens this server does not have, and their menus offer pages that
// answer 404. This hides those seeded rows (matched by the url and component the seed gave them) with the
// logical delete flag every menu read honours: their buttons go with them, and a route container goes once
// no live child is left under it (a container an administrator added an entry to stays). Grants are kept,
// so the work that builds one of these screens can bring its rows back (del_flag 0) with the grants schools
// had. The list is a snapshot of what the seed declared and not seeded at this point; it never changes.
import type { Kysely } from 'kysely';

const ROUTE_VIEW = 'layouts/RouteView';

/** [url, component] of the seeded entries whose screen does not exist (containers included). */
const UNBUILT: [string, string][] = [
  ['/create', ROUTE_VIEW], // 创作
  ['/scratch3/index.html?scene=create', 'layouts/IframePageView'], // Scratch3.0
  ['/scratchjr/home.html', 'layouts/IframePageView'], // ScratchJr
  ['/python/index.html?scene=create', 'layouts/IframePageView'], // 图形化Python
  ['/blockly/index.html?lang=zh-hans&scene=create', 'layouts/IframePageView'], // Blockly
  ['/teaching/mineCourse/cardList', 'account/course/CourseListCard'], // 我的课程
  ['/account/mineWork', 'account/center/MineWorkList'], // 我的作品列表
  ['/center/myAdditionalWork', 'account/course/MyAdditionalWorkList'], // 我的作业
  ['/account', ROUTE_VIEW], // 课程单元
  ['/teaching/mineCourse/courseUnitMap', 'account/course/CourseUnitMap'], // 课程单元-地图
  ['/teaching/mineCourse/courseUnitCard', 'account/course/CourseUnitListCard'], // 课程单元-卡片
  ['/work', ROUTE_VIEW], // 作业管理
  ['/teaching/workList', 'teaching/TeachingWorkList'], // 作业管理
  ['/work/additionalWork', 'teaching/TeachingAdditionalWorkList'], // 布置班级作业
  ['/course/courseDept', 'teaching/TeachingCourseDeptList'], // 班级课程
  ['/course/order', 'teaching/TeachingOrderList'], // 课程订单
  ['/isystem/permissionDataRule', 'system/PermissionDataRuleList'], // 数据规则
  ['/isys/category', 'system/SysCategoryList'], // 分类字典
  ['/teaching/menu', 'teaching/TeachingMenuList'], // 前台菜单管理
  ['/scratch/assets', 'teaching/TeachingScratchAssetsList'], // Scratch素材库
  ['/isystem/file', 'system/SysFileList'], // 文件管理
  ['/sys/dataLog-list', 'system/DataLogList'], // 数据日志
  ['/isystem/checkRule', 'system/SysCheckRuleList'], // 编码校验规则
  ['/isystem/fillRule', 'system/SysFillRuleList'], // 填值规则
  ['/isystem/dataSource', 'system/SysDataSourceList'], // 多数据源管理
  ['/isystem/position', 'system/SysPositionList'], // 职务管理
  ['/isystem/addressList', 'system/AddressList'], // 通讯录
  ['/isystem/QuartzJobList', 'system/QuartzJobList'], // 定时任务
  ['/message', ROUTE_VIEW], // 消息中心
  ['/modules/message/sysMessageList', 'modules/message/SysMessageList'], // 消息管理
  ['/modules/message/sysMessageTemplateList', 'modules/message/SysMessageTemplateList'], // 消息模板管理
  ['/monitor', ROUTE_VIEW], // 系统监控
  ['/monitor/SystemInfo', 'modules/monitor/SystemInfo'], // 服务器信息
  ['/monitor/JvmInfo', 'modules/monitor/JvmInfo'], // JVM信息
  ['/monitor/TomcatInfo', 'modules/monitor/TomcatInfo'], // Tomcat信息
  ['/monitor/redis', 'modules/monitor/RedisInfo'], // Redis监控
  ['/monitor/Disk', 'modules/monitor/DiskMonitoring'], // 磁盘监控
  ['/monitor/HttpTrace', 'modules/monitor/HttpTrace'], // 请求追踪
  ['/demo', ROUTE_VIEW], // 开发示例
  ['/dashboard', ROUTE_VIEW], // 仪表盘
  ['/dashboard/analysis', 'dashboard/Analysis'], // 分析页
  ['/dashboard/monitor', 'dashboard/Monitor'], // 监控页
  ['/dashboard/workplace', 'dashboard/Workplace'], // 工作台
  ['/form', ROUTE_VIEW], // 表单页
  ['/form/base-form', 'form/BasicForm'], // 基础表单
  ['/form/step-form', 'form/stepForm/StepForm'], // 分步表单
  ['/form/advanced-form', 'form/advancedForm/AdvancedForm'], // 高级表单
  ['/list', ROUTE_VIEW], // 列表页
  ['/list/query-list', 'list/TableList'], // 查询表格
  ['/list/basic-list', 'list/StandardList'], // 标准列表
  ['/list/card', 'list/CardList'], // 卡片列表
  ['/list/search', 'list/search/SearchLayout'], // 搜索列表
  ['/exception', ROUTE_VIEW], // 异常页
  ['/exception/403', 'exception/403'], // 403
  ['/exception/404', 'exception/404'], // 404
  ['/exception/500', 'exception/500'], // 500
  ['/userPages', ROUTE_VIEW], // 用户页
  ['/user/register', 'user/Register'], // 注册
  ['/user/register-result', 'user/RegisterResult'], // 注册结果
  ['/user/alteration', 'user/alteration/Alteration'], // 找回密码
  ['/oss/file', 'modules/oss/OSSFileList'], // OSS文件
];

interface Row {
  id: string;
  parent_id: string | null;
  url: string | null;
  component: string | null;
  menu_type: number;
}

export async function up(db: Kysely<any>): Promise<void> {
  const rows: Row[] = await db
    .selectFrom('sys_permission')
    .select(['id', 'parent_id', 'url', 'component', 'menu_type'])
    .where('del_flag', '=', 0)
    .execute();
  const unbuilt = new Set(UNBUILT.map(([url, component]) => `${url}\n${component}`));
  const listed = (r: Row) => r.menu_type !== 2 && unbuilt.has(`${r.url}\n${r.component}`);
  const hide = new Set<string>();
  for (const r of rows) if (listed(r) && r.component !== ROUTE_VIEW) hide.add(r.id);
  for (const r of rows) if (r.menu_type === 2 && r.parent_id && hide.has(r.parent_id)) hide.add(r.id);
  // Containers go innermost first, each once nothing live is left below it.
  const liveChild = (id: string) => rows.some((k) => k.parent_id === id && !hide.has(k.id));
  for (let changed = true; changed; ) {
    changed = false;
    for (const r of rows) {
      if (!hide.has(r.id) && listed(r) && r.component === ROUTE_VIEW && !liveChild(r.id)) {
        hide.add(r.id);
        changed = true;
      }
    }
  }
  const ids = [...hide];
  for (let i = 0; i < ids.length; i += 500) {
    await db.updateTable('sys_permission').set({ del_flag: 1 }).where('id', 'in', ids.slice(i, i + 500)).execute();
  }
  // A parent left without a live child is a leaf now.
  const parents = new Set(rows.filter((r) => hide.has(r.id) && r.parent_id && !hide.has(r.parent_id)).map((r) => r.parent_id as string));
  for (const p of parents) if (!liveChild(p)) await db.updateTable('sys_permission').set({ is_leaf: 1 }).where('id', '=', p).execute();
}

/** Nothing to undo safely: rows an administrator deleted before cannot be told from the ones hidden here. */
export async function down(): Promise<void> {}
