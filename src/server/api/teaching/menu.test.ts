// /teaching/menu (前台菜单管理): the admin tree, add/edit/delete with leaf flags, cycles and bad links refused,
// the tree-select helpers, who may call what, and what the public getUserMenu then answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectFailure, expectInvalid, expectNoPermission, expectTokenRefusal } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

type Node = { id: string; name: string; url: string; parentId: string; isLeaf: boolean; needLogin: boolean; hidden: boolean; internalOrExternal: boolean; children?: Node[] };
type UserNode = { id: string; title: string; url: string; needLogin: number; internalOrExternal: boolean; icon?: string; children?: UserNode[] };

for (const dialect of dialects) {
  describe(`前台菜单管理 API (${dialect})`, () => {
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

    const row = (id: string) => t.db.selectFrom('teaching_menu').selectAll().where('id', '=', id).executeTakeFirst();
    const add = async (body: Record<string, unknown>, token = admin) => t.api('POST', '/teaching/menu/add', { token, body });
    const addOk = async (body: Record<string, unknown>) => {
      const res = await add(body);
      expectEnvelope(res, { success: true });
      return res.body.result.id as string;
    };
    const edit = (body: Record<string, unknown>, token = admin) => t.api('PUT', '/teaching/menu/edit', { token, body });
    const userMenu = async () => (await t.api('GET', '/teaching/menu/getUserMenu')).body.result as UserNode[];
    const find = (nodes: Node[], id: string): Node | undefined => {
      for (const n of nodes) {
        if (n.id === id) return n;
        const sub = find(n.children ?? [], id);
        if (sub) return sub;
      }
      return undefined;
    };

    it('list: the seeded menu as a tree, 创作 holding Scratch3 opened in a new tab', async () => {
      const res = await t.api('GET', '/teaching/menu/list', { token: admin });
      expectEnvelope(res, { success: true });
      const roots = res.body.result as Node[];
      expect(roots.find((r) => r.name === '首页')).toMatchObject({ url: '/index', parentId: '', isLeaf: true });
      expect(roots.find((r) => r.name === '社区')).toMatchObject({ url: '/home', parentId: '', isLeaf: true });
      const create = roots.find((r) => r.name === '创作')!;
      expect(create.isLeaf).toBe(false);
      expect(create.children![0]).toMatchObject({ name: 'Scratch3', internalOrExternal: true, parentId: create.id });
      expect(roots.find((r) => r.name === '个人中心')).toMatchObject({ needLogin: true });
    });

    it('add: a group and a child; the group stops being a leaf; the public menu shows both', async () => {
      const group = await addOk({ menuType: 0, name: '学习资源', url: '', icon: 'book', sortNo: 5, parentId: 'ignored-for-top-level' });
      expect(await row(group)).toMatchObject({ parent_id: '', is_leaf: 1, menu_type: 0, icon: 'book', is_route: 1 });
      const child = await addOk({ menuType: 1, parentId: group, name: '官网', url: 'https://example.org/a?b=1', internalOrExternal: 1, sortNo: 1 });
      expect(await row(group)).toMatchObject({ is_leaf: 0 });
      expect(await row(child)).toMatchObject({ parent_id: group, is_leaf: 1, internal_or_external: 1 });
      const pub = (await userMenu()).find((n) => n.id === group)!;
      expect(pub).toMatchObject({ title: '学习资源', icon: 'book' });
      expect(pub.children).toEqual([expect.objectContaining({ title: '官网', url: 'https://example.org/a?b=1', internalOrExternal: true })]);
    });

    it('refuses a missing name, a bad link, a bad icon, a bad sort and a child without a parent', async () => {
      expectInvalid(await add({ menuType: 0, name: '  ' }), '请输入菜单名称', 'name');
      for (const url of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', '//evil.example/x', 'data:text/html,x', 'home', '/a b', 'http://x"onmouseover=1']) {
        const res = await add({ menuType: 0, name: '坏链接', url });
        expectFailure(res, '菜单路径格式不正确，应以 / 开头或为 http(s):// 链接');
        expect(res.body.result.errors.url, url).toBeTruthy();
      }
      expectFailure(await add({ menuType: 0, name: '坏图标', icon: '<svg onload=x>' }), '图标名称只能包含字母、数字和横线');
      expectInvalid(await add({ menuType: 0, name: '坏排序', sortNo: 'abc' }), '排序必须是数字', 'sortNo');
      expectFailure(await add({ menuType: 1, name: '孤儿' }), '请选择上级菜单');
      expectFailure(await add({ menuType: 1, name: '孤儿', parentId: 'nope' }), '上级菜单不存在');
      const names = (await t.db.selectFrom('teaching_menu').select('name').execute()).map((r) => r.name);
      expect(names).not.toContain('坏链接');
      expect(names).not.toContain('孤儿');
    });

    it('edit: moving a row keeps both parents\' leaf flags right and refuses a row under itself or its descendants', async () => {
      const a = await addOk({ menuType: 0, name: '甲', url: '/a' });
      const b = await addOk({ menuType: 0, name: '乙', url: '/b' });
      const a1 = await addOk({ menuType: 1, parentId: a, name: '甲一', url: '/a1' });
      const a11 = await addOk({ menuType: 1, parentId: a1, name: '甲一一', url: '/a11' });
      expect((await row(a))!.is_leaf).toBe(0);
      // Move 甲一 (with 甲一一) under 乙: 甲 becomes a leaf again, 乙 stops being one.
      expectEnvelope(await edit({ id: a1, menuType: 1, parentId: b, name: '甲一', url: '/a1' }), { success: true });
      expect(await row(a)).toMatchObject({ is_leaf: 1 });
      expect(await row(b)).toMatchObject({ is_leaf: 0 });
      expect(await row(a11)).toMatchObject({ parent_id: a1 });
      // Cycles.
      expectFailure(await edit({ id: a1, menuType: 1, parentId: a1, name: '甲一' }), '上级菜单不能是自己或自己的下级');
      expectFailure(await edit({ id: a1, menuType: 1, parentId: a11, name: '甲一' }), '上级菜单不能是自己或自己的下级');
      expect(await row(a1)).toMatchObject({ parent_id: b });
      // To the top level: 乙 is a leaf again; flags not sent keep their value.
      await t.db.updateTable('teaching_menu').set({ need_login: 1 }).where('id', '=', a1).execute();
      expectEnvelope(await edit({ id: a1, menuType: 0, parentId: b, name: '甲一改', url: '/a1' }), { success: true });
      expect(await row(b)).toMatchObject({ is_leaf: 1 });
      expect(await row(a1)).toMatchObject({ parent_id: '', name: '甲一改', need_login: 1 });
      expectFailure(await edit({ id: 'nope', menuType: 0, name: 'x' }), '未找到对应实体');
    });

    it('delete removes the children too and makes the parent a leaf; deleteBatch several at once', async () => {
      const top = await addOk({ menuType: 0, name: '待删', url: '' });
      const mid = await addOk({ menuType: 1, parentId: top, name: '待删子', url: '/x' });
      const leaf = await addOk({ menuType: 1, parentId: mid, name: '待删孙', url: '/y' });
      const keep = await addOk({ menuType: 1, parentId: top, name: '保留', url: '/z' });
      expectEnvelope(await t.api('DELETE', `/teaching/menu/delete?id=${mid}`, { token: admin }), { success: true });
      expect(await row(mid)).toBeUndefined();
      expect(await row(leaf)).toBeUndefined();
      expect(await row(top)).toMatchObject({ is_leaf: 0 });
      expectEnvelope(await t.api('DELETE', `/teaching/menu/delete?id=${keep}`, { token: admin }), { success: true });
      expect(await row(top)).toMatchObject({ is_leaf: 1 });
      expect((await userMenu()).some((n) => n.title === '待删子' || n.children?.some((k) => k.title === '待删子'))).toBe(false);

      const x = await addOk({ menuType: 0, name: '批一', url: '/p1' });
      const y = await addOk({ menuType: 0, name: '批二', url: '/p2' });
      const y1 = await addOk({ menuType: 1, parentId: y, name: '批二子', url: '/p3' });
      expectEnvelope(await t.api('DELETE', `/teaching/menu/deleteBatch?ids=${x},${y},${top}`, { token: admin }), { success: true });
      for (const id of [x, y, y1, top]) expect(await row(id)).toBeUndefined();
      expectFailure(await t.api('DELETE', '/teaching/menu/delete?id=nope', { token: admin }), '未找到对应实体');
      expectFailure(await t.api('DELETE', '/teaching/menu/deleteBatch?ids=', { token: admin }), '请选择要删除的菜单');
    });

    it('tree-select helpers: getSystemMenuList, getSystemSubmenu(Batch), queryTreeList, queryListAsync, queryById', async () => {
      const roots = (await t.api('GET', '/teaching/menu/getSystemMenuList', { token: admin })).body.result as Node[];
      expect(roots.every((r) => r.parentId === '' && !('children' in r))).toBe(true);
      const create = roots.find((r) => r.name === '创作')!;
      const sub = await t.api('GET', `/teaching/menu/getSystemSubmenu?parentId=${create.id}`, { token: admin });
      expect(sub.body.result.map((n: Node) => n.name)).toEqual(['Scratch3', 'Python', 'Blockly']);
      expectInvalid(await t.api('GET', '/teaching/menu/getSystemSubmenu', { token: admin }), '上级菜单ID不能为空');
      const home = roots.find((r) => r.name === '首页')!;
      const batch = await t.api('GET', `/teaching/menu/getSystemSubmenuBatch?parentIds=${create.id},${home.id}`, { token: admin });
      expect(batch.body.result[create.id]).toHaveLength(3);
      expect(batch.body.result[home.id]).toEqual([]);
      const tree = await t.api('GET', '/teaching/menu/queryTreeList', { token: admin });
      const count = Number((await t.db.selectFrom('teaching_menu').select((eb) => eb.fn.countAll().as('n')).where('del_flag', '=', 0).executeTakeFirstOrThrow()).n);
      expect(tree.body.result.ids).toHaveLength(count);
      expect(tree.body.result.treeList.find((n: any) => n.key === create.id)).toMatchObject({ title: '创作', value: create.id, isLeaf: false, children: [expect.objectContaining({ title: 'Scratch3' }), expect.objectContaining({ title: 'Python' }), expect.objectContaining({ title: 'Blockly' })] });
      const top = await t.api('GET', '/teaching/menu/queryListAsync', { token: admin });
      expect(top.body.result.map((n: any) => n.key).sort()).toEqual(roots.map((r) => r.id).sort());
      const one = await t.api('GET', `/teaching/menu/queryById?id=${create.id}`, { token: admin });
      expect(one.body.result).toMatchObject({ id: create.id, name: '创作' });
    });

    it('only the admin may read or change the menu; visitors get the public menu only', async () => {
      const seeded = (await t.db.selectFrom('teaching_menu').select('id').where('name', '=', '首页').executeTakeFirstOrThrow()).id;
      for (const token of [teacher, student]) {
        expectNoPermission(await t.api('GET', '/teaching/menu/list', { token }));
        expectNoPermission(await add({ menuType: 0, name: '越权', url: '/x' }, token));
        expectNoPermission(await edit({ id: seeded, menuType: 0, name: '越权' }, token));
        expectNoPermission(await t.api('DELETE', `/teaching/menu/delete?id=${seeded}`, { token }));
        expectNoPermission(await t.api('DELETE', `/teaching/menu/deleteBatch?ids=${seeded}`, { token }));
      }
      expectTokenRefusal(await t.api('GET', '/teaching/menu/list'));
      expectTokenRefusal(await t.api('POST', '/teaching/menu/add', { body: { menuType: 0, name: '越权' } }));
      expect(await row(seeded)).toMatchObject({ name: '首页' });
      expect((await t.db.selectFrom('teaching_menu').select('name').where('name', '=', '越权').execute()).length).toBe(0);
    });

    it('getUserMenu leaves out hidden and deleted rows (and the children of a hidden group), and sends need-login rows flagged', async () => {
      const group = await addOk({ menuType: 0, name: '隐藏组', url: '', hidden: 1 });
      await addOk({ menuType: 1, parentId: group, name: '隐藏组子', url: '/h' });
      const gone = await addOk({ menuType: 0, name: '已删', url: '/d' });
      await t.db.updateTable('teaching_menu').set({ del_flag: 1 }).where('id', '=', gone).execute();
      const member = await addOk({ menuType: 0, name: '会员区', url: '/m', needLogin: true });
      const flat = (ns: UserNode[]): UserNode[] => ns.flatMap((n) => [n, ...flat(n.children ?? [])]);
      const menu = flat(await userMenu());
      for (const title of ['隐藏组', '隐藏组子', '已删']) expect(menu.map((n) => n.title)).not.toContain(title);
      expect(menu.find((n) => n.id === member)).toMatchObject({ needLogin: 1 });
      // The admin list shows the hidden group (to edit it) but not the deleted row.
      const list = (await t.api('GET', '/teaching/menu/list', { token: admin })).body.result as Node[];
      expect(find(list, group)).toMatchObject({ hidden: true });
      expect(find(list, gone)).toBeUndefined();
    });
  });
}
