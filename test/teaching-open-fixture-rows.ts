// The rows of the teaching-open fixture's school, table by table (the people and things are in
// teaching-open-fixture-data.ts). Passwords are teaching-open's own values: legacyCipher(username, password, salt).
import { legacyCipher } from '../src/server/domain/legacy-password.js';
import { FIXTURE, FIXTURE_DATA as D } from './teaching-open-fixture-data.js';
import type { Row } from './teaching-open-schema.js';

const { sf, hex, USERS, ROLES, WORKS } = D;
const DEPARTS = [D.SCHOOL, D.GRADE3, D.GRADE4, D.CLASS31, D.CLASS32, D.CLASS41, D.CLASS_DELETED];
const ADMIN = USERS.admin.username;
const T0 = '2023-09-01 08:00:00';
const audit = (by = ADMIN, time = T0): Row => ({ create_by: by, create_time: time, update_by: null, update_time: null });

function users(): Row[] {
  return Object.values(USERS).map((u, i) => ({
    id: u.id,
    username: u.username,
    realname: u.realname,
    password: legacyCipher(u.username, u.password, u.salt),
    salt: u.salt,
    avatar: i === 0 ? D.LOGO.key : null,
    birthday: u.identity === 1 ? `2014-0${(i % 9) + 1}-15 00:00:00` : null,
    sex: u.sex,
    email: u.email,
    phone: u.phone,
    org_code: u.classes[0]!.orgCode,
    status: u.status,
    del_flag: u.delFlag,
    third_id: null,
    third_type: null,
    activiti_sync: 1,
    work_no: u.identity === 2 ? `T${String(i + 1).padStart(3, '0')}` : null,
    post: null,
    school: u.identity === 1 ? '希望小学' : '',
    telephone: null,
    create_by: ADMIN,
    create_time: u.createTime,
    update_by: u.status === 2 || u.delFlag ? ADMIN : null,
    update_time: u.status === 2 || u.delFlag ? '2024-01-08 09:30:00' : null,
    user_identity: u.identity,
    depart_ids: u.manages.length ? u.manages.map((d) => d.id).join(',') : null,
  }));
}

function departs(): Row[] {
  return DEPARTS.map((d, i) => ({
    id: d.id,
    parent_id: d.parentId,
    depart_name: d.name,
    depart_name_en: null,
    depart_name_abbr: null,
    depart_order: i,
    description: null,
    org_category: d.category,
    org_type: d.category === '1' ? '1' : '2',
    org_code: d.orgCode,
    mobile: null,
    fax: null,
    address: d.category === '1' ? '北京市海淀区学院路1号' : null,
    memo: null,
    status: '1',
    del_flag: d === D.CLASS_DELETED ? '1' : '0',
    ...audit(),
  }));
}

