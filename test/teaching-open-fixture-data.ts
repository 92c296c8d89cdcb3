// The small school of the teaching-open fixture (test/teaching-open-fixture.ts): its ids and usernames (FIXTURE,
// for the import tests) and the people, classes, courses and works behind them. Values follow teaching-open 2.8's
// formats: snowflake-style ids for system rows, 32-hex ids for teaching rows, 'YYYY-MM-DD HH:MM:SS' times,
// '0'/'1' flags, comma lists, anchor role codes and ids (anchor-teaching-domain.md §1.4.1).
import { createHash } from 'node:crypto';
import { makeWav } from './media.js';

/** Passwords the fixture's accounts were given (the rows hold teaching-open's cipher of them). */
export const FIXTURE_PASSWORDS = { strong: 'Xt#Qiu9-Lan2024', weak: '123456' } as const;

const sf = (n: number) => String(1400000000000000000n + BigInt(n));
const hex = (name: string) => createHash('md5').update(`to-fixture:${name}`).digest('hex');

const depart = (key: string, name: string, orgCode: string, parentKey: string | null, category: '1' | '2' | '3') => ({
  id: hex(`depart:${key}`),
  name,
  orgCode,
  parentId: parentKey === null ? '' : hex(`depart:${parentKey}`),
  category,
});

const SCHOOL = depart('school', '希望小学', 'A01', null, '1');
const GRADE3 = depart('g3', '三年级', 'A01A01', 'school', '2');
const GRADE4 = depart('g4', '四年级', 'A01A02', 'school', '2');
const CLASS31 = depart('c31', '三年级一班', 'A01A01A01', 'g3', '3');
const CLASS32 = depart('c32', '三年级二班', 'A01A01A02', 'g3', '3');
const CLASS41 = depart('c41', '四年级一班', 'A01A02A01', 'g4', '3');
/** A class removed in teaching-open (del_flag '1'); one student still belongs to it. */
const CLASS_DELETED = depart('c42', '四年级二班', 'A01A02A02', 'g4', '3');

const ROLES = {
  admin: { id: 'f6817f48af4fb3af11b9e8bf182f618b', code: 'admin', name: '管理员', level: 99 },
  dev: { id: '1236319727061430274', code: 'dev', name: '开发调试', level: 99 },
  teacher: { id: '1252532323347161090', code: 'teacher', name: '教师', level: 2 },
  student: { id: '1252532277234982913', code: 'student', name: '学生', level: 0 },
  /** A school's own role (not one of teaching-open's). */
  custom: { id: sf(1), code: 'assistant', name: '助教', level: 1 },
} as const;

type RoleKey = keyof typeof ROLES;
type DepartInfo = typeof SCHOOL;

interface UserSpec {
  id: string;
  username: string;
  realname: string;
  password: string;
  salt: string;
  roles: RoleKey[];
  /** sys_user_depart memberships. */
  classes: DepartInfo[];
  /** sys_user.depart_ids (负责部门). */
  manages: DepartInfo[];
  identity: 1 | 2;
  status: 1 | 2;
  delFlag: 0 | 1;
  sex: 0 | 1 | 2;
  phone: string | null;
  email: string | null;
  createTime: string;
}

