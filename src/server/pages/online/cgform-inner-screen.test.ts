// A main-with-sub form's inner-table screen (/online/cgformInnerTableList/{code}): the main list where 展开 on a row
// (kept in the URL's `open`, without JavaScript) shows its sub rows inline, read-only; the main row's form edits its
// one-to-many sub rows as a grid; deleting a main row, confirmed, takes them; a student without the menu refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { formFields, screen } from '../../../../test/html.js';
import { billModels, grantScreen, tableRows } from '../../api/online/cgform.test-kit.js';

describe.each(dialects)('主子表的内嵌子表页面 on %s', (dialect) => {
  let t: TestApp;
  let route: string;
  let teacher: string;
  const orders: Record<string, string> = {};
  const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
  const page = (path: string, cookie = teacher) => t.request(path, { headers: { Cookie: cookie } });
  const post = (path: string, form: Record<string, string> | URLSearchParams, cookie = teacher) =>
    t.request(path, { method: 'POST', headers: { Cookie: cookie, Origin: 'http://127.0.0.1' }, body: form instanceof URLSearchParams ? form : new URLSearchParams(form) });
  /** A main row (not its opened sub rows, which may name it). */
  const mainRow = (s: ReturnType<typeof screen>, no: 'O1' | 'O2') => s.find((e) => e.tag === 'tr' && e.attrs['data-row-key'] === orders[no])[0];
  const after = async (res: Response) => {
    expect(res.status).toBe(303);
    const flash = /xt_flash=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';
    return screen(await (await page(res.headers.get('location') ?? '/', `${teacher}; ${flash}`)).text());
  };

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    const admin = await t.login('admin');
    let main = '';
    for (const m of billModels()) {
      const res = await t.api('POST', '/online/cgform/api/addAll', { token: admin, body: m });
      expect(res.body.success, res.body.message).toBe(true);
      main ||= res.body.result.id;
      expect((await t.api('POST', `/online/cgform/api/doDbSynch/${res.body.result.id}/normal`, { token: admin })).body.success).toBe(true);
    }
    route = `/online/cgformInnerTableList/${main}`;
    await grantScreen(t, 'teacher', route);
    teacher = await cookieOf('teacher');
    const token = await t.login('teacher');
    for (const [no, rows] of [['O1', [{ product: '笔', qty: 2 }, { product: '本', qty: 1 }]], ['O2', [{ product: '尺', qty: 5 }]]] as const) {
      const res = await t.api('POST', `/online/cgform/api/form/${main}`, { token, body: { order_no: no, cg_bill_item: rows, cg_bill_note: [{ note: `${no}加急` }] } });
      expect(res.body.success, res.body.message).toBe(true);
      orders[no] = res.body.result;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('opens a row’s sub rows inline, one table per sub table, and closes them', async () => {
    const s = screen(await (await page(route)).text());
    expect(s.find((e) => e.tag === 'title')[0].text).toBe('订单 · 学堂');
    expect(s.all('region', '订单明细')).toHaveLength(0);
    const open = s.get('row', /O1/).get('link', '展开');
    expect(open.attr('aria-expanded')).toBe('false');
    const opened = screen(await (await page(open.attr('href')!)).text());
    const items = opened.get('region', '订单明细');
    expect(items.all('row', /笔|本/)).toHaveLength(2);
    expect(items.all('row', /尺/)).toHaveLength(0);
    expect(opened.get('region', '订单备注').text).toContain('O1加急');
    // Opening O2 as well keeps O1 open; 收起 closes it.
    const both = screen(await (await page(mainRow(opened, 'O2').get('link', '展开').attr('href')!)).text());
    expect(both.all('region', '订单明细')).toHaveLength(2);
    const closed = screen(await (await page(mainRow(both, 'O1').get('link', '收起').attr('href')!)).text());
    expect(closed.all('region', '订单明细')).toHaveLength(1);
    expect(closed.get('region', '订单明细').text).toContain('尺');
  });

  it('edits a main row with its one-to-many sub rows as a grid: a row changed, one cleared, one added', async () => {
    const before = (await tableRows(t, 'cg_bill_item')).filter((r) => r.order_id === orders.O1);
    const edit = screen(await (await page(`${route}/form?id=${orders.O1}&back=${encodeURIComponent(route)}`)).text());
    const values = formFields(edit.find((e) => e.attrs.id === 'xt-dialog-form')[0]);
    // The existing rows with their ids, then blank ones; the one-to-one 订单备注 is no grid.
    const products = [0, 1, 2].map((i) => values.get(`cg_bill_item.${i}.product`));
    expect(products.slice(0, 2).sort()).toEqual(['本', '笔'].sort());
    expect(products[2]).toBe('');
    expect([values.get('cg_bill_item.0.id'), values.get('cg_bill_item.1.id')].sort()).toEqual(before.map((r) => r.id).sort());
    expect([...values.keys()].some((k) => k.startsWith('cg_bill_note.'))).toBe(false);
    const pen = products.indexOf('笔');
    const book = products.indexOf('本');
    values.set('order_no', 'O1-改');
    values.set(`cg_bill_item.${pen}.qty`, '7');
    values.set(`cg_bill_item.${book}.product`, '');
    values.set(`cg_bill_item.${book}.qty`, '');
    values.set('cg_bill_item.2.product', '橡皮');
    values.set('cg_bill_item.2.qty', '1');
    expect((await after(await post(`${route}/save`, values))).get('alert').text).toContain('修改成功！');
    expect((await tableRows(t, 'cg_bill')).find((r) => r.id === orders.O1)).toMatchObject({ order_no: 'O1-改' });
    const now = (await tableRows(t, 'cg_bill_item')).filter((r) => r.order_id === orders.O1);
    expect(now.map((r) => `${r.product}:${r.qty}`).sort()).toEqual(['橡皮:1', '笔:7'].sort());
    // The changed row kept its id; the one-to-one row is untouched.
    expect(now.find((r) => r.product === '笔')!.id).toBe(before.find((r) => r.product === '笔')!.id);
    expect((await tableRows(t, 'cg_bill_note')).filter((r) => r.order_id === orders.O1).map((r) => r.note)).toEqual(['O1加急']);
  });

  it('refuses a grid row the sub table’s rules refuse, keeping what was typed', async () => {
    const form = new URLSearchParams({ back: route, order_no: 'O3', 'cg_bill_item.0.product': '', 'cg_bill_item.0.qty': '2', 'cg_bill_item.1.product': '胶带', 'cg_bill_item.1.qty': '' });
    const res = await post(`${route}/save`, form);
    expect(res.status).toBe(400);
    const again = screen(await res.text());
    expect(again.text).toContain('附表“订单明细”第1行：请输入商品');
    expect(again.find((e) => e.attrs.name === 'cg_bill_item.1.product')[0].attr('value')).toBe('胶带');
    expect((await tableRows(t, 'cg_bill')).some((r) => r.order_no === 'O3')).toBe(false);
  });

  it('deletes a main row with its sub rows after the confirmation', async () => {
    const s = screen(await (await page(route)).text());
    expect(s.get('row', /O2/).get('link', '删除').attr('hx-confirm')).toBe('确定删除吗?其附表数据将一并删除。');
    expect(screen(await (await page(`${route}/delete?id=${orders.O2}&back=${encodeURIComponent(route)}`)).text()).text).toContain('其附表数据将一并删除');
    expect((await tableRows(t, 'cg_bill')).some((r) => r.id === orders.O2)).toBe(true);
    expect((await after(await post(`${route}/delete`, { ids: orders.O2, back: route, confirmed: '1' }))).get('alert').text).toContain('删除成功');
    expect((await tableRows(t, 'cg_bill_item')).map((r) => r.product).sort()).toEqual(['橡皮', '笔'].sort());
  });

  it('refuses a user whose menu does not hold the screen', async () => {
    const student = await cookieOf('student1');
    expect((await page(route, student)).status).toBe(403);
    expect((await page(`${route}?open=${orders.O1}`, student)).status).toBe(403);
    expect((await page(`${route}/form`, student)).status).toBe(403);
  });
});
