// 用户管理's Excel: the list's export and the class-roster import (the workbook's rows parsed here; the rules and
// the all-or-nothing write are domain/roster-import.ts's). Registered from user-admin.ts.
import { z } from 'zod';
import { userAdminApi } from '../../contracts/users.js';
import { importRoster } from '../../domain/roster-import.js';
import { hasScope, NO_MANAGED_DEPARTS, orgCodeInScope, userScope } from '../../domain/user-scope.js';
import { ROSTER_COLUMNS, userFields, usersList } from '../../resources/users.js';
import { PASSWORD_IS_USERNAME, passwordProblem } from '../../shared/password-policy.js';
import { perm, type ApiRoutes } from '../access.js';
import { fail } from '../envelope.js';
import { exportResponse, importAnswer, readImportRows } from '../excel.js';
import { filteredRows } from '../list-query.js';
import { listOptions, scopedUsers } from './user-admin-scope.js';

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
  // All or nothing, and only while the author is still connected: domain/roster-import.ts.
  r.at(userAdminApi.importExcel, perm('user:import'), async (c) => {
    // Aborted when the author's connection closes (a proxy timing out, a closed tab).
    const connection = c.req.raw.signal;
    const { db } = c.get('deps');
    const user = c.get('user')!;
    const scope = await userScope(db, user);
    if (!hasScope(scope)) return fail(c, NO_MANAGED_DEPARTS);
    const read = await readImportRows(c, ROSTER_COLUMNS, rosterRow);
    if (!read.ok) return read.response;
    const done = await importRoster(db, user, scope, read.rows, () => connection.aborted);
    if (!done.ok) return fail(c, done.message);
    return importAnswer(c, read.total, done.imported, [...read.errors, ...done.errors], done.passwords.length ? { passwords: done.passwords } : {});
  });

  // 导入学生 of one class (the anchor's class screen): the same roster, every row a student, in that class
  // unless the row names its classes. The class must lie in the caller's scope; all or nothing as above.
  r.at(userAdminApi.importStudent, perm('user:import'), async (c) => {
    const connection = c.req.raw.signal;
    const { db } = c.get('deps');
    const user = c.get('user')!;
    const scope = await userScope(db, user);
    if (!hasScope(scope)) return fail(c, NO_MANAGED_DEPARTS);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const departId = String(c.req.query('departId') ?? form.departId ?? '').trim();
    if (!departId) return fail(c, '请选择班级');
    const depart = departId.length > 64 ? undefined : await db.selectFrom('sys_depart').select(['org_code']).where('id', '=', departId).where('del_flag', '=', '0').executeTakeFirst();
    if (!depart) return fail(c, '班级不存在');
    if (!orgCodeInScope(scope, depart.org_code)) return fail(c, '只能向您负责的班级导入学生');
    const read = await readImportRows(c, ROSTER_COLUMNS, rosterRow);
    if (!read.ok) return read.response;
    const lines = read.rows.map((l) => ({ row: l.row, data: { ...l.data, userIdentity: 1, classes: l.data.classes.length ? l.data.classes : [depart.org_code] } }));
    const done = await importRoster(db, user, scope, lines, () => connection.aborted);
    if (!done.ok) return fail(c, done.message);
    return importAnswer(c, read.total, done.imported, [...read.errors, ...done.errors], done.passwords.length ? { passwords: done.passwords } : {});
  });
}
