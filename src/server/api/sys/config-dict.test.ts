// GET /sys/config/getCurrentConfig and GET /sys/dict/getDictItems/{dictCode}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CONFIG_KEYS } from '../../db/seed/index.js';
import { invalidateDicts } from '../../domain/dicts.js';
import { expectEnvelope, expectFailure } from '../../../../test/assertions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
let student: string;
beforeAll(async () => {
  t = await startTestApp();
  student = await t.login('student1');
});
afterAll(async () => {
  await t?.close();
});

describe('GET /sys/config/getCurrentConfig', () => {
  it('gives visitors the brand name, footer HTML and the other public keys (code 0)', async () => {
    const res = await t.api('GET', '/sys/config/getCurrentConfig');
    expectEnvelope(res, { success: true, code: 0 });
    const cfg = res.body.result;
    expect(cfg.brandName).toBe('学堂');
    expect(cfg.footer).toMatch(/^<p>.*学堂.*<\/p>$/);
    expect(cfg.homeBgColor).toBe('#c6d9f0');
    for (const key of Object.keys(cfg)) {
      expect([...PUBLIC_CONFIG_KEYS, 'uploadType', 'staticDomain', 'qiniuDomain'], key).toContain(key);
    }
  });

  it('keeps private and administrator-only keys on the server', async () => {
    const cfg = (await t.api('GET', '/sys/config/getCurrentConfig', { token: student })).body.result;
    for (const key of ['_defaultRole', '_defaultDepart', 'customJS', 'customCss', '_indexHtml', '_phone']) {
      expect(cfg, key).not.toHaveProperty(key);
    }
    const role = await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'student').executeTakeFirstOrThrow();
    expect(JSON.stringify(cfg)).not.toContain(role.id);
  });

  it('follows the stored rows: an edited value shows, a disabled key disappears', async () => {
    await t.db.updateTable('sys_config').set({ config_value: '学堂测试版' }).where('config_key', '=', 'brandName').execute();
    await t.db.updateTable('sys_config').set({ config_enabled: 0 }).where('config_key', '=', 'brandDesc').execute();
    try {
      const cfg = (await t.api('GET', '/sys/config/getCurrentConfig')).body.result;
      expect(cfg.brandName).toBe('学堂测试版');
      expect(cfg).not.toHaveProperty('brandDesc');
    } finally {
      await t.db.updateTable('sys_config').set({ config_value: '学堂' }).where('config_key', '=', 'brandName').execute();
      await t.db.updateTable('sys_config').set({ config_enabled: 1 }).where('config_key', '=', 'brandDesc').execute();
    }
    expect((await t.api('GET', '/sys/config/getCurrentConfig')).body.result.brandDesc).toBeTruthy();
  });

  it('accepts and ignores the _t parameter', async () => {
    const plain = (await t.api('GET', '/sys/config/getCurrentConfig')).body.result;
    const res = await t.api('GET', `/sys/config/getCurrentConfig?_t=${Math.floor(Date.now() / 1000)}`);
    expectEnvelope(res, { success: true, code: 0 });
    expect(res.body.result).toEqual(plain);
  });
});

