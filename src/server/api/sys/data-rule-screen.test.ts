// 数据规则 (/isystem/permissionDataRule): every menu's rules in one list, add/edit/delete under the screen's
// admin-only codes with Chinese field errors, and the preview of the rows a role would see under a rule.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectFailure, expectInvalid, expectNoPermission, expectPage } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

const P = '/sys/permission';

for (const dialect of dialects) {
  describe(`数据规则 API (${dialect})`, () => {
    let t: TestApp;
    let admin: string;
    let teacher: string;
    let student: string;
    let usersMenu: string;
    let worksMenu: string;
    let seededRule: string;
    let roles: Record<string, string>;
    beforeAll(async () => {
      t = await startTestApp({ dialect });
      [admin, teacher, student] = await Promise.all([t.login('admin'), t.login('teacher'), t.login('student1')]);
      usersMenu = (await t.db.selectFrom('sys_permission').select('id').where('url', '=', '/isystem/user').executeTakeFirstOrThrow()).id;
      worksMenu = (await t.db.selectFrom('sys_permission').select('id').where('url', '=', '/teaching/workList').executeTakeFirstOrThrow()).id;
      seededRule = (await t.db.selectFrom('sys_permission_data_rule').select('id').where('rule_name', '=', '仅显示学生').executeTakeFirstOrThrow()).id;
      roles = Object.fromEntries((await t.db.selectFrom('sys_role').select(['id', 'role_code']).execute()).map((r) => [r.role_code, r.id]));
    });
    afterAll(async () => {
      await t?.close();
    });

    const rules = () => t.db.selectFrom('sys_permission_data_rule').selectAll().orderBy('id').execute();
    const add = (body: unknown, token = admin) => t.api('POST', `${P}/addDataRule`, { token, body });
    const edit = (body: unknown, token = admin) => t.api('PUT', `${P}/editDataRule`, { token, body });
    const preview = (id: string, roleId: string, token = admin) => t.api('GET', `${P}/previewDataRule?id=${id}&roleId=${roleId}`, { token });
    const count = async (table: 'sys_user' | 'teaching_work', where?: [string, unknown]) => {
      let q = t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('del_flag', '=', 0);
      if (where) q = q.where(where[0] as never, '=', where[1] as never);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };

    it('lists every menu’s rules with the menu name and the condition in words, filtered and sorted', async () => {
      await add({ permissionId: worksMenu, ruleName: '只看待批改', ruleColumn: 'work_status', ruleConditions: '=', ruleValue: '1' });
      const res = await t.api('GET', `${P}/dataRuleList?column=ruleName&order=asc`, { token: admin });
      expectEnvelope(res, { success: true, code: 0 });
      expectPage(res.body.result, 10, 1);
      expect(res.body.result.total).toBe(2);
      const names = res.body.result.records.map((r: any) => [r.permissionName, r.ruleName, r.conditionText, r.status_dictText]);
      expect(names).toContainEqual(['用户管理', '仅显示学生', '等于', '有效']);
      expect(names).toContainEqual(['作业管理', '只看待批改', '等于', '有效']);
      const one = await t.api('GET', `${P}/dataRuleList?permissionId=${worksMenu}`, { token: admin });
      expect(one.body.result.records.map((r: any) => r.ruleName)).toEqual(['只看待批改']);
      const byId = await t.api('GET', `${P}/queryDataRuleById?id=${seededRule}`, { token: admin });
      expect(byId.body.result).toMatchObject({ ruleName: '仅显示学生', ruleColumn: 'user_identity', permissionId: usersMenu });
      const menus = await t.api('GET', `${P}/dataRuleMenus`, { token: admin });
      expect(menus.body.result.map((m: any) => m.name)).toEqual(expect.arrayContaining(['用户管理', '作业管理']));
    });

    it('refuses bad rules with Chinese field errors and changes nothing', async () => {
      const before = JSON.stringify(await rules());
      expectInvalid(await add({ permissionId: usersMenu, ruleName: '', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1' }), '请输入规则名称', 'ruleName');
      const col = await add({ permissionId: worksMenu, ruleName: '错字段', ruleColumn: 'user_identity', ruleConditions: '=', ruleValue: '1' });
      expectFailure(col, '规则字段只能是：work_status、work_type、create_by');
      expect(col.body.result.errors).toHaveProperty('ruleColumn');
      expectFailure(await add({ permissionId: usersMenu, ruleName: '仅显示学生', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1' }), '规则名称已存在');
      expectFailure(await add({ permissionId: usersMenu, ruleName: '注入', ruleColumn: 'sex', ruleConditions: 'USE_SQL_RULES', ruleValue: '1=1' }), /条件规则只能是/);
      expectFailure(await add({ permissionId: usersMenu, ruleName: '非数字', ruleColumn: 'sex', ruleConditions: '=', ruleValue: 'abc' }), '该字段的规则值必须是数字');
      expectFailure(await add({ permissionId: 'no-such-menu', ruleName: 'x', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1' }), '未找到对应的菜单');
      expectFailure(await edit({ id: seededRule, permissionId: worksMenu, ruleName: '仅显示学生', ruleColumn: 'user_identity', ruleConditions: '=', ruleValue: '1' }), '数据规则不能移到其他菜单');
      expectFailure(await edit({ id: 'missing', ruleName: 'x', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1' }), '未找到对应实体');
      expect(JSON.stringify(await rules())).toBe(before);
    });

    it('previews the rows a role would see: the rule alone, and the role’s current grant', async () => {
      const students = await count('sys_user', ['user_identity', 1]);
      const total = await count('sys_user');
      const res = await preview(seededRule, roles.teacher);
      expectEnvelope(res, { success: true, code: 0 });
      const p = res.body.result;
      expect(p).toMatchObject({ menuName: '用户管理', ruleName: '仅显示学生', roleName: '教师', total });
      expect(p.columns.map((c: any) => c.title)).toEqual(['用户账号', '用户姓名', '用户身份', '部门编码']);
      expect(p.rule.count).toBe(students);
      expect(p.rule.rows.every((r: any) => Number(r.user_identity) === 1)).toBe(true);
      expect(p.rule.rows.map((r: any) => r.username)).toContain('student1');
      // The teacher's grant of 用户管理 carries the seeded rule.
      expect(p.role).toMatchObject({ granted: true, rules: ['仅显示学生'], includesRule: true, count: students });
      // The admin's grant carries no rule: every row.
      const forAdmin = (await preview(seededRule, roles.admin)).body.result;
      expect(forAdmin.role).toMatchObject({ granted: true, rules: [], count: total });
      // Students are not granted 用户管理 at all.
      expect((await preview(seededRule, roles.student)).body.result.role).toMatchObject({ granted: false, count: 0, rows: [] });
      // Editing the rule changes what the preview shows.
      expectEnvelope(await edit({ id: seededRule, ruleName: '仅显示学生', ruleColumn: 'user_identity', ruleConditions: '=', ruleValue: '2' }), { success: true });
      const after = (await preview(seededRule, roles.teacher)).body.result;
      expect(after.rule.count).toBe(await count('sys_user', ['user_identity', 2]));
      expect(after.role.count).toBe(after.rule.count);
      expectEnvelope(await edit({ id: seededRule, ruleName: '仅显示学生', ruleColumn: 'user_identity', ruleConditions: '=', ruleValue: '1' }), { success: true });
      // Variables resolve for the role's first user.
      const mine = await add({ permissionId: worksMenu, ruleName: '只看自己的', ruleColumn: 'create_by', ruleConditions: '=', ruleValue: '#{sys_user_code}' });
      const own = (await preview(mine.body.result.id, roles.teacher)).body.result;
      expect(own.sampleUser).toBe('teacher');
      expect(own.rule.count).toBe(await count('teaching_work', ['create_by', 'teacher']));
      expectFailure(await preview('missing', roles.teacher), '未找到对应的数据规则');
      expectFailure(await preview(seededRule, 'missing'), '未找到对应的角色');
      expectInvalid(await t.api('GET', `${P}/previewDataRule?id=${seededRule}`, { token: admin }), '请选择角色', 'roleId');
    });

    it('exports the list', async () => {
      const res = await t.request(`/api${P}/exportDataRuleXls`, { headers: { 'X-Access-Token': admin } });
      expect(res.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
      const cells: string[] = [];
      wb.worksheets[0].eachRow((r) => cells.push(...Array.from((r.values as unknown[]).slice(1), (v) => (v == null ? '' : String(v)))));
      expect(cells).toEqual(expect.arrayContaining(['菜单', '规则名称', '仅显示学生', '用户管理']));
    });

    it('is the administrator’s: teachers and students are refused even when granted the screen', async () => {
      const screen = (await t.db.selectFrom('sys_permission').select('id').where('url', '=', '/isystem/permissionDataRule').executeTakeFirstOrThrow()).id;
      const buttons = await t.db.selectFrom('sys_permission').select('id').where('parent_id', '=', screen).execute();
      const grants = [screen, ...buttons.map((b) => b.id)].map((permission_id, i) => ({ id: `t-dr-${i}`, role_id: roles.teacher, permission_id, data_rule_ids: null }));
      await t.db.insertInto('sys_role_permission').values(grants).execute();
      try {
        // The grant opens the list and the preview to the teacher, never the writes.
        expectEnvelope(await t.api('GET', `${P}/dataRuleList`, { token: teacher }), { success: true });
        expectNoPermission(await add({ permissionId: usersMenu, ruleName: '教师加', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1' }, teacher));
        expectNoPermission(await edit({ id: seededRule, ruleName: 'x', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1' }, teacher));
        expectNoPermission(await t.api('DELETE', `${P}/deleteDataRule?id=${seededRule}`, { token: teacher }));
      } finally {
        await t.db.deleteFrom('sys_role_permission').where('id', 'in', grants.map((g) => g.id)).execute();
      }
      for (const path of ['dataRuleList', `previewDataRule?id=${seededRule}&roleId=${roles.student}`, 'dataRuleMenus']) {
        expectNoPermission(await t.api('GET', `${P}/${path}`, { token: student }));
      }
      expectNoPermission(await t.api('DELETE', `${P}/deleteDataRuleBatch?ids=${seededRule}`, { token: student }));
      expect((await rules()).some((r) => r.id === seededRule)).toBe(true);
    });

    it('deletes a batch of rules and drops them from every grant', async () => {
      const a = await add({ permissionId: usersMenu, ruleName: '临时甲', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1' });
      const b = await add({ permissionId: usersMenu, ruleName: '临时乙', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '2' });
      const grant = await t.db.selectFrom('sys_role_permission').select(['id', 'data_rule_ids']).where('role_id', '=', roles.teacher).where('permission_id', '=', usersMenu).executeTakeFirstOrThrow();
      await t.db.updateTable('sys_role_permission').set({ data_rule_ids: `${grant.data_rule_ids},${a.body.result.id}` }).where('id', '=', grant.id).execute();
      expectFailure(await t.api('DELETE', `${P}/deleteDataRuleBatch?ids=${a.body.result.id},missing`, { token: admin }), '未找到对应实体');
      expectEnvelope(await t.api('DELETE', `${P}/deleteDataRuleBatch?ids=${a.body.result.id},${b.body.result.id},`, { token: admin }), { success: true, message: '删除成功!' });
      const left = await t.db.selectFrom('sys_role_permission').select('data_rule_ids').where('id', '=', grant.id).executeTakeFirstOrThrow();
      expect(left.data_rule_ids).toBe(grant.data_rule_ids);
      expect((await rules()).map((r) => r.rule_name)).not.toContain('临时甲');
    });
  });
}
