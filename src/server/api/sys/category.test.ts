// /sys/category (分类字典): the seeded A03 tree, the flat list and the select helpers, add/edit/delete with the
// tree's rules (parent exists, no cycles, code under the parent's and unique, no orphans), import/export, and
// who may do what.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectFailure, expectInvalid, expectNoPermission, expectPage } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

const C = '/sys/category';

for (const dialect of dialects) {
  describe(`分类字典 API (${dialect})`, () => {
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

    const all = () => t.db.selectFrom('sys_category').selectAll().orderBy('code').execute();
    const byCode = (code: string) => t.db.selectFrom('sys_category').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
    const add = (body: unknown, token = admin) => t.api('POST', `${C}/add`, { token, body });
    const edit = (body: unknown, token = admin) => t.api('PUT', `${C}/edit`, { token, body });

    it('seeds A03 素材库标签 with the Scratch asset tags: three groups, English values, Chinese names', async () => {
      const root = await byCode('A03');
      expect(root).toMatchObject({ name: '素材库标签', pid: '0', has_child: '1' });
      const tree = await t.api('GET', `${C}/loadTreeRoot?pcode=A03`, { token: student });
      expectEnvelope(tree, { success: true, code: 0 });
      expect(tree.body.result.map((g: any) => [g.code, g.title])).toEqual([['A03A01', '背景'], ['A03A02', '声音'], ['A03A03', '角色']]);
      const backdrops = tree.body.result[0].children;
      expect(backdrops.map((x: any) => x.itemValue)).toEqual(['fantasy', 'music', 'sports', 'outdoors', 'indoors', 'space', 'underwater', 'patterns']);
      expect(backdrops[0]).toMatchObject({ title: '奇幻', code: 'A03A01A01', isLeaf: true });
      // async=true: one level, no children inlined.
      const one = await t.api('GET', `${C}/loadTreeRoot?pcode=A03&async=true`, { token: admin });
      expect(one.body.result.every((g: any) => g.children === undefined && g.isLeaf === false)).toBe(true);
      const kids = await t.api('GET', `${C}/loadTreeChildren?pid=${root.id}`, { token: admin });
      expect(kids.body.result).toHaveLength(3);
      const data = await t.api('GET', `${C}/loadAllData?code=A03A02`, { token: admin });
      expect(data.body.result.map((x: any) => x.text)).toContain('打击乐器');
      expect(data.body.result[0]).toHaveProperty('value');
      const unknown = await t.api('GET', `${C}/loadTreeRoot?pcode=Z99`, { token: admin });
      expectFailure(unknown, '加载分类字典树参数有误.[Z99]!');
    });

    it('lists every category in code order with its depth and parent code; rootList lists the roots unless searching', async () => {
      const res = await t.api('GET', `${C}/list?pageSize=5`, { token: admin });
      expectEnvelope(res, { success: true, code: 0 });
      expectPage(res.body.result, 5, 1);
      expect(res.body.result.records.map((r: any) => [r.code, r.depth, r.pidCode])).toEqual([
        ['A03', 0, ''],
        ['A03A01', 1, 'A03'],
        ['A03A01A01', 2, 'A03A01'],
        ['A03A01A02', 2, 'A03A01'],
        ['A03A01A03', 2, 'A03A01'],
      ]);
      const found = await t.api('GET', `${C}/list?name=*太空*`, { token: admin });
      expect(found.body.result.records.map((r: any) => r.code)).toEqual(['A03A01A06', 'A03A02A06']);
      const roots = await t.api('GET', `${C}/rootList`, { token: admin });
      expect(roots.body.result.records.every((r: any) => r.pid === '0')).toBe(true);
      const searched = await t.api('GET', `${C}/rootList?code=A03A02`, { token: admin });
      expect(searched.body.result.records.map((r: any) => r.name)).toEqual(['声音']);
      // The sort key is allow-listed: anything else falls back to the default order.
      const odd = await t.api('GET', `${C}/list?column=pid;drop&order=asc&pageSize=1`, { token: admin });
      expect(odd.body.result.records[0].code).toBe('A03');
    });

    it('adds a child with a generated code under its parent, marking the parent; edits it; checkCode agrees', async () => {
      const group = await byCode('A03A01');
      const res = await add({ pid: group.id, name: '城市', itemValue: 'city' });
      expectEnvelope(res, { success: true, code: 200, message: '添加成功！' });
      expect(res.body.result.code).toBe('A03A01A09');
      const row = await byCode('A03A01A09');
      expect(row).toMatchObject({ name: '城市', item_value: 'city', pid: group.id, has_child: '0', create_by: 'admin' });
      const root = await add({ name: '课程标签' });
      expect(root.body.result.code).toMatch(/^[A-Z]\d\d$/);
      expect(root.body.result.code).not.toBe('A03');
      const chosen = await add({ pid: root.body.result.id, name: '入门', code: `${root.body.result.code}X1` });
      expectEnvelope(chosen, { success: true });
      expect((await byCode(root.body.result.code)).has_child).toBe('1');
      expectEnvelope(await edit({ id: row.id, pid: group.id, name: '城市风光', code: 'A03A01A09', itemValue: 'city' }), { success: true, message: '编辑成功!' });
      expect((await byCode('A03A01A09')).name).toBe('城市风光');
      expectEnvelope(await t.api('GET', `${C}/checkCode?pid=${group.id}&code=A03A01B01`, { token: admin }), { success: true });
      expectFailure(await t.api('GET', `${C}/checkCode?pid=${group.id}&code=B01`, { token: admin }), '编码不符合规范，须以“A03A01”开头');
      expectFailure(await t.api('GET', `${C}/checkCode?pid=${group.id}&code=A03A01A01`, { token: admin }), '分类编码已存在');
      const one = await t.api('GET', `${C}/loadOne?field=code&val=A03A01A09`, { token: student });
      expect(one.body.result).toMatchObject({ name: '城市风光', itemValue: 'city' });
      const names = await t.api('GET', `${C}/loadDictItem?ids=${row.id},${group.id}`, { token: student });
      expect(names.body.result).toEqual(['城市风光', '背景']);
    });

    it('refuses bad input with Chinese field errors and changes nothing', async () => {
      const group = await byCode('A03A02');
      const leaf = await byCode('A03A02A01');
      const root = await byCode('A03');
      const before = JSON.stringify(await all());
      expectInvalid(await add({ pid: group.id, name: '' }), '请输入分类名称', 'name');
      expectInvalid(await add({ pid: group.id, name: '坏编码', code: 'A03A02-x' }), '分类编码只能包含字母、数字和下划线', 'code');
      expectInvalid(await add({ pid: group.id, name: '隐藏\u200b字符' }), '分类名称不能包含控制字符或不可见字符', 'name');
      const missing = await add({ pid: 'no-such-parent', name: '孤儿' });
      expectFailure(missing, '上级分类不存在');
      expect(missing.body.result.errors).toEqual({ pid: '上级分类不存在' });
      expectFailure(await add({ pid: group.id, name: '重复', code: 'A03A02A01' }), '分类编码已存在');
      expectFailure(await add({ pid: group.id, name: '越界', code: 'A03A01A77' }), '编码不符合规范，须以“A03A02”开头');
      expectFailure(await add({ pid: group.id, name: '同值', itemValue: 'animals' }), '同一上级分类下的分类值已存在');
      // Cycles: a node under itself or under its own descendant.
      expectFailure(await edit({ id: group.id, pid: group.id, name: '声音' }), '上级分类不能是自己或自己的下级');
      expectFailure(await edit({ id: root.id, pid: leaf.id, name: '素材库标签' }), '上级分类不能是自己或自己的下级');
      // A parent keeps its code (its children's codes start with it).
      expectFailure(await edit({ id: group.id, pid: root.id, name: '声音', code: 'A03A09' }), '该分类有下级分类，不能修改编码');
      expectFailure(await edit({ id: 'missing', name: 'x' }), '未找到对应实体');
      // Deleting a node with children leaves no orphans: refused, alone or in a batch without its children.
      expectFailure(await t.api('DELETE', `${C}/delete?id=${group.id}`, { token: admin }), '分类“声音”有下级分类，请先删除下级分类');
      expectFailure(await t.api('DELETE', `${C}/deleteBatch?ids=${group.id},${leaf.id},`, { token: admin }), '分类“声音”有下级分类，请先删除下级分类');
      expectFailure(await t.api('DELETE', `${C}/delete?id=nope`, { token: admin }), '未找到对应实体');
      expect(JSON.stringify(await all())).toBe(before);
    });

    it('deletes a node together with its children in one batch, and the parent becomes a leaf again', async () => {
      const top = await add({ name: '临时' });
      const kid = await add({ pid: top.body.result.id, name: '临时子' });
      const grand = await add({ pid: kid.body.result.id, name: '临时孙' });
      expect((await byCode(kid.body.result.code)).has_child).toBe('1');
      expectEnvelope(await t.api('DELETE', `${C}/delete?id=${grand.body.result.id}`, { token: admin }), { success: true, message: '删除成功!' });
      expect((await byCode(kid.body.result.code)).has_child).toBe('0');
      expectEnvelope(await t.api('DELETE', `${C}/deleteBatch?ids=${top.body.result.id},${kid.body.result.id},`, { token: admin }), { success: true });
      expect((await all()).some((r) => r.name.startsWith('临时'))).toBe(false);
    });

    it('exports with parent codes and imports them back; a bad row is reported and skipped', async () => {
      const res = await t.request(`/api${C}/exportXls?code=A03A03*`, { headers: { 'X-Access-Token': admin } });
      expect(res.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
      const rows: string[][] = [];
      wb.worksheets[0].eachRow((r) => rows.push(Array.from((r.values as unknown[]).slice(1), (v) => (v == null ? '' : String(v)))));
      const header = rows.findIndex((r) => r[0] === '分类名称');
      expect(rows[header].slice(0, 4)).toEqual(['分类名称', '分类编码', '分类值', '上级编码']);
      expect(rows[header + 1].slice(0, 4)).toEqual(['角色', 'A03A03', '', 'A03']);
      expect(rows[header + 2].slice(0, 4)).toEqual(['动物', 'A03A03A01', 'animals', 'A03A03']);

      const out = new ExcelJS.Workbook();
      const ws = out.addWorksheet('导出信息');
      ws.addRow(['分类名称', '分类编码', '分类值', '上级编码']);
      ws.addRow(['交通', 'A03A03B01', 'transport', 'A03A03']);
      ws.addRow(['坏的', 'X1', '', 'A03A03']);
      ws.addRow(['无主', '', '', 'Q77']);
      const form = new FormData();
      form.set('file', new Blob([(await out.xlsx.writeBuffer()) as ArrayBuffer]), 'c.xlsx');
      const imp = await t.request(`/api${C}/importExcel`, { method: 'POST', headers: { 'X-Access-Token': admin }, body: form });
      const body = await imp.json();
      expect(body.code).toBe(201);
      expect(body.result.errors.map((e: any) => e.message)).toEqual(['编码不符合规范，须以“A03A03”开头', '上级编码“Q77”不存在']);
      expect(await byCode('A03A03B01')).toMatchObject({ name: '交通', item_value: 'transport' });
    });

    it('lets only holders of the screen read the list and only its codes write; the select helpers serve every user', async () => {
      const group = await byCode('A03A01');
      for (const token of [teacher, student]) {
        expectNoPermission(await t.api('GET', `${C}/list`, { token }));
        expectNoPermission(await add({ pid: group.id, name: '偷加' }, token));
        expectNoPermission(await edit({ id: group.id, name: '偷改' }, token));
        expectNoPermission(await t.api('DELETE', `${C}/delete?id=${group.id}`, { token }));
        expectNoPermission(await t.api('GET', `${C}/exportXls`, { token }));
        expectEnvelope(await t.api('GET', `${C}/loadTreeRoot?pcode=A03`, { token }), { success: true });
      }
      expect((await byCode('A03A01')).name).toBe('背景');
    });
  });
}
