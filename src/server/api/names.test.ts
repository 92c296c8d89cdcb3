// Names people read (real names, class, role, menu, rule and dictionary names) refuse characters that
// hide or disguise text: controls, bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069) and zero-width
// characters (U+200B–U+200D, U+2060, U+FEFF). Each write answers 400 with the field's Chinese message and
// stores nothing; a plain name is still accepted (so the refusal is about the character, not the field).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';
import { parseItems } from './sys/dict-admin.js';

const HIDDEN = ['\u0007', '\t', '\u202a', '\u202e', '\u2066', '\u2069', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u0085'];

describe.each(dialects)('names on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let dictId: string;
  let departId: string;
  let menuId: string;
  let userId: string;
  beforeAll(async () => {
    t = await startTestApp({ dialect });
    admin = await t.login('admin');
    dictId = (await t.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'sex').executeTakeFirstOrThrow()).id;
    departId = (await t.db.selectFrom('sys_depart').select('id').orderBy('org_code').executeTakeFirstOrThrow()).id;
    menuId = (await t.db.selectFrom('sys_permission').select('id').where('menu_type', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    userId = await t.userId('student1');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Each write: method, path, the body around the name, the name's field and its label in the message. */
  const writes = () => [
    { method: 'POST', path: '/sys/user/add', body: { username: 'hidden_char_user', password: 'Passw0rd-123', confirmpassword: 'Passw0rd-123' }, field: 'realname', label: '真实姓名' },
    { method: 'PUT', path: '/sys/user/edit', body: { id: userId }, field: 'realname', label: '真实姓名' },
    { method: 'POST', path: '/sys/sysDepart/add', body: { orgCategory: '3' }, field: 'departName', label: '部门名称' },
    { method: 'POST', path: '/sys/role/add', body: { roleCode: 'hidden_char_role', roleLevel: 1 }, field: 'roleName', label: '角色名称' },
    { method: 'POST', path: '/sys/sysDepartRole/add', body: { departId, roleCode: 'hidden_char_drole' }, field: 'roleName', label: '部门角色名称' },
    { method: 'POST', path: '/sys/dict/add', body: { dictCode: 'hidden_char_dict' }, field: 'dictName', label: '字典名称' },
    { method: 'POST', path: '/sys/dictItem/add', body: { dictId, itemValue: 'hidden9' }, field: 'itemText', label: '名称' },
    { method: 'POST', path: '/sys/permission/add', body: { menuType: 1, parentId: menuId, url: '/hidden/char', component: 'hidden/Char' }, field: 'name', label: '菜单名称' },
    { method: 'POST', path: '/sys/permission/addPermissionRule', body: { permissionId: menuId, ruleColumn: 'create_by', ruleConditions: '=', ruleValue: 'x' }, field: 'ruleName', label: '规则名称' },
  ];

  it('refuses a hidden or control character in every name with 400 and the field\'s message, storing nothing', async () => {
    const before = (await t.db.selectFrom('sys_user').select('realname').where('id', '=', userId).executeTakeFirstOrThrow()).realname;
    const wrong: string[] = [];
    for (const w of writes()) {
      for (const ch of HIDDEN) {
        // A leading tab or BOM is trimmed away like any surrounding space; inside a name it is refused.
        for (const name of [`王${ch}小明`, ...(ch.trim() === '' ? [] : [`${ch}王小明`])]) {
          const res = await t.api(w.method, w.path, { token: admin, body: { ...w.body, [w.field]: name } });
          const message = `${w.label}不能包含控制字符或不可见字符`;
          if (res.status !== 400 || res.body.result?.errors?.[w.field] !== message) {
            wrong.push(`${w.method} ${w.path} ${w.field} U+${ch.codePointAt(0)!.toString(16)}: ${res.status} ${JSON.stringify(res.body.result?.errors ?? res.body.message)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await t.db.selectFrom('sys_user').select('id').where('username', '=', 'hidden_char_user').executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'hidden_char_role').executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'hidden_char_dict').executeTakeFirst()).toBeUndefined();
    expect((await t.db.selectFrom('sys_user').select('realname').where('id', '=', userId).executeTakeFirstOrThrow()).realname).toBe(before);
  });

  it('accepts the same names without the hidden character', async () => {
    for (const w of writes()) {
      const res = await t.api(w.method, w.path, { token: admin, body: { ...w.body, [w.field]: '王 小明·Ünïcode' } });
      expect(res.body.result?.errors?.[w.field], `${w.path} ${JSON.stringify(res.body)}`).toBeUndefined();
    }
  });

  it('refuses them in one\'s own profile (PUT /teaching/user/edit)', async () => {
    const student = await t.login('student1');
    for (const ch of HIDDEN) {
      const res = await t.api('PUT', '/teaching/user/edit', { token: student, body: { realname: `小${ch}明` } });
      expect(res.status).toBe(400);
      expect(res.body.result.errors.realname).toBe('姓名不能包含控制字符或不可见字符');
    }
    expect((await t.api('PUT', '/teaching/user/edit', { token: student, body: { realname: '小明' } })).body.success).toBe(true);
  });

  it('refuses a username that is not plain letters, digits and _ . @ -', async () => {
    for (const ch of ['\u202e', '\u200b', '\ufeff']) {
      const res = await t.api('POST', '/sys/user/add', { token: admin, body: { username: `evil${ch}name`, realname: '某某', password: 'Passw0rd-123' } });
      expect(res.status).toBe(400);
      expect(res.body.result.errors.username).toBeTruthy();
    }
  });
});

describe('dictionary items imported from a workbook cell', () => {
  it('refuse a hidden character in an item text', () => {
    expect(parseItems('1=男\n2=女\u202e')).toEqual({ ok: false, message: '第2个字典项的文本不能包含控制字符或不可见字符' });
    expect(parseItems('1=男\n2=女').ok).toBe(true);
  });
});
