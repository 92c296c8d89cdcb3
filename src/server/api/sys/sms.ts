// The phone steps of 找回密码 and registration, all anonymous, with teaching-open's paths (contracts/phone.ts):
//   POST /sys/sms {mobile, smsmode}         a 6-digit code by SMS (smsmode 0 login, 1 register, 2 forgot password)
//   POST /sys/phoneLogin {mobile, captcha}  手机号登录: the login code (captcha) → the session password login gives
//   POST /sys/user/phoneVerification        {phone, smscode} → a ticket (10 minutes, once) for the next step
//   GET  /sys/user/querySysUser             ?phone&smscode=<ticket> → the verified phone's {username, phone}
//   GET|POST /sys/user/passwordChange       {phone, smscode (the ticket, or the code itself), password, username?}
//
// Nothing here tells whether a phone or an account exists: /sys/sms answers the same for every number (the
// lookup, the code and the provider's call happen after the answer, in the background), a code can only be
// right for a number a code was sent to, and querySysUser echoes what it was asked until the phone is verified.
// The anchor answered "手机号已经注册" and gave any visitor an account's phone; it does neither here.
// Limits (counted where login attempts are, Redis with REDIS_URL): per address, per phone (one a minute, five
// an hour), per account (five an hour, silently: nothing is sent) and per installation (a cost ceiling).
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv, AppDeps } from '../../context.js';
import type { SysUser } from '../../db/schema.js';
import { loginThrottleOf, startSession } from './login.js';
import { limitOf } from '../../domain/limits.js';
import { writeLog } from '../../domain/logs.js';
import { hashPassword } from '../../domain/password.js';
import { consumeResetToken, createResetToken, resetTokenUser } from '../../domain/password-reset.js';
import { revokeUserSessions } from '../../domain/sessions.js';
import { maskPhone, type SmsSender } from '../../domain/sms.js';
import { checkSmsCode, consumeSmsCode, issueSmsCode, SMS_CODE_PATTERN, type SmsPurpose } from '../../domain/sms-codes.js';
import { readConfig } from '../../domain/site-config.js';
import { now } from '../../domain/time.js';
import { findUserById } from '../../domain/users.js';
import { phoneApi } from '../../contracts/phone.js';
import { PASSWORD_IS_USERNAME, passwordProblem } from '../../shared/password-policy.js';
import { PUBLIC, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok, queryParams } from '../envelope.js';
import { clientIp } from '../request-meta.js';
import { REGISTRATION_CLOSED } from './account.js';
import { SMS_CODE_WRONG, smsSenderOf } from './sms-sender.js';

type Ctx = Context<ApiEnv>;

export const SMS_NOT_CONFIGURED = '短信接口未配置，请联系管理员！';
export const SMS_SENT_FORGOT = '如果该手机号绑定了账号，验证码已发送，5分钟内有效';
// Worded as 找回密码's: whether a code went out is the same unknown.
export const SMS_SENT_LOGIN = '如果该手机号绑定了账号，验证码已发送，5分钟内有效';
export const SMS_SENT_REGISTER = '如果该手机号可以注册，验证码已发送，5分钟内有效';
export const PHONE_TICKET_INVALID = '手机验证已失效，请重新获取验证码';
const TOO_FAST = '请求过于频繁，请稍后再试';
const PHONE_PATTERN = /^1\d{10}$/;
const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const TICKET_TTL_MS = 10 * 60 * 1000;

const phoneField = z
  .string({ message: '手机号不允许为空！' })
  .trim()
  .min(1, '手机号不允许为空！')
  .regex(PHONE_PATTERN, '请输入正确的11位手机号码');

const smsBody = z.object({
  mobile: phoneField,
  smsmode: z.union([z.string(), z.number()], { message: '请指定短信类型' }).transform(String),
});

const phoneLoginBody = z.object({
  mobile: phoneField,
  // The anchor's client sends the SMS code as `captcha`.
  captcha: z.string({ message: '请输入短信验证码' }).trim().min(1, '请输入短信验证码').max(100, SMS_CODE_WRONG),
});