function permissions(): { menus: Row[]; rolePerms: Row[]; departPerms: Row[] } {
  type P = [key: string, parent: string | null, name: string, url: string | null, component: string | null, type: 0 | 1 | 2, perms: string | null, roles: (keyof typeof ROLES)[]];
  const list: P[] = [
    ['home', null, '首页', '/dashboard/index', 'dashboard/Index', 0, null, ['admin', 'dev', 'teacher', 'student', 'custom']],
    ['users', null, '用户管理', '/isystem/user', 'system/UserList', 0, null, ['admin', 'teacher']],
    ['user:add', 'users', '添加用户', null, null, 2, 'user:add', ['admin', 'teacher']],
    ['user:edit', 'users', '编辑用户', null, null, 2, 'user:edit', ['admin', 'teacher']],
    ['user:import', 'users', '导入用户', null, null, 2, 'user:import', ['admin']],
    ['course', null, '课程管理', '/course', 'layouts/RouteView', 0, null, ['admin', 'dev']],
    ['course/course', 'course', '课程包管理', '/course/course', 'teaching/TeachingCourseList', 1, null, ['admin', 'dev']],
    ['course/unit', 'course', '课程单元管理', '/course/courseUnit', 'teaching/TeachingCourseUnitList', 1, null, ['admin', 'dev']],
    ['work', null, '作业管理', '/work', 'layouts/RouteView', 0, null, ['admin', 'teacher', 'custom']],
    ['work/list', 'work', '作业管理', '/teaching/workList', 'teaching/TeachingWorkList', 1, null, ['admin', 'teacher', 'custom']],
    ['mine', null, '我的作品', '/account/center', 'account/center/Index', 0, null, ['admin', 'teacher', 'student']],
    // A jeecg demo menu Xuetang has no page for.
    ['hello', null, '示例页面', '/jeecg/helloworld', 'jeecg/helloworld', 0, null, ['admin']],
  ];
  const id = (key: string) => hex(`perm:${key}`);
  const menus = list.map(([key, parent, name, url, component, type, perms], i) => ({
    id: id(key),
    parent_id: parent === null ? null : id(parent),
    name,
    url,
    component,
    component_name: null,
    redirect: null,
    menu_type: type,
    perms,
    perms_type: type === 2 ? '1' : '0',
    sort_no: i,
    always_show: 0,
    icon: type === 0 ? 'setting' : null,
    is_route: type === 2 ? 0 : 1,
    is_leaf: list.some((p) => p[1] === key) ? 0 : 1,
    keep_alive: 0,
    hidden: 0,
    description: null,
    ...audit(),
    del_flag: 0,
    rule_flag: 0,
    status: type === 2 ? '1' : null,
    internal_or_external: 0,
  }));
  const rolePerms = list.flatMap(([key, , , , , , , roles]) => roles.map((r) => ({ id: hex(`rp:${r}:${key}`), role_id: ROLES[r].id, permission_id: id(key), data_rule_ids: null })));
  const departPerms = ['home', 'work', 'work/list', 'mine'].map((key) => ({ id: hex(`dp:${key}`), depart_id: D.SCHOOL.id, permission_id: id(key), data_rule_ids: null }));
  return { menus, rolePerms, departPerms };
}

function dicts(): { dicts: Row[]; items: Row[] } {
  type Dict = [code: string, name: string, items: [value: string, text: string][]];
  const list: Dict[] = [
    ['work_type', '作业类型', [['0', '文件'], ['1', 'Scratch2.0'], ['2', 'Scratch3.0'], ['3', 'ScratchJr'], ['4', '图形化Python'], ['10', '积木编程']]],
    ['work_status', '作业状态', [['0', '已保存'], ['1', '待批改'], ['2', '已批改'], ['3', '首页展示'], ['4', '精选作品']]],
    // The school's own dictionary.
    ['school_term', '学期', [['2023-1', '2023学年第一学期'], ['2023-2', '2023学年第二学期'], ['2024-1', '2024学年第一学期']]],
  ];
  const dictRows = list.map(([code, name], i) => ({ id: hex(`dict:${code}`), dict_name: name, dict_code: code, description: i === 2 ? '学校自定义' : '', del_flag: 0, ...audit(), type: 0 }));
  const items = list.flatMap(([code, , entries]) =>
    entries.map(([value, text], i) => ({ id: hex(`dict:${code}:${value}`), dict_id: hex(`dict:${code}`), item_text: text, item_value: value, description: null, sort_order: i + 1, status: code === 'school_term' && i === 0 ? 0 : 1, ...audit() })),
  );
  return { dicts: dictRows, items };
}

function configs(): Row[] {
  const c: [key: string, value: string, comment: string, enabled?: number][] = [
    ['brandName', '希望小学编程乐园', '品牌名'],
    ['logo', D.LOGO.key, 'LOGO'],
    ['allowComment', '1', '开放作品评论'],
    ['allowReg', '0', '开放注册'],
    ['_defaultRole', ROLES.student.id, '默认注册角色'],
    ['_defaultDepart', D.CLASS31.id, '默认注册班级'],
    ['footer', '<p>Copyright © 2023 希望小学</p>', '底部文字'],
    ['customJS', '', '自定义代码', 0],
  ];
  return c.map(([config_key, config_value, comment, enabled], i) => ({ id: sf(300 + i), config_key, config_value, config_enabled: enabled ?? 1, comment }));
}

