// 网站配置 API: getAllConfigList, getAllConfigMap, getConfig, registerOptions, saveTenantConfig.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../domain/ids.js';
import { expectEnvelope, expectFailure, expectInvalid, expectNoPermission } from '../../../../test/assertions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
let admin: string;
let teacher: string;
let student: string;

beforeAll(async () => {
  t = await startTestApp();
  [admin, teacher, student] = await Promise.all([t.login('admin'), t.login('teacher'), t.login('student1')]);
});
afterAll(async () => {
  await t?.close();
});

const rows = () => t.db.selectFrom('sys_config').selectAll().orderBy('config_key').execute();
const value = async (key: string) => (await t.db.selectFrom('sys_config').select('config_value').where('config_key', '=', key).executeTakeFirst())?.config_value;

async function unchanged(run: () => Promise<unknown>) {
  const before = JSON.stringify(await rows());
  await run();
  expect(JSON.stringify(await rows())).toBe(before);
}

const save = (body: unknown, token = admin) => t.api('POST', '/sys/config/saveTenantConfig', { token, body });

/** Puts the named keys back to what they were after a test changed them. */
async function restoring(keys: string[], run: () => Promise<void>) {
  const before = Object.fromEntries(await Promise.all(keys.map(async (k) => [k, await value(k)] as const)));
  try {
    await run();
  } finally {
    for (const [k, v] of Object.entries(before)) await t.db.updateTable('sys_config').set({ config_value: v ?? '' }).where('config_key', '=', k).execute();
  }
}

