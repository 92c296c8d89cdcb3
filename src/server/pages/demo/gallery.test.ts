// 开发示例: every gallery page opens for the admin inside the shell with its "how to copy" note and 403s for a
// student; the forms post to the server and show its Chinese field errors with the typed values kept, then a
// success; the step form walks fill → confirm → done (and refuses a wrong password or a forged hidden value);
// the advanced form adds and removes rows and validates each row; 查询表格 filters, adds and deletes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

const PAGES: [string, string][] = [
  ['/form/base-form', 'src/server/pages/demo/forms.tsx'],
  ['/form/step-form', 'src/server/pages/demo/forms.tsx'],
  ['/form/advanced-form', 'src/templates/list/row-table.tsx'],
  ['/list/query-list', 'src/server/pages/demo/lists.tsx'],
  ['/list/basic-list', 'src/server/resources/demo.ts'],
  ['/list/card', 'src/server/resources/demo.ts'],
  ['/list/search', 'src/server/resources/demo.ts'],
];

describe.each(dialects)('开发示例 pages on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
  const get = (path: string, cookie = admin, headers: Record<string, string> = {}) => t.request(path, { headers: { Cookie: cookie, ...headers } });
  const post = (path: string, fields: Record<string, string> | [string, string][], headers: Record<string, string> = {}) =>
    t.request(path, { method: 'POST', headers: { Cookie: admin, Origin: 'http://127.0.0.1', ...headers }, body: new URLSearchParams(fields) });
  /** The error shown under a field (shared Fields markup: `<id>-error`). */
  const errorOf = (html: string, id: string) => new RegExp(`id="${id}-error"[^>]*>([^<]*)<`).exec(html)?.[1];

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    admin = await cookieOf('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('opens each gallery page for the admin in the shell, naming its source files; a student gets 403', async () => {
    const student = await cookieOf('student1');
    for (const [path, source] of PAGES) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain('id="xt-menu"');
      expect(html, path).toContain('如何复制这个示例');
      expect(html, path).toContain(source);
      const refused = await get(path, student);
      expect(refused.status, path).toBe(403);
      expect(await refused.text(), path).toContain('抱歉，你无权访问该页面');
    }
    // The exception pages are in the admin's menu now.
    const home = await (await get('/dashboard/index')).text();
    for (const p of ['/exception/403', '/exception/404', '/exception/500', '/form/base-form', '/list/query-list']) expect(home, p).toContain(`href="${p}"`);
    expect(home).not.toContain('href="/user/register"');
    const e403 = await (await get('/exception/403')).text();
    expect(e403).toContain('抱歉，你无权访问该页面');
    expect(e403).toContain('src/templates/exception.tsx');
  });

  it('基础表单: server errors in Chinese beside the fields with the values kept, then a success', async () => {
    const bad = await post('/form/base-form', { title: 'A', email: 'not-mail', phone: '12345', startDate: '2026-05-10', endDate: '2026-05-01', weight: '120', visibility: 'public', goal: '' });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(errorOf(html, 'f-title')).toBe('标题至少2个字符');
    expect(errorOf(html, 'f-email')).toBe('请输入正确的邮箱地址');
    expect(errorOf(html, 'f-phone')).toBe('请输入正确的11位手机号码');
    expect(errorOf(html, 'f-endDate')).toBe('结束日期不能早于开始日期');
    expect(errorOf(html, 'f-weight')).toBe('权重应在0到100之间');
    expect(errorOf(html, 'f-goal')).toBe('请输入目标描述');
    expect(errorOf(html, 'f-startDate')).toBeUndefined();
    expect(html).toContain('value="not-mail"');
    expect(html).toContain('value="2026-05-10"');

    // htmx gets the same form as a 200 fragment (it swaps only 2xx answers).
    const frag = await post('/form/base-form', { title: '', email: '' }, { 'HX-Request': 'true', 'HX-Target': 'content' });
    expect(frag.status).toBe(200);
    const fragHtml = await frag.text();
    expect(fragHtml).not.toContain('id="xt-menu"');
    expect(errorOf(fragHtml, 'f-title')).toBe('请输入标题');
    expect(errorOf(fragHtml, 'f-startDate')).toBe('请选择开始日期');

    const good = await post('/form/base-form', { title: '期末目标', email: 'teacher@example.com', phone: '13800138000', startDate: '2026-05-01', endDate: '2026-06-30', weight: '80', visibility: 'partial', goal: '完成五个作品' });
    expect(good.status).toBe(200);
    const done = await good.text();
    expect(done).toContain('提交成功');
    expect(done).toContain('部分公开');
    expect(done).toContain('teacher@example.com');
  });

  it('分步表单: fill → confirm → done, with the checks of each step on the server', async () => {
    const step1 = { step: '1', payAccount: 'school@example.com', receiverAccount: 'parent@example.com', receiverName: '张三', amount: '500' };
    const missing = await (await post('/form/step-form', { ...step1, receiverAccount: 'x', amount: '0' })).text();
    expect(errorOf(missing, 'f-receiverAccount')).toBe('请输入正确的邮箱地址');
    expect(errorOf(missing, 'f-amount')).toBe('转账金额应在0.01到50000元之间');
    expect(missing).toContain('下一步');

    const confirm = await (await post('/form/step-form', step1)).text();
    expect(confirm).toContain('确认转账信息');
    expect(confirm).toContain('支付密码');
    expect(confirm).toContain('<input type="hidden" name="receiverAccount" value="parent@example.com"/>');

    const step2 = { ...step1, step: '2', action: 'submit' };
    const wrong = await post('/form/step-form', { ...step2, password: '654321' });
    expect(wrong.status).toBe(400);
    expect(errorOf(await wrong.text(), 'f-password')).toBe('支付密码错误');
    // A hidden value changed on the way is checked again: back to step 1 with its error.
    const forged = await (await post('/form/step-form', { ...step2, amount: '999999', password: '123456' })).text();
    expect(errorOf(forged, 'f-amount')).toBe('转账金额应在0.01到50000元之间');
    expect(forged).toContain('下一步');
    // 上一步 keeps what was typed.
    const back = await (await post('/form/step-form', { ...step2, action: 'back' })).text();
    expect(back).toContain('value="张三"');

    const done = await post('/form/step-form', { ...step2, password: '123456' });
    expect(done.status).toBe(200);
    const html = await done.text();
    expect(html).toContain('操作成功');
    expect(html).toContain('500 元');
    expect(html).toContain('再转一笔');
  });

  it('高级表单: adds and removes rows without losing values, validates each row and group, then succeeds', async () => {
    const groups = { repoName: '作品仓库', repoUrl: 'code.example.com', repoOwner: '王老师', repoType: 'private', taskName: '期末展示', taskDate: '2026-06-01', taskDescription: '' };
    const rows: [string, string][] = [
      ['members.0.name', '王小明'], ['members.0.workNo', '00001'], ['members.0.department', '信息组'],
      ['members.1.name', '李小红'], ['members.1.workNo', '00002'], ['members.1.department', ''],
    ];
    const added = await (await post('/form/advanced-form', [...Object.entries(groups), ...rows, ['action', 'add-members']])).text();
    expect(added).toContain('name="members.2.name"');
    expect(added).toContain('value="李小红"');
    expect(added).toContain('value="作品仓库"');
    expect(added).not.toContain('ant-form-item-explain-error');

    const removed = await (await post('/form/advanced-form', [...Object.entries(groups), ...rows, ['action', 'remove-members:0']])).text();
    expect(removed).not.toContain('value="王小明"');
    expect(removed).toContain('value="李小红"');
    expect(removed).not.toContain('name="members.1.name"');

    const bad = await post('/form/advanced-form', [
      ...Object.entries({ ...groups, repoUrl: 'not a domain', taskDate: '' }),
      ['members.0.name', '王小明'], ['members.0.workNo', '00001'],
      ['members.1.name', ''], ['members.1.workNo', '00001'],
      ['action', 'submit'],
    ]);
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(errorOf(html, 'g0-repoUrl')).toBe('请输入正确的域名，例如 code.example.com');
    expect(errorOf(html, 'g1-taskDate')).toBe('请选择生效日期');
    expect(errorOf(html, 'r-members-1-name')).toBe('请输入成员姓名');
    expect(errorOf(html, 'r-members-1-workNo')).toBe('工号与第1行重复');
    expect(errorOf(html, 'r-members-0-name')).toBeUndefined();

    const none = await (await post('/form/advanced-form', [...Object.entries(groups), ['action', 'submit']])).text();
    expect(none).toContain('请至少添加一名成员');

    const good = await post('/form/advanced-form', [...Object.entries(groups), ...rows, ['action', 'submit']]);
    expect(good.status).toBe(200);
    const ok = await good.text();
    expect(ok).toContain('提交成功');
    expect(ok).toContain('王小明（00001）、李小红（00002）');
  });

  it('查询表格: filters through the declared list, validates the add form and deletes after confirmation', async () => {
    const all = await (await get('/list/query-list')).text();
    expect(all).toContain('共36条');
    const running = await (await get('/list/query-list?status=running')).text();
    const count = Number(/共(\d+)条/.exec(running)?.[1]);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(36);
    expect(running).toContain('ant-tag-blue app">进行中');
    expect(running).not.toContain('ant-tag-green app">已完成');
    const named = await (await get('/list/query-list?name=迷宫')).text();
    expect(named).toContain('迷宫游戏');
    expect(named).not.toContain('打地鼠');

    const refused = await post('/list/query-list/save', { back: '/list/query-list', name: 'x', category: '', owner: '', status: 'running', progress: '101', email: 'bad' });
    expect(refused.status).toBe(400);
    const form = await refused.text();
    expect(errorOf(form, 'f-name')).toBe('名称至少2个字符');
    expect(errorOf(form, 'f-category')).toBe('请选择类别');
    expect(errorOf(form, 'f-progress')).toBe('进度应在0到100之间');
    expect(errorOf(form, 'f-email')).toBe('请输入正确的邮箱地址');

    const saved = await post('/list/query-list/save', { back: '/list/query-list', name: '新的示例', category: 'project', owner: '赵老师', status: 'paused', progress: '30', email: '' });
    expect(saved.status).toBe(303);
    const listed = await (await get('/list/query-list?name=新的示例')).text();
    expect(listed).toContain('赵老师');
    const id = /data-row-key="([^"]+)"/.exec(listed)?.[1];
    expect(id).toBeTruthy();
    // Other layouts list the same store.
    expect(await (await get('/list/search?category=project&name=新的示例')).text()).toContain('新的示例');

    // 编辑: the record in the form, a refused change keeps the typed value, an accepted one shows in the list.
    const editForm = await (await get(`/list/query-list/form?id=${id}&back=%2Flist%2Fquery-list`)).text();
    expect(editForm).toContain('value="新的示例"');
    const badEdit = await post('/list/query-list/save', { id: id!, back: '/list/query-list', name: '新的示例', category: 'project', owner: '赵老师', status: 'paused', progress: '3.5' });
    expect(errorOf(await badEdit.text(), 'f-progress')).toBe('进度必须是整数');
    expect((await post('/list/query-list/save', { id: id!, back: '/list/query-list', name: '新的示例', category: 'project', owner: '钱老师', status: 'done', progress: '100' })).status).toBe(303);
    expect(await (await get('/list/query-list?name=新的示例')).text()).toContain('钱老师');

    const ask = await post('/list/query-list/delete', { ids: id!, back: '/list/query-list' });
    expect(await ask.text()).toContain('确定删除吗?');
    expect((await post('/list/query-list/delete', { ids: id!, back: '/list/query-list', confirmed: '1' })).status).toBe(303);
    expect(await (await get('/list/query-list?name=新的示例')).text()).toContain('暂无数据');
  });

  it('标准列表, 卡片列表, 搜索列表: tabs, search and paging from the URL', async () => {
    const done = await (await get('/list/basic-list?status=done')).text();
    expect(done).toMatch(/aria-selected="true"[^>]*>已完成/);
    expect(done).not.toContain('>进行中</span>');
    const page2 = await (await get('/list/card?pageNo=2')).text();
    expect(page2).toContain('9-16 共36条');
    const apps = await (await get('/list/search?category=application')).text();
    expect(apps).toMatch(/aria-selected="true"[^>]*>应用/);
    expect(apps).toContain('共12条');
  });

  it('keeps the demo API to the gallery’s users', async () => {
    const student = await t.login('student1');
    for (const [method, path] of [['GET', '/demo/sample/list'], ['POST', '/demo/form/base'], ['POST', '/demo/sample/add']] as const) {
      const res = await t.api(method, path, { token: student, ...(method === 'POST' ? { body: {} } : {}) });
      expect(res.status, path).toBe(403);
    }
    const adminToken = await t.login('admin');
    const res = await t.api('POST', '/demo/form/base', { token: adminToken, body: { title: '好' } });
    expect(res.status).toBe(400);
    expect(res.body.result.errors.title).toBe('标题至少2个字符');
  });
});