function announcements(): { annts: Row[]; sends: Row[] } {
  const all = { id: hex('annt:all'), title: '寒假放假通知', type: 'ALL', status: '1', userIds: null as string | null };
  const some = { id: hex('annt:some'), title: '请提交比赛作品', type: 'USER', status: '1', userIds: `${USERS.lisi.id},${USERS.multiClass.id},` };
  const draft = { id: hex('annt:draft'), title: '春季开学安排（草稿）', type: 'ALL', status: '0', userIds: null };
  const annts = [all, some, draft].map((a) => ({
    id: a.id,
    titile: a.title,
    msg_content: `<p>${a.title}，请各位同学留意。</p>`,
    start_time: '2024-01-10 00:00:00',
    end_time: '2024-02-20 00:00:00',
    sender: ADMIN,
    priority: a === all ? 'H' : 'M',
    msg_category: '1',
    msg_type: a.type,
    send_status: a.status,
    send_time: a.status === '1' ? '2024-01-10 09:00:00' : null,
    cancel_time: null,
    del_flag: '0',
    bus_type: null,
    bus_id: null,
    open_type: null,
    open_page: null,
    ...audit(ADMIN, '2024-01-09 17:00:00'),
    user_ids: a.userIds,
    msg_abstract: a.title,
  }));
  const send = (a: { id: string }, u: { id: string }, read: boolean) => ({
    id: hex(`send:${a.id}:${u.id}`),
    annt_id: a.id,
    user_id: u.id,
    read_flag: read ? '1' : '0',
    read_time: read ? '2024-01-10 12:34:56' : null,
    ...audit(ADMIN, '2024-01-10 09:00:00'),
  });
  const sends = [send(all, USERS.student, true), send(all, USERS.lisi, false), send(all, USERS.teacher, true), send(some, USERS.lisi, true), send(some, USERS.multiClass, false)];
  return { annts, sends };
}

function categories(): Row[] {
  const c: [code: string, parent: string | null, name: string, value: string | null, hasChild: boolean][] = [
    ['A03', null, '素材库标签', null, true],
    ['A03A01', 'A03', '背景', 'backdrop', true],
    ['A03A01A01', 'A03A01', '奇幻', 'fantasy', false],
    ['A03A01A02', 'A03A01', '室内', 'indoors', false],
    ['A03A02', 'A03', '声音', 'sound', true],
    ['A03A02A01', 'A03A02', '效果', 'effects', false],
  ];
  return c.map(([code, parent, name, value, hasChild]) => ({ id: hex(`cat:${code}`), pid: parent ? hex(`cat:${parent}`) : '0', name, code, ...audit(), sys_org_code: 'A01', has_child: hasChild ? '1' : '0', value, comment: null }));
}

function rules(): { check: Row[]; fill: Row[] } {
  const check = [
    { id: sf(401), rule_name: '学号', rule_code: 'student_no', rule_json: '[{"digits":"4","pattern":"^\\\\d{4}$"},{"digits":"*","pattern":"^[0-9]*$"}]', rule_description: '4位年份开头的数字学号', ...audit() },
  ];
  const fill = [
    { id: sf(411), rule_name: '机构编码生成', rule_code: 'org_num_role', rule_class: 'org.jeecg.modules.system.rule.OrgCodeRule', rule_params: '{"parentId":"c6d7cb4deeac411cb3384b1b31278596"}', ...audit() },
    { id: sf(412), rule_name: '订单流水号', rule_code: 'shop_order_num', rule_class: 'org.jeecg.modules.system.rule.OrderNumberRule', rule_params: '{"prefix":"XT"}', ...audit() },
  ];
  return { check, fill };
}

const positions = (): Row[] => [
  { id: sf(501), code: 'jiaoyanzuzhang', name: '教研组长', post_rank: '3', company_id: null, ...audit(), sys_org_code: 'A01' },
  { id: sf(502), code: 'banzhuren', name: '班主任', post_rank: '4', company_id: null, ...audit(), sys_org_code: 'A01' },
];

