// 用户管理's Excel: the list's export and the class-roster import (all or nothing). Registered from user-admin.ts.
import { z } from 'zod';
import { userAdminApi } from '../../contracts/users.js';
import { storedRuleChecker } from '../../domain/code-rules.js';
import { newId } from '../../domain/ids.js';
import { generatedPasswordCost, generatePassword, hashPassword } from '../../domain/password.js';
import { outranks } from '../../domain/sessions.js';
import { now } from '../../domain/time.js';
import { hasScope, NO_MANAGED_DEPARTS, orgCodeInScope, userScope } from '../../domain/user-scope.js';
import { isUniqueViolation } from '../../db/errors.js';
import { ROSTER_COLUMNS, userFields, usersList } from '../../resources/users.js';
import { PASSWORD_IS_USERNAME, passwordProblem } from '../../shared/password-policy.js';
import { perm, type ApiRoutes } from '../access.js';
import { fail } from '../envelope.js';
import { exportResponse, importAnswer, readImportRows } from '../excel.js';
import { filteredRows } from '../list-query.js';
import { ROLE_DENIED } from './user-admin-assign.js';
import { duplicateOf, UNIQUE_FIELDS, WORK_NO_RULE } from './user-admin-fields.js';
import { chunks, listOptions, scopedUsers } from './user-admin-scope.js';

const IMPORT_ABANDONED = '导入未完成（连接已断开或超时），未导入任何数据，请重新导入或分批导入';

const SEX_TEXT: Record<string, number> = { 男: 1, 女: 2, 未知: 0, '1': 1, '2': 2, '0': 0 };
const IDENTITY_TEXT: Record<string, number> = { 学生: 1, 教师: 2, 老师: 2, '1': 1, '2': 2 };

