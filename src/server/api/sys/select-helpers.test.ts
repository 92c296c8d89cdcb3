// The anchor's select components' helpers: /sys/dict/loadTreeData (JTreeSelect over an allow-listed tree table),
// /sys/dict/loadDictItem/{dictCode} (texts of stored codes) and /sys/category/loadTreeData (the category select):
// shapes, the caller's scope, refused tables and fields, and login required.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectFailure, expectTokenRefusal } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

const DEPART_TREE = 'tableName=sys_depart&text=depart_name&code=id&pidField=parent_id&hasChildField=';

for (const dialect of dialects) {
  describe(`select helpers (${dialect})`, () => {
    let t: TestApp;
    let admin: string;
    let student: string;
    const depart = (name: string) => t.db.selectFrom('sys_depart').select(['id', 'parent_id']).where('depart_name', '=', name).executeTakeFirstOrThrow();
    beforeAll(async () => {
      t = await startTestApp({ dialect });
      [admin, student] = await Promise.all([t.login('admin'), t.login('student1')]);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('loadTreeData answers one level of the department tree as TreeSelectModel nodes, in the caller’s scope', async () => {
      const school = await depart('希望小学');
      const grade = await depart('一年级');
      const top = await t.api('GET', `/sys/dict/loadTreeData?pid=&${DEPART_TREE}&condition=`, { token: admin });
      expectEnvelope(top, { success: true });
      expect(top.body.result).toEqual([{ key: school.id, title: '希望小学', value: school.id, parentId: school.parent_id, isLeaf: false }]);
      const classes = (await t.api('GET', `/sys/dict/loadTreeData?pid=${grade.id}&${DEPART_TREE}`, { token: admin })).body.result;
      expect(classes.map((n: { title: string }) => n.title).sort()).toEqual(['一年级一班', '一年级二班']);
      expect(classes.every((n: { isLeaf: boolean; parentId: string }) => n.isLeaf && n.parentId === grade.id)).toBe(true);
      // A student sees their own class (with its school and grade), not the class next door.
      const own = (await t.api('GET', `/sys/dict/loadTreeData?pid=${grade.id}&${DEPART_TREE}`, { token: student })).body.result;
      expect(own.map((n: { title: string }) => n.title)).toEqual(['一年级一班']);
    });

    it('loadTreeData serves the category tree too, and refuses any other table or field', async () => {
      const root = await t.db.selectFrom('sys_category').select('id').where('code', '=', 'A03').executeTakeFirstOrThrow();
      const res = await t.api('GET', `/sys/dict/loadTreeData?pid=${root.id}&tableName=sys_category&text=name&code=id&pidField=pid`, { token: student });
      expect(res.body.result.map((n: { title: string }) => n.title)).toEqual(expect.arrayContaining(['背景']));
      for (const q of [
        'tableName=sys_user&text=password&code=id&pidField=id',
        'tableName=sys_depart&text=org_code&code=id&pidField=parent_id',
        "tableName=sys_depart;drop table sys_user&text=depart_name&code=id&pidField=parent_id",
        '',
      ]) {
        expectFailure(await t.api('GET', `/sys/dict/loadTreeData?pid=&${q}`, { token: admin }), '字典Code格式不正确！');
      }
      expectTokenRefusal(await t.api('GET', `/sys/dict/loadTreeData?pid=&${DEPART_TREE}`));
    });

    it('loadDictItem answers the texts of the codes asked, in their order, from a table or a code dictionary', async () => {
      const [c1, c2] = await Promise.all([depart('一年级一班'), depart('一年级二班')]);
      const res = await t.api('GET', `/sys/dict/loadDictItem/sys_depart,depart_name,id?key=${c2.id},${c1.id},missing`, { token: admin });
      expectEnvelope(res, { success: true });
      expect(res.body.result).toEqual(['一年级二班', '一年级一班']);
      // The student does not learn the name of a class outside their scope.
      expect((await t.api('GET', `/sys/dict/loadDictItem/sys_depart,depart_name,id?key=${c2.id},${c1.id}`, { token: student })).body.result).toEqual(['一年级一班']);
      const teacherId = await t.userId('teacher');
      expect((await t.api('GET', `/sys/dict/loadDictItem/sys_user,realname,id?key=${teacherId}`, { token: admin })).body.result).toEqual(['王老师']);
      expect((await t.api('GET', '/sys/dict/loadDictItem/sex?key=2,1', { token: student })).body.result).toEqual(['女', '男']);
      expectFailure(await t.api('GET', '/sys/dict/loadDictItem/sys_user,password,id?key=x', { token: admin }), '字典Code格式不正确！');
      expectFailure(await t.api('GET', '/sys/dict/loadDictItem/sys_depart,depart_name?key=x', { token: admin }), '字典Code格式不正确！');
      expectTokenRefusal(await t.api('GET', '/sys/dict/loadDictItem/sex?key=1'));
    });

    it('category loadTreeData answers the children of a parent given by id or by code, one level', async () => {
      const root = await t.db.selectFrom('sys_category').select('id').where('code', '=', 'A03').executeTakeFirstOrThrow();
      const byCode = await t.api('GET', '/sys/category/loadTreeData?pcode=A03', { token: student });
      expectEnvelope(byCode, { success: true });
      const byId = (await t.api('GET', `/sys/category/loadTreeData?pid=${root.id}`, { token: student })).body.result;
      expect(byId).toEqual(byCode.body.result);
      expect(byId.length).toBe(3);
      expect(byId.every((n: { parentId: string; children?: unknown }) => n.parentId === root.id && n.children === undefined)).toBe(true);
      const roots = (await t.api('GET', '/sys/category/loadTreeData?pcode=0', { token: student })).body.result;
      expect(roots.map((n: { code: string }) => n.code)).toContain('A03');
      expectFailure(await t.api('GET', '/sys/category/loadTreeData', { token: student }), '加载分类字典树参数有误.[null]!');
      expectFailure(await t.api('GET', '/sys/category/loadTreeData?pcode=NOPE', { token: student }), '加载分类字典树参数有误.[code]!');
      expectTokenRefusal(await t.api('GET', '/sys/category/loadTreeData?pcode=A03'));
    });
  });
}