function quartzJobs(): Row[] {
  const { builtIn, unknown } = FIXTURE.quartzJobs;
  return [
    { id: builtIn.id, create_by: ADMIN, create_time: T0, del_flag: 0, update_by: null, update_time: null, job_class_name: builtIn.jobClassName, cron_expression: '0 0 4 * * ?', parameter: '{"days":30}', description: '每天清理30天前的日志', status: 0 },
    { id: unknown.id, create_by: ADMIN, create_time: T0, del_flag: 0, update_by: null, update_time: null, job_class_name: unknown.jobClassName, cron_expression: '0/30 * * * * ?', parameter: 'world', description: '带参测试 后台将每隔30秒执行输出日志', status: -1 },
  ];
}

const dataSources = (): Row[] => [
  {
    id: sf(601), code: 'school_erp', name: '教务系统', remark: '学校教务系统的只读库', db_type: '4', db_driver: 'com.mysql.cj.jdbc.Driver',
    db_url: 'jdbc:mysql://127.0.0.1:3306/school_erp?characterEncoding=UTF-8&useUnicode=true&useSSL=false&serverTimezone=Asia/Shanghai',
    db_name: 'school_erp', db_username: 'reader', db_password: 'Lr6d1Gm0Tv3iVj1ofC2nSg==', ...audit(), sys_org_code: 'A01',
  },
];

function onlineForm(): { head: Row[]; fields: Row[]; reportHead: Row[]; reportItems: Row[] } {
  const headId = hex('cgform:award');
  const head = [{
    id: headId, table_name: 'cg_student_award', table_type: 1, table_version: 2, table_txt: '学生获奖记录', is_checkbox: 'Y', is_db_synch: 'Y', is_page: 'Y', is_tree: 'N',
    id_sequence: null, id_type: 'UUID', query_mode: 'single', relation_type: null, sub_table_str: null, tab_order_num: null, tree_parent_id_field: null, tree_id_field: null, tree_fieldname: null,
    form_category: 'bdfl_include', form_template: '1', form_template_mobile: null, scroll: 0, copy_version: null, copy_type: 0, physic_id: null,
    update_by: null, update_time: null, create_by: ADMIN, create_time: T0, theme_template: 'normal',
  }];
  const f: [name: string, txt: string, type: string, length: number, show: string, key?: boolean, dict?: string][] = [
    ['id', '主键', 'string', 36, 'text', true],
    ['create_by', '创建人', 'string', 50, 'text'],
    ['create_time', '创建日期', 'Datetime', 20, 'datetime'],
    ['student_name', '学生姓名', 'string', 32, 'text'],
    ['award_level', '获奖等级', 'string', 10, 'list', false, 'award_level'],
    ['award_date', '获奖日期', 'Date', 10, 'date'],
  ];
  const fields = f.map(([name, txt, type, length, show, key, dict], i) => ({
    id: hex(`cgfield:${name}`), cgform_head_id: headId, db_field_name: name, db_field_txt: txt, db_field_name_old: null, db_is_key: key ? 1 : 0, db_is_null: key ? 0 : 1,
    db_type: type, db_length: length, db_point_length: 0, db_default_val: null, dict_field: dict ?? '', dict_table: '', dict_text: '', field_show_type: show, field_href: '', field_length: 120,
    field_valid_type: '', field_must_input: name === 'student_name' ? '1' : '0', field_extend_json: '', field_default_value: '', is_query: name === 'student_name' ? 1 : 0,
    is_show_form: i < 3 ? 0 : 1, is_show_list: i < 3 ? 0 : 1, is_read_only: key ? 1 : 0, query_mode: 'single', main_table: '', main_field: '', order_num: i,
    update_by: null, update_time: null, create_time: T0, create_by: ADMIN, converter: '', query_def_val: '', query_dict_text: '', query_dict_field: '', query_dict_table: '',
    query_show_type: '', query_config_flag: '0', query_valid_type: '', query_must_input: '0', sort_flag: '0',
  }));
  const reportId = hex('cgreport:works');
  const reportHead = [{
    id: reportId, code: 'class_work_count', name: '班级作品数', cgr_sql: 'select d.depart_name, count(*) as works from teaching_work w join sys_depart d on d.id = w.depart_id group by d.depart_name',
    return_val_field: null, return_txt_field: null, return_type: '1', db_source: null, content: '每个班级的作品数量', update_time: null, update_by: null, create_time: T0, create_by: ADMIN,
  }];
  const reportItems = [['depart_name', '班级', 'String'], ['works', '作品数', 'Integer']].map(([name, txt, type], i) => ({
    id: hex(`cgitem:${name}`), cgrhead_id: reportId, field_name: name, field_txt: txt, field_width: null, field_type: type, search_mode: null, is_order: i, is_search: 0,
    dict_code: null, field_href: null, is_show: 1, order_num: i, replace_val: null, create_by: ADMIN, create_time: T0, update_by: null, update_time: null,
  }));
  return { head, fields, reportHead, reportItems };
}

