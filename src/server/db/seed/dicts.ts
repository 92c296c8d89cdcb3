// Dictionaries (sys_dict + sys_dict_item): the generic JeecgBoot ones the shell uses and the teaching ones
// of teaching-open. Values are strings, as stored; `type` 1 marks dictionaries whose values are numbers.
import type { Insertable } from 'kysely';
import { newId } from '../../domain/ids.js';
import { now } from '../../domain/time.js';
import type { SysDictItemTable, SysDictTable } from '../schema.js';

interface DictDef {
  code: string;
  name: string;
  description?: string;
  /** 0 string values, 1 number values. */
  type: 0 | 1;
  items: [value: string, text: string][];
}

const DICTS: readonly DictDef[] = [
  { code: 'sex', name: '性别', type: 1, items: [['1', '男'], ['2', '女']] },
  { code: 'user_status', name: '用户状态', type: 1, items: [['1', '正常'], ['2', '冻结']] },
  { code: 'priority', name: '优先级', type: 0, items: [['L', '低'], ['M', '中'], ['H', '高']] },
  { code: 'msg_category', name: '消息类型', type: 0, items: [['1', '通知公告'], ['2', '系统消息']] },
  { code: 'msg_type', name: '通告对象类型', type: 0, items: [['USER', '指定用户'], ['ALL', '全体用户']] },
  { code: 'send_status', name: '发布状态', type: 0, items: [['0', '未发布'], ['1', '已发布'], ['2', '已撤销']] },
  { code: 'menu_type', name: '菜单类型', type: 1, items: [['0', '一级菜单'], ['1', '子菜单'], ['2', '按钮权限']] },
  { code: 'perms_type', name: '权限策略', type: 0, items: [['1', '显示'], ['2', '禁用']] },
  { code: 'valid_status', name: '有效无效状态', type: 0, items: [['1', '有效'], ['0', '无效']] },
  { code: 'dict_item_status', name: '字典状态', type: 1, items: [['1', '启用'], ['0', '不启用']] },
  { code: 'depart_status', name: '部门状态', type: 0, items: [['1', '启用'], ['0', '不启用']] },
  { code: 'del_flag', name: '删除状态', type: 1, items: [['0', '正常'], ['1', '已删除']] },
  { code: 'log_type', name: '日志类型', type: 1, items: [['1', '登录日志'], ['2', '操作日志']] },
  {
    code: 'operate_type', name: '操作类型', type: 1,
    items: [['1', '查询'], ['2', '添加'], ['3', '修改'], ['4', '删除'], ['5', '导入'], ['6', '导出']],
  },
  { code: 'yn', name: '是否', type: 1, items: [['1', '是'], ['0', '否']] },
  { code: 'status', name: '状态', type: 0, items: [['1', '启用'], ['0', '禁用']] },
  { code: 'user_identity', name: '用户身份', type: 1, items: [['1', '学生'], ['2', '教师']] },
  { code: 'org_category', name: '机构类型', type: 0, items: [['1', '机构'], ['2', '部门'], ['3', '班级']] },
  { code: 'open_type', name: '打开方式', type: 0, items: [['url', '链接'], ['component', '组件']] },
  // 定时任务 (the anchor's quartz_status) and its run history.
  { code: 'quartz_status', name: '任务状态', type: 1, items: [['0', '正常'], ['-1', '停止']] },
  { code: 'quartz_run_outcome', name: '任务运行结果', type: 0, items: [['ok', '成功'], ['error', '失败'], ['running', '运行中']] },
  { code: 'quartz_trigger_type', name: '任务触发方式', type: 0, items: [['cron', '定时'], ['manual', '立即执行']] },
  // 职务管理: the anchor's position_rank (职级).
  { code: 'position_rank', name: '职务职级', type: 0, items: [['1', '员级'], ['2', '助级'], ['3', '中级'], ['4', '副高级'], ['5', '正高级']] },
  // 消息中心: JeecgBoot's msgType (1 短信 and 3 微信 are not supported here) and msgSendStatus.
  { code: 'msgType', name: '消息类型', type: 0, items: [['2', '邮件'], ['4', '站内消息']] },
  { code: 'msgSendStatus', name: '发送状态', type: 0, items: [['0', '未发送'], ['1', '发送成功'], ['2', '发送失败']] },
  // Teaching dictionaries (teaching-open §1.4.5).
  {
    code: 'work_type', name: '作品类型', type: 0,
    items: [['0', '文件'], ['1', 'Scratch2.0'], ['2', 'Scratch3.0'], ['3', 'ScratchJr'], ['4', '图形化Python'], ['10', '积木编程']],
  },
  {
    code: 'work_status', name: '作业状态', type: 1,
    items: [['0', '已保存'], ['1', '待批改'], ['2', '已批改'], ['3', '首页展示'], ['4', '精选作品']],
  },
  {
    code: 'work_scene', name: '作品来源', type: 0,
    items: [['create', '自由创作'], ['course', '课程作业'], ['additional', '班级作业'], ['exam', '考试']],
  },
  { code: 'additional_work_status', name: '附加作业状态', type: 1, items: [['0', '未发布'], ['1', '已发布'], ['2', '已结束']] },
  { code: 'course_type', name: '课程类型', type: 0, items: [['1', '试听课'], ['2', '正式课']] },
  { code: 'course_category', name: '课程分类', type: 0, items: [['1', 'Scratch'], ['2', 'Python']] },
  { code: 'course_show_type', name: '课程展示形式', type: 1, items: [['1', '地图'], ['2', '卡片']] },
  { code: 'news_status', name: '资讯状态', type: 1, items: [['0', '草稿'], ['1', '已发布']] },
  {
    code: 'file_type', name: '文件类型', type: 1,
    items: [['1', '未分类'], ['2', '学生作业文件'], ['3', '课程视频'], ['4', '课程作业'], ['5', '课程教案']],
  },
  { code: 'file_location', name: '文件位置', type: 1, items: [['1', '本地'], ['2', '七牛']] },
  {
    code: 'grade', name: '学生年级', type: 1,
    items: [['1', '一年级'], ['2', '二年级'], ['3', '三年级'], ['4', '四年级'], ['5', '五年级'], ['6', '六年级']],
  },
  { code: 'scratch_asset_type', name: 'Scratch素材类型', type: 1, items: [['1', '背景'], ['2', '声音'], ['3', '造型'], ['4', '角色']] },
  // The sample online form 比赛报名 (db/seed/forms.ts) chooses its 比赛项目 from here.
  {
    code: 'contest_project', name: '比赛项目', type: 0,
    items: [['scratch', 'Scratch创意编程'], ['python', 'Python编程'], ['animation', '创意动画'], ['robot', '机器人搭建'], ['oi', '信息学奥赛']],
  },
];

