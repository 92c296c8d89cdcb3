// The caller's own account: GET /teaching/user/info (SysUser JSON, used by the shell and the settings pages)
// and PUT /teaching/user/edit (own profile only; the anchor let anyone edit any user).
import { userAbilities } from '../../domain/abilities.js';
import { z } from 'zod';
import { updateOwnProfile, type ProfileChange, type ProfileField } from '../../domain/profile.js';
import { isOwnUpload } from '../../domain/uploads.js';
import { findUserById, userInfo } from '../../domain/users.js';
import { LOGGED_IN, type ApiRoutes } from '../access.js';
import { fail, failWith, ok } from '../envelope.js';
import { hasHiddenChars, hiddenCharsMessage } from '../../resources/rules.js';

/** '' and null clear a field; undefined leaves it unchanged. */
const optionalText = z.union([z.string(), z.null()]).optional();

const editBody = z.object({
  realname: z.string().optional(),
  sex: z.union([z.string(), z.number(), z.null()]).optional(),
  birthday: optionalText,
  email: optionalText,
  phone: optionalText,
  avatar: optionalText,
});

const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

function validDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** Field rules of the profile form; every field's message, not only the first. */
function checkProfile(
  b: z.infer<typeof editBody>,
  today: string,
): { change: ProfileChange; errors: Partial<Record<ProfileField, string>> } {
  const errors: Partial<Record<ProfileField, string>> = {};
  const change: ProfileChange = {};
  const text = (v: string | null | undefined) => (v === undefined ? undefined : (v ?? '').trim());
  const realname = text(b.realname);
  if (realname !== undefined) {
    if (!realname) errors.realname = '请输入姓名';
    else if ([...realname].length > 50) errors.realname = '姓名不能超过50个字符';
    else if (hasHiddenChars(realname)) errors.realname = hiddenCharsMessage('姓名');
    else change.realname = realname;
  }
  if (b.sex !== undefined) {
    const s = b.sex === null ? '' : String(b.sex).trim();
    if (s === '') change.sex = null;
    else if (['0', '1', '2'].includes(s)) change.sex = Number(s);
    else errors.sex = '性别只能是 0（未知）、1（男）或 2（女）';
  }
  const birthday = text(b.birthday);
  if (birthday !== undefined) {
    if (birthday === '') change.birthday = null;
    else if (!validDate(birthday)) errors.birthday = '生日格式应为 YYYY-MM-DD';
    else if (birthday > today || birthday < '1900-01-01') errors.birthday = '生日不在有效范围内';
    else change.birthday = birthday;
  }
  const email = text(b.email);
  if (email !== undefined) {
    if (email === '') change.email = null;
    else if (email.length > 100 || !EMAIL_RE.test(email)) errors.email = '请输入正确的邮箱地址';
    else change.email = email;
  }
  const phone = text(b.phone);
  if (phone !== undefined) {
    if (phone === '') change.phone = null;
    else if (!/^1\d{10}$/.test(phone)) errors.phone = '请输入11位手机号码';
    else change.phone = phone;
  }
  const avatar = text(b.avatar);
  if (avatar !== undefined) change.avatar = avatar === '' ? null : avatar;
  return { change, errors };
}

export function registerTeachingUserRoutes(r: ApiRoutes) {
  r.get('/teaching/user/info', LOGGED_IN, async (c) => {
    const { db } = c.get('deps');
    const user = await findUserById(db, c.get('user')!.id);
    if (!user) return fail(c, '用户不存在！');
    const roles = c.get('user')!.roles;
    // Beyond the anchor: what the caller may do across the school, which pages show or hide actions by.
    const abilities = userAbilities(c.get('user')!);
    return ok(c, { ...(await userInfo(db, user)), roles: roles.map((r) => r.code), roleList: roles.map((r) => ({ code: r.code, name: r.name })), abilities }, '操作成功！', 200);
  });

  r.put('/teaching/user/edit', LOGGED_IN, async (c) => {
    let raw: unknown;
    try {
      const text = await c.req.text();
      if (text.length > 100_000) return fail(c, '请求数据过大', 413, 413);
      raw = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      return fail(c, '请求数据不是有效的JSON', 400, 400);
    }
    const parsed = editBody.safeParse(raw);
    if (!parsed.success) return fail(c, '参数格式不正确', 400, 400);
    const me = c.get('user')!;
    // Only oneself: an id or username in the body must be the caller's own.
    const body = raw as { id?: unknown; username?: unknown };
    if ((body.id !== undefined && body.id !== me.id) || (body.username !== undefined && body.username !== me.username)) {
      return fail(c, '只能修改自己的信息', 403, 403);
    }
    const { db } = c.get('deps');
    const today = new Date().toISOString().slice(0, 10);
    const { change, errors } = checkProfile(parsed.data, today);
    if (change.avatar) {
      const current = await findUserById(db, me.id);
      if (change.avatar !== current?.avatar && !(await isOwnUpload(db, change.avatar, 'avatar', me.username))) {
        errors.avatar = '头像文件无效，请重新上传';
      }
    }
    // Bad input: HTTP 400 with every field's message; a rule failing on stored data (taken email/phone): 200.
    if (Object.keys(errors).length) return failWith(c, Object.values(errors)[0]!, 400, { errors }, 400);
    const res = await updateOwnProfile(db, me.id, me.username, change);
    if (!res.ok) return failWith(c, Object.values(res.errors)[0]!, 500, { errors: res.errors });
    return ok(c, null, '修改成功!', 200);
  });
}
