// A big teaching-open 2.8 database for the import bench (issue 21): the dump's tables (test/teaching-open-schema.ts)
// filled with 100k users and 1M works by default — 30 grades × 100 classes (3000), a teacher per ~33 users managing
// one or two classes, students in one class (every tenth in two), 1% frozen and 1% deleted, one role each; 50
// courses × 10 units assigned to two classes each; three class homework per class; works of Scratch 3 (free
// creations, course work, homework; drafts to 精选) each with two sys_file rows (.sb3 and cover; the files are not
// written: the rows only name their keys), a grade for a third of the works, and
// comments on a fifth of them. Deterministic (a seeded generator), so runs compare.
//
// Rows are generated here and streamed as LOAD DATA LOCAL INFILE (TSV, no temporary files; method 'insert' sends
// multi-row INSERTs of 5000 rows instead, for a server that refuses local infile), on two connections (sys_file, two
// rows a work, beside everything else), each table's secondary indexes dropped before its load and built after it.
// Measured here 2026-12-02 with the machine's 2 cores shared (load average 15–26): 100k users + 1M works in 224 s
// this way; 277 s one table at a time with INSERTs; 291 s keeping the indexes during the load. The server is the
// bound (the generator itself is ~20 s of CPU). Passwords are teaching-open's real values for BENCH_PASSWORD: the key
// is derived once per salt (a pool of 64 salts), so 100k users cost 64 key derivations, not 100k.
//
// Alone: `npx tsx bench/teaching-open-data.ts` (re)creates database `to_bench` on TEST_MARIADB_URL's server (root at
// 127.0.0.1:3306) and prints the counts and the time; BENCH_USERS / BENCH_WORKS / BENCH_METHOD=insert change it.
import { createCipheriv } from 'node:crypto';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import mysql from 'mysql2/promise';
import { deriveLegacyKey } from '../src/server/domain/legacy-password.js';
import { connectionOptions, createTeachingOpenDatabase, databaseUrl, TEACHING_OPEN_SERVER } from '../test/teaching-open-schema.js';

/** Every generated account's password (teachers', students' and the admin's). */
export const BENCH_PASSWORD = '123456';

