// Class scoping (which departments and users someone manages), role levels, and the data-rule conditions
// applied to the 用户管理 list, on a real migrated and seeded database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { dataRuleFilter, resolveRuleValue, ruleCondition, type DataRule, type RuleColumns } from './data-rules.js';
import { newId } from './ids.js';
import { loadRoles } from './sessions.js';
import { departsInScope, departsOutsideScope, orgCodeInScope, roleLevels, scopeMemberIds, subtreeRoots, userScope } from './user-scope.js';

let t: TestApp;
const id: Record<string, string> = {};
const dep: Record<string, string> = {};
const sessionUser = async (username: string) => ({ id: id[username], username, roles: await loadRoles(t.db, id[username]) });

beforeAll(async () => {
  t = await startTestApp();
  for (const u of await t.db.selectFrom('sys_user').select(['id', 'username']).execute()) id[u.username] = u.id;
  for (const d of await t.db.selectFrom('sys_depart').select(['id', 'org_code']).execute()) dep[d.org_code] = d.id;
  // A look-alike code that a naive prefix test without the level structure would still get right, and a
  // code with a LIKE wildcard in it, which must not widen the match.
  dep.A02 = newId();
  dep['A0_'] = newId();
  await t.db
    .insertInto('sys_depart')
    .values([
      { id: dep.A02, parent_id: '', depart_name: '别的学校', org_code: 'A02' },
      { id: dep['A0_'], parent_id: '', depart_name: '怪编码', org_code: 'A0_' },
    ])
    .execute();
});
afterAll(async () => {
  await t?.close();
});

describe('subtreeRoots', () => {
  it('drops codes inside another code’s subtree and duplicates', () => {
    expect(subtreeRoots(['A01A01A02', 'A01A01', 'A02', 'A01A01', 'A01A01A01', ''])).toEqual(['A02', 'A01A01']);
  });
});

describe('userScope', () => {
  it('is everything for the administrator', async () => {
    expect(await userScope(t.db, await sessionUser('admin'))).toEqual({ all: true });
  });

  it('is the managed subtree for a teacher, and empty for a student', async () => {
    const teacher = await userScope(t.db, await sessionUser('teacher'));
    expect(teacher).toEqual({ all: false, orgCodes: ['A01A01'] });
    expect(orgCodeInScope(teacher, 'A01A01A02')).toBe(true);
    expect(orgCodeInScope(teacher, 'A01')).toBe(false);
    expect(await userScope(t.db, await sessionUser('student1'))).toEqual({ all: false, orgCodes: [] });
  });

  it('lists the departments in scope with their paths, and says which given ones are outside', async () => {
    const scope = await userScope(t.db, await sessionUser('teacher'));
    expect((await departsInScope(t.db, scope)).map((d) => d.orgCode)).toEqual(['A01A01', 'A01A01A01', 'A01A01A02']);
    expect(await departsInScope(t.db, { all: false, orgCodes: [] })).toEqual([]);
    expect(await departsOutsideScope(t.db, scope, [dep.A01A01A01, dep.A01, 'nope'])).toEqual({ unknown: ['nope'], outside: [dep.A01] });
  });

  it('finds members by org code prefix, escaping LIKE wildcards in codes', async () => {
    const members = async (orgCodes: string[]) =>
      (await scopeMemberIds(t.db, { all: false, orgCodes }).execute()).map((r) => r.user_id).sort();
    expect(await members(['A01A01'])).toEqual([id.teacher, id.student1, id.student2, id.student3].sort());
    expect(await members(['A01A01A02'])).toEqual([id.student3]);
    // 'A0_' must not match A01… as an unescaped LIKE pattern would.
    expect(await members(['A0_'])).toEqual([]);
    expect(await members([])).toEqual([]);
  });
});

describe('roleLevels', () => {
  it('gives each user their highest role level, 0 without roles', async () => {
    const levels = await roleLevels(t.db, [id.admin, id.teacher, id.student1, 'nobody']);
    expect(Object.fromEntries(levels)).toEqual({ [id.admin]: 99, [id.teacher]: 2, [id.student1]: 0, nobody: 0 });
  });
});

