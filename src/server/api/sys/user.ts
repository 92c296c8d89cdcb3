// The caller's own account: departments, department switch, password change.
import { z } from 'zod';
import { hashPassword, verifyPassword } from '../../domain/password.js';
import { ACCOUNT_ATTEMPTS, CAPTCHA_AFTER_FAILURES, THROTTLE_WINDOW_S } from '../../domain/login-throttle.js';
import { revokeSession, revokeUserSessions } from '../../domain/sessions.js';
import { now } from '../../domain/time.js';
import { departJson, findUserById, memberDeparts, userInfo } from '../../domain/users.js';
import { PASSWORD_IS_USERNAME, passwordProblem } from '../../shared/password-policy.js';
import { LOGGED_IN, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok } from '../envelope.js';
import { clientIp } from '../request-meta.js';
import { loginThrottleOf } from './login.js';

const selectDepartBody = z.object({
  orgCode: z.string({ message: '请选择部门' }).trim().min(1, '请选择部门').max(64, '部门编码过长'),
  username: z.string().optional(),
});

const updatePasswordBody = z
  .object({
    username: z.string({ message: '用户名必须是文本' }).optional(),
    oldpassword: z.string({ message: '请输入旧密码!' }).min(1, '请输入旧密码!').max(200, '密码过长'),
    password: z.string({ message: '新密码不允许为空!' }).min(1, '新密码不允许为空!').max(200, '密码过长'),
    confirmpassword: z.string({ message: '请确认新密码!' }).min(1, '请确认新密码!'),
  })
  .refine((b) => b.password === b.confirmpassword, { message: '两次输入密码不一致!' })
  .superRefine((b, ctx) => {
    const problem = passwordProblem(b.password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
  });

export function registerUserRoutes(r: ApiRoutes) {
  r.get('/sys/user/getCurrentUserDeparts', LOGGED_IN, async (c) => {
    const user = c.get('user')!;
    const list = await memberDeparts(c.get('deps').db, user.id);
    return ok(c, { list: list.map(departJson), orgCode: user.orgCode }, '操作成功！', 200);
  });

  // PUT in the anchor's code; the spec names POST. Both are accepted.
  r.on(['PUT', 'POST'], '/sys/selectDepart', LOGGED_IN, async (c) => {
    const body = await jsonBody(c, selectDepartBody);
    if (!body.ok) return body.response;
    const user = c.get('user')!;
    const { db } = c.get('deps');
    if (body.data.username && body.data.username !== user.username) return fail(c, '只能切换自己的部门');
    const departs = await memberDeparts(db, user.id);
    if (!departs.some((d) => d.org_code === body.data.orgCode)) return fail(c, '您不属于该部门');
    await db.updateTable('sys_user').set({ org_code: body.data.orgCode }).where('id', '=', user.id).execute();
    const fresh = await findUserById(db, user.id);
    return ok(c, { userInfo: await userInfo(db, fresh!) }, '操作成功！', 0);
  });

  // PUT in the anchor's code; the spec names POST. Changing the password ends the user's other sessions.
  r.on(['PUT', 'POST'], '/sys/user/updatePassword', LOGGED_IN, async (c) => {
    const body = await jsonBody(c, updatePasswordBody);
    if (!body.ok) return body.response;
    const me = c.get('user')!;
    // The anchor let anyone change anyone's password given the old one; here it is always the caller's own.
    if (body.data.username && body.data.username !== me.username) return fail(c, '只能修改当前登录用户的密码');
    if (passwordProblem(body.data.password, me.username) === PASSWORD_IS_USERNAME) return fieldFail(c, 'password', PASSWORD_IS_USERNAME);
    const deps = c.get('deps');
    const { db } = deps;
    // The old password is guessed like a login's (a session left open is enough to try): each check takes an
    // attempt from the same count, and the last one allowed ends the session.
    const ip = clientIp(c, deps.config.trustProxy);
    const throttle = loginThrottleOf(deps);
    const allowed = await throttle.take(ip, me.username);
    if (!allowed.ok) return fail(c, `旧密码输入错误次数过多，请${allowed.minutes}分钟后再试`, 429);
    const user = await findUserById(db, me.id);
    if (!user) return fail(c, '用户不存在！');
    if (!(await verifyPassword(body.data.oldpassword, user.password))) {
      const left = ACCOUNT_ATTEMPTS - allowed.attempt;
      if (left > 0) return fail(c, allowed.attempt >= CAPTCHA_AFTER_FAILURES ? `旧密码输入错误!再错${left}次将退出登录` : '旧密码输入错误!');
      await revokeSession(db, me.sessionId);
      return fail(c, `旧密码输入错误次数过多，已退出登录，请${THROTTLE_WINDOW_S / 60}分钟后再登录`, 429);
    }
    await throttle.succeeded(ip, me.username);
    await db
      .updateTable('sys_user')
      .set({ password: await hashPassword(body.data.password), legacy_password: null, salt: null, need_change_password: 0, update_by: me.username, update_time: now() })
      .where('id', '=', me.id)
      .execute();
    await revokeUserSessions(db, me.id, me.sessionId);
    return ok(c, null, '密码重置成功!', 200);
  });
}