describe('GET /sys/dict/getDictItems/{dictCode}', () => {
  it('returns a code dictionary as [{value, text, title}] in order (code 0, no login needed)', async () => {
    const res = await t.api('GET', '/sys/dict/getDictItems/sex');
    expectEnvelope(res, { success: true, code: 0 });
    expect(res.body.result).toEqual([
      { value: '1', text: '男', title: '男' },
      { value: '2', text: '女', title: '女' },
    ]);
    const status = (await t.api('GET', '/sys/dict/getDictItems/work_status')).body.result;
    expect(status.map((i: { value: string }) => i.value)).toEqual(['0', '1', '2', '3', '4']);
    expect(status[4]).toEqual({ value: '4', text: '精选作品', title: '精选作品' });
    const priority = (await t.api('GET', '/sys/dict/getDictItems/priority')).body.result;
    expect(priority.map((i: { value: string }) => i.value)).toEqual(['L', 'M', 'H']);
  });

  it('follows sort_order, not insertion order', async () => {
    const dict = await t.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'sex').executeTakeFirstOrThrow();
    await t.db.updateTable('sys_dict_item').set({ sort_order: 99 }).where('dict_id', '=', dict.id).where('item_value', '=', '1').execute();
    invalidateDicts(t.db);
    try {
      const res = await t.api('GET', '/sys/dict/getDictItems/sex');
      expect(res.body.result.map((i: { value: string }) => i.value)).toEqual(['2', '1']);
    } finally {
      await t.db.updateTable('sys_dict_item').set({ sort_order: 1 }).where('dict_id', '=', dict.id).where('item_value', '=', '1').execute();
      invalidateDicts(t.db);
    }
  });

  it('answers an unknown code with an empty list', async () => {
    const res = await t.api('GET', '/sys/dict/getDictItems/no_such_dict');
    expectEnvelope(res, { success: true, code: 0 });
    expect(res.body.result).toEqual([]);
  });

  it.each([
    ['SQL in the code', "sex' or '1'='1"],
    ['a semicolon', 'sex;drop table sys_user'],
    ['a table dictionary of a secret column', 'sys_user,password,username'],
    ['a table dictionary with a filter', 'sys_user,realname,id,1=1'],
    ['an unknown table', 'sys_session,token_hash,id'],
  ])('refuses %s', async (_label, code) => {
    const users = await t.db.selectFrom('sys_user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await t.api('GET', `/sys/dict/getDictItems/${encodeURIComponent(code)}`, { token: student });
    expectFailure(res, '字典Code格式不正确！');
    const after = await t.db.selectFrom('sys_user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(users.n));
  });

  it('serves an allow-listed table dictionary to a logged-in user only, within their scope', async () => {
    const code = encodeURIComponent('sys_depart,depart_name,id');
    expectFailure(await t.api('GET', `/sys/dict/getDictItems/${code}`), '字典Code格式不正确！');
    const res = await t.api('GET', `/sys/dict/getDictItems/${code}`, { token: student });
    expectEnvelope(res, { success: true, code: 0 });
    // student1's class with its grade and school; not the class next door.
    const names = res.body.result.map((i: { text: string }) => i.text).sort();
    expect(names).toEqual(['一年级', '一年级一班', '希望小学'].sort());
    for (const item of res.body.result) expect(item.title).toBe(item.text);
    // The teacher manages the grade: all of it, with its school.
    const teacher = await t.api('GET', `/sys/dict/getDictItems/${code}`, { token: await t.login('teacher') });
    expect(teacher.body.result.map((i: { text: string }) => i.text).sort()).toEqual(['一年级', '一年级一班', '一年级二班', '希望小学'].sort());
  });

  describe('the sys_user table dictionaries', () => {
    const items = async (code: string, token: string) => {
      const res = await t.api('GET', `/sys/dict/getDictItems/${encodeURIComponent(code)}`, { token });
      expectEnvelope(res, { success: true, code: 0 });
      return res.body.result as { value: string; text: string }[];
    };

    it('gives a student only their own name, never the roster’s usernames', async () => {
      expect(await items('sys_user,realname,username', student)).toEqual([{ value: 'student1', text: '小明', title: '小明' }]);
      expect(await items('sys_user,realname,id', student)).toEqual([{ value: await t.userId('student1'), text: '小明', title: '小明' }]);
    });

    it('gives a teacher the members of their classes, an admin everyone; never deleted or frozen accounts', async () => {
      const gone = await t.userId('student2');
      const frozen = await t.userId('student3');
      await t.db.updateTable('sys_user').set({ del_flag: 1 }).where('id', '=', gone).execute();
      await t.db.updateTable('sys_user').set({ status: 2 }).where('id', '=', frozen).execute();
      try {
        const [teacher, admin] = await Promise.all([t.login('teacher'), t.login('admin')]);
        const asTeacher = (await items('sys_user,realname,username', teacher)).map((i) => i.value).sort();
        expect(asTeacher).toEqual(['student1', 'teacher']);
        const asAdmin = (await items('sys_user,realname,username', admin)).map((i) => i.value).sort();
        expect(asAdmin).toEqual(['admin', 'student1', 'teacher']);
      } finally {
        await t.db.updateTable('sys_user').set({ del_flag: 0, status: 1 }).where('id', 'in', [gone, frozen]).execute();
      }
    });
  });

  it('accepts and ignores the _t parameter', async () => {
    const res = await t.api('GET', `/sys/dict/getDictItems/sex?_t=${Math.floor(Date.now() / 1000)}`);
    expectEnvelope(res, { success: true, code: 0 });
    expect(res.body.result).toHaveLength(2);
  });
});