let userSeq = 100;
function user(username: string, realname: string, password: string, o: Partial<UserSpec> & Pick<UserSpec, 'roles' | 'classes'>): UserSpec {
  userSeq += 1;
  return {
    id: sf(userSeq),
    username,
    realname,
    password,
    // jeecg's salt: 8 random letters and digits.
    salt: createHash('md5').update(`salt:${username}`).digest('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 8),
    manages: [],
    identity: 1,
    status: 1,
    delFlag: 0,
    sex: 1,
    phone: null,
    email: null,
    createTime: `2023-09-0${(userSeq % 9) + 1} 10:${String(userSeq % 60).padStart(2, '0')}:00`,
    ...o,
  };
}

const { strong, weak } = FIXTURE_PASSWORDS;
const USERS = {
  admin: user('admin', '管理员', strong, { roles: ['admin', 'dev'], classes: [SCHOOL], manages: [SCHOOL], identity: 2, email: 'admin@school.example.cn', phone: '13800000001' }),
  /** Manages 三年级一班 and 三年级二班 (two class ids in depart_ids); weak password. */
  teacher: user('teacher', '李老师', weak, { roles: ['teacher'], classes: [CLASS31], manages: [CLASS31, CLASS32], identity: 2, sex: 2, phone: '13800000002' }),
  /** Manages the grade 四年级 (a grade id in depart_ids: its classes); also has the custom role. */
  teacher2: user('wanglaoshi', '王老师', strong, { roles: ['teacher', 'custom'], classes: [CLASS41], manages: [GRADE4], identity: 2, email: 'wang@school.example.cn' }),
  student: user('student', '学生', weak, { roles: ['student'], classes: [CLASS31] }),
  lisi: user('lisi', '李四', strong, { roles: ['student'], classes: [CLASS31], sex: 2 }),
  /** A student deleted in teaching-open (del_flag 1). */
  deleted: user('zhaowu', '赵五', weak, { roles: ['student'], classes: [CLASS_DELETED], delFlag: 1 }),
  /** A frozen student (status 2). */
  frozen: user('chenliu', '陈六', weak, { roles: ['student'], classes: [CLASS32], status: 2 }),
  /** A Chinese username. */
  chinese: user('张小明', '张小明', weak, { roles: ['student'], classes: [CLASS32] }),
  /** In three classes. */
  multiClass: user('sunqi', '孙七', strong, { roles: ['student'], classes: [CLASS31, CLASS32, CLASS41], phone: '13900000007' }),
  zhouba: user('zhouba', '周八', weak, { roles: ['student'], classes: [CLASS41], sex: 0 }),
  wujiu: user('wujiu', '吴九', weak, { roles: ['student'], classes: [CLASS41], sex: 2 }),
} satisfies Record<string, UserSpec>;

type UserKey = keyof typeof USERS;

const COURSES = {
  scratch: { id: hex('course:scratch'), name: 'Scratch编程入门' },
  python: { id: hex('course:python'), name: 'Python趣味编程' },
} as const;

const UNITS = {
  /** Case, homework starter, two PPT files (comma list) and a lesson plan. */
  lesson1: { id: hex('unit:1'), courseId: COURSES.scratch.id, name: '第1课 认识Scratch', case: 'temp/case1_1694572800123.sb3', work: 'temp/work1_1694572800456.sb3', ppt: ['temp/lesson1_1694572800789.pdf', 'temp/lesson1-extra_1694572801012.pptx'], plan: 'temp/plan1_1694572801345.docx', cover: 'temp/unit1_1694572801678.png' },
  lesson2: { id: hex('unit:2'), courseId: COURSES.scratch.id, name: '第2课 小猫走路', case: 'temp/case2_1695177600123.sb3', work: 'temp/work2_1695177600456.sb3', ppt: [] as string[], plan: null, cover: null },
  python1: { id: hex('unit:3'), courseId: COURSES.python.id, name: '第1课 你好，Python', case: '', work: null, ppt: ['temp/python1_1695782400123.pdf'], plan: null, cover: null },
} as const;

const ADDITIONAL = {
  /** Published, assigned to 三年级一班 and 三年级二班. */
  dance: { id: hex('additional:dance'), name: '画一只会跳舞的小猫', depts: [CLASS31, CLASS32], status: 1, workUrl: 'temp/dance-start_1696387200123.sb3', cover: 'temp/dance-cover_1696387200456.png', document: 'temp/dance-guide_1696387200789.pdf' },
  /** A draft (status 0) for 四年级一班. */
  draft: { id: hex('additional:draft'), name: '我的名片', depts: [CLASS41], status: 0, workUrl: null, cover: null, document: null },
  /** Ended (status 2). */
  ended: { id: hex('additional:ended'), name: '国庆节贺卡', depts: [CLASS31], status: 2, workUrl: null, cover: null, document: null },
} as const;

interface WorkSpec {
  id: string;
  name: string;
  author: UserKey;
  depart: DepartInfo | null;
  scene: 'create' | 'course' | 'additional';
  unit?: string;
  additional?: string;
  status: 0 | 1 | 2 | 3 | 4;
  delFlag: 0 | 1;
  /** sys_file row of the project file; `file` is its key under filesDir (or the Qiniu URL). */
  fileId: string;
  file: string;
  location: 1 | 2;
  /** teaching_work.work_type: 2 Scratch3.0 (the default), 4 图形化Python, 10 积木编程. */
  type: '2' | '4' | '10';
  /** What is on disk: a valid project, random bytes, Python source, Blockly XML (not Xuetang's format), or nothing. */
  content: 'sb3' | 'broken' | 'python' | 'blockly-xml' | 'missing' | 'remote';
  coverId: string | null;
  cover: string | null;
  stars: number;
  views: number;
  cloud: 0 | 1;
  createTime: string;
}

let workSeq = 0;
function work(key: string, name: string, author: UserKey, o: Partial<WorkSpec> & Pick<WorkSpec, 'scene' | 'status'>): WorkSpec {
  workSeq += 1;
  const ms = 1697000000000 + workSeq * 86_400_000;
  const file = `project3/${name}_${ms}.${o.type === '4' ? 'py' : o.type === '10' ? 'xml' : 'sb3'}`;
  return {
    id: hex(`work:${key}`),
    name,
    author,
    depart: USERS[author].classes[0] ?? null,
    delFlag: 0,
    type: '2',
    fileId: hex(`file:${key}:sb3`),
    file,
    location: 1,
    content: 'sb3',
    coverId: hex(`file:${key}:cover`),
    cover: `project3/${name}_${ms + 1}.png`,
    stars: 0,
    views: 0,
    cloud: 0,
    createTime: `2023-10-${String(10 + workSeq).padStart(2, '0')} 15:${String(workSeq * 3).padStart(2, '0')}:27`,
    ...o,
  };
}

const WORKS = {
  free: work('free', '我的第一个作品', 'student', { scene: 'create', status: 0 }),
  course: work('course', '小猫走路', 'lisi', { scene: 'course', unit: UNITS.lesson2.id, status: 2, views: 18 }),
  additional: work('additional', '跳舞的小猫', 'chinese', { scene: 'additional', additional: ADDITIONAL.dance.id, status: 1 }),
  featured: work('featured', '太空大冒险', 'multiClass', { scene: 'create', status: 4, stars: 12, views: 130 }),
  home: work('home', '云变量计分板', 'multiClass', { scene: 'course', unit: UNITS.lesson1.id, depart: CLASS32, status: 3, stars: 3, views: 41, cloud: 1 }),
  /** Its sys_file row names a file that is not in filesDir. */
  missingFile: work('missing', '丢失的作品', 'zhouba', { scene: 'create', status: 0, content: 'missing' }),
  /** Its file is random bytes, not a zip. */
  brokenSb3: work('broken', '损坏的作品', 'wujiu', { scene: 'create', status: 1, content: 'broken' }),
  /** Stored on Qiniu: the sys_file row holds an absolute URL (file_location 2); no cover. */
  qiniu: work('qiniu', '七牛上的作品', 'student', { scene: 'create', status: 0, file: 'https://cdn.example.com/project3/x.sb3', location: 2, content: 'remote', coverId: null, cover: null }),
  /** Deleted in teaching-open (del_flag 1) yet graded. */
  deletedGraded: work('deleted', '删掉的作业', 'lisi', { scene: 'course', unit: UNITS.lesson1.id, status: 2, delFlag: 1 }),
  /** By the deleted student. */
  byDeletedUser: work('by-deleted', '赵五的作品', 'deleted', { scene: 'create', status: 0 }),
  /** A 图形化Python work: its file is Python source, a good project of its editor. */
  python: work('python', '画五角星', 'zhouba', { scene: 'create', status: 1, type: '4', content: 'python', coverId: null, cover: null }),
  /** A 积木编程 work whose file is Blockly XML, not a project Xuetang's editor opens: kept aside like a broken .sb3. */
  blocklyXml: work('blockly', '积木小车', 'wujiu', { scene: 'create', status: 0, type: '10', content: 'blockly-xml', coverId: null, cover: null }),
  /** By the frozen student. */
  byFrozenUser: work('by-frozen', '陈六的作业', 'frozen', { scene: 'additional', additional: ADDITIONAL.dance.id, status: 1 }),
} satisfies Record<string, WorkSpec>;

const GRADES = [
  { id: hex('correct:course'), work: WORKS.course, score: 5, comment: '小猫走得很流畅，继续加油！', by: USERS.teacher },
  { id: hex('correct:deleted'), work: WORKS.deletedGraded, score: 3, comment: '作品不完整', by: USERS.teacher },
  { id: hex('correct:featured'), work: WORKS.featured, score: 5, comment: '非常有创意', by: USERS.teacher2 },
];

const COMMENTS = [
  { id: hex('comment:1'), work: WORKS.featured, by: USERS.lisi, text: '太好玩了！' },
  { id: hex('comment:2'), work: WORKS.featured, by: USERS.chinese, text: '飞船是怎么做的？教教我～' },
  { id: hex('comment:3'), work: WORKS.featured, by: USERS.teacher, text: '背景音乐选得很好。' },
  { id: hex('comment:4'), work: WORKS.course, by: USERS.student, text: '我也想做一个' },
];

/** The admin-uploaded logo (sys_file 后台上传, named by sys_config logo). */
const LOGO = { id: hex('file:logo'), key: 'temp/logo_1693526400123.png' };

const asset = (id: string, name: string, type: number, ext: string, data: Buffer) => {
  const md5ext = `${createHash('md5').update(data).digest('hex')}.${ext}`;
  return { id: hex(`asset:${id}`), name, type, md5ext, key: `internalapi/asset/${md5ext}`, data };
};
/** Scratch library assets (teaching_scratch_assets): their files are under filesDir/internalapi/asset. */
const ASSETS = {
  backdrop: asset('backdrop', '教室', 1, 'svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="#f5deb3"/></svg>')),
  sound: asset('sound', '上课铃', 2, 'wav', makeWav(8000, 800)),
};