const verifyBody = z.object({
  phone: phoneField,
  smscode: z.string({ message: '请输入短信验证码' }).trim().min(1, '请输入短信验证码').max(100, SMS_CODE_WRONG),
});

const changeFields = z
  .object({
    phone: phoneField,
    smscode: z.string({ message: PHONE_TICKET_INVALID }).trim().min(1, PHONE_TICKET_INVALID).max(100, PHONE_TICKET_INVALID),
    password: z.string({ message: '请输入新密码' }).min(1, '请输入新密码').max(64, '密码不能超过64个字符'),
    confirmpassword: z.string().max(64).nullish(),
    username: z.string().trim().max(100).nullish(),
  })
  .superRefine((b, ctx) => {
    // Only the rules that do not depend on the account: their answer is the same for every phone.
    const problem = passwordProblem(b.password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
    if (b.confirmpassword != null && b.confirmpassword !== b.password) ctx.addIssue({ code: 'custom', message: '两次输入的密码不一样！', path: ['confirmpassword'] });
  });

const querySysUserQuery = z.object({
  username: z.string().max(100).optional(),
  phone: z.string().max(32).optional(),
  smscode: z.string().max(100).optional(),
});

/** Sends that have not finished, per app: smsSettled() waits for them (tests; a graceful stop). */
const pending = new WeakMap<AppDeps, Set<Promise<void>>>();
export async function smsSettled(deps: AppDeps): Promise<void> {
  await Promise.all([...(pending.get(deps) ?? [])]);
}

/** The account a login code may go to: any not cancelled (a frozen one hears so after the right code). */
const loginUserByPhone = (deps: AppDeps, phone: string) =>
  deps.db.selectFrom('sys_user').selectAll().where('phone', '=', phone).where('del_flag', '=', 0).executeTakeFirst();

const SMS_MODES: Record<string, SmsPurpose> = { 0: 'login', 1: 'register', 2: 'forgot' };
const PURPOSE_TEXT: Record<SmsPurpose, string> = { login: '登录', register: '注册', forgot: '找回密码' };

const activeUserByPhone = (deps: AppDeps, phone: string) =>
  deps.db.selectFrom('sys_user').selectAll().where('phone', '=', phone).where('status', '=', 1).where('del_flag', '=', 0).executeTakeFirst();

export function registerSmsRoutes(r: ApiRoutes) {
  const shared = (c: Ctx, name: string, points: number, seconds: number) => limitOf(c.get('deps'), name, points, seconds);
  const limits = {
    ip: (c: Ctx) => shared(c, 'sms-ip', 10, 60 * 60),
    phoneMinute: (c: Ctx) => shared(c, 'sms-phone-minute', 1, 60),
    phoneHour: (c: Ctx) => shared(c, 'sms-phone-hour', 5, 60 * 60),
    account: (c: Ctx) => shared(c, 'sms-account', 5, 60 * 60),
    site: (c: Ctx) => shared(c, 'sms-site', 200, 60 * 60),
    verifyIp: (c: Ctx) => shared(c, 'sms-verify-ip', 30, 15 * 60),
  };

  /** After the answer: who the phone belongs to, the code, the provider's call. Failures go to the log only. */
  async function sendInBackground(c: Ctx, sender: SmsSender, phone: string, purpose: SmsPurpose, ip: string): Promise<void> {
    const deps = c.get('deps');
    const { db } = deps;
    let user: SysUser | undefined;
    if (purpose === 'forgot' || purpose === 'login') {
      user = purpose === 'forgot' ? await activeUserByPhone(deps, phone) : await loginUserByPhone(deps, phone);
      if (!user || !(await limits.account(c).take(user.id))) return;
    } else {
      // A number already in use gets nothing: registering with it would fail anyway.
      const taken = await db.selectFrom('sys_user').select('id').where('phone', '=', phone).executeTakeFirst();
      if (taken) return;
    }
    const code = await issueSmsCode(db, phone, purpose, ip);
    await sender.send(phone, code);
    await writeLog(db, { logType: 2, operateType: 2, content: `短信验证码: 已向 ${maskPhone(phone)} 发送${PURPOSE_TEXT[purpose]}验证码`, userId: user?.id, username: user?.username, ip, method: 'POST', url: '/sys/sms' });
  }

  r.at(phoneApi.sms, PUBLIC, async (c) => {
    const deps = c.get('deps');
    const sender = smsSenderOf(deps);
    if (!sender) return fail(c, SMS_NOT_CONFIGURED);
    const body = await jsonBody(c, smsBody);
    if (!body.ok) return body.response;
    const { mobile: phone, smsmode } = body.data;
    const purpose = SMS_MODES[smsmode];
    if (!Object.hasOwn(SMS_MODES, smsmode) || !purpose) return fail(c, '短信类型不正确');
    if (purpose === 'register' && (await readConfig(deps.db, ['allowReg'])).allowReg !== '1') return fail(c, REGISTRATION_CLOSED, 403);
    const ip = clientIp(c, deps.config.trustProxy);
    // Every limit is taken before anything is looked up, so they answer alike for every number.
    if (!(await limits.ip(c).take(ip))) return fail(c, TOO_FAST, 429);
    if (!(await limits.phoneMinute(c).take(phone))) return fail(c, '验证码已发送，请1分钟后再试', 429);
    if (!(await limits.phoneHour(c).take(phone))) return fail(c, '该手机号获取验证码过于频繁，请1小时后再试', 429);
    if (!(await limits.site(c).take('all'))) return fail(c, '短信发送量已达上限，请稍后再试', 429);
    let jobs = pending.get(deps);
    if (!jobs) pending.set(deps, (jobs = new Set()));
    const job: Promise<void> = sendInBackground(c, sender, phone, purpose, ip)
      .catch((err: Error) => {
        if (deps.config.logLevel !== 'silent') console.error(`[sms] ${sender.kind} to ${maskPhone(phone)}: ${err.message}`);
      })
      .finally(() => jobs.delete(job));
    jobs.add(job);
    return ok(c, null, purpose === 'register' ? SMS_SENT_REGISTER : purpose === 'login' ? SMS_SENT_LOGIN : SMS_SENT_FORGOT, 200);
  });

  // 手机号登录: the code smsmode 0 sent, used once, then the session and answer of password login (startSession).
  r.post('/sys/phoneLogin', PUBLIC, async (c) => {
    const deps = c.get('deps');
    const { db } = deps;
    if (!smsSenderOf(deps)) return fail(c, SMS_NOT_CONFIGURED);
    const body = await jsonBody(c, phoneLoginBody);
    if (!body.ok) return body.response;
    const { mobile: phone, captcha } = body.data;
    const ip = clientIp(c, deps.config.trustProxy);
    const throttle = loginThrottleOf(deps);
    const key = `sms-login:${phone}`;
    // Counted before the code is checked, as password login counts before the password.
    const allowed = await throttle.take(ip, key);
    if (!allowed.ok) return fail(c, `登录失败次数过多，请${allowed.minutes}分钟后再试`, 429);
    const failed = async (message: string, user?: SysUser) => {
      await writeLog(db, { logType: 1, content: `手机号: ${maskPhone(phone)},登录失败！${message}`, userId: user?.id, username: user?.username, ip, method: 'POST', url: '/sys/phoneLogin' });
      return fail(c, message);
    };
    const codeId = await checkSmsCode(db, phone, 'login', captcha);
    const user = codeId ? await db.selectFrom('sys_user').selectAll().where('phone', '=', phone).executeTakeFirst() : undefined;
    if (!codeId || !user || !(await consumeSmsCode(db, codeId))) return failed(SMS_CODE_WRONG);
    if (user.del_flag === 1) return failed('该用户已注销', user);
    if (user.status === 2) return failed('该用户已冻结', user);
    await throttle.succeeded(ip, key);
    return ok(c, await startSession(c, user, '/sys/phoneLogin'), '登录成功', 200);
  });

  r.at(phoneApi.phoneVerification, PUBLIC, async (c) => {
    const deps = c.get('deps');
    if (!smsSenderOf(deps)) return fail(c, SMS_NOT_CONFIGURED);
    const body = await jsonBody(c, verifyBody);
    if (!body.ok) return body.response;
    const ip = clientIp(c, deps.config.trustProxy);
    if (!(await limits.verifyIp(c).take(ip))) return fail(c, TOO_FAST, 429);
    const { phone, smscode } = body.data;
    const codeId = await checkSmsCode(deps.db, phone, 'forgot', smscode);
    const user = codeId ? await activeUserByPhone(deps, phone) : undefined;
    if (!codeId || !user || !(await consumeSmsCode(deps.db, codeId))) return fail(c, SMS_CODE_WRONG);
    // The anchor's client passes `result` on to passwordChange as its `smscode`.
    const ticket = await createResetToken(deps.db, user.id, ip, TICKET_TTL_MS);
    return ok(c, ticket, '手机号验证成功', 200);
  });

  r.at(phoneApi.querySysUser, PUBLIC, async (c) => {
    const q = queryParams(c, querySysUserQuery);
    if (!q.ok) return q.response;
    const deps = c.get('deps');
    if (!(await limits.verifyIp(c).take(clientIp(c, deps.config.trustProxy)))) return fail(c, TOO_FAST, 429);
    const { username, phone, smscode } = q.data;
    if (phone && smscode && TICKET_PATTERN.test(smscode)) {
      const userId = await resetTokenUser(deps.db, smscode);
      const user = userId ? await findUserById(deps.db, userId) : undefined;
      if (user && user.phone === phone && user.status === 1 && user.del_flag === 0) return ok(c, { username: user.username, phone }, '操作成功！', 0);
    }
    // Unverified: what was asked, nothing more (the same for every number and name).
    return ok(c, { username: username?.trim() || null, phone: phone?.trim() || null }, '操作成功！', 0);
  });

  r.at(phoneApi.passwordChange, PUBLIC, async (c) => {
    const deps = c.get('deps');
    const { db } = deps;
    if (!smsSenderOf(deps)) return fail(c, SMS_NOT_CONFIGURED);
    // The anchor's client sends a GET with the fields in the query; ours POSTs them.
    const parsed = c.req.method === 'GET' ? queryParams(c, changeFields) : await jsonBody(c, changeFields);
    if (!parsed.ok) return parsed.response;
    const b = parsed.data;
    const ip = clientIp(c, deps.config.trustProxy);
    if (!(await limits.verifyIp(c).take(ip))) return fail(c, TOO_FAST, 429);
    // A ticket from phoneVerification, or (as the anchor allowed) the SMS code itself.
    const ticket = TICKET_PATTERN.test(b.smscode) ? b.smscode : null;
    const codeId = ticket ? null : SMS_CODE_PATTERN.test(b.smscode) ? await checkSmsCode(db, b.phone, 'forgot', b.smscode) : null;
    const userId = ticket ? await resetTokenUser(db, ticket) : codeId ? (await activeUserByPhone(deps, b.phone))?.id : undefined;
    const user = userId ? await findUserById(db, userId) : undefined;
    if (!user || user.phone !== b.phone || user.status !== 1 || user.del_flag !== 0 || (b.username && b.username !== user.username)) {
      return fail(c, ticket ? PHONE_TICKET_INVALID : SMS_CODE_WRONG);
    }
    if (passwordProblem(b.password, user.username) === PASSWORD_IS_USERNAME) return fieldFail(c, 'password', PASSWORD_IS_USERNAME);
    const hash = await hashPassword(b.password);
    // Used up only now, so a refused password leaves the ticket working; one statement decides between two uses.
    const used = ticket ? (await consumeResetToken(db, ticket)) === user.id : await consumeSmsCode(db, codeId!);
    if (!used) return fail(c, ticket ? PHONE_TICKET_INVALID : SMS_CODE_WRONG);
    await db
      .updateTable('sys_user')
      .set({ password: hash, legacy_password: null, salt: null, need_change_password: 0, update_by: user.username, update_time: now() })
      .where('id', '=', user.id)
      .execute();
    await revokeUserSessions(db, user.id);
    await writeLog(db, { logType: 2, operateType: 3, content: `找回密码: ${user.username} 通过手机验证码重置了密码`, userId: user.id, username: user.username, ip, method: c.req.method, url: '/sys/user/passwordChange' });
    return ok(c, { username: user.username }, '密码重置完成！', 200);
  });
}