/** Every dictionary code the seed creates. */
export const DICT_CODES: readonly string[] = DICTS.map((d) => d.code);

export function buildDictRows(createTime: string): {
  dicts: Required<Insertable<SysDictTable>>[];
  items: Required<Insertable<SysDictItemTable>>[];
} {
  const dicts: Required<Insertable<SysDictTable>>[] = [];
  const items: Required<Insertable<SysDictItemTable>>[] = [];
  const audit = { create_by: 'admin', create_time: createTime, update_by: null, update_time: null };
  for (const d of DICTS) {
    const dictId = newId();
    dicts.push({ id: dictId, dict_name: d.name, dict_code: d.code, description: d.name, del_flag: 0, type: d.type, ...audit });
    d.items.forEach(([value, text], i) => {
      items.push({
        id: newId(),
        dict_id: dictId,
        item_text: text,
        item_value: value,
        description: null,
        sort_order: i + 1,
        status: 1,
        ...audit,
      });
    });
  }
  return { dicts, items };
}

/** The seed's rows of one dictionary and its items, stamped now (for migrations adding a dictionary to a seeded site). */
export function dictEntryRows(code: string): { dict: Required<Insertable<SysDictTable>>; items: Required<Insertable<SysDictItemTable>>[] } | null {
  const { dicts, items } = buildDictRows(now());
  const dict = dicts.find((d) => d.dict_code === code);
  return dict ? { dict, items: items.filter((i) => i.dict_id === dict.id) } : null;
}
