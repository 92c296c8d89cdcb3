// The 网站配置 page: grouped form for savers, read-only for menu holders without config:save, uploads,
// field errors, and the page layer's site-config cache refreshed after a save.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { newId } from '../../domain/ids.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
let adminCookie: string;

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
const page = (path: string, cookie: string) => t.request(path, { headers: { Cookie: cookie } });
const post = (path: string, cookie: string, body: FormData | URLSearchParams, headers: Record<string, string> = {}) =>
  t.request(path, { method: 'POST', headers: { Cookie: cookie, Origin: 'http://127.0.0.1', ...headers }, body });
const value = async (key: string) => (await t.db.selectFrom('sys_config').select('config_value').where('config_key', '=', key).executeTakeFirstOrThrow()).config_value;
/** The `<input>` tag of a field, whatever the order of its attributes. */
const inputTag = (html: string, id: string) => new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
const configRows = async () => JSON.stringify(await t.db.selectFrom('sys_config').selectAll().orderBy('config_key').execute());

/** The form as the page renders it, with the current values (what a browser would submit unchanged). */
async function currentForm(): Promise<FormData> {
  const rows = await t.db.selectFrom('sys_config').selectAll().execute();
  const form = new FormData();
  for (const r of rows) {
    if (r.config_key === 'allowReg' || r.config_key === 'allowComment') {
      if (r.config_value === '1') form.set(r.config_key, '1');
    } else form.set(r.config_key, r.config_value);
  }
  return form;
}

beforeAll(async () => {
  t = await startTestApp();
  adminCookie = await cookieOf('admin');
});
afterAll(async () => {
  await t?.close();
});

describe('GET /sys/sysConfig', () => {
  it('shows the admin every group with its fields and a save button', async () => {
    const res = await page('/sys/sysConfig', adminCookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const group of ['基本信息', '首页', '底部', '注册', '评论', '联系方式', '分享页', '自定义代码']) expect(html).toContain(`>${group}</h2>`);
    expect(inputTag(html, 'c-brandName')).toContain('value="学堂"');
    expect(html).toContain('学生（student）');
    expect(html).toContain('一年级一班');
    expect(html).not.toContain('教师（teacher）');
    expect(html).toContain('>保存</span>');
    expect(html).toContain('恶意代码可以冒用登录身份');
  });

  it('refuses a teacher without the menu, and shows a menu holder without config:save the form read-only', async () => {
    const teacher = await cookieOf('teacher');
    const refused = await page('/sys/sysConfig', teacher);
    expect(refused.status).toBe(403);
    let html = await refused.text();
    expect(html).toContain('抱歉，你无权访问该页面');
    expect(html).not.toContain('id="xt-config-form"');

    const teacherRole = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'teacher').executeTakeFirstOrThrow()).id;
    // The menu and its group 系统管理 (a menu whose parent the user lacks is not theirs).
    // (Teachers already hold 系统管理 for their Scratch素材库: only what they lack is added, and removed after.)
    const held = t.db.selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', teacherRole);
    const menus = await t.db.selectFrom('sys_permission').select('id').where('url', 'in', ['/sys/sysConfig', '/isystem']).where('id', 'not in', held).execute();
    const grantIds = menus.map(() => newId());
    await t.db.insertInto('sys_role_permission').values(menus.map((m, i) => ({ id: grantIds[i], role_id: teacherRole, permission_id: m.id, data_rule_ids: null }))).execute();
    try {
      html = await (await page('/sys/sysConfig', teacher)).text();
      expect(html).toContain('您没有保存网站配置的权限，以下内容只能查看。');
      expect(inputTag(html, 'c-brandName')).toContain('disabled');
      expect(html).not.toContain('>保存</span>');
      expect(html).not.toContain('type="file"');
      // Posting the form anyway: the API refuses, nothing changes.
      const before = await configRows();
      const form = await currentForm();
      form.set('brandName', '老师改的');
      const res = await post('/sys/sysConfig/save', teacher, form);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('没有权限，请联系管理员授权');
      expect(await configRows()).toBe(before);
    } finally {
      await t.db.deleteFrom('sys_role_permission').where('id', 'in', grantIds).execute();
    }
  });
});

describe('POST /sys/sysConfig/save', () => {
  it('saves the form with an uploaded logo and refreshes the cached brand of every page at once', async () => {
    // Warm the page layer's cache with the old brand.
    expect(await (await page('/user/login', '')).text()).toContain('<title>登录 · 学堂</title>');
    const form = await currentForm();
    form.set('brandName', '星星编程');
    form.set('_phone', '010-12345678');
    form.delete('allowComment');
    form.set('logo__file', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    const res = await post('/sys/sysConfig/save', adminCookie, form);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sys/sysConfig');
    expect(await value('brandName')).toBe('星星编程');
    expect(await value('_phone')).toBe('010-12345678');
    expect(await value('allowComment')).toBe('0');
    const logo = await value('logo');
    expect(logo).toMatch(/^sysconfig\/[0-9a-f]{32}\.png$/);
    const file = await t.request(`/api/sys/common/static/${logo}`);
    expect(file.status).toBe(200);

    const login = await (await page('/user/login', '')).text();
    expect(login).toContain('<title>登录 · 星星编程</title>');
    const flash = /xt_flash=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';
    const shell = await (await page('/sys/sysConfig', `${adminCookie}; ${flash}`)).text();
    expect(shell).toContain('<title>网站配置 · 星星编程</title>');
    expect(shell).toContain('修改成功');
    expect(shell).toContain(`src="/api/sys/common/static/${logo}"`);

    const back = await currentForm();
    back.set('brandName', '学堂');
    expect((await post('/sys/sysConfig/save', adminCookie, back)).status).toBe(303);
    expect(await (await page('/user/login', '')).text()).toContain('<title>登录 · 学堂</title>');
  });

  it('shows field errors beside the fields, keeps what was typed and saves nothing', async () => {
    const before = await configRows();
    const form = await currentForm();
    form.set('brandName', '不会保存');
    form.set('homeBgColor', 'blue');
    form.set('bannerLinks', 'javascript:alert(1)');
    const res = await post('/sys/sysConfig/save', adminCookie, form, { 'HX-Request': 'true' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('背景颜色的格式应为 #rrggbb，例如 #c6d9f0');
    expect(html).toContain('请修改标出的内容后再保存');
    expect(inputTag(html, 'c-brandName')).toContain('value="不会保存"');
    expect(await configRows()).toBe(before);
  });

  it('refuses a file that is not an image, saving nothing', async () => {
    const before = await configRows();
    const form = await currentForm();
    form.set('logo__file', new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }), 'x.png');
    const res = await post('/sys/sysConfig/save', adminCookie, form);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('LOGO上传失败');
    expect(await configRows()).toBe(before);
  });

  it('refuses a cross-site post', async () => {
    const before = await configRows();
    const form = await currentForm();
    form.set('brandName', '跨站');
    const res = await post('/sys/sysConfig/save', adminCookie, form, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await configRows()).toBe(before);
  });
});
