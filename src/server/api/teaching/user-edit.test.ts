// PUT /teaching/user/edit: a user edits only their own profile, with every field checked and explained in
// Chinese; bad input changes nothing.
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

describe.each(dialects)('own profile edit on %s', (dialect) => {
  let t: TestApp;
  let student: string;
  let other: string;

  const edit = (body: unknown, token = student) => t.api('PUT', '/teaching/user/edit', { token, body });
  const me = async (username = 'student1') =>
    t.db.selectFrom('sys_user').select(['realname', 'sex', 'birthday', 'email', 'phone', 'avatar']).where('username', '=', username).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    student = await t.login('student1');
    other = await t.login('student2');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('saves realname, sex, birthday, email and phone and answers 修改成功!', async () => {
    const res = await edit({ realname: '小明明', sex: '1', birthday: '2015-06-01', email: 'xm@example.com', phone: '13800000001' });
    expect(res.body).toMatchObject({ success: true, message: '修改成功!' });
    expect(await me()).toMatchObject({ realname: '小明明', sex: 1, birthday: '2015-06-01', email: 'xm@example.com', phone: '13800000001' });
    const info = await t.api('GET', '/teaching/user/info', { token: student });
    expect(info.body.result).toMatchObject({ realname: '小明明', email: 'xm@example.com' });
  });

  it('empty email and phone become null', async () => {
    expect((await edit({ email: '', phone: '' })).body.success).toBe(true);
    expect(await me()).toMatchObject({ email: null, phone: null });
  });

  it('reports every bad field and changes nothing', async () => {
    const before = await me();
    const res = await edit({ realname: '', sex: '5', birthday: '2015-02-30', email: 'not-an-email', phone: '12345' });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.result.errors).toEqual({
      realname: '请输入姓名',
      sex: '性别只能是 0（未知）、1（男）或 2（女）',
      birthday: '生日格式应为 YYYY-MM-DD',
      email: '请输入正确的邮箱地址',
      phone: '请输入11位手机号码',
    });
    expect(res.body.message).toBe('请输入姓名');
    expect((await edit({ realname: '名'.repeat(51) })).body.result.errors.realname).toBe('姓名不能超过50个字符');
    expect((await edit({ birthday: '2999-01-01' })).body.result.errors.birthday).toBe('生日不在有效范围内');
    expect(await me()).toEqual(before);
  });

  it('keeps email and phone unique among users', async () => {
    expect((await edit({ email: 'taken@example.com', phone: '13900000009' }, other)).body.success).toBe(true);
    const before = await me();
    const res = await edit({ realname: '不会保存', email: 'taken@example.com', phone: '13900000009' });
    expect(res.body.success).toBe(false);
    expect(res.body.result.errors).toEqual({ email: '该邮箱已被其他用户使用', phone: '该手机号已被其他用户使用' });
    expect(await me()).toEqual(before);
  });

  it('edits only oneself: another id or username in the body is refused', async () => {
    const otherId = await t.userId('student2');
    const res = await edit({ id: otherId, realname: '黑客' });
    expect(res.body).toMatchObject({ success: false, message: '只能修改自己的信息' });
    expect((await edit({ username: 'student2', realname: '黑客' })).body.success).toBe(false);
    expect((await me('student2')).realname).not.toBe('黑客');
    expect((await me()).realname).not.toBe('黑客');
    expect((await t.api('PUT', '/teaching/user/edit', { body: { realname: 'x' } })).body.message).toBe('Token失效，请重新登录');
  });

  it('sets an avatar only from the user’s own avatar upload', async () => {
    const img = new PNG({ width: 1, height: 1 });
    const form = new FormData();
    form.set('file', new Blob([PNG.sync.write(img) as BlobPart]), 'me.png');
    form.set('biz', 'avatar');
    const up = await (await t.request('/api/sys/common/upload', { method: 'POST', body: form, headers: { 'X-Access-Token': other } })).json();
    expect(up.success).toBe(true);
    // student1 cannot take student2's file, nor point at any path.
    expect((await edit({ avatar: up.message })).body.result.errors.avatar).toBe('头像文件无效，请重新上传');
    expect((await edit({ avatar: '../../etc/passwd' })).body.result.errors.avatar).toBe('头像文件无效，请重新上传');
    expect((await edit({ avatar: up.message }, other)).body.success).toBe(true);
    expect((await me('student2')).avatar).toBe(up.message);
  });
});