function courses(): { courses: Row[]; units: Row[]; depts: Row[] } {
  const { scratch, python } = D.COURSES;
  const courseRows = [
    { ...scratch, desc: '<p>适合三、四年级的Scratch入门课程。</p>', cover: 'temp/scratch-cover_1693526400456.png', map: 'temp/scratch-map_1693526400789.png', showType: 1, shared: 0, home: 1, departs: D.SCHOOL.id, type: '2', category: '1' },
    { ...python, desc: '<p>用图形化Python学编程。</p>', cover: null, map: null, showType: 2, shared: 1, home: 0, departs: '', type: '1', category: '2' },
  ].map((c, i) => ({
    id: c.id, ...audit(), sys_org_code: 'A01', del_flag: 0, course_name: c.name, course_desc: c.desc, course_icon: null, course_cover: c.cover, show_type: c.showType, course_map: c.map,
    is_shared: c.shared, show_home: c.home, order_num: i + 1, depart_ids: c.departs, course_type: c.type, course_category: c.category,
  }));
  const units = Object.values(D.UNITS).map((u, i) => ({
    id: u.id, ...audit(), sys_org_code: 'A01', del_flag: 0, unit_name: u.name, unit_intro: `${u.name}\n认识舞台和角色`, unit_cover: u.cover, course_id: u.courseId,
    course_video: i === 0 ? 'https://cdn.example.com/video/lesson1.mp4' : null, course_video_source: i === 0 ? 2 : 1, show_course_video: 1,
    course_case: u.case, show_course_case: 1, course_ppt: u.ppt.join(','), show_course_ppt: u.ppt.length ? 1 : 0, course_work_type: u.courseId === python.id ? 4 : 2,
    course_work: u.work, course_work_answer: null, course_plan: u.plan, show_course_plan: 0, map_x: 120 + i * 150, map_y: 300 - i * 40,
    media_content: `<h2>${u.name}</h2><p>本课学习目标……</p>`, order_num: i + 1,
  }));
  const dept = (key: string, d: { id: string; orgCode: string }, courseId: string, open: string | null) => ({ id: hex(`cd:${key}`), ...audit(USERS.teacher.username), sys_org_code: d.orgCode, dept_id: d.id, course_id: courseId, open_time: open });
  const depts = [
    dept('31', D.CLASS31, scratch.id, '2023-09-05 08:00:00'),
    dept('32', D.CLASS32, scratch.id, null), // assigned, not opened
    dept('41', D.CLASS41, python.id, '2030-09-01 08:00:00'), // opens in the future
  ];
  return { courses: courseRows, units, depts };
}

