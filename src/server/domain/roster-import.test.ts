// The class-roster import's rules and write (domain/roster-import.ts): a teacher imports students of their own
// classes only; each refused row is reported and not written; nothing is written once the author has left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { importRoster, IMPORT_ABANDONED, mayImportIdentity, needsClass, type RosterEntry } from './roster-import.js';
import { loadRoles } from './sessions.js';
import { userScope } from './user-scope.js';

let t: TestApp;
const importer = async (username: string) => {
  const id = await t.userId(username);
  const user = { id, username, roles: await loadRoles(t.db, id) };
  return { user, scope: await userScope(t.db, user) };
};
const entry = (username: string, more: Partial<RosterEntry> = {}): RosterEntry => ({ username, realname: username, sex: 1, userIdentity: 1, classes: ['A01A01A01'], password: 'Roster#2024pass', ...more });
const exists = async (username: string) => !!(await t.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirst());

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the roster policies', () => {
  it('lets only an importer who sees every class create teachers, and asks the others for a class', () => {
    expect(mayImportIdentity({ all: true }, 2)).toBe(true);
    expect(mayImportIdentity({ all: false, orgCodes: ['A01A01'] }, 1)).toBe(true);
    expect(mayImportIdentity({ all: false, orgCodes: ['A01A01'] }, 2)).toBe(false);
    expect(needsClass({ all: true })).toBe(false);
    expect(needsClass({ all: false, orgCodes: ['A01A01'] })).toBe(true);
  });
});

describe('importRoster', () => {
  it('writes a teacher’s valid rows and reports each refused one without writing it', async () => {
    const { user, scope } = await importer('teacher');
    const done = await importRoster(
      t.db,
      user,
      scope,
      [
        { row: 2, data: entry('roster_ok', { password: undefined }) },
        { row: 3, data: entry('roster_teacher', { userIdentity: 2 }) },
        { row: 4, data: entry('roster_far', { classes: ['A01A09'] }) },
        { row: 5, data: entry('roster_none', { classes: [] }) },
        { row: 6, data: entry('roster_ok') },
        { row: 7, data: entry('roster_school', { classes: ['A01'] }) },
      ],
      () => false,
    );
    expect(done).toMatchObject({ ok: true, imported: 1 });
    if (!done.ok) return;
    expect(done.errors).toEqual([
      { row: 3, message: '您只能导入学生' },
      { row: 4, message: '班级不存在：A01A09' },
      { row: 5, message: '请填写班级' },
      { row: 6, message: '用户账号已存在：roster_ok' },
      { row: 7, message: '班级不在您负责的范围内：A01' },
    ]);
    // The generated password is answered once, for the teacher to hand out.
    expect(done.passwords).toEqual([{ row: 2, username: 'roster_ok', realname: 'roster_ok', password: expect.any(String) }]);
    expect(await exists('roster_ok')).toBe(true);
    for (const u of ['roster_teacher', 'roster_far', 'roster_none', 'roster_school']) expect(await exists(u), u).toBe(false);
    const classes = await t.db.selectFrom('sys_user_depart as m').innerJoin('sys_user as u', 'u.id', 'm.user_id').innerJoin('sys_depart as d', 'd.id', 'm.dep_id').select('d.org_code').where('u.username', '=', 'roster_ok').execute();
    expect(classes).toEqual([{ org_code: 'A01A01A01' }]);
  });

  it('writes nothing when the author has left before the end', async () => {
    const { user, scope } = await importer('admin');
    expect(await importRoster(t.db, user, scope, [{ row: 2, data: entry('roster_gone', { userIdentity: 2 }) }], () => true)).toEqual({ ok: false, message: IMPORT_ABANDONED });
    expect(await exists('roster_gone')).toBe(false);
  });
});