export interface TeachingOpenDataOptions {
  /** MariaDB server (the path's database is ignored); default TEST_MARIADB_URL or root@127.0.0.1:3306. */
  serverUrl?: string;
  /** Database to (re)create; default `to_bench`. */
  database?: string;
  users?: number;
  works?: number;
  classes?: number;
  courses?: number;
  unitsPerCourse?: number;
  /** Share of works with a teaching_work_correct row; default 1/3. */
  gradedShare?: number;
  /** Share of works with a comment; default 1/5. */
  commentedShare?: number;
  /** 'load' (LOAD DATA LOCAL INFILE, default) or 'insert' (multi-row INSERTs of 5000 rows). */
  method?: 'load' | 'insert';
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

export interface TeachingOpenData {
  url: string;
  database: string;
  /** Rows written per table. */
  counts: Record<string, number>;
  /** Wall time of the whole generation (schema included), in ms. */
  ms: number;
  /** Usernames to log in with (password BENCH_PASSWORD). */
  logins: { admin: string; teacher: string; student: string };
}

type Value = string | number | null;
type Rows = Iterable<Value[]>;

// mulberry32: small, fast and seeded, so every run writes the same data.
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const p2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const T_START = Date.UTC(2021, 8, 1) / 1000;
const T_SPAN = 3 * 365 * 86400;
/** teaching-open's datetime text for a second offset into the three school years from 2021-09-01. */
function datetime(offset: number): string {
  const d = new Date((T_START + Math.floor(offset)) * 1000);
  return `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`;
}
/** A 32-hex id: a two-digit kind and a counter (teaching rows' uuid-like ids, in insertion order). */
const hexId = (kind: number, n: number) => `${kind.toString(16).padStart(2, '0')}${n.toString(16).padStart(30, '0')}`;
/** A 19-digit snowflake-like id (system rows). */
const sfId = (n: number) => String(1500000000000000000n + BigInt(n));
/** jeecg org code segment i (0-based): A01…A99, B01…; codes nest by concatenation. */
const seg = (i: number) => `${String.fromCharCode(65 + Math.floor(i / 99))}${p2((i % 99) + 1)}`;

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈'.split('');
const GIVEN = '子涵浩然欣怡梓轩雨桐一诺宇航思远佳怡俊杰嘉怡晨曦明轩若汐天佑可馨博文雅琪'.match(/../g)!;
const WORK_NAMES = ['小猫走路', '太空大冒险', '接苹果', '迷宫', '钢琴', '打地鼠', '赛车', '贪吃蛇', '飞机大战', '画图板', '猜数字', '时钟', '水果忍者', '跳一跳', '海底世界'];
const COMMENTS = ['太好玩了！', '做得真棒', '背景好看', '怎么做的？', '继续加油', '我也想做一个', '音乐很好听', '有创意！'];

interface Plan {
  users: number;
  works: number;
  classes: number;
  courses: number;
  units: number;
  grades: number;
  teachers: number;
  commentedShare: number;
}

interface TableSpec {
  table: string;
  columns: string[];
  rows: () => Rows;
}

interface Student {
  id: string;
  username: string;
  classIdx: number;
  orgCode: string;
}

/** All generated rows, table by table, as column lists and row iterables (built lazily). */
function tables(plan: Plan): TableSpec[] {
  const rnd = random(20_21);
  const gradeCount = Math.max(1, Math.ceil(plan.classes / 100));
  const classId = (i: number) => hexId(0xd2, i);
  const classCode = (i: number) => `A01${seg(Math.floor(i / 100))}${seg(i % 100)}`;
  const courseId = (i: number) => hexId(0xc0, i);
  const unitId = (i: number) => hexId(0xc1, i);
  const homeworkId = (i: number) => hexId(0xa0, i);
  const salts = Array.from({ length: 64 }, (_, i) => `bs${String(i).padStart(2, '0')}${'QwErTyUi'.slice(0, 4)}`);
  const keys = salts.map((s) => deriveLegacyKey(BENCH_PASSWORD, s));
  const cipher = (username: string, k: number) => {
    const { key, iv } = keys[k]!;
    const c = createCipheriv('des-ede3-cbc', Buffer.concat([key, key, key]), iv);
    return Buffer.concat([c.update(username, 'utf8'), c.final()]).toString('hex');
  };
  const name = () => SURNAMES[Math.floor(rnd() * SURNAMES.length)]! + GIVEN[Math.floor(rnd() * GIVEN.length)]!;

  // Users: 0 = admin, 1..teachers = teachers, then students. Students are kept for the works' authors.
  const students: Student[] = [];
  const studentClasses: number[][] = [];
  const userRows: Value[][] = [];
  const roleRows: Value[][] = [];
  const memberRows: Value[][] = [];
  const ROLE = { admin: 'f6817f48af4fb3af11b9e8bf182f618b', teacher: '1252532323347161090', student: '1252532277234982913' };
  for (let i = 0; i < plan.users; i++) {
    const id = sfId(100 + i);
    const kind = i === 0 ? 'admin' : i <= plan.teachers ? 'teacher' : 'student';
    const username = kind === 'admin' ? 'admin' : kind === 'teacher' ? `t${String(i).padStart(6, '0')}` : `s${String(i).padStart(6, '0')}`;
    const k = i % salts.length;
    const r = rnd();
    const status = kind === 'student' && r < 0.01 ? 2 : 1;
    const del = kind === 'student' && r >= 0.01 && r < 0.02 ? 1 : 0;
    let classes: number[];
    let manages = '';
    if (kind === 'admin') classes = [];
    else if (kind === 'teacher') {
      const c = (i - 1) % plan.classes;
      classes = [c];
      manages = i % 3 === 0 ? `${classId(c)},${classId((c + 1) % plan.classes)}` : classId(c);
    } else {
      const c = (i - plan.teachers - 1) % plan.classes;
      classes = i % 10 === 0 ? [c, (c + 7) % plan.classes] : [c];
    }
    const orgCode = classes.length ? classCode(classes[0]!) : 'A01';
    userRows.push([id, username, kind === 'admin' ? '管理员' : name(), cipher(username, k), salts[k]!, kind === 'student' ? datetime(-rnd() * 9 * 365 * 86400) : null,
      Math.floor(rnd() * 3), orgCode, status, del, 1, kind === 'student' ? '希望小学' : '', 'admin', datetime(rnd() * T_SPAN * 0.3), kind === 'student' ? 1 : 2,
      kind === 'admin' ? hexId(0xd0, 0) : manages || null]);
    roleRows.push([sfId(1_000_000 + i), id, ROLE[kind]]);
    for (const c of classes) memberRows.push([hexId(0xe0, memberRows.length), id, classId(c)]);
    if (kind === 'admin') memberRows.push([hexId(0xe0, memberRows.length), id, hexId(0xd0, 0)]);
    if (kind === 'student' && !del) {
      students.push({ id, username, classIdx: classes[0]!, orgCode });
      studentClasses.push(classes);
    }
  }

  const departs = function* (): Rows {
    const t = datetime(0);
    yield [hexId(0xd0, 0), '', '希望小学', 0, '1', '1', 'A01', '1', '0', 'admin', t];
    for (let g = 0; g < gradeCount; g++) yield [hexId(0xd1, g), hexId(0xd0, 0), `${g + 1}年级组`, g, '2', '2', `A01${seg(g)}`, '1', '0', 'admin', t];
    for (let c = 0; c < plan.classes; c++) yield [classId(c), hexId(0xd1, Math.floor(c / 100)), `${Math.floor(c / 100) + 1}年级${(c % 100) + 1}班`, c, '3', '2', classCode(c), '1', '0', 'admin', t];
  };
  const courses = function* (): Rows {
    for (let i = 0; i < plan.courses; i++) yield [courseId(i), 'admin', datetime(0), 'A01', 0, `课程${i + 1}`, `<p>课程${i + 1}介绍</p>`, `temp/cover${i}.png`, i % 2 ? 2 : 1, i % 5 === 0 ? 1 : 0, 1, i + 1, '', '2', i % 4 ? '1' : '2'];
  };
  const units = function* (): Rows {
    for (let i = 0; i < plan.units; i++) {
      const c = Math.floor(i / (plan.units / plan.courses));
      yield [unitId(i), 'admin', datetime(0), 'A01', 0, `第${(i % (plan.units / plan.courses)) + 1}课`, '单元简介', courseId(c), `temp/case${i}.sb3`, `temp/lesson${i}.pdf`, 2, `temp/work${i}.sb3`, 100 + (i % 10) * 60, 200, i + 1];
    }
  };
  const courseDepts = function* (): Rows {
    for (let c = 0; c < plan.classes; c++)
      for (let k = 0; k < 2; k++) yield [hexId(0xcd, c * 2 + k), 'admin', datetime(86400 * k), classCode(c), classId(c), courseId((c + k * 7) % plan.courses), k === 0 ? datetime(86400 * 3) : null];
  };
  const homework = function* (): Rows {
    for (let c = 0; c < plan.classes; c++)
      for (let k = 0; k < 3; k++) yield [homeworkId(c * 3 + k), 'admin', datetime(86400 * (30 + k * 20)), classCode(c), 2, `班级作业${k + 1}`, '完成后提交', classId(c), k === 2 ? 0 : 1];
  };

  // Works (and their files, grades, comments) are drawn together; one pass per table, the same seed each time.
  const work = (n: number) => {
    const w = random(n * 2654435761);
    const s = students[Math.floor(w() * students.length)]!;
    const scene = w();
    const kind = scene < 0.4 ? 'create' : scene < 0.8 ? 'course' : 'additional';
    const statusDraw = w();
    const status = statusDraw < 0.3 ? 0 : statusDraw < 0.5 ? 1 : statusDraw < 0.97 ? 2 : statusDraw < 0.995 ? 3 : 4;
    const at = w() * T_SPAN;
    const unit = kind === 'course' ? unitId(Math.floor(w() * plan.units)) : null;
    const additional = kind === 'additional' ? homeworkId(s.classIdx * 3 + Math.floor(w() * 2)) : '';
    return { s, kind, status, at, unit, additional, name: WORK_NAMES[n % WORK_NAMES.length]!, stars: Math.floor(w() * w() * 30), views: Math.floor(w() * 200) };
  };
  const works = function* (): Rows {
    for (let n = 0; n < plan.works; n++) {
      const w = work(n);
      yield [hexId(0x77, n), w.s.username, datetime(w.at), w.s.orgCode, w.s.id, hexId(0xd2, w.s.classIdx), w.unit, w.name, '2', hexId(0xf1, n), hexId(0xf2, n), w.status, w.stars, 0, n % 200 === 0 ? 1 : 0, w.views, w.additional, w.kind, 0];
    }
  };
  const files = function* (): Rows {
    for (let n = 0; n < plan.works; n++) {
      const w = work(n);
      const ms = (T_START + Math.floor(w.at)) * 1000;
      yield [hexId(0xf1, n), datetime(w.at), w.s.username, w.s.orgCode, 2, `${w.name}.sb3`, `project3/${w.name}_${ms}.sb3`, 1, '学生作业-sb3', 0];
      yield [hexId(0xf2, n), datetime(w.at), w.s.username, w.s.orgCode, 2, `${w.name}.png`, `project3/${w.name}_${ms + 1}.png`, 1, '学生作业-封面', 0];
    }
  };
  const gradeEvery = plan.works / Math.max(1, plan.grades);
  const grades = function* (): Rows {
    for (let g = 0; g < plan.grades; g++) {
      const n = Math.floor(g * gradeEvery);
      const w = work(n);
      yield [hexId(0x9c, g), 'admin', datetime(w.at + 86400), w.s.orgCode, hexId(0x77, n), 1 + (n % 5), n % 3 ? '做得很好' : null];
    }
  };
  const comments = function* (share: number): Rows {
    const every = 1 / share;
    for (let c = 0; c * every < plan.works; c++) {
      const n = Math.floor(c * every);
      const w = work(n);
      const by = students[(n * 7919) % students.length]!;
      yield [hexId(0xcc, c), by.username, datetime(w.at + 3600), by.orgCode, hexId(0x77, n), COMMENTS[c % COMMENTS.length]!, by.id];
    }
  };

  return [
    { table: 'sys_depart', columns: ['id', 'parent_id', 'depart_name', 'depart_order', 'org_category', 'org_type', 'org_code', 'status', 'del_flag', 'create_by', 'create_time'], rows: departs },
    { table: 'sys_role', columns: ['id', 'role_name', 'role_code', 'role_level', 'create_by', 'create_time'], rows: () => [[ROLE.admin, '管理员', 'admin', 99, 'admin', datetime(0)], [ROLE.teacher, '教师', 'teacher', 2, 'admin', datetime(0)], [ROLE.student, '学生', 'student', 0, 'admin', datetime(0)]] },
    { table: 'sys_user', columns: ['id', 'username', 'realname', 'password', 'salt', 'birthday', 'sex', 'org_code', 'status', 'del_flag', 'activiti_sync', 'school', 'create_by', 'create_time', 'user_identity', 'depart_ids'], rows: () => userRows },
    { table: 'sys_user_role', columns: ['id', 'user_id', 'role_id'], rows: () => roleRows },
    { table: 'sys_user_depart', columns: ['ID', 'user_id', 'dep_id'], rows: () => memberRows },
    { table: 'teaching_course', columns: ['id', 'create_by', 'create_time', 'sys_org_code', 'del_flag', 'course_name', 'course_desc', 'course_cover', 'show_type', 'is_shared', 'show_home', 'order_num', 'depart_ids', 'course_type', 'course_category'], rows: courses },
    { table: 'teaching_course_unit', columns: ['id', 'create_by', 'create_time', 'sys_org_code', 'del_flag', 'unit_name', 'unit_intro', 'course_id', 'course_case', 'course_ppt', 'course_work_type', 'course_work', 'map_x', 'map_y', 'order_num'], rows: units },
    { table: 'teaching_course_dept', columns: ['id', 'create_by', 'create_time', 'sys_org_code', 'dept_id', 'course_id', 'open_time'], rows: courseDepts },
    { table: 'teaching_additional_work', columns: ['id', 'create_by', 'create_time', 'sys_org_code', 'code_type', 'work_name', 'work_desc', 'work_dept', 'status'], rows: homework },
    { table: 'teaching_work', columns: ['id', 'create_by', 'create_time', 'sys_org_code', 'user_id', 'depart_id', 'course_id', 'work_name', 'work_type', 'work_file', 'work_cover', 'work_status', 'star_num', 'collect_num', 'del_flag', 'view_num', 'additional_id', 'work_scene', 'has_cloud_data'], rows: works },
    { table: 'sys_file', columns: ['id', 'create_time', 'create_by', 'sys_org_code', 'file_type', 'file_name', 'file_path', 'file_location', 'file_tag', 'del_flag'], rows: files },
    { table: 'teaching_work_correct', columns: ['id', 'create_by', 'create_time', 'sys_org_code', 'work_id', 'score', 'comment'], rows: grades },
    { table: 'teaching_work_comment', columns: ['id', 'create_by', 'create_time', 'sys_org_code', 'work_id', 'comment', 'user_id'], rows: () => comments(plan.commentedShare) },
  ];
}

/** TSV for LOAD DATA: backslash escapes, \N for NULL. */
const tsvField = (v: Value) => (v === null ? '\\N' : typeof v === 'number' ? String(v) : v.replace(/[\\\t\n]/g, (c) => (c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\\\')));

async function loadTable(conn: mysql.Connection, table: string, columns: string[], rows: Rows): Promise<number> {
  let count = 0;
  const chunks = function* () {
    let buf: string[] = [];
    for (const r of rows) {
      buf.push(r.map(tsvField).join('\t'));
      count++;
      if (buf.length === 2000) {
        yield Buffer.from(`${buf.join("\n")}\n`);
        buf = [];
      }
    }
    if (buf.length) yield Buffer.from(`${buf.join("\n")}\n`);
  };
  await conn.query({
    sql: `LOAD DATA LOCAL INFILE '${table}.tsv' INTO TABLE \`${table}\` CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t' LINES TERMINATED BY '\\n' (${columns.map((c) => `\`${c}\``).join(',')})`,
    infileStreamFactory: () => Readable.from(chunks()),
  } as mysql.QueryOptions);
  return count;
}

async function insertTable(conn: mysql.Connection, table: string, columns: string[], rows: Rows): Promise<number> {
  const head = `INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(',')}) VALUES `;
  let count = 0;
  let batch: string[] = [];
  let inFlight: Promise<unknown> = Promise.resolve();
  const flush = async () => {
    const statement = head + batch.join(',');
    batch = [];
    await inFlight;
    inFlight = conn.query(statement);
  };
  for (const r of rows) {
    batch.push(`(${r.map((v) => conn.escape(v)).join(',')})`);
    count++;
    if (batch.length === 5000) await flush();
  }
  if (batch.length) await flush();
  await inFlight;
  return count;
}

interface IndexDef {
  name: string;
  unique: boolean;
  parts: string[];
}

/** The table's secondary indexes (unique ones included), to drop before a bulk load and build after it. */
async function secondaryIndexes(conn: mysql.Connection, table: string): Promise<IndexDef[]> {
  const [rows] = await conn.query(
    `SELECT INDEX_NAME AS name, NON_UNIQUE AS nonUnique, COLUMN_NAME AS col, SUB_PART AS sub FROM information_schema.STATISTICS
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND INDEX_NAME <> 'PRIMARY' ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
    [table],
  );
  const byName = new Map<string, IndexDef>();
  for (const r of rows as { name: string; nonUnique: number | string; col: string; sub: number | null }[]) {
    const def = byName.get(r.name) ?? { name: r.name, unique: Number(r.nonUnique) === 0, parts: [] };
    def.parts.push(r.sub ? `\`${r.col}\`(${r.sub})` : `\`${r.col}\``);
    byName.set(r.name, def);
  }
  return [...byName.values()];
}

