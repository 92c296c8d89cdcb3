// A main-with-sub form's ERP screen (/online/cgformErpList/{code}) as a teacher granted its menu entry meets it: the
// main list; 选择 on a row (kept in the URL) shows its sub tables as tabs with that row's sub rows; 新增 / 编辑 / 删除
// of a sub row (the link column set from the selected row, the delete confirmed); deleting a main row, confirmed,
// takes its sub rows; a student without the menu refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { formFields, screen } from '../../../../test/html.js';
import { billModels, grantScreen, tableRows } from '../../api/online/cgform.test-kit.js';

describe.each(dialects)('主子表的 ERP 页面 on %s', (dialect) => {
  let t: TestApp;
  let route: string;
  let teacher: string;
  const code: Record<string, string> = {};
  const orders: Record<string, string> = {};
  const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
  const page = (path: string, cookie = teacher) => t.request(path, { headers: { Cookie: cookie } });
  const post = (path: string, form: Record<string, string> | URLSearchParams, cookie = teacher) =>
    t.request(path, { method: 'POST', headers: { Cookie: cookie, Origin: 'http://127.0.0.1' }, body: form instanceof URLSearchParams ? form : new URLSearchParams(form) });
  const after = async (res: Response) => {
    expect(res.status).toBe(303);
    const flash = /xt_flash=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';
    return screen(await (await page(res.headers.get('location') ?? '/', `${teacher}; ${flash}`)).text());
  };
  const items = async () => (await tableRows(t, 'cg_bill_item')).map((r) => `${r.product}:${r.qty ?? ''}`).sort();

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    const admin = await t.login('admin');
    for (const m of billModels()) {
      const res = await t.api('POST', '/online/cgform/api/addAll', { token: admin, body: m });
      expect(res.body.success, res.body.message).toBe(true);
      code[m.head.tableName] = res.body.result.id;
      expect((await t.api('POST', `/online/cgform/api/doDbSynch/${res.body.result.id}/normal`, { token: admin })).body.success).toBe(true);
    }
    route = `/online/cgformErpList/${code.cg_bill}`;
    await grantScreen(t, 'teacher', route);
    teacher = await cookieOf('teacher');
    const token = await t.login('teacher');
    for (const [no, rows] of [['O1', [{ product: '笔', qty: 2 }, { product: '本', qty: 1 }]], ['O2', [{ product: '尺', qty: 5 }]]] as const) {
      const res = await t.api('POST', `/online/cgform/api/form/${code.cg_bill}`, { token, body: { order_no: no, cg_bill_item: rows, cg_bill_note: [{ note: `${no}加急` }] } });
      expect(res.body.success, res.body.message).toBe(true);
      orders[no] = res.body.result;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the main rows; 选择 shows the row’s sub tables as tabs with its sub rows', async () => {
    const s = screen(await (await page(route)).text());
    expect(s.find((e) => e.tag === 'title')[0].text).toBe('订单 · 学堂');
    expect(s.all('row', /O1|O2/)).toHaveLength(2);
    expect(s.text).toContain('查看其附表数据');
    const pick = s.get('row', /O1/).get('link', '选择').attr('href')!;
    expect(pick).toContain(`main=${orders.O1}`);
    const chosen = screen(await (await page(pick)).text());
    expect(chosen.get('row', /O1/).text).toContain('已选择');
    const tabs = chosen.get('tablist', '附表').all('tab');
    expect(tabs.map((x) => x.text)).toEqual(['订单明细', '订单备注']);
    expect(tabs[0].attr('aria-selected')).toBe('true');
    const table = chosen.get('table', '订单明细');
    expect(table.all('row', /笔|本/)).toHaveLength(2);
    expect(table.all('row', /尺/)).toHaveLength(0);
    // The other tab; the selection is the page's state: the main rows' forms come back to it.
    const notes = screen(await (await page(tabs[1].attr('href')!)).text());
    expect(notes.get('table', '订单备注').get('row', /O1加急/)).toBeTruthy();
    expect(decodeURIComponent(chosen.get('row', /O2/).get('link', '编辑').attr('href')!)).toContain(`back=${route}?main=${orders.O1}`);
  });

  it('adds and edits a sub row of the selected main row', async () => {
    const here = `${route}?main=${orders.O1}`;
    const s = screen(await (await page(here)).text());
    const addHref = s.all('link', '新增').map((l) => l.attr('href')!).find((h) => h.includes('/sub/'))!;
    expect(addHref).toContain(`/sub/cg_bill_item/form`);
    const form = screen(await (await page(addHref)).text());
    const values = formFields(form.find((e) => e.attrs.id === 'xt-dialog-form')[0]);
    expect(values.get('order_id')).toBe(orders.O1);
    expect(form.find((e) => e.attrs.name === 'order_id')[0].attr('type')).toBe('hidden');
    values.set('product', '胶水');
    values.set('qty', '3');
    const saved = await after(await post(`${route}/sub/cg_bill_item/save`, values));
    expect(saved.get('alert').text).toContain('添加成功！');
    expect(saved.get('table', '订单明细').get('row', /胶水/)).toBeTruthy();
    expect((await tableRows(t, 'cg_bill_item')).find((r) => r.product === '胶水')).toMatchObject({ order_id: orders.O1, qty: 3, create_by: 'teacher' });

    const row = (await tableRows(t, 'cg_bill_item')).find((r) => r.product === '本')!;
    const editHref = saved.get('table', '订单明细').get('row', /本/).get('link', '编辑').attr('href')!;
    const edit = formFields(screen(await (await page(editHref)).text()).find((e) => e.attrs.id === 'xt-dialog-form')[0]);
    expect(edit.get('product')).toBe('本');
    edit.set('qty', '4');
    expect((await after(await post(`${route}/sub/cg_bill_item/save`, edit))).get('alert').text).toContain('修改成功！');
    expect((await tableRows(t, 'cg_bill_item')).find((r) => r.id === row.id)).toMatchObject({ qty: 4, order_id: orders.O1 });
    // A sub row cannot be moved under a main row that does not exist.
    edit.set('order_id', 'no-such-order');
    expect(screen(await (await post(`${route}/sub/cg_bill_item/save`, edit)).text()).text).toContain('主表数据不存在或无权访问');
  });

  it('deletes a sub row after the confirmation', async () => {
    const s = screen(await (await page(`${route}?main=${orders.O1}`)).text());
    const del = s.get('table', '订单明细').get('row', /胶水/).get('link', '删除');
    expect(del.attr('hx-confirm')).toBe('确定删除吗?');
    const ask = screen(await (await page(del.attr('href')!)).text());
    expect(ask.text).toContain('确定删除吗?');
    expect(await items()).toContain('胶水:3');
    const id = (await tableRows(t, 'cg_bill_item')).find((r) => r.product === '胶水')!.id as string;
    const back = `${route}?main=${orders.O1}`;
    expect((await after(await post(`${route}/sub/cg_bill_item/delete`, { ids: id, back, confirmed: '1' }))).get('alert').text).toContain('删除成功');
    expect(await items()).toEqual(['尺:5', '本:4', '笔:2'].sort());
  });

  it('deletes a main row with its sub rows after the confirmation', async () => {
    const s = screen(await (await page(route)).text());
    expect(s.get('row', /O2/).get('link', '删除').attr('hx-confirm')).toBe('确定删除吗?其附表数据将一并删除。');
    expect(screen(await (await page(`${route}/delete?id=${orders.O2}&back=${encodeURIComponent(route)}`)).text()).text).toContain('其附表数据将一并删除');
    expect((await after(await post(`${route}/delete`, { ids: orders.O2, back: route, confirmed: '1' }))).get('alert').text).toContain('删除成功');
    expect(await items()).toEqual(['本:4', '笔:2'].sort());
    expect((await tableRows(t, 'cg_bill_note')).map((r) => r.note)).toEqual(['O1加急']);
  });

  it('refuses a user whose menu does not hold the screen', async () => {
    const student = await cookieOf('student1');
    expect((await page(route, student)).status).toBe(403);
    expect((await page(`${route}/sub/cg_bill_item/form?main=${orders.O1}`, student)).status).toBe(403);
    expect((await post(`${route}/sub/cg_bill_item/delete`, { ids: 'x', back: route, confirmed: '1' }, student)).status).toBe(403);
    // A table that is not a sub table of this form.
    expect((await page(`${route}/sub/cg_other/form?main=${orders.O1}`)).status).toBe(404);
  });
});