describe('data rules', () => {
  const columns: RuleColumns = { userIdentity: { column: 'user_identity', type: 'number' }, username: { column: 'username' }, orgCode: { column: 'org_code' } };
  const ctx = { userId: 'u1', username: 'teacher', orgCode: 'A01A01' };
  const rule = (ruleColumn: string, ruleConditions: string, ruleValue: string): DataRule => ({ id: 'r', ruleName: 'r', ruleColumn, ruleConditions, ruleValue });
  const matching = async (r: DataRule) =>
    (await t.db.selectFrom('sys_user').select('username').where(ruleCondition(r, columns, ctx)).where('del_flag', '=', 0).orderBy('username').execute()).map((x) => x.username);

  it('applies each operator to allow-listed columns, snake or camel case', async () => {
    expect(await matching(rule('user_identity', '=', '1'))).toEqual(['student1', 'student2', 'student3']);
    expect(await matching(rule('userIdentity', '!=', '1'))).toEqual(['admin', 'teacher']);
    expect(await matching(rule('username', 'IN', 'admin, student2'))).toEqual(['admin', 'student2']);
    expect(await matching(rule('username', 'LIKE', 'dent'))).toEqual(['student1', 'student2', 'student3']);
    expect(await matching(rule('username', 'RIGHT_LIKE', 'tea'))).toEqual(['teacher']);
    expect(await matching(rule('username', 'LEFT_LIKE', 't3'))).toEqual(['student3']);
    expect(await matching(rule('user_identity', '>', '1'))).toEqual(['admin', 'teacher']);
    expect(await matching(rule('user_identity', '<=', '1'))).toEqual(['student1', 'student2', 'student3']);
    expect(await matching(rule('username', '=', '#{sys_user_code}'))).toEqual(['teacher']);
    expect(await matching(rule('org_code', 'RIGHT_LIKE', '#{sys_org_code}'))).toEqual(['student1', 'student2', 'student3', 'teacher']);
  });

  it('matches nothing when a rule cannot be applied safely', async () => {
    expect(await matching(rule('password', '=', 'x'))).toEqual([]);
    expect(await matching(rule('username', 'USE_SQL_RULES', "1=1) or (1=1"))).toEqual([]);
    expect(await matching(rule('user_identity', '=', 'one'))).toEqual([]);
    expect(await matching(rule('user_identity', 'LIKE', '1'))).toEqual([]);
    expect(await matching(rule('username', '=', '#{unknown_var}'))).toEqual([]);
    expect(resolveRuleValue('#{ sys_user_code }-#{sys_org_code}', ctx)).toBe('teacher-A01A01');
  });

  it('ANDs the rules of a grant and ORs the user’s grants; a grant without rules lifts the restriction', async () => {
    const filter = async (username: string) => dataRuleFilter(t.db, { userId: id[username], username }, '/isystem/user', columns);
    const shown = async (username: string) => {
      const f = await filter(username);
      let q = t.db.selectFrom('sys_user').select('username').where('del_flag', '=', 0);
      if (f) q = q.where(f);
      return (await q.orderBy('username').execute()).map((x) => x.username);
    };
    // The seed: the teacher's grant of 用户管理 carries 仅显示学生; the admin's none; students have no grant.
    expect(await filter('admin')).toBeNull();
    expect(await shown('teacher')).toEqual(['student1', 'student2', 'student3']);
    expect(await shown('student1')).toEqual([]);

    const menu = await t.db.selectFrom('sys_permission').select('id').where('url', '=', '/isystem/user').executeTakeFirstOrThrow();
    const grant = await t.db
      .selectFrom('sys_role_permission as rp')
      .innerJoin('sys_role as r', 'r.id', 'rp.role_id')
      .select(['rp.id', 'rp.data_rule_ids'])
      .where('r.role_code', '=', 'teacher')
      .where('rp.permission_id', '=', menu.id)
      .executeTakeFirstOrThrow();
    const extra = newId();
    await t.db
      .insertInto('sys_permission_data_rule')
      .values({ id: extra, permission_id: menu.id, rule_name: '仅男生', rule_column: 'username', rule_conditions: 'IN', rule_value: 'student1,student3' })
      .execute();
    await t.db.updateTable('sys_role_permission').set({ data_rule_ids: `${grant.data_rule_ids},${extra}` }).where('id', '=', grant.id).execute();
    expect(await shown('teacher')).toEqual(['student1', 'student3']);

    // The teacher also holds the admin role: that grant has no rules, so nothing is hidden any more.
    const adminRole = await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow();
    await t.db.insertInto('sys_user_role').values({ id: newId(), user_id: id.teacher, role_id: adminRole.id }).execute();
    expect(await filter('teacher')).toBeNull();
  });
});