/** (Re)create `database` and fill it with a generated teaching-open school. */
export async function generateTeachingOpenDatabase(opts: TeachingOpenDataOptions = {}): Promise<TeachingOpenData> {
  const started = performance.now();
  const server = opts.serverUrl ?? TEACHING_OPEN_SERVER;
  const database = opts.database ?? 'to_bench';
  const users = opts.users ?? 100_000;
  const works = opts.works ?? 1_000_000;
  const classes = opts.classes ?? Math.max(1, Math.min(3000, Math.round(users / 33)));
  const courses = opts.courses ?? 50;
  const units = courses * (opts.unitsPerCourse ?? 10);
  const plan: Plan = { users, works, classes, courses, units, teachers: Math.max(1, Math.round(users / 33)), grades: Math.round(works * (opts.gradedShare ?? 1 / 3)), commentedShare: opts.commentedShare ?? 0.2 };
  const log = opts.log ?? (() => undefined);
  const method = opts.method ?? 'load';

  await (await createTeachingOpenDatabase(server, database)).end();
  const counts: Record<string, number> = {};
  const fill = async (conn: mysql.Connection, t: TableSpec) => {
    const t0 = performance.now();
    // Building an index once over the loaded rows (a sort) is cheaper than updating it row by row.
    const indexes = await secondaryIndexes(conn, t.table);
    if (indexes.length) await conn.query(`ALTER TABLE \`${t.table}\` ${indexes.map((i) => `DROP INDEX \`${i.name}\``).join(', ')}`);
    counts[t.table] = await (method === 'load' ? loadTable : insertTable)(conn, t.table, t.columns, t.rows());
    const t1 = performance.now();
    if (indexes.length) {
      const add = indexes.map((i) => `ADD ${i.unique ? 'UNIQUE ' : ''}INDEX \`${i.name}\` (${i.parts.join(',')})`);
      await conn.query(`ALTER TABLE \`${t.table}\` ${add.join(', ')}`);
    }
    log(`${t.table}: ${counts[t.table]} rows in ${((t1 - t0) / 1000).toFixed(1)} s, indexes ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  };
  // Two connections: sys_file (two rows a work, the biggest table) fills beside everything else.
  const specs = tables(plan);
  const lanes = [specs.filter((t) => t.table !== 'sys_file'), specs.filter((t) => t.table === 'sys_file')];
  await Promise.all(
    lanes.map(async (lane) => {
      const conn = await mysql.createConnection({ ...connectionOptions(server, database), flags: method === 'load' ? ['+LOCAL_FILES'] : [] });
      try {
        await conn.query('SET SESSION unique_checks = 0, foreign_key_checks = 0');
        for (const t of lane) await fill(conn, t);
      } finally {
        await conn.end();
      }
    }),
  );
  return { url: databaseUrl(server, database), database, counts, ms: performance.now() - started, logins: { admin: 'admin', teacher: 't000001', student: `s${String(plan.teachers + 1).padStart(6, '0')}` } };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await generateTeachingOpenDatabase({
    users: Number(process.env.BENCH_USERS ?? 100_000),
    works: Number(process.env.BENCH_WORKS ?? 1_000_000),
    method: process.env.BENCH_METHOD === 'insert' ? 'insert' : 'load',
    log: (line) => console.log(`  ${line}`),
  });
  console.log(`teaching-open database ${result.database} (${result.url}) generated in ${(result.ms / 1000).toFixed(1)} s`);
  for (const [table, n] of Object.entries(result.counts)) console.log(`  ${table.padEnd(26)} ${n}`);
  console.log(`logins (password ${BENCH_PASSWORD}): ${Object.values(result.logins).join(', ')}`);
}