const ids = <T extends Record<string, { id: string }>>(o: T) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v.id])) as { [K in keyof T]: string };

/** What the import tests refer to: ids, usernames, passwords and the expected counts. */
export const FIXTURE = {
  passwords: FIXTURE_PASSWORDS,
  departs: { school: SCHOOL, grade3: GRADE3, grade4: GRADE4, class31: CLASS31, class32: CLASS32, class41: CLASS41, deletedClass: CLASS_DELETED },
  roles: ROLES,
  users: Object.fromEntries(
    Object.entries(USERS).map(([k, u]) => [k, { id: u.id, username: u.username, realname: u.realname, password: u.password, salt: u.salt, classIds: u.classes.map((d) => d.id), managedIds: u.manages.map((d) => d.id) }]),
  ) as { [K in UserKey]: { id: string; username: string; realname: string; password: string; salt: string; classIds: string[]; managedIds: string[] } },
  courses: ids(COURSES),
  units: UNITS,
  additionalWorks: ids(ADDITIONAL),
  works: Object.fromEntries(
    Object.entries(WORKS).map(([k, w]) => [k, { id: w.id, name: w.name, authorId: USERS[w.author].id, fileId: w.fileId, file: w.file, coverId: w.coverId, cover: w.cover }]),
  ) as { [K in keyof typeof WORKS]: { id: string; name: string; authorId: string; fileId: string; file: string; coverId: string | null; cover: string | null } },
  logo: LOGO,
  /** builtIn names a Xuetang built-in job key (domain/scheduler/jobs.ts); unknown is a jeecg class Xuetang lacks. */
  quartzJobs: { builtIn: { id: sf(901), jobClassName: 'purgeOldLogs' }, unknown: { id: sf(902), jobClassName: 'org.jeecg.modules.quartz.job.SampleParamJob' } },
  assets: { backdrop: { id: ASSETS.backdrop.id, key: ASSETS.backdrop.key }, sound: { id: ASSETS.sound.id, key: ASSETS.sound.key } },
  /** sys_permission urls: one a menu Xuetang has no page for. */
  menus: { course: '/course/course', users: '/isystem/user', unknown: '/jeecg/helloworld' },
  /** teaching_work_correct rows: three, one on WORKS.deletedGraded. */
  gradedWorkIds: GRADES.map((g) => g.work.id),
  /** The online form's physical table (onl_cgform_head is_db_synch Y) with its 2 rows. */
  formTable: 'cg_student_award',
  counts: { users: Object.keys(USERS).length, students: 8, departs: 7, classes: 4, works: Object.keys(WORKS).length, grades: GRADES.length, comments: COMMENTS.length },
};

export const FIXTURE_DATA = { SCHOOL, GRADE3, GRADE4, CLASS31, CLASS32, CLASS41, CLASS_DELETED, ROLES, USERS, COURSES, UNITS, ADDITIONAL, WORKS, GRADES, COMMENTS, LOGO, ASSETS, sf, hex };
