// 用户管理's class-roster import: which rows the importer may create (their classes in the importer's scope, only
// students unless they see every class, roles below their own, no account field taken) and the accounts written
// all or nothing. The API (api/sys/user-admin-roster.ts) reads the workbook, calls importRoster and answers.
//
// All or nothing: every row is checked first (nothing written), the passwords are hashed (the slow part: ~50 ms
// each), then every valid row is written in one short transaction, which commits only while the author is still
// connected. So a process killed, a failure midway or an author gone (a proxy timing out) leaves no account whose
// generated password nobody saw; the author imports the file again. A background job with a result to fetch
// later would have to keep those passwords somewhere meanwhile; this keeps them only in the answer.
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/errors.js';
import type { Database } from '../db/schema.js';
import { passwordProblem } from '../shared/password-policy.js';
import { storedRuleChecker } from './code-rules.js';
import { chunks } from './departs.js';
import { newId } from './ids.js';
import { generatedPasswordCost, generatePassword, hashPassword } from './password.js';
import { outranks, type SessionUser } from './sessions.js';
import { now } from './time.js';
import { duplicateOf, ROLE_DENIED, UNIQUE_FIELDS, WORK_NO_RULE } from './users.js';
import { orgCodeInScope, type UserScope } from './user-scope.js';

export const IMPORT_ABANDONED = '导入未完成（连接已断开或超时），未导入任何数据，请重新导入或分批导入';
const IMPORT_RACED = '导入失败：有用户账号、手机号、邮箱或工号刚被占用，未导入任何数据，请重新导入';

type Actor = Pick<SessionUser, 'username' | 'roles'>;

/** One roster row as the API parsed it (1 学生, 2 教师; classes: names or org codes). */
export interface RosterEntry {
  username: string;
  realname: string;
  sex: number | null;
  userIdentity: number;
  phone?: string | null;
  email?: string | null;
  workNo?: string | null;
  classes: string[];
  /** 初始密码; absent: one is generated and answered once. */
  password?: string;
}

export interface RosterLine {
  /** The row's number in the workbook (for the error list). */
  row: number;
  data: RosterEntry;
}

interface RosterError {
  row: number;
  message: string;
}

/** A generated password, to hand to the account's owner. */
interface GeneratedPassword {
  row: number;
  username: string;
  realname: string;
  password: string;
}

export type RosterOutcome = { ok: true; imported: number; errors: RosterError[]; passwords: GeneratedPassword[] } | { ok: false; message: string };

/** Policy: an importer who sees every class may create teachers; everyone else only students. */
export const mayImportIdentity = (scope: UserScope, userIdentity: number) => scope.all || userIdentity === 1;

/** Policy: a row must name a class unless the importer sees every class (a teacher's student belongs to one of theirs). */
export const needsClass = (scope: UserScope) => !scope.all;

interface Accepted {
  line: RosterLine;
  classIds: string[];
  roleId: string | null;
}

/** The per-row rules, with what they need loaded once; remembers the unique values of the rows accepted so far. */
async function rosterChecker(db: Kysely<Database>, actor: Actor, scope: UserScope) {
  const departs = await db.selectFrom('sys_depart').select(['id', 'depart_name', 'org_code']).execute();
  const byCode = new Map(departs.map((d) => [d.org_code, d]));
  const byName = new Map<string, typeof departs>();
  for (const d of departs) byName.set(d.depart_name, [...(byName.get(d.depart_name) ?? []), d]);
  const roles = await db.selectFrom('sys_role').select(['id', 'role_code', 'role_level']).where('role_code', 'in', ['student', 'teacher']).execute();
  const roleFor = (identity: number) => roles.find((r) => r.role_code === (identity === 2 ? 'teacher' : 'student')) ?? roles.find((r) => r.role_code === 'student');
  // Values the rows above took: a second row with one of them is a duplicate like an existing account.
  const inFile = new Map(UNIQUE_FIELDS.map((f) => [f.key, new Set<string>()]));
  const workNoProblem = await storedRuleChecker(db, WORK_NO_RULE);

  const check = async (row: RosterEntry): Promise<string | Omit<Accepted, 'line'>> => {
    if (!mayImportIdentity(scope, row.userIdentity)) return '您只能导入学生';
    const badWorkNo = row.workNo ? workNoProblem(row.workNo) : null;
    if (badWorkNo) return `${badWorkNo}：${row.workNo}`;
    const classIds: string[] = [];
    for (const token of row.classes) {
      let d = byCode.get(token);
      if (!d) {
        const named = byName.get(token) ?? [];
        if (!named.length) return `班级不存在：${token}`;
        const mine = named.filter((x) => orgCodeInScope(scope, x.org_code));
        if (mine.length > 1) return `班级名称不唯一，请填写班级编码：${token}`;
        d = mine[0] ?? named[0];
      }
      if (!orgCodeInScope(scope, d.org_code)) return `班级不在您负责的范围内：${token}`;
      classIds.push(d.id);
    }
    if (needsClass(scope) && !classIds.length) return '请填写班级';
    const role = roleFor(row.userIdentity);
    if (role && !outranks(actor, role.role_level)) return ROLE_DENIED;
    const repeated = UNIQUE_FIELDS.find((f) => row[f.key] && inFile.get(f.key)!.has(row[f.key]!));
    if (repeated) return `${repeated.label}已存在：${row[repeated.key as 'username'] ?? ''}`;
    const dup = await duplicateOf(db, row);
    if (dup) return dup.message + `：${row[dup.field as 'username'] ?? ''}`;
    for (const f of UNIQUE_FIELDS) if (row[f.key]) inFile.get(f.key)!.add(row[f.key]!);
    return { classIds: [...new Set(classIds)], roleId: role?.id ?? null };
  };
  return { check, orgCodeOf: (departId: string | undefined) => departs.find((x) => x.id === departId)?.org_code ?? null };
}