const roleId = async (code: string) => (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', code).executeTakeFirstOrThrow()).id;
const departId = async (name: string) => (await t.db.selectFrom('sys_depart').select('id').where('depart_name', '=', name).executeTakeFirstOrThrow()).id;

describe('reading the configuration', () => {
  it('lists every row as {id, configKey, configValue, configEnabled, comment} in the screen’s order', async () => {
    const res = await t.api('GET', '/sys/config/getAllConfigList', { token: admin });
    expectEnvelope(res, { success: true, code: 0 });
    const list = res.body.result as Record<string, unknown>[];
    expect(Object.keys(list[0])).toEqual(['id', 'configKey', 'configValue', 'configEnabled', 'comment']);
    expect(list[0]).toMatchObject({ configKey: 'brandName', configValue: '学堂', configEnabled: 1, comment: '品牌名' });
    expect(list.map((r) => r.configKey)).toContain('customJS');
    expect(list.length).toBe((await rows()).length);
  });

  it('answers the map of enabled keys, private ones included, to menu holders only', async () => {
    const res = await t.api('GET', '/sys/config/getAllConfigMap', { token: admin });
    expectEnvelope(res, { success: true, code: 0 });
    expect(res.body.result).toMatchObject({ brandName: '学堂', allowReg: '0', _defaultRole: await roleId('student') });
    expectNoPermission(await t.api('GET', '/sys/config/getAllConfigMap', { token: teacher }));
    expectNoPermission(await t.api('GET', '/sys/config/getAllConfigList', { token: student }));
  });

  it('gives one public key to anyone, and nothing for private or unknown keys', async () => {
    const res = await t.api('GET', '/sys/config/getConfig?key=brandName');
    expectEnvelope(res, { success: true, code: 200 });
    expect(res.body.result).toBe('学堂');
    for (const key of ['_defaultRole', 'customJS', '_phone', 'nope', '']) {
      expectFailure(await t.api('GET', `/sys/config/getConfig?key=${key}`, { token: student }), '未找到对应配置');
    }
  });

  it("gives the back-office home text (_indexHtml, the anchor's dashboard home) to anyone logged in, sanitised, not to visitors", async () => {
    const empty = await t.api('GET', '/sys/config/getConfig?key=_indexHtml', { token: student });
    expectEnvelope(empty, { success: true, code: 200 });
    expect(empty.body.result).toBe('');
    await t.db.updateTable('sys_config').set({ config_value: '<p>欢迎<b>老师</b></p><script>alert(1)</script>' }).where('config_key', '=', '_indexHtml').execute();
    try {
      const res = await t.api('GET', '/sys/config/getConfig?key=_indexHtml', { token: teacher });
      expect(res.body.result).toBe('<p>欢迎<b>老师</b></p>');
      expectFailure(await t.api('GET', '/sys/config/getConfig?key=_indexHtml'), '未找到对应配置');
      expectFailure(await t.api('GET', '/sys/config/getConfig?key=_indexHtml', { token: 'bad-token' }), '未找到对应配置');
    } finally {
      await t.db.updateTable('sys_config').set({ config_value: '' }).where('config_key', '=', '_indexHtml').execute();
    }
  });

  it('offers roles not above 学生 and the classes for registration', async () => {
    const res = await t.api('GET', '/sys/config/registerOptions', { token: admin });
    expectEnvelope(res, { success: true, code: 0 });
    const roles = res.body.result.roles.map((r: { value: string }) => r.value);
    expect(roles).toContain(await roleId('student'));
    expect(roles).not.toContain(await roleId('teacher'));
    expect(roles).not.toContain(await roleId('admin'));
    expect(res.body.result.departs.map((d: { text: string }) => d.text)).toEqual(['一年级一班', '一年级二班']);
  });
});

describe('POST /sys/config/saveTenantConfig', () => {
  it('saves known keys (修改成功) and the public config shows them', async () => {
    await restoring(['brandName', 'homeBgColor', 'allowComment', '_linkman', 'bannerLinks'], async () => {
      const res = await save({ brandName: '  新学堂 ', homeBgColor: '#AABBCC', allowComment: '1', _linkman: '王老师', bannerLinks: 'https://example.com/a\n/home\n' });
      expectEnvelope(res, { success: true, code: 200, message: '修改成功' });
      expect(await value('brandName')).toBe('新学堂');
      expect(await value('homeBgColor')).toBe('#aabbcc');
      expect(await value('bannerLinks')).toBe('https://example.com/a\n/home');
      const pub = (await t.api('GET', '/sys/config/getCurrentConfig')).body.result;
      expect(pub).toMatchObject({ brandName: '新学堂', allowComment: '1' });
      expect(pub).not.toHaveProperty('_linkman');
    });
  });

  it('sanitises HTML keys on save', async () => {
    await restoring(['footer', '_workShareHtml'], async () => {
      const res = await save({
        footer: '<p onclick="steal()">版权所有<script>alert(1)</script><a href="javascript:alert(2)">链接</a></p>',
        _workShareHtml: '<img src="x" onerror="alert(3)"><iframe src="https://evil.example"></iframe><b>分享</b>',
      });
      expectEnvelope(res, { success: true });
      const footer = (await value('footer'))!;
      expect(footer).toContain('版权所有');
      expect(footer).not.toMatch(/script|onclick|javascript:/i);
      const share = (await value('_workShareHtml'))!;
      expect(share).toContain('<b>分享</b>');
      expect(share).not.toMatch(/onerror|iframe/i);
    });
  });

  it('creates a known key that is missing from the table', async () => {
    await t.db.deleteFrom('sys_config').where('config_key', '=', '_address').execute();
    const res = await save({ _address: '北京市海淀区' });
    expectEnvelope(res, { success: true, message: '修改成功' });
    const row = await t.db.selectFrom('sys_config').selectAll().where('config_key', '=', '_address').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ config_value: '北京市海淀区', config_enabled: 1, comment: '联系地址' });
  });

  it('accepts a default role not above 学生 and an existing class', async () => {
    await restoring(['_defaultRole', '_defaultDepart', 'allowReg'], async () => {
      const res = await save({ allowReg: '1', _defaultRole: await roleId('student'), _defaultDepart: await departId('一年级二班') });
      expectEnvelope(res, { success: true, message: '修改成功' });
      expect(await value('_defaultDepart')).toBe(await departId('一年级二班'));
      expect(await value('allowReg')).toBe('1');
    });
  });

  it.each([
    ['an empty brand name', { brandName: '  ' }, '请输入品牌名', 'brandName'],
    ['a brand name over 30 characters', { brandName: '学'.repeat(31) }, '品牌名不能超过30个字符', 'brandName'],
    ['a colour name instead of #rrggbb', { homeBgColor: 'red' }, '背景颜色的格式应为 #rrggbb，例如 #c6d9f0', 'homeBgColor'],
    ['a short colour', { homeBgColor: '#abc' }, '背景颜色的格式应为 #rrggbb，例如 #c6d9f0', 'homeBgColor'],
    ['a switch that is not 0 or 1', { allowReg: 'yes' }, '开放注册只能是0（关闭）或1（开放）', 'allowReg'],
    ['a switch of 2', { allowComment: 2 }, '开放作品评论只能是0（关闭）或1（开放）', 'allowComment'],
    ['an unknown key', { brandName: '好', evil: 'x' }, '未知的配置项：evil', 'evil'],
    ['a value of the wrong type', { brandName: { text: 'x' } }, '品牌名必须是文本', 'brandName'],
    ['an array value', { banner: ['a.png'] }, '轮播图必须是文本', 'banner'],
    ['a javascript: banner link', { bannerLinks: 'https://ok.example\njavascript:alert(1)' }, '轮播图链接第2行不是有效的链接（应以 http://、https:// 或 / 开头）', 'bannerLinks'],
    ['a protocol-relative banner link', { bannerLinks: '//evil.example' }, '轮播图链接第1行不是有效的链接（应以 http://、https:// 或 / 开头）', 'bannerLinks'],
    ['a logo path with ..', { logo: '../../etc/passwd' }, 'LOGO不是有效的文件地址（请上传图片，不支持其他网站的图片）', 'logo'],
    ['a logo with markup', { logo2: '"><script>' }, '小LOGO不是有效的文件地址（请上传图片，不支持其他网站的图片）', 'logo2'],
    ['a remote logo (img-src is self; a remote image tracks readers)', { logo: 'https://tracker.example/p.png' }, 'LOGO不是有效的文件地址（请上传图片，不支持其他网站的图片）', 'logo'],
    ['a remote banner image', { banner: 'banner/a.png,http://tracker.example/b.png' }, '轮播图中有无效的文件地址（请上传图片，不支持其他网站的图片）：http://tracker.example/b.png', 'banner'],
    ['an unknown background repeat', { homeBgRepeat: 'space' }, '背景重复方式只能是 no-repeat、repeat、repeat-x、repeat-y', 'homeBgRepeat'],
    ['letters in the phone number', { _phone: 'call me' }, '联系电话只能包含数字、空格和 + - ( )', '_phone'],
    ['an oversized HTML footer', { footer: 'x'.repeat(100_001) }, '底部文字不能超过100000个字符', 'footer'],
  ])('refuses %s and saves nothing', async (_label, body, message, field) => {
    await unchanged(async () => expectInvalid(await save(body), message, field));
  });

  it('refuses staff roles, unknown roles and non-class departments for registration', async () => {
    await unchanged(async () => {
      expectInvalid(await save({ _defaultRole: await roleId('teacher') }), '默认注册角色的等级不能高于学生（自行注册不能获得教职工角色）', '_defaultRole');
      expectInvalid(await save({ _defaultRole: await roleId('admin') }), '默认注册角色的等级不能高于学生（自行注册不能获得教职工角色）', '_defaultRole');
      expectInvalid(await save({ _defaultRole: newId() }), '默认注册角色不存在', '_defaultRole');
      expectInvalid(await save({ _defaultDepart: await departId('一年级') }), '默认注册班级必须是一个已有的班级', '_defaultDepart');
      expectInvalid(await save({ _defaultDepart: await departId('希望小学') }), '默认注册班级必须是一个已有的班级', '_defaultDepart');
      expectInvalid(await save({ _defaultDepart: 'no-such-class' }), '默认注册班级必须是一个已有的班级', '_defaultDepart');
      expectInvalid(await save({ allowReg: '1', _defaultRole: '' }), '开放注册时必须选择默认注册角色', '_defaultRole');
    });
  });

  it('saves nothing when one key of several is bad', async () => {
    await unchanged(async () => {
      const res = await save({ brandName: '不会保存', homeBgColor: 'blue' });
      expectInvalid(res, '背景颜色的格式应为 #rrggbb，例如 #c6d9f0', 'homeBgColor');
    });
  });

  it('refuses bad JSON, a non-object and an empty object', async () => {
    await unchanged(async () => {
      expectFailure(await save('{"brandName":'), '请求数据不是有效的JSON', { status: 400, code: 400 });
      expectFailure(await save('["brandName"]'), '请求数据必须是“配置项: 值”的对象', { status: 400, code: 400 });
      expectFailure(await save('"x"'), '请求数据必须是“配置项: 值”的对象', { status: 400, code: 400 });
      expectFailure(await save({}), '没有要保存的配置', { status: 400, code: 400 });
    });
  });

  it('is refused to everyone without config:save (only admins have it)', async () => {
    await unchanged(async () => {
      expectNoPermission(await save({ brandName: '老师改的' }, teacher));
      expectNoPermission(await save({ brandName: '学生改的' }, student));
    });
    const res = await t.api('POST', '/sys/config/saveTenantConfig', { body: { brandName: '游客改的' } });
    expect(res.status).toBe(500);
    expect(await value('brandName')).toBe('学堂');
  });

  it('stays admin-only when the menu data grants config:save to another role', async () => {
    // Grant the teacher role the 网站配置 menu and its save button.
    const teacherRole = await roleId('teacher');
    const perms = await t.db
      .selectFrom('sys_permission')
      .select('id')
      .where((eb) => eb.or([eb('url', '=', '/sys/sysConfig'), eb('perms', '=', 'config:save')]))
      .execute();
    await t.db.insertInto('sys_role_permission').values(perms.map((p) => ({ id: newId(), role_id: teacherRole, permission_id: p.id, data_rule_ids: null }))).execute();
    const granted = await t.login('teacher');
    try {
      await unchanged(async () => {
        expectNoPermission(await save({ brandName: '老师改名' }, granted));
        expectNoPermission(await save({ customJS: 'alert(1)' }, granted));
      });
      // The administrator still saves, custom code included.
      await restoring(['customJS'], async () => {
        expectEnvelope(await save({ customJS: 'console.log(1)' }), { success: true });
        expect(await value('customJS')).toBe('console.log(1)');
      });
    } finally {
      await t.db.deleteFrom('sys_role_permission').where('role_id', '=', teacherRole).where('permission_id', 'in', perms.map((p) => p.id)).execute();
    }
  });

  it('stays refused to a student after an administrator sets 保存配置 to 无效 (status 0)', async () => {
    const button = await t.db.selectFrom('sys_permission').selectAll().where('perms', '=', 'config:save').executeTakeFirstOrThrow();
    const edit = await t.api('PUT', '/sys/permission/edit', {
      token: admin,
      body: { id: button.id, parentId: button.parent_id, name: button.name, menuType: 2, perms: 'config:save', permsType: button.perms_type, status: '0' },
    });
    expectEnvelope(edit, { success: true });
    expect((await t.db.selectFrom('sys_permission').select('status').where('id', '=', button.id).executeTakeFirstOrThrow()).status).toBe('0');
    try {
      // The button is now shown to everyone (allAuth status 0) …
      const perms = await t.api('GET', '/sys/permission/getUserPermissionByToken', { token: student });
      expect(perms.body.result.allAuth.find((a: { action: string }) => a.action === 'config:save')?.status).toBe('0');
      // … but the API answers as before: the brand and the public home page stay as they are.
      await unchanged(async () => {
        expectNoPermission(await save({ brandName: '学生改的', _homeHtml: '<p>学生改的首页</p>' }, student));
        expectNoPermission(await save({ brandName: '老师改的' }, teacher));
      });
      await restoring(['brandName'], async () => {
        expectEnvelope(await save({ brandName: '管理员改名' }), { success: true });
        expect(await value('brandName')).toBe('管理员改名');
      });
    } finally {
      await t.db.updateTable('sys_permission').set({ status: '1' }).where('id', '=', button.id).execute();
    }
  });
});