function works(): { works: Row[]; files: Row[]; grades: Row[]; comments: Row[] } {
  const list = Object.values(WORKS);
  const workRows = list.map((w) => {
    const u = USERS[w.author];
    return {
      id: w.id, create_by: u.username, create_time: w.createTime, update_by: null, update_time: null, sys_org_code: u.classes[0]!.orgCode, user_id: u.id,
      depart_id: w.depart?.id ?? '', course_id: w.unit ?? null, work_name: w.name, work_type: w.type, work_file: w.fileId, work_cover: w.coverId, work_status: w.status,
      star_num: w.stars, collect_num: 0, del_flag: w.delFlag, view_num: w.views, additional_id: w.additional ?? '', work_scene: w.scene, has_cloud_data: w.cloud,
    };
  });
  const file = (id: string, w: (typeof list)[number], path: string, tag: string, location: number) => ({
    id, create_time: w.createTime, update_by: null, create_by: USERS[w.author].username, update_time: null, sys_org_code: USERS[w.author].classes[0]!.orgCode,
    file_type: 2, file_name: path.split('/').pop()!, file_path: path, file_location: location, file_tag: tag, del_flag: 0,
  });
  const files = [
    ...list.map((w) => file(w.fileId, w, w.file, { '2': '学生作业-sb3', '4': '学生作业-python', '10': '学生作业-blockly' }[w.type], w.location)),
    ...list.flatMap((w) => (w.coverId && w.cover ? [file(w.coverId, w, w.cover, '学生作业-封面', 1)] : [])),
    { id: D.LOGO.id, create_time: T0, update_by: null, create_by: ADMIN, update_time: null, sys_org_code: 'A01', file_type: 1, file_name: 'logo.png', file_path: D.LOGO.key, file_location: 1, file_tag: '后台上传', del_flag: 0 },
  ];
  const grades = D.GRADES.map((g) => ({ id: g.id, ...audit(g.by.username, '2023-11-02 19:20:00'), sys_org_code: g.by.classes[0]!.orgCode, work_id: g.work.id, score: g.score, comment: g.comment }));
  const comments = D.COMMENTS.map((c, i) => ({ id: c.id, ...audit(c.by.username, `2023-11-0${i + 3} 20:15:00`), sys_org_code: c.by.classes[0]!.orgCode, work_id: c.work.id, comment: c.text, user_id: c.by.id }));
  return { works: workRows, files, grades, comments };
}