/** A password for a row without one: generated until it meets the password rules. */
function generated(username: string): string {
  let p: string;
  do p = generatePassword(10);
  while (passwordProblem(p, username));
  return p;
}

/**
 * Imports the roster: each row checked by the rules above (refused rows are listed, the rest go on), then every
 * accepted account with its role and classes written in one transaction. `gone` tells that the author has left
 * (their connection closed): then nothing is written, since nobody would see the generated passwords.
 */
export async function importRoster(db: Kysely<Database>, actor: Actor, scope: UserScope, lines: RosterLine[], gone: () => boolean): Promise<RosterOutcome> {
  const { check, orgCodeOf } = await rosterChecker(db, actor, scope);
  const errors: RosterError[] = [];
  const accepted: Accepted[] = [];
  for (const line of lines) {
    const verdict = await check(line.data);
    if (typeof verdict === 'string') errors.push({ row: line.row, message: verdict });
    else accepted.push({ line, ...verdict });
  }

  // Hashing runs in libuv's thread pool; two at a time leave threads for everyone else's requests.
  const plain = accepted.map((a) => a.line.data.password ?? generated(a.line.data.username));
  const hashes: string[] = new Array(accepted.length);
  let next = 0;
  const hasher = async () => {
    while (next < accepted.length && !gone()) {
      const i = next++;
      hashes[i] = await hashPassword(plain[i], accepted[i].line.data.password ? undefined : generatedPasswordCost());
    }
  };
  await Promise.all([hasher(), hasher()]);
  if (gone()) return { ok: false, message: IMPORT_ABANDONED };

  const at = now();
  const users = accepted.map(({ line: { data }, classIds }, i) => ({
    id: newId(),
    username: data.username,
    realname: data.realname,
    password: hashes[i],
    sex: data.sex,
    phone: data.phone || null,
    email: data.email || null,
    work_no: data.workNo || null,
    user_identity: data.userIdentity,
    org_code: orgCodeOf(classIds[0]),
    status: 1,
    del_flag: 0,
    // Given in the file or generated: chosen by someone else, so the owner sets their own at first login.
    need_change_password: 1,
    create_by: actor.username,
    create_time: at,
  }));
  const links = <T>(make: (a: Accepted, userId: string) => T[]) => accepted.flatMap((a, i) => make(a, users[i].id));
  try {
    await db.transaction().execute(async (tx) => {
      for (const part of chunks(users, 500)) await tx.insertInto('sys_user').values(part).execute();
      const roleLinks = links((a, id) => (a.roleId ? [{ id: newId(), user_id: id, role_id: a.roleId }] : []));
      for (const part of chunks(roleLinks, 1000)) await tx.insertInto('sys_user_role').values(part).execute();
      const classLinks = links((a, id) => a.classIds.map((dep_id) => ({ id: newId(), user_id: id, dep_id })));
      for (const part of chunks(classLinks, 1000)) await tx.insertInto('sys_user_depart').values(part).execute();
      // Nobody would see the passwords: commit nothing.
      if (gone()) throw new Error(IMPORT_ABANDONED);
    });
  } catch (err) {
    // Someone created one of these accounts while the passwords were hashed.
    if (isUniqueViolation(err)) return { ok: false, message: IMPORT_RACED };
    if (gone()) return { ok: false, message: IMPORT_ABANDONED };
    throw err;
  }
  const passwords = accepted.flatMap(({ line }, i) => (line.data.password ? [] : [{ row: line.row, username: line.data.username, realname: line.data.realname, password: plain[i] }]));
  return { ok: true, imported: accepted.length, errors, passwords };
}

