// POST /sys/login, ANY /sys/logout. Login answers code 200 on success (the anchor's clients compare it),
// failures code 500 with the anchor's words. Unknown accounts get the same answer as a wrong password so
// the form cannot be used to discover usernames; frozen/cancelled accounts are only revealed after a correct password.
// After 3 failed attempts (per account and address, counted by the login throttle) a login must also carry a
// solved image captcha (captcha + checkKey, GET /sys/randomImage/{key}); such answers say so in
// `result.captchaRequired`. The anchor's client sends a captcha with every login: before that point it is ignored.
// A password imported from teaching-open (sys_user.legacy_password) works once as it was: the login then stores
// it with our hash, forgets the old value, and flags a weak one for a change (domain/legacy-password.ts).
import { z } from 'zod';
import { allDictItems } from '../../domain/dicts.js';
import { writeLog } from '../../domain/logs.js';
import { checkCaptcha } from '../../domain/captcha.js';
import { CAPTCHA_AFTER_FAILURES, loginThrottle, type LoginThrottle } from '../../domain/login-throttle.js';
import { limitsOf } from '../../domain/limits.js';
import { verifyLegacyPassword } from '../../domain/legacy-password.js';
import { hashPassword, needsRehash, verifyPassword } from '../../domain/password.js';
import { passwordProblem } from '../../shared/password-policy.js';
import { createSession, loadRoles, revokeSession } from '../../domain/sessions.js';
import { departJson, findUserByUsername, memberDeparts, userInfo } from '../../domain/users.js';
import type { Context } from 'hono';
import type { ApiEnv, AppDeps } from '../../context.js';
import type { SysUser } from '../../db/schema.js';
import { PUBLIC, type ApiRoutes } from '../access.js';
import { fail, failWith, jsonBody, ok } from '../envelope.js';
import { clientIp } from '../request-meta.js';

const loginBody = z.object({
  username: z.string({ message: '请输入用户名' }).trim().min(1, '请输入用户名').max(100, '用户名过长'),
  password: z.string({ message: '请输入密码' }).min(1, '请输入密码').max(200, '密码过长'),
  captcha: z.string().max(100).nullish(),
  checkKey: z.union([z.string().max(100), z.number()]).nullish(),
  remember_me: z.boolean().optional(),
});

const WRONG = '用户名或密码错误';

const throttles = new WeakMap<AppDeps, LoginThrottle>();

/** The app's login attempt counts (in the app's limits): logins, and the old password of a password change, count together. */
export function loginThrottleOf(deps: AppDeps): LoginThrottle {
  let t = throttles.get(deps);
  if (!t) throttles.set(deps, (t = loginThrottle(limitsOf(deps))));
  return t;
}

/**
 * What a successful login answers, shared by every way of logging in (password, phone): the account's class
 * settled when it has exactly one, a new session (sessions.ts), the log line, and the anchor's result shape.
 */
export async function startSession(c: Context<ApiEnv>, user: SysUser, url: string) {
  const deps = c.get('deps');
  const { db } = deps;
  const ip = clientIp(c, deps.config.trustProxy);
  const departs = await memberDeparts(db, user.id);
  if (departs.length === 1 && user.org_code !== departs[0].org_code) {
    await db.updateTable('sys_user').set({ org_code: departs[0].org_code }).where('id', '=', user.id).execute();
    user.org_code = departs[0].org_code;
  }
  const session = await createSession(db, user.id, { ip, userAgent: c.req.header('User-Agent') });
  const roles = await loadRoles(db, user.id);
  await writeLog(db, { logType: 1, content: `用户名: ${user.realname || user.username},登录成功！`, userId: user.id, username: user.username, ip, method: 'POST', url });
  return {
    token: session.token,
    userInfo: await userInfo(db, user),
    departs: departs.map(departJson),
    multi_depart: departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2,
    sysAllDictItems: await allDictItems(db),
    role: roles.map((x) => x.code),
  };
}

export function registerLoginRoutes(r: ApiRoutes) {

  r.post('/sys/login', PUBLIC, async (c) => {
    const body = await jsonBody(c, loginBody);
    if (!body.ok) return body.response;
    const deps = c.get('deps');
    const { db } = deps;
    const { username, password } = body.data;
    const ip = clientIp(c, deps.config.trustProxy);
    const throttle = loginThrottleOf(deps);
    // The attempt is counted before the password is checked, so parallel attempts cannot all be evaluated.
    const allowed = await throttle.take(ip, username);
    if (!allowed.ok) return fail(c, `登录失败次数过多，请${allowed.minutes}分钟后再试`, 429);
    // From the attempt after the 3rd failure on, the answer asks for a captcha (the next attempt must carry one).
    const captchaNext = allowed.attempt >= CAPTCHA_AFTER_FAILURES;
    const failed = async (message: string, userId?: string) => {
      await writeLog(db, { logType: 1, content: `用户名: ${username},登录失败！${message}`, userId, username, ip, method: 'POST', url: '/sys/login' });
      return captchaNext ? failWith(c, message, 500, { captchaRequired: true }) : fail(c, message);
    };
    if (allowed.attempt > CAPTCHA_AFTER_FAILURES) {
      const solved = await checkCaptcha(db, body.data.checkKey, body.data.captcha);
      if (!solved.ok) {
        // The password was not tried: the attempt does not count towards the lock.
        await throttle.refund(ip, username);
        return failed(solved.message);
      }
    }

    const user = await findUserByUsername(db, username);
    // A password imported from teaching-open is checked as it stored it; failing that (or without one), the
    // scrypt hash is, and an unknown username is hashed against a dummy, so every refusal costs one scrypt.
    const legacy = !!user?.legacy_password && verifyLegacyPassword(password, user.username, user.salt, user.legacy_password);
    const valid = legacy || (await verifyPassword(password, user?.password));
    if (!user || !valid) return failed(WRONG, user?.id);
    if (user.del_flag === 1) return failed('该用户已注销', user.id);
    if (user.status === 2) return failed('该用户已冻结', user.id);

    await throttle.succeeded(ip, username);
    if (legacy) {
      // Now that the password is known it gets our own hash and the old value is forgotten; one today's policy
      // refuses must be changed before anything else (the flag of a password someone else set).
      const weak = passwordProblem(password, user.username) !== null;
      if (weak) user.need_change_password = 1;
      await db
        .updateTable('sys_user')
        .set({ password: await hashPassword(password), legacy_password: null, salt: null, need_change_password: user.need_change_password })
        .where('id', '=', user.id)
        .execute();
    } else if (needsRehash(user.password)) {
      // A hash from a lower cost (an older release) is replaced now that the password is known.
      await db.updateTable('sys_user').set({ password: await hashPassword(password) }).where('id', '=', user.id).execute();
    }
    return ok(c, await startSession(c, user, '/sys/login'), '登录成功', 200);
  });

  // The anchor accepts any method for logout.
  r.on(['POST', 'GET', 'PUT', 'DELETE'], '/sys/logout', PUBLIC, async (c) => {
    const user = c.get('user');
    if (!user) return fail(c, '退出登录失败！');
    const { db, config } = c.get('deps');
    await revokeSession(db, user.sessionId);
    await writeLog(db, { logType: 1, content: `用户名: ${user.realname || user.username},退出成功！`, userId: user.id, username: user.username, ip: clientIp(c, config.trustProxy), method: c.req.method, url: '/sys/logout' });
    return ok(c, null, '退出登录成功！', 200);
  });
}