const rosterRow = z.object({
  ...userFields.schema(['username', 'realname']).shape,
  sex: z
    .string()
    .optional()
    .transform((s) => (s === undefined ? null : (SEX_TEXT[s.trim()] ?? -1)))
    .refine((n) => n !== -1, userFields.rule('sex').messages.invalid),
  userIdentity: z
    .string()
    .optional()
    .transform((s) => (s === undefined ? 1 : (IDENTITY_TEXT[s.trim()] ?? -1)))
    .refine((n) => n !== -1, userFields.rule('userIdentity').messages.invalid),
  ...userFields.schema(['phone', 'email', 'workNo']).shape,
  classes: z
    .string()
    .optional()
    .transform((s) => (s ?? '').split(/[,，、;；\s]+/).map((x) => x.trim()).filter(Boolean)),
  password: userFields.schema(['password']).shape.password.optional(),
}).refine((r) => !r.password || passwordProblem(r.password, r.username) !== PASSWORD_IS_USERNAME, { message: PASSWORD_IS_USERNAME, path: ['password'] });
export function registerUserRosterRoutes(r: ApiRoutes) {
  r.at(userAdminApi.exportXls, perm('user:export'), async (c) => {
    const scoped = await scopedUsers(c);
    if (!scoped.ok) return fail(c, scoped.message);
    // Rosters run to thousands of rows: the plain (unstyled) workbook is written about 3× faster.
    return exportResponse(c, usersList, await filteredRows(c, listOptions(c, scoped), 'u.id', 50_000), { styles: false });
  });

  // Class rosters: 用户账号, 真实姓名, 性别, 身份, 手机号, 邮箱, 班级 (name or org code), 工号, 初始密码.
  // A row without 初始密码 gets a generated one, returned once in result.passwords for the teacher to hand out.
  //
  // All or nothing: every row is checked first (nothing written), the passwords are hashed (the slow part:
  // ~50 ms each), then every valid row is written in one short transaction, which commits only while the
  // author is still connected. So a process killed, a failure midway or an author gone (a proxy timing out)
  // leaves no account whose generated password nobody saw; the author imports the file again. A background
  // job with a result to fetch later would have to keep those passwords somewhere meanwhile; this keeps them
  // only in the answer.
  r.at(userAdminApi.importExcel, perm('user:import'), async (c) => {
    // Aborted when the author's connection closes (a proxy timing out, a closed tab).
    const connection = c.req.raw.signal;
    const user = c.get('user')!;
    const { db } = c.get('deps');
    const scope = await userScope(db, user);
    if (!hasScope(scope)) return fail(c, NO_MANAGED_DEPARTS);
    const read = await readImportRows(c, ROSTER_COLUMNS, rosterRow);
    if (!read.ok) return read.response;
    const departs = await db.selectFrom('sys_depart').select(['id', 'depart_name', 'org_code']).execute();
    const byCode = new Map(departs.map((d) => [d.org_code, d]));
    const byName = new Map<string, typeof departs>();
    for (const d of departs) byName.set(d.depart_name, [...(byName.get(d.depart_name) ?? []), d]);
    const roles = await db.selectFrom('sys_role').select(['id', 'role_code', 'role_level']).where('role_code', 'in', ['student', 'teacher']).execute();
    const roleFor = (identity: number) => roles.find((r) => r.role_code === (identity === 2 ? 'teacher' : 'student')) ?? roles.find((r) => r.role_code === 'student');

    type Row = (typeof read.rows)[number];
    const errors = [...read.errors];
    const accepted: { row: Row; classIds: string[]; roleId: string | null }[] = [];
    // Values the rows above took: a second row with one of them is a duplicate like an existing account.
    const inFile = new Map(UNIQUE_FIELDS.map((f) => [f.key, new Set<string>()]));
    const workNoProblem = await storedRuleChecker(db, WORK_NO_RULE);
    const check = async ({ data: row }: Row): Promise<string | { classIds: string[]; roleId: string | null }> => {
      if (!scope.all && row.userIdentity !== 1) return '您只能导入学生';
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
      if (!scope.all && !classIds.length) return '请填写班级';
      const role = roleFor(row.userIdentity);
      if (role && !outranks(user, role.role_level)) return ROLE_DENIED;
      const repeated = UNIQUE_FIELDS.find((f) => row[f.key] && inFile.get(f.key)!.has(row[f.key]!));
      if (repeated) return `${repeated.label}已存在：${row[repeated.key as 'username'] ?? ''}`;
      const dup = await duplicateOf(db, row);
      if (dup) return dup.message + `：${row[dup.field as 'username'] ?? ''}`;
      for (const f of UNIQUE_FIELDS) if (row[f.key]) inFile.get(f.key)!.add(row[f.key]!);
      return { classIds: [...new Set(classIds)], roleId: role?.id ?? null };
    };
    for (const r of read.rows) {
      const verdict = await check(r);
      if (typeof verdict === 'string') errors.push({ row: r.row, message: verdict });
      else accepted.push({ row: r, ...verdict });
    }

    // Hashing runs in libuv's thread pool; two at a time leave threads for everyone else's requests.
    const gone = () => connection.aborted;
    const generated = (username: string) => {
      let p: string;
      do p = generatePassword(10);
      while (passwordProblem(p, username));
      return p;
    };
    const plain = accepted.map((a) => a.row.data.password ?? generated(a.row.data.username));
    const hashes: string[] = new Array(accepted.length);
    let next = 0;
    const hasher = async () => {
      while (next < accepted.length && !gone()) {
        const i = next++;
        hashes[i] = await hashPassword(plain[i], accepted[i].row.data.password ? undefined : generatedPasswordCost());
      }
    };
    await Promise.all([hasher(), hasher()]);
    if (gone()) return fail(c, IMPORT_ABANDONED);

    const at = now();
    const users = accepted.map((a, i) => ({
      id: newId(),
      username: a.row.data.username,
      realname: a.row.data.realname,
      password: hashes[i],
      sex: a.row.data.sex,
      phone: a.row.data.phone || null,
      email: a.row.data.email || null,
      work_no: a.row.data.workNo || null,
      user_identity: a.row.data.userIdentity,
      org_code: departs.find((x) => x.id === a.classIds[0])?.org_code ?? null,
      status: 1,
      del_flag: 0,
      // Given in the file or generated: chosen by someone else, so the owner sets their own at first login.
      need_change_password: 1,
      create_by: user.username,
      create_time: at,
    }));
    const links = <T>(make: (a: (typeof accepted)[number], userId: string) => T[]) => accepted.flatMap((a, i) => make(a, users[i].id));
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
      if (isUniqueViolation(err)) return fail(c, '导入失败：有用户账号、手机号、邮箱或工号刚被占用，未导入任何数据，请重新导入');
      if (gone()) return fail(c, IMPORT_ABANDONED);
      throw err;
    }
    const passwords = accepted.flatMap((a, i) =>
      a.row.data.password ? [] : [{ row: a.row.row, username: a.row.data.username, realname: a.row.data.realname, password: plain[i] }],
    );
    return importAnswer(c, read.total, accepted.length, errors, passwords.length ? { passwords } : {});
  });
}
