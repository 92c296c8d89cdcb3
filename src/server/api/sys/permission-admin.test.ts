// /sys/permission (菜单管理): the tree, add/edit with normalisation and checks, cascade delete, data rules and
// their effect on the lists they guard, and menus computed afresh on every page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../domain/ids.js';
import { expectEnvelope, expectFailure, expectInvalid, expectNoPermission } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

for (const dialect of dialects) {
  describe(`菜单管理 API (${dialect})`, () => {
    let t: TestApp;
    let admin: string;
    let teacher: string;
    let student: string;
    beforeAll(async () => {
      t = await startTestApp({ dialect });
      [admin, teacher, student] = await Promise.all([t.login('admin'), t.login('teacher'), t.login('student1')]);
    });
    afterAll(async () => {
      await t?.close();
    });

    const row = (id: string) => t.db.selectFrom('sys_permission').selectAll().where('id', '=', id).executeTakeFirst();
    const byUrl = (url: string) => t.db.selectFrom('sys_permission').selectAll().where('url', '=', url).executeTakeFirstOrThrow();
    const count = async (table: 'sys_permission' | 'sys_permission_data_rule' | 'sys_role_permission') =>
      Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const snapshot = async () => ({
      permission: await count('sys_permission'),
      rules: await count('sys_permission_data_rule'),
      grants: await count('sys_role_permission'),
    });
    const add = (body: unknown, token = admin) => t.api('POST', '/sys/permission/add', { token, body });
    const edit = (body: unknown, token = admin) => t.api('PUT', '/sys/permission/edit', { token, body });

    describe('reads', () => {
      it('list: the whole tree in sort order, buttons under their menus, flags as booleans', async () => {
        const res = await t.api('GET', '/sys/permission/list', { token: admin });
        expectEnvelope(res, { success: true, code: 0 });
        const roots = res.body.result as any[];
        expect(roots[0]).toMatchObject({ name: '首页', url: '/dashboard/index', component: 'dashboard/Index', menuType: 0, parentId: '' });
        const sorts = roots.map((r) => r.sortNo);
        expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
        const system = roots.find((r) => r.name === '系统管理');
        expect(system).toMatchObject({ key: system.id, title: '系统管理', isLeaf: false, leaf: false, route: true, hidden: false, component: 'layouts/RouteView' });
        const role = system.children.find((c: any) => c.url === '/isystem/role');
        expect(role.children.map((b: any) => b.perms)).toEqual(expect.arrayContaining(['role:add', 'role:auth', 'role:user']));
        expect(role.children.every((b: any) => b.menuType === 2 && b.isLeaf === true && !('children' in b))).toBe(true);
        const total = (nodes: any[]): number => nodes.reduce((n, x) => n + 1 + total(x.children ?? []), 0);
        expect(total(roots)).toBe(await count('sys_permission'));
      });

      it('getSystemMenuList / getSystemSubmenu / getSystemSubmenuBatch / queryById', async () => {
        const top = await t.api('GET', '/sys/permission/getSystemMenuList', { token: admin });
        expectEnvelope(top, { success: true });
        expect(top.body.result.every((x: any) => x.menuType === 0 && !('children' in x))).toBe(true);
        const system = top.body.result.find((x: any) => x.name === '系统管理');
        const sub = await t.api('GET', `/sys/permission/getSystemSubmenu?parentId=${system.id}`, { token: admin });
        expect(sub.body.result.map((x: any) => x.name)).toContain('角色管理');
        expect(sub.body.result.every((x: any) => x.parentId === system.id)).toBe(true);
        expectInvalid(await t.api('GET', '/sys/permission/getSystemSubmenu', { token: admin }), '上级菜单ID不能为空');
        const home = top.body.result[0];
        const batch = await t.api('GET', `/sys/permission/getSystemSubmenuBatch?parentIds=${system.id},${home.id},`, { token: admin });
        expectEnvelope(batch, { success: true, code: 200 });
        expect(Object.keys(batch.body.result).sort()).toEqual([system.id, home.id].sort());
        expect(batch.body.result[home.id]).toEqual([]);
        expectFailure(await t.api('GET', '/sys/permission/getSystemSubmenuBatch?parentIds=', { token: admin }), /^批量查询子菜单失败/);
        const one = await t.api('GET', `/sys/permission/queryById?id=${system.id}`, { token: admin });
        expect(one.body.result).toMatchObject({ id: system.id, name: '系统管理' });
        expectFailure(await t.api('GET', '/sys/permission/queryById?id=nope', { token: admin }), '未找到对应实体');
      });

      it('queryTreeList: TreeModel nodes and every id', async () => {
        const res = await t.api('GET', '/sys/permission/queryTreeList', { token: admin });
        expectEnvelope(res, { success: true });
        const { treeList, ids } = res.body.result;
        expect(ids.length).toBe(await count('sys_permission'));
        expect(Object.keys(treeList[0])).toEqual(
          expect.arrayContaining(['key', 'title', 'slotTitle', 'value', 'label', 'icon', 'parentId', 'isLeaf', 'ruleFlag']),
        );
        expect(treeList[0]).toMatchObject({ title: '首页', slotTitle: '首页', label: '首页', value: treeList[0].key, parentId: '' });
      });

      it('queryListAsync gives one level of TreeModel nodes at a time', async () => {
        const roots = await t.api('GET', '/sys/permission/queryListAsync', { token: admin });
        expectEnvelope(roots, { success: true });
        expect(roots.body.result.every((n: any) => n.parentId === '' && !('children' in n))).toBe(true);
        const system = roots.body.result.find((n: any) => n.title === '系统管理');
        const kids = await t.api('GET', `/sys/permission/queryListAsync?pid=${system.key}`, { token: admin });
        expect(kids.body.result.map((n: any) => n.title)).toContain('菜单管理');
        expectFailure(await t.api('GET', '/sys/permission/queryListAsync?pid=no-such-id', { token: admin }), '未找到角色信息');
      });

      it('are refused to users without the 菜单管理 menu; writes need permission:* codes', async () => {
        expectNoPermission(await t.api('GET', '/sys/permission/list', { token: teacher }));
        expectNoPermission(await t.api('GET', '/sys/permission/queryTreeList', { token: student }));
        const before = await snapshot();
        expectNoPermission(await add({ menuType: 0, name: '越权', url: '/x' }, teacher));
        expectNoPermission(await t.api('DELETE', '/sys/permission/delete?id=x', { token: teacher }));
        expectNoPermission(await t.api('POST', '/sys/permission/addPermissionRule', { token: teacher, body: {} }));
        expect(await snapshot()).toEqual(before);
      });
    });

    describe('add', () => {
      it('normalises component and url, defaults a container component, and keeps leaf flags', async () => {
        const top = await add({ menuType: 0, name: '测试中心', url: 'test-center', icon: 'setting', sortNo: 55 });
        expectEnvelope(top, { success: true, code: 200, message: '添加成功！' });
        const topRow = await row(top.body.result.id);
        expect(topRow).toMatchObject({ url: '/test-center', component: 'layouts/RouteView', parent_id: '', is_leaf: 1, menu_type: 0, is_route: 1, del_flag: 0 });

        const child = await add({
          menuType: 1,
          parentId: topRow!.id,
          name: '测试列表',
          url: '/test-center/list',
          component: '/views/test/TestList.vue',
          route: true,
          hidden: false,
          keepAlive: '1',
          internalOrExternal: 0,
        });
        expectEnvelope(child, { success: true, message: '添加成功！' });
        expect(await row(child.body.result.id)).toMatchObject({ component: 'test/TestList', keep_alive: 1, hidden: 0, is_leaf: 1 });
        expect((await row(topRow!.id))!.is_leaf).toBe(0);
        expect((await add({ menuType: 1, parentId: topRow!.id, name: 'src', url: '/test-center/src', component: 'src/views/test/Src.vue' })).body.success).toBe(true);
        expect((await byUrl('/test-center/src')).component).toBe('test/Src');

        const button = await add({ menuType: 2, parentId: child.body.result.id, name: '测试新增', perms: 'test:add', permsType: '1', status: '1', url: '/ignored' });
        expectEnvelope(button, { success: true });
        expect(await row(button.body.result.id)).toMatchObject({ perms: 'test:add', url: null, component: null, menu_type: 2, is_route: 0 });
        expect((await row(child.body.result.id))!.is_leaf).toBe(0);

        // External urls are kept as they are.
        const ext = await add({ menuType: 1, parentId: topRow!.id, name: '外部帮助', url: 'https://example.org/help', component: 'layouts/IframePageView', internalOrExternal: true });
        expect((await row(ext.body.result.id))!.url).toBe('https://example.org/help');
      });

      it('answers bad input with a clear message and changes nothing', async () => {
        const system = await byUrl('/isystem');
        const button = await t.db.selectFrom('sys_permission').selectAll().where('perms', '=', 'role:add').executeTakeFirstOrThrow();
        const before = await snapshot();
        const bad = await t.api('POST', '/sys/permission/add', { token: admin, body: '{"menuType":' });
        expectEnvelope(bad, { success: false, status: 400, code: 400, message: '请求数据不是有效的JSON' });
        expectInvalid(await add({ name: '无类型', url: '/a' }), '请选择菜单类型', 'menuType');
        expectInvalid(await add({ menuType: 'x', name: '坏类型', url: '/a' }), '请选择菜单类型', 'menuType');
        expectInvalid(await add({ menuType: 5, name: '坏类型', url: '/a' }), '菜单类型只能是0、1或2', 'menuType');
        expectInvalid(await add({ menuType: 0, url: '/a' }), '请输入菜单名称', 'name');
        expectInvalid(await add({ menuType: 0, name: '名'.repeat(101), url: '/a' }), '菜单名称不能超过100个字符', 'name');
        expectInvalid(await add({ menuType: 0, name: 'x', url: '/a', hidden: 'maybe' }), '隐藏路由只能是是或否', 'hidden');
        expectInvalid(await add({ menuType: 0, name: 'x', url: '/a', sortNo: 'first' }), '排序必须是数字', 'sortNo');
        expectInvalid(await add({ menuType: 0, name: 'x', url: 'u'.repeat(300) }), '菜单路径不能超过255个字符', 'url');
        const fieldErr = async (body: unknown, field: string, message: string) => {
          const res = await add(body);
          expectFailure(res, message);
          expect(res.body.result.errors[field]).toBe(message);
        };
        await fieldErr({ menuType: 0, name: '无路径' }, 'url', '请输入菜单路径');
        await fieldErr({ menuType: 0, name: '重复', url: '/isystem/role' }, 'url', '菜单路径已存在');
        await fieldErr({ menuType: 0, name: '协议相对', url: '//evil.example/x' }, 'url', '菜单路径格式不正确，应以 / 开头或为 http(s):// 链接');
        await fieldErr({ menuType: 0, name: '脚本', url: '/a"><script>' }, 'url', '菜单路径格式不正确，应以 / 开头或为 http(s):// 链接');
        await fieldErr({ menuType: 1, name: '无上级', url: '/orphan', component: 'a/B' }, 'parentId', '请选择上级菜单');
        await fieldErr({ menuType: 1, parentId: 'no-such-id', name: '坏上级', url: '/bad-parent', component: 'a/B' }, 'parentId', '上级菜单不存在');
        await fieldErr({ menuType: 1, parentId: button.id, name: '按钮下', url: '/under-button', component: 'a/B' }, 'parentId', '按钮不能作为上级菜单');
        await fieldErr({ menuType: 1, parentId: system.id, name: '无组件', url: '/no-component' }, 'component', '请输入前端组件');
        await fieldErr({ menuType: 1, parentId: system.id, name: '坏组件', url: '/bad-component', component: '../../etc/passwd' }, 'component', '前端组件格式不正确，例如 system/UserList');
        await fieldErr({ menuType: 0, name: '坏图标', url: '/bad-icon', icon: '<svg>' }, 'icon', '图标名称只能包含字母、数字、下划线和横线');
        await fieldErr({ menuType: 2, parentId: system.id, name: '无编码' }, 'perms', '请输入授权标识');
        await fieldErr({ menuType: 2, parentId: system.id, name: '重复编码', perms: 'role:add' }, 'perms', '授权标识已存在');
        await fieldErr({ menuType: 2, parentId: system.id, name: '坏编码', perms: 'a b' }, 'perms', '授权标识只能包含字母、数字、冒号、下划线、点和横线');
        expect(await snapshot()).toEqual(before);
      });

      it('lets a non-route menu share a url, but not a second routed one', async () => {
        const system = await byUrl('/isystem');
        const res = await add({ menuType: 1, parentId: system.id, name: '角色管理链接', url: '/isystem/role', component: 'system/RoleList', route: false });
        expectEnvelope(res, { success: true });
        const flip = await edit({ id: res.body.result.id, menuType: 1, parentId: system.id, name: '角色管理链接', url: '/isystem/role', component: 'system/RoleList', route: true });
        expectFailure(flip, '菜单路径已存在');
        expect((await row(res.body.result.id))!.is_route).toBe(0);
      });
    });

    describe('edit', () => {
      it('moves a menu between parents and fixes both leaf flags', async () => {
        const a = (await add({ menuType: 0, name: '父A', url: '/parent-a' })).body.result.id;
        const b = (await add({ menuType: 0, name: '父B', url: '/parent-b' })).body.result.id;
        const kid = (await add({ menuType: 1, parentId: a, name: '孩子', url: '/parent-a/kid', component: 'x/Kid' })).body.result.id;
        expect((await row(a))!.is_leaf).toBe(0);
        const res = await edit({ id: kid, menuType: 1, parentId: b, name: '孩子改名', url: 'parent-b/kid', component: 'views/x/Kid.vue', icon: 'user', hidden: true });
        expectEnvelope(res, { success: true, code: 200, message: '修改成功！' });
        expect(await row(kid)).toMatchObject({ parent_id: b, name: '孩子改名', url: '/parent-b/kid', component: 'x/Kid', icon: 'user', hidden: 1 });
        expect((await row(a))!.is_leaf).toBe(1);
        expect((await row(b))!.is_leaf).toBe(0);
        // POST is accepted too (the anchor's edit takes PUT or POST); a type-0 edit clears the parent, and a
        // type-0 row sent without a component becomes a route container (the body replaces the record).
        const post = await t.api('POST', '/sys/permission/edit', { token: admin, body: { id: kid, menuType: 0, parentId: b, name: '升级', url: '/parent-b/kid' } });
        expectEnvelope(post, { success: true });
        expect(await row(kid)).toMatchObject({ parent_id: '', menu_type: 0, component: 'layouts/RouteView' });
        expect((await row(b))!.is_leaf).toBe(1);
      });

      it('refuses cycles, unknown ids and turning a parent into a button, changing nothing', async () => {
        const top = (await add({ menuType: 0, name: '环顶', url: '/cycle-top' })).body.result.id;
        const mid = (await add({ menuType: 1, parentId: top, name: '环中', url: '/cycle-mid', component: 'c/Mid' })).body.result.id;
        const before = await row(top);
        const snap = await snapshot();
        const cyc = await edit({ id: top, menuType: 1, parentId: mid, name: '环顶', url: '/cycle-top', component: 'c/Top' });
        expectFailure(cyc, '上级菜单不能是自己或自己的下级');
        const self = await edit({ id: top, menuType: 1, parentId: top, name: '环顶', url: '/cycle-top', component: 'c/Top' });
        expectFailure(self, '上级菜单不能是自己或自己的下级');
        expectFailure(await edit({ id: top, menuType: 2, parentId: mid, name: '环顶', perms: 'cycle:x' }), '上级菜单不能是自己或自己的下级');
        const sibling = (await add({ menuType: 0, name: '旁', url: '/cycle-side' })).body.result.id;
        expectFailure(await edit({ id: top, menuType: 2, parentId: sibling, name: '环顶', perms: 'cycle:x' }), '该菜单下有子菜单或按钮，不能改为按钮');
        expectFailure(await edit({ id: 'no-such-id', menuType: 0, name: 'x', url: '/nowhere' }), '未找到对应实体');
        expectInvalid(await edit({ menuType: 0, name: 'x', url: '/nowhere' }), 'id不能为空', 'id');
        expect(await row(top)).toEqual(before);
        expect((await snapshot()).permission).toBe(snap.permission + 1);
      });
    });

    describe('delete', () => {
      it('cascades to children, buttons, data rules and every grant, and the parent becomes a leaf', async () => {
        const top = (await add({ menuType: 0, name: '删顶', url: '/del-top' })).body.result.id;
        const mid = (await add({ menuType: 1, parentId: top, name: '删中', url: '/del-mid', component: 'system/UserList' })).body.result.id;
        const btn = (await add({ menuType: 2, parentId: mid, name: '删按钮', perms: 'del:btn' })).body.result.id;
        const rule = (await t.api('POST', '/sys/permission/addPermissionRule', { token: admin, body: { permissionId: mid, ruleName: '仅学生', ruleColumn: 'user_identity', ruleConditions: '=', ruleValue: '1' } })).body.result.id;
        const roleId = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'teacher').executeTakeFirstOrThrow()).id;
        const departId = (await t.db.selectFrom('sys_depart').select('id').executeTakeFirstOrThrow()).id;
        await t.db.insertInto('sys_role_permission').values([mid, btn].map((p) => ({ id: newId(), role_id: roleId, permission_id: p, data_rule_ids: p === mid ? rule : null }))).execute();
        await t.db.insertInto('sys_depart_permission').values({ id: newId(), depart_id: departId, permission_id: mid }).execute();
        await t.db.insertInto('sys_depart_role_permission').values({ id: newId(), depart_id: departId, role_id: newId(), permission_id: btn }).execute();

        const res = await t.api('DELETE', `/sys/permission/delete?id=${mid}`, { token: admin });
        expectEnvelope(res, { success: true, code: 200, message: '删除成功!' });
        expect(await row(mid)).toBeUndefined();
        expect(await row(btn)).toBeUndefined();
        expect((await row(top))!.is_leaf).toBe(1);
        for (const table of ['sys_role_permission', 'sys_depart_permission', 'sys_depart_role_permission'] as const) {
          expect(await t.db.selectFrom(table).select('id').where('permission_id', 'in', [mid, btn]).execute(), table).toEqual([]);
        }
        expect(await t.db.selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', mid).execute()).toEqual([]);
      });

      it('deleteBatch takes the trailing-comma list; unknown ids and system menus are refused, changing nothing', async () => {
        const x = (await add({ menuType: 0, name: '批删X', url: '/batch-x' })).body.result.id;
        const y = (await add({ menuType: 0, name: '批删Y', url: '/batch-y' })).body.result.id;
        const before = await snapshot();
        expectFailure(await t.api('DELETE', `/sys/permission/deleteBatch?ids=${x},no-such-id,`, { token: admin }), '未找到对应实体');
        expectFailure(await t.api('DELETE', '/sys/permission/delete', { token: admin }), '请选择要删除的菜单');
        const system = await byUrl('/isystem');
        expectFailure(await t.api('DELETE', `/sys/permission/delete?id=${system.id}`, { token: admin }), '“菜单管理”是系统必需的菜单，不能删除');
        const home = await byUrl('/dashboard/index');
        expectFailure(await t.api('DELETE', `/sys/permission/deleteBatch?ids=${x},${home.id},`, { token: admin }), '“首页”是系统必需的菜单，不能删除');
        expect(await snapshot()).toEqual(before);
        const res = await t.api('DELETE', `/sys/permission/deleteBatch?ids=${x},${y},`, { token: admin });
        expectEnvelope(res, { success: true, message: '删除成功!' });
        expect((await snapshot()).permission).toBe(before.permission - 2);
      });
    });

    describe('data rules', () => {
      it('add / list / query / edit / delete, keeping rule_flag and the grants in step', async () => {
        const userMenu = await byUrl('/isystem/user');
        const seeded = await t.api('GET', `/sys/permission/getPermRuleListByPermId?permissionId=${userMenu.id}`, { token: admin });
        expectEnvelope(seeded, { success: true });
        expect(seeded.body.result).toEqual([expect.objectContaining({ ruleName: '仅显示学生', ruleColumn: 'user_identity', ruleConditions: '=', ruleValue: '1', status: '1' })]);

        const added = await t.api('POST', '/sys/permission/addPermissionRule', {
          token: admin,
          body: { permissionId: userMenu.id, ruleName: '本人创建', ruleColumn: 'createBy', ruleConditions: '=', ruleValue: '#{sys_user_code}' },
        });
        expectEnvelope(added, { success: true, message: '添加成功!' });
        const ruleId = added.body.result.id;
        const stored = await t.db.selectFrom('sys_permission_data_rule').selectAll().where('id', '=', ruleId).executeTakeFirstOrThrow();
        expect(stored).toMatchObject({ rule_column: 'create_by', status: '1', permission_id: userMenu.id });

        const found = await t.api('GET', `/sys/permission/queryPermissionRule?permissionId=${userMenu.id}&ruleName=本人创建`, { token: admin });
        expectEnvelope(found, { success: true, message: '查询成功！' });
        expect(found.body.result.map((r: any) => r.id)).toEqual([ruleId]);

        const edited = await t.api('PUT', '/sys/permission/editPermissionRule', {
          token: admin,
          body: { id: ruleId, ruleName: '本部门', ruleColumn: 'org_code', ruleConditions: 'LIKE', ruleValue: '#{sys_org_code}', status: '0' },
        });
        expectEnvelope(edited, { success: true, message: '编辑成功!' });
        expect(await t.db.selectFrom('sys_permission_data_rule').selectAll().where('id', '=', ruleId).executeTakeFirstOrThrow()).toMatchObject({
          rule_name: '本部门',
          rule_column: 'org_code',
          rule_conditions: 'LIKE',
          status: '0',
        });

        // A rule on a menu of its own: deleting the last one clears rule_flag and the grants that carried it.
        const menu = (await add({ menuType: 0, name: '规则菜单', url: '/rule-menu', component: 'system/SysAnnouncementList' })).body.result.id;
        const r2 = (await t.api('POST', '/sys/permission/addPermissionRule', { token: admin, body: { permissionId: menu, ruleName: '高优先级', ruleColumn: 'priority', ruleConditions: 'IN', ruleValue: 'H,M' } })).body.result.id;
        expect((await row(menu))!.rule_flag).toBe(1);
        const roleId = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'teacher').executeTakeFirstOrThrow()).id;
        await t.db.insertInto('sys_role_permission').values({ id: newId(), role_id: roleId, permission_id: menu, data_rule_ids: `${r2}` }).execute();
        const del = await t.api('DELETE', `/sys/permission/deletePermissionRule?id=${r2}`, { token: admin });
        expectEnvelope(del, { success: true, message: '删除成功!' });
        expect((await row(menu))!.rule_flag).toBe(0);
        expect((await t.db.selectFrom('sys_role_permission').select('data_rule_ids').where('permission_id', '=', menu).executeTakeFirstOrThrow()).data_rule_ids).toBeNull();
      });

      it('refuses rules outside the allow-list, SQL rules, buttons and unknown menus, changing nothing', async () => {
        const userMenu = await byUrl('/isystem/user');
        const roleMenu = await byUrl('/isystem/role');
        const button = await t.db.selectFrom('sys_permission').selectAll().where('perms', '=', 'user:add').executeTakeFirstOrThrow();
        const before = await snapshot();
        const rule = (body: Record<string, unknown>) =>
          t.api('POST', '/sys/permission/addPermissionRule', { token: admin, body: { permissionId: userMenu.id, ruleName: '规则', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1', ...body } });
        const fieldErr = async (res: Awaited<ReturnType<typeof rule>>, field: string, message: string) => {
          expectFailure(res, message);
          expect(res.body.result.errors[field]).toBe(message);
        };
        await fieldErr(await rule({ ruleColumn: 'password' }), 'ruleColumn', '规则字段只能是：user_identity、sex、status、org_code、username、create_by');
        await fieldErr(await rule({ ruleColumn: '1=1 or id' }), 'ruleColumn', '规则字段只能是：user_identity、sex、status、org_code、username、create_by');
        await fieldErr(await rule({ ruleConditions: 'USE_SQL_RULES', ruleValue: '1=1' }), 'ruleConditions', '条件规则只能是 =、!=、>、>=、<、<=、IN、LIKE 之一');
        await fieldErr(await rule({ ruleValue: '#{sys_password}', ruleColumn: 'username' }), 'ruleValue', '规则值只能使用 #{sys_user_code} 或 #{sys_org_code}');
        await fieldErr(await rule({ ruleValue: 'abc' }), 'ruleValue', '该字段的规则值必须是数字');
        await fieldErr(await rule({ ruleConditions: 'LIKE' }), 'ruleConditions', '数字字段不能使用模糊匹配');
        await fieldErr(await rule({ ruleName: '仅显示学生' }), 'ruleName', '规则名称已存在');
        await fieldErr(await rule({ permissionId: roleMenu.id }), 'ruleColumn', '该菜单的列表不支持数据规则');
        await fieldErr(await rule({ permissionId: button.id }), 'permissionId', '按钮不能配置数据规则');
        expectFailure(await rule({ permissionId: 'no-such-id' }), '未找到对应的菜单');
        expectInvalid(await rule({ ruleName: '' }), '请输入规则名称', 'ruleName');
        expectInvalid(await rule({ ruleValue: 'v'.repeat(301) }), '规则值不能超过300个字符', 'ruleValue');
        expectInvalid(await rule({ status: 7 }), '状态只能是0或1', 'status');
        expectFailure(await t.api('PUT', '/sys/permission/editPermissionRule', { token: admin, body: { id: 'no-such', ruleName: 'a', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '1' } }), '未找到对应实体');
        expectFailure(await t.api('DELETE', '/sys/permission/deletePermissionRule?id=no-such', { token: admin }), '未找到对应实体');
        expect(await snapshot()).toEqual(before);
      });

      it('saved and granted through these endpoints, they narrow the list they guard (用户管理)', async () => {
        const list = async () => {
          const res = await t.api('GET', '/sys/user/list?pageSize=100', { token: teacher });
          expectEnvelope(res, { success: true });
          return (res.body.result.records as { username: string; userIdentity: number }[]).map((u) => u.username).sort();
        };
        // The seed's rule 仅显示学生 on the teacher's grant: the teacher sees students only.
        const seeded = await list();
        expect(seeded).toEqual(['student1', 'student2', 'student3']);

        // A rule using #{sys_user_code}, granted instead through POST /sys/role/datarule.
        const userMenu = await byUrl('/isystem/user');
        const added = await t.api('POST', '/sys/permission/addPermissionRule', {
          token: admin,
          body: { permissionId: userMenu.id, ruleName: '账号含1', ruleColumn: 'username', ruleConditions: 'LIKE', ruleValue: '1' },
        });
        expectEnvelope(added, { success: true });
        const teacherRole = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'teacher').executeTakeFirstOrThrow()).id;
        const grant = await t.api('POST', '/sys/role/datarule', { token: admin, body: { permissionId: userMenu.id, roleId: teacherRole, dataRuleIds: added.body.result.id } });
        expectEnvelope(grant, { success: true, message: '保存成功!' });
        expect(await list()).toEqual(['student1']);
        // Switching the rule off (status 0) lifts it; deleting it drops it from the grant.
        const off = await t.api('PUT', '/sys/permission/editPermissionRule', {
          token: admin,
          body: { id: added.body.result.id, ruleName: '账号含1', ruleColumn: 'username', ruleConditions: 'LIKE', ruleValue: '1', status: '0' },
        });
        expectEnvelope(off, { success: true });
        expect((await list()).length).toBeGreaterThan(1);
        expectEnvelope(await t.api('DELETE', `/sys/permission/deletePermissionRule?id=${added.body.result.id}`, { token: admin }), { success: true });
        const after = await t.db.selectFrom('sys_role_permission').select('data_rule_ids').where('role_id', '=', teacherRole).where('permission_id', '=', userMenu.id).executeTakeFirstOrThrow();
        expect(after.data_rule_ids).toBeNull();
      });
    });

    it('a saved menu change shows in the affected users’ menus on their very next page', async () => {
      const studentRole = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'student').executeTakeFirstOrThrow()).id;
      const page = async () => (await t.request('/dashboard/index', { headers: { Cookie: `xt_token=${student}` } })).text();
      expect(await page()).not.toContain('新学习中心');
      const added = (await add({ menuType: 0, name: '新学习中心', url: '/study-center', component: 'study/Center', icon: 'book' })).body.result.id;
      const grants = await t.api('GET', `/sys/permission/queryRolePermission?roleId=${studentRole}`, { token: admin });
      const save = await t.api('POST', '/sys/permission/saveRolePermission', {
        token: admin,
        body: { roleId: studentRole, permissionIds: [...grants.body.result, added].join(','), lastpermissionIds: grants.body.result.join(',') },
      });
      expectEnvelope(save, { success: true, message: '保存成功！' });
      expect(await page()).toContain('新学习中心');
      // Renaming shows at once too, and deleting removes it.
      expectEnvelope(await edit({ id: added, menuType: 0, name: '学习广场', url: '/study-center', component: 'study/Center' }), { success: true });
      const html = await page();
      expect(html).toContain('学习广场');
      expect(html).not.toContain('新学习中心');
      expectEnvelope(await t.api('DELETE', `/sys/permission/delete?id=${added}`, { token: admin }), { success: true });
      expect(await page()).not.toContain('学习广场');
    });
  });
}