function teachingExtras(): Record<string, Row[]> {
  const additional = Object.values(D.ADDITIONAL).map((a) => ({
    id: a.id, ...audit(USERS.teacher.username, '2023-10-08 14:00:00'), sys_org_code: D.CLASS31.orgCode, code_type: 2, work_name: a.name, work_desc: `${a.name}：\n1. 打开作业文件\n2. 完成后提交`,
    work_cover: a.cover, work_url: a.workUrl, work_dept: a.depts.map((d) => d.id).join(','), status: a.status, work_document_url: a.document,
  }));
  const log = (d: { id: string; name: string }, day: string, n: number) => ({
    id: hex(`daylog:${d.id}:${day}`), depart_id: d.id, depart_name: d.name, unit_open_count: n, course_work_assign_count: n, additional_work_assign_count: 1, course_work_correct_count: n - 1,
    additional_work_correct_count: 0, course_work_submit_count: n * 3, additional_work_submit_count: 2, create_time: day,
  });
  const dayLogs = [log(D.CLASS31, '2023-10-09', 2), log(D.CLASS31, '2023-10-10', 1), log(D.CLASS32, '2023-10-09', 1)];
  const menu = (key: string, parent: string | null, name: string, url: string, type: 0 | 1, sort: number, o: Partial<Record<'external' | 'route' | 'login' | 'deleted' | 'hidden', number>> = {}) => ({
    id: hex(`tmenu:${key}`), parent_id: parent ? hex(`tmenu:${parent}`) : null, name, url, menu_type: type, sort_no: sort, icon: type === 0 ? 'home' : null, is_leaf: key === 'create' ? 0 : 1,
    description: null, ...audit(), del_flag: o.deleted ?? 0, internal_or_external: o.external ?? 0, is_route: o.route ?? 1, hidden: o.hidden ?? 0, need_login: o.login ?? 0,
  });
  const menus = [
    menu('index', null, '首页', '/index', 0, 0),
    menu('create', null, '创作', '', 0, 1),
    menu('scratch3', 'create', 'Scratch3', '/scratch3/index.html?scene=create', 1, 1, { external: 1 }),
    menu('courses', null, '课程', '/courseList', 0, 2),
    menu('center', null, '个人中心', '/account/center', 0, 9, { login: 1 }),
    menu('old', null, '旧版论坛', 'https://bbs.example.cn', 0, 10, { deleted: 1, route: 0, external: 1 }),
  ];
  const news = [
    { id: hex('news:1'), news_title: '我校学生在区编程比赛中获奖', news_content: '<p>祝贺孙七同学获得一等奖！</p>', news_status: 1, ...audit(ADMIN, '2023-12-01 10:00:00') },
    { id: hex('news:2'), news_title: '寒假编程营报名（草稿）', news_content: '<p>待定</p>', news_status: 0, ...audit(ADMIN, '2023-12-20 10:00:00') },
  ];
  const { backdrop, sound } = D.ASSETS;
  const assets = [
    { a: backdrop, data: { name: backdrop.name, tags: ['indoors'], assetId: backdrop.md5ext.split('.')[0], dataFormat: 'svg', md5ext: backdrop.md5ext, rotationCenterX: 240, rotationCenterY: 180, bitmapResolution: 1 }, tags: 'indoors' },
    { a: sound, data: { name: sound.name, tags: ['effects'], assetId: sound.md5ext.split('.')[0], dataFormat: 'wav', md5ext: sound.md5ext, sampleCount: 800, rate: 8000 }, tags: 'effects' },
  ].map(({ a, data, tags }) => ({ id: a.id, asset_type: a.type, asset_name: a.name, asset_data: JSON.stringify(data), md5_ext: a.key, tags, create_by: ADMIN, create_time: T0, update_by: null, udpate_time: null, del_flag: 0 }));
  return { teaching_additional_work: additional, teaching_depart_day_log: dayLogs, teaching_menu: menus, teaching_news: news, teaching_scratch_assets: assets };
}

/** Every table's rows, in insertion order. */
export function fixtureRows(): Record<string, Row[]> {
  const perms = permissions();
  const dict = dicts();
  const annt = announcements();
  const rule = rules();
  const form = onlineForm();
  const course = courses();
  const work = works();
  const userList = Object.values(USERS);
  return {
    sys_depart: departs(),
    sys_role: Object.values(ROLES).map((r) => ({ id: r.id, role_name: r.name, role_code: r.code, description: r.name, ...audit(), role_level: r.level })),
    sys_user: users(),
    sys_user_role: userList.flatMap((u) => u.roles.map((r) => ({ id: hex(`ur:${u.id}:${r}`), user_id: u.id, role_id: ROLES[r].id }))),
    sys_user_depart: userList.flatMap((u) => u.classes.map((d) => ({ ID: hex(`ud:${u.id}:${d.id}`), user_id: u.id, dep_id: d.id }))),
    sys_permission: perms.menus,
    sys_role_permission: perms.rolePerms,
    sys_depart_permission: perms.departPerms,
    sys_dict: dict.dicts,
    sys_dict_item: dict.items,
    sys_config: configs(),
    sys_announcement: annt.annts,
    sys_announcement_send: annt.sends,
    sys_category: categories(),
    sys_check_rule: rule.check,
    sys_fill_rule: rule.fill,
    sys_position: positions(),
    sys_quartz_job: quartzJobs(),
    sys_data_source: dataSources(),
    onl_cgform_head: form.head,
    onl_cgform_field: form.fields,
    onl_cgreport_head: form.reportHead,
    onl_cgreport_item: form.reportItems,
    teaching_course: course.courses,
    teaching_course_unit: course.units,
    teaching_course_dept: course.depts,
    sys_file: work.files,
    teaching_work: work.works,
    teaching_work_correct: work.grades,
    teaching_work_comment: work.comments,
    ...teachingExtras(),
  };
}
