// Role grants: the permission tree of a role, saving with diff semantics, data rules per role and menu, the
// roles a caller may assign, the users of a role — with the level rules for callers outside admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../domain/ids.js';
import { expectEnvelope, expectFailure, expectInvalid, expectNoPermission, expectPage } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

for (const dialect of dialects) {
  describe(`角色授权 API (${dialect})`, () => {
    let t: TestApp;
    let admin: string;
    let teacher: string;
    let student: string;
    const roleIds: Record<string, string> = {};
    beforeAll(async () => {
      t = await startTestApp({ dialect });
      [admin, teacher, student] = await Promise.all([t.login('admin'), t.login('teacher'), t.login('student1')]);
      for (const r of await t.db.selectFrom('sys_role').select(['id', 'role_code']).execute()) roleIds[r.role_code] = r.id;
    });
    afterAll(async () => {
      await t?.close();
    });

    const perm = (where: { url?: string; perms?: string }) => {
      let q = t.db.selectFrom('sys_permission').selectAll();
      if (where.url) q = q.where('url', '=', where.url).where('menu_type', '!=', 2);
      if (where.perms) q = q.where('perms', '=', where.perms);
      return q.executeTakeFirstOrThrow();
    };
    const grantsOf = async (roleId: string) =>
      (await t.db.selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', roleId).execute()).map((r) => r.permission_id).sort();
    const newRole = async (code: string, level = 0) => {
      const res = await t.api('POST', '/sys/role/add', { token: admin, body: { roleName: `角色${code}`, roleCode: code, roleLevel: level } });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      const id = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', code).executeTakeFirstOrThrow()).id;
      roleIds[code] = id;
      return id;
    };
    const save = (body: unknown, token = admin) => t.api('POST', '/sys/permission/saveRolePermission', { token, body });
    const membersOf = async (roleId: string) =>
      (await t.db.selectFrom('sys_user_role as ur').innerJoin('sys_user as u', 'u.id', 'ur.user_id').select('u.username').where('ur.role_id', '=', roleId).execute()).map((r) => r.username).sort();

    /** Gives the teacher role some role-screen rights (the seed gives them to admin only). */
    const letTeacherManageRoles = async (codes: string[]) => {
      const rows = [await perm({ url: '/isystem' }), await perm({ url: '/isystem/role' }), ...(await Promise.all(codes.map((c) => perm({ perms: c }))))];
      const have = new Set(await grantsOf(roleIds.teacher));
      const add = rows.filter((r) => !have.has(r.id)).map((r) => ({ id: newId(), role_id: roleIds.teacher, permission_id: r.id }));
      if (add.length) await t.db.insertInto('sys_role_permission').values(add).execute();
    };

    describe('the grant tree and a role’s grants', () => {
      it('queryTreeList marks menus with data rules (hasDatarule); queryRolePermission lists a role’s ids', async () => {
        const tree = await t.api('GET', '/sys/role/queryTreeList', { token: admin });
        expectEnvelope(tree, { success: true });
        const flat = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
        const nodes = flat(tree.body.result.treeList);
        expect(nodes.length).toBe(tree.body.result.ids.length);
        const userMenu = nodes.find((n) => n.title === '用户管理');
        expect(userMenu).toMatchObject({ ruleFlag: 1, scopedSlots: { title: 'hasDatarule' } });
        expect(nodes.find((n) => n.title === '角色管理').scopedSlots).toBeUndefined();

        const granted = await t.api('GET', `/sys/permission/queryRolePermission?roleId=${roleIds.teacher}`, { token: admin });
        expectEnvelope(granted, { success: true });
        expect([...granted.body.result].sort()).toEqual(await grantsOf(roleIds.teacher));
        expectInvalid(await t.api('GET', '/sys/permission/queryRolePermission', { token: admin }), '角色ID不能为空', 'roleId');
        expectFailure(await t.api('GET', '/sys/permission/queryRolePermission?roleId=no-such', { token: admin }), '未找到对应实体');
        expectNoPermission(await t.api('GET', '/sys/role/queryTreeList', { token: teacher }));
      });

      it('saveRolePermission inserts permissionIds − last, deletes last − permissionIds, and brings parents along', async () => {
        const roleId = await newRole('grant_a');
        const dict = await perm({ url: '/isystem/dict' });
        const dictAdd = await perm({ perms: 'dict:add' });
        const system = await perm({ url: '/isystem' });
        const res = await save({ roleId, permissionIds: `${dict.id},${dictAdd.id},`, lastpermissionIds: '' });
        expectEnvelope(res, { success: true, code: 200, message: '保存成功！' });
        expect(await grantsOf(roleId)).toEqual([dict.id, dictAdd.id, system.id].sort());

        // Unticking the button: it is in last and not in the new list, so it goes; the rest stays.
        const again = await save({ roleId, permissionIds: [dict.id, system.id], lastpermissionIds: [dict.id, dictAdd.id, system.id] });
        expectEnvelope(again, { success: true });
        expect(await grantsOf(roleId)).toEqual([dict.id, system.id].sort());

        // Diff semantics: a grant made elsewhere meanwhile (not in this client's `last`) is left alone.
        const role = await perm({ url: '/isystem/role' });
        await save({ roleId, permissionIds: [dict.id, system.id, role.id], lastpermissionIds: [dict.id, system.id] });
        const stale = await save({ roleId, permissionIds: [dict.id, system.id, dictAdd.id], lastpermissionIds: [dict.id, system.id] });
        expectEnvelope(stale, { success: true });
        expect(await grantsOf(roleId)).toEqual([dict.id, system.id, dictAdd.id, role.id].sort());
        // Saving the same set twice adds nothing twice.
        await save({ roleId, permissionIds: [dict.id, system.id, dictAdd.id, role.id], lastpermissionIds: [] });
        expect((await grantsOf(roleId)).length).toBe(4);
      });

      it('refuses bad input, unknown ids and roles, changing nothing', async () => {
        const roleId = await newRole('grant_bad');
        const dict = await perm({ url: '/isystem/dict' });
        await save({ roleId, permissionIds: dict.id, lastpermissionIds: '' });
        const before = await grantsOf(roleId);
        const bad = await t.api('POST', '/sys/permission/saveRolePermission', { token: admin, body: '{"roleId":' });
        expectEnvelope(bad, { success: false, status: 400, message: '请求数据不是有效的JSON' });
        expectInvalid(await save({ permissionIds: dict.id }), '角色ID不能为空', 'roleId');
        expectInvalid(await save({ roleId, permissionIds: 42 }), '权限ID必须是逗号分隔的文本', 'permissionIds');
        expectInvalid(await save({ roleId, permissionIds: 'x'.repeat(300000) }), '权限ID过多', 'permissionIds');
        expectInvalid(await save({ roleId, permissionIds: `${'y'.repeat(70)},` }), '权限ID包含无效的ID', 'permissionIds');
        expectFailure(await save({ roleId, permissionIds: `${dict.id},no-such-permission,`, lastpermissionIds: dict.id }), '授权失败！包含不存在的菜单或按钮');
        expectFailure(await save({ roleId: 'no-such-role', permissionIds: dict.id }), '未找到对应实体');
        expect(await grantsOf(roleId)).toEqual(before);
        // The admin role keeps the means to grant (角色管理 and role:auth).
        const adminBefore = await grantsOf(roleIds.admin);
        const roleMenu = await perm({ url: '/isystem/role' });
        const roleAuth = await perm({ perms: 'role:auth' });
        const roleSubtree = new Set((await t.db.selectFrom('sys_permission').select('id').where('parent_id', '=', roleMenu.id).execute()).map((r) => r.id).concat(roleMenu.id));
        for (const drop of [new Set([roleAuth.id]), roleSubtree]) {
          const without = adminBefore.filter((id) => !drop.has(id));
          expectFailure(await save({ roleId: roleIds.admin, permissionIds: without.join(','), lastpermissionIds: adminBefore.join(',') }), '不能收回管理员角色的角色管理或授权权限');
        }
        // Unticking only the menu while its buttons stay ticked keeps the menu (a granted button brings its parents).
        const onlyMenu = adminBefore.filter((id) => id !== roleMenu.id);
        expectEnvelope(await save({ roleId: roleIds.admin, permissionIds: onlyMenu.join(','), lastpermissionIds: adminBefore.join(',') }), { success: true });
        expect(await grantsOf(roleIds.admin)).toEqual(adminBefore);
      });

      it('stays admin-only: a teacher the menu data grants role:auth changes no role’s grants', async () => {
        await letTeacherManageRoles(['role:auth']);
        const low = await newRole('grant_low', 1);
        const userMenu = await perm({ url: '/isystem/user' });
        const before = await grantsOf(low);
        expectNoPermission(await save({ roleId: low, permissionIds: userMenu.id, lastpermissionIds: '' }, teacher));
        expectNoPermission(await save({ roleId: roleIds.student, permissionIds: userMenu.id, lastpermissionIds: '' }, teacher));
        expectNoPermission(await t.api('POST', '/sys/role/datarule', { token: teacher, body: { permissionId: userMenu.id, roleId: low, dataRuleIds: '' } }));
        expect(await grantsOf(low)).toEqual(before);
        expectNoPermission(await save({ roleId: low, permissionIds: '' }, student));
        // The administrator grants as before.
        expectEnvelope(await save({ roleId: low, permissionIds: userMenu.id, lastpermissionIds: '' }), { success: true, message: '保存成功！' });
        expect(await grantsOf(low)).toEqual([userMenu.id]);
      });
    });

    describe('data rules of a role’s menu', () => {
      it('GET datarule lists the menu’s rules and the ones the role carries; POST saves them', async () => {
        const userMenu = await perm({ url: '/isystem/user' });
        const rule = await t.db.selectFrom('sys_permission_data_rule').selectAll().where('permission_id', '=', userMenu.id).executeTakeFirstOrThrow();
        const res = await t.api('GET', `/sys/role/datarule/${userMenu.id}/${roleIds.teacher}`, { token: admin });
        expectEnvelope(res, { success: true, code: 200 });
        expect(res.body.result.datarule.map((r: any) => r.id)).toEqual([rule.id]);
        expect(res.body.result.drChecked).toBe(rule.id);
        const none = await t.api('GET', `/sys/role/datarule/${userMenu.id}/${roleIds.admin}`, { token: admin });
        expect(none.body.result).toEqual({ datarule: [expect.objectContaining({ id: rule.id })] });
        expectFailure(await t.api('GET', `/sys/role/datarule/${(await perm({ url: '/isystem/role' })).id}/${roleIds.admin}`, { token: admin }), '未找到权限配置信息');

        const roleId = await newRole('rule_role');
        const post = (body: unknown) => t.api('POST', '/sys/role/datarule', { token: admin, body });
        expectFailure(await post({ permissionId: userMenu.id, roleId, dataRuleIds: rule.id }), '请先保存角色菜单权限!');
        await save({ roleId, permissionIds: userMenu.id, lastpermissionIds: '' });
        expectEnvelope(await post({ permissionId: userMenu.id, roleId, dataRuleIds: `${rule.id},` }), { success: true, message: '保存成功!' });
        const grant = () => t.db.selectFrom('sys_role_permission').select('data_rule_ids').where('role_id', '=', roleId).where('permission_id', '=', userMenu.id).executeTakeFirstOrThrow();
        expect((await grant()).data_rule_ids).toBe(rule.id);
        expectFailure(await post({ permissionId: userMenu.id, roleId, dataRuleIds: 'not-a-rule-of-this-menu' }), '包含不属于该菜单的数据规则');
        expectInvalid(await post({ permissionId: userMenu.id, dataRuleIds: '' }), '角色ID不能为空', 'roleId');
        expect((await grant()).data_rule_ids).toBe(rule.id);
        expectEnvelope(await post({ permissionId: userMenu.id, roleId, dataRuleIds: '' }), { success: true });
        expect((await grant()).data_rule_ids).toBeNull();
      });
    });

    describe('roles a caller may assign', () => {
      it('queryMySubRole: admin sees every role, a teacher only those below level 2', async () => {
        const all = await t.api('GET', '/sys/role/queryMySubRole', { token: admin });
        expectEnvelope(all, { success: true, code: 0 });
        expect(all.body.result.map((r: any) => r.roleCode)).toEqual(expect.arrayContaining(['admin', 'teacher', 'student']));
        const mine = await t.api('GET', '/sys/role/queryMySubRole', { token: teacher });
        const codes = mine.body.result.map((r: any) => r.roleCode);
        expect(codes).toContain('student');
        expect(codes).not.toContain('teacher');
        expect(codes).not.toContain('admin');
        expect(mine.body.result.every((r: any) => r.roleLevel < 2)).toBe(true);
        // The user form's role options follow the same rule.
        const options = await t.api('GET', '/sys/role/queryall', { token: teacher });
        expect(options.body.result.map((r: any) => r.roleCode)).not.toContain('teacher');
        expect(options.body.result.map((r: any) => r.roleCode)).toContain('student');
      });
    });

    describe('users of a role', () => {
      it('userRoleList pages the members with filters and dictionary texts, without passwords', async () => {
        const res = await t.api('GET', `/sys/user/userRoleList?roleId=${roleIds.student}&pageNo=1&pageSize=2&column=username&order=asc`, { token: admin });
        expectEnvelope(res, { success: true, code: 0 });
        expectPage(res.body.result, 2, 1);
        expect(res.body.result.total).toBe(3);
        expect(res.body.result.records.map((u: any) => u.username)).toEqual(['student1', 'student2']);
        const first = res.body.result.records[0];
        expect(first).toMatchObject({ sex_dictText: '男', status_dictText: '正常' });
        expect(first).not.toHaveProperty('password');
        expect(first).not.toHaveProperty('salt');
        const filtered = await t.api('GET', `/sys/user/userRoleList?roleId=${roleIds.student}&realname=*红*`, { token: admin });
        expect(filtered.body.result.records.map((u: any) => u.username)).toEqual(['student2']);
        expectInvalid(await t.api('GET', '/sys/user/userRoleList', { token: admin }), '角色ID不能为空', 'roleId');
        expectFailure(await t.api('GET', '/sys/user/userRoleList?roleId=nope', { token: admin }), '未找到对应实体');
        expectNoPermission(await t.api('GET', `/sys/user/userRoleList?roleId=${roleIds.student}`, { token: student }));
      });

      it('adds users (idempotently) and removes them one by one or in a batch', async () => {
        const roleId = await newRole('members');
        const ids = { s1: await t.userId('student1'), s2: await t.userId('student2'), s3: await t.userId('student3') };
        const addRes = await t.api('POST', '/sys/user/addSysUserRole', { token: admin, body: { roleId, userIdList: [ids.s1, ids.s2, ids.s1] } });
        expectEnvelope(addRes, { success: true, code: 200, message: '添加成功!' });
        expect(await membersOf(roleId)).toEqual(['student1', 'student2']);
        expectEnvelope(await t.api('POST', '/sys/user/addSysUserRole', { token: admin, body: { roleId, userIdList: [ids.s2, ids.s3] } }), { success: true });
        expect(await membersOf(roleId)).toEqual(['student1', 'student2', 'student3']);

        const candidates = await t.api('GET', `/sys/user/userRoleCandidates?roleId=${roleId}&keyword=e`, { token: admin });
        expectEnvelope(candidates, { success: true });
        const names = candidates.body.result.records.map((u: any) => u.username);
        expect(names).toContain('teacher');
        expect(names).not.toContain('student1');
        expect(candidates.body.result.records[0]).not.toHaveProperty('password');

        const one = await t.api('DELETE', `/sys/user/deleteUserRole?roleId=${roleId}&userId=${ids.s1}`, { token: admin });
        expectEnvelope(one, { success: true, message: '删除成功!' });
        expect(await membersOf(roleId)).toEqual(['student2', 'student3']);
        const batch = await t.api('DELETE', `/sys/user/deleteUserRoleBatch?roleId=${roleId}&userIds=${ids.s2},${ids.s3},`, { token: admin });
        expectEnvelope(batch, { success: true, message: '删除成功!' });
        expect(await membersOf(roleId)).toEqual([]);
      });

      it('refuses bad input, unknown users and links, and removing the last admin, changing nothing', async () => {
        const roleId = await newRole('members_bad');
        const s1 = await t.userId('student1');
        await t.api('POST', '/sys/user/addSysUserRole', { token: admin, body: { roleId, userIdList: [s1] } });
        const addTo = (body: unknown) => t.api('POST', '/sys/user/addSysUserRole', { token: admin, body });
        expectInvalid(await addTo({ roleId, userIdList: [] }), '请选择用户', 'userIdList');
        expectInvalid(await addTo({ roleId, userIdList: s1 }), '请选择用户', 'userIdList');
        expectInvalid(await addTo({ userIdList: [s1] }), '角色ID不能为空', 'roleId');
        expectInvalid(await addTo({ roleId, userIdList: Array.from({ length: 501 }, (_, i) => `u${i}`) }), '一次最多添加500个用户', 'userIdList');
        expectFailure(await addTo({ roleId, userIdList: [await t.userId('student2'), 'no-such-user'] }), '未找到对应的用户');
        expectFailure(await addTo({ roleId: 'no-such-role', userIdList: [s1] }), '未找到对应实体');
        expect(await membersOf(roleId)).toEqual(['student1']);
        expectFailure(await t.api('DELETE', `/sys/user/deleteUserRole?roleId=${roleId}&userId=${await t.userId('teacher')}`, { token: admin }), '未找到对应实体');
        expectFailure(await t.api('DELETE', `/sys/user/deleteUserRole?roleId=${roleId}`, { token: admin }), '请选择用户');
        expectFailure(await t.api('DELETE', `/sys/user/deleteUserRoleBatch?userIds=${s1}`, { token: admin }), '角色ID不能为空');
        expect(await membersOf(roleId)).toEqual(['student1']);
        expectFailure(await t.api('DELETE', `/sys/user/deleteUserRole?roleId=${roleIds.admin}&userId=${await t.userId('admin')}`, { token: admin }), '不能移除最后一个管理员');
        expect(await membersOf(roleIds.admin)).toEqual(['admin']);
        expectNoPermission(await t.api('POST', '/sys/user/addSysUserRole', { token: teacher, body: { roleId, userIdList: [s1] } }));
      });

      it('outside admin: no role above your level, no user above it, only users of the classes you manage', async () => {
        await letTeacherManageRoles(['role:user']);
        const low = await newRole('members_low', 0);
        const s3 = await t.userId('student3');
        const ok = await t.api('POST', '/sys/user/addSysUserRole', { token: teacher, body: { roleId: low, userIdList: [s3] } });
        expectEnvelope(ok, { success: true });
        expect(await membersOf(low)).toEqual(['student3']);
        expectFailure(await t.api('POST', '/sys/user/addSysUserRole', { token: teacher, body: { roleId: roleIds.admin, userIdList: [s3] } }), '权限不足，无法分配所选角色');
        // Their own level is not below them either: no making a student a teacher from the role screen.
        expectFailure(await t.api('POST', '/sys/user/addSysUserRole', { token: teacher, body: { roleId: roleIds.teacher, userIdList: [s3] } }), '权限不足，无法分配所选角色');
        expectFailure(await t.api('GET', `/sys/user/userRoleCandidates?roleId=${roleIds.teacher}`, { token: teacher }), '权限不足，无法分配所选角色');
        expect(await membersOf(roleIds.teacher)).toEqual(['teacher']);
        expectFailure(await t.api('POST', '/sys/user/addSysUserRole', { token: teacher, body: { roleId: low, userIdList: [await t.userId('admin')] } }), '权限不足');
        // A student outside the teacher's grade.
        const outsider = newId();
        await t.db.insertInto('sys_user').values({ id: outsider, username: 'outsider', realname: '外校生', password: 'x' }).execute();
        expectFailure(await t.api('POST', '/sys/user/addSysUserRole', { token: teacher, body: { roleId: low, userIdList: [outsider] } }), '权限不足，只能管理您负责班级的用户');
        const cands = await t.api('GET', `/sys/user/userRoleCandidates?roleId=${low}`, { token: teacher });
        const names = cands.body.result.records.map((u: any) => u.username);
        expect(names).toEqual(expect.arrayContaining(['student1', 'student2']));
        expect(names).not.toContain('outsider');
        expect(names).not.toContain('admin');
        expect(names).not.toContain('student3');
        expect(await membersOf(low)).toEqual(['student3']);
        expectEnvelope(await t.api('DELETE', `/sys/user/deleteUserRole?roleId=${low}&userId=${s3}`, { token: teacher }), { success: true });
        expect(await membersOf(low)).toEqual([]);
      });
    });

    it('a user given a role through these endpoints gets exactly its menu and buttons', async () => {
      const roleId = await newRole('exactly');
      const dict = await perm({ url: '/isystem/dict' });
      const dictAdd = await perm({ perms: 'dict:add' });
      await save({ roleId, permissionIds: [dict.id, dictAdd.id], lastpermissionIds: [] });
      const s2 = await t.userId('student2');
      await t.api('DELETE', `/sys/user/deleteUserRole?roleId=${roleIds.student}&userId=${s2}`, { token: admin });
      await t.api('POST', '/sys/user/addSysUserRole', { token: admin, body: { roleId, userIdList: [s2] } });
      const token = await t.login('student2');
      const res = await t.api('GET', '/sys/permission/getUserPermissionByToken', { token });
      const flat = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
      expect(flat(res.body.result.menu).map((m: any) => m.meta.title)).toEqual(['首页', '系统管理', '字典管理']);
      expect(res.body.result.auth.map((a: any) => a.action)).toEqual(['dict:add']);
    });
  });
}
