// Self-service accounts, all anonymous: the image captcha (GET /sys/randomImage/{key}, POST /sys/checkCaptcha),
// self-registration (POST /sys/user/register, only while the site config's allowReg is '1') and password
// recovery by e-mail (recoveryOptions, passwordRecovery, checkResetToken, resetPassword; by phone: sms.ts).
// With SMS_URL set, a phone given at registration needs the code sent to it (smscode).
//
// Registration gives the account the configured default role (_defaultRole; the student role when it names no
// role, or a role above the student's level) and the default class (_defaultDepart; no class when it names no
// existing class). Recovery answers the same whether the account exists or not, and sends the mail in the
// background so the answer's timing does not tell either; the link's token is in domain/password-reset.
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { SysUser } from '../../db/schema.js';
import { CHECK_KEY_PATTERN, checkCaptcha, issueCaptcha } from '../../domain/captcha.js';
import { newId } from '../../domain/ids.js';
import { writeLog } from '../../domain/logs.js';
import { mailEnabled, sendMail } from '../../domain/mail.js';
import { limitOf, type SharedLimit } from '../../domain/limits.js';
import { hashPassword } from '../../domain/password.js';
import { consumeResetToken, createResetToken, resetTokenUser } from '../../domain/password-reset.js';
import { useSmsCode } from '../../domain/sms-codes.js';
import { revokeUserSessions } from '../../domain/sessions.js';
import { readConfig } from '../../domain/site-config.js';
import { now } from '../../domain/time.js';
import { duplicateOf, findUserById } from '../../domain/users.js';
import { passwordProblem } from '../../shared/password-policy.js';
import { PUBLIC, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok } from '../envelope.js';
import { hasHiddenChars } from '../../resources/rules.js';
import { clientIp } from '../request-meta.js';
import { username } from './user-admin-fields.js';
import { SMS_CODE_WRONG, smsSenderOf } from './sms-sender.js';

type Ctx = Context<ApiEnv>;

export const REGISTRATION_CLOSED = '注册未开放，请联系老师为你创建账号';
export const RECOVERY_SENT =
  '如果该账号存在并已绑定邮箱，我们已向该邮箱发送重置密码的链接（30分钟内有效）。没有绑定邮箱的账号，请联系老师在「用户管理」中重置密码。';
export const RECOVERY_UNAVAILABLE = '系统未配置邮件服务，无法通过邮件找回密码，请联系老师在「用户管理」中重置密码';
export const RESET_LINK_INVALID = '重置链接无效或已过期，请重新申请找回密码';
const TOO_FAST = '请求过于频繁，请稍后再试';

const captchaFields = {
  captcha: z.string({ message: '请输入验证码' }).max(16, '验证码错误').nullish(),
  checkKey: z.union([z.string().max(64), z.number()]).nullish(),
};

const optionalTrimmed = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v);

const passwordField = z.string({ message: '请输入密码' }).min(1, '请输入密码').max(64, '密码不能超过64个字符');

const registerBody = z
  .object({
    username,
    password: passwordField,
    confirmpassword: z.string().max(64).nullish(),
    confirmPassword: z.string().max(64).nullish(),
    realname: z.preprocess(
      optionalTrimmed,
      z.string({ message: '姓名必须是文本' }).max(50, '姓名不能超过50个字符').refine((s) => !hasHiddenChars(s), '姓名不能包含控制字符或不可见字符').nullish(),
    ),
    email: z.preprocess(optionalTrimmed, z.string({ message: '邮箱必须是文本' }).max(100, '邮箱不能超过100个字符').pipe(z.email('请输入正确的邮箱地址')).nullish()),
    phone: z.preprocess(optionalTrimmed, z.string({ message: '手机号必须是文本' }).regex(/^1\d{10}$/, '请输入正确的11位手机号码').nullish()),
    /** The SMS code sent to `phone` (POST /sys/sms, smsmode 1); required for a phone while SMS is configured. */
    smscode: z.string().trim().max(16, SMS_CODE_WRONG).nullish(),
    ...captchaFields,
  })
  .superRefine((b, ctx) => {
    const problem = passwordProblem(b.password, b.username);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
    const confirm = b.confirmpassword ?? b.confirmPassword;
    if (confirm != null && confirm !== b.password) ctx.addIssue({ code: 'custom', message: '两次输入的密码不一样！', path: ['confirmpassword'] });
  });

const recoveryBody = z.object({
  account: z.string({ message: '请输入用户账号或邮箱' }).trim().min(1, '请输入用户账号或邮箱').max(100, '用户账号或邮箱过长'),
  ...captchaFields,
});

const resetBody = z
  .object({
    token: z.string({ message: RESET_LINK_INVALID }).max(100, RESET_LINK_INVALID),
    password: passwordField,
    confirmpassword: z.string({ message: '请确认密码' }).max(64).nullish(),
  })
  .refine((b) => b.confirmpassword == null || b.confirmpassword === b.password, { message: '两次输入的密码不一样！', path: ['confirmpassword'] });

/** The default role and class self-registered accounts get, with the fallbacks (see the file comment). */
async function registrationDefaults(c: Ctx): Promise<{ roleId: string | null; depart: { id: string; org_code: string } | null; notes: string[] }> {
  const { db } = c.get('deps');
  const cfg = await readConfig(db, ['_defaultRole', '_defaultDepart']);
  const student = await db.selectFrom('sys_role').select(['id', 'role_level']).where('role_code', '=', 'student').executeTakeFirst();
  const studentLevel = student?.role_level ?? 0;
  let roleId: string | null = student?.id ?? null;
  const notes: string[] = [];
  if (cfg._defaultRole) {
    const role = await db.selectFrom('sys_role').select(['id', 'role_level']).where('id', '=', cfg._defaultRole).executeTakeFirst();
    // Never a staff role, whatever the config says (网站配置 refuses one too).
    if (role && role.role_level <= studentLevel) roleId = role.id;
    else notes.push(role ? '默认注册角色高于学生，已改用学生角色' : '默认注册角色不存在，已改用学生角色');
  }
  const depart = cfg._defaultDepart
    ? ((await db
        .selectFrom('sys_depart')
        .select(['id', 'org_code'])
        .where('id', '=', cfg._defaultDepart)
        .where('del_flag', '=', '0')
        .where('org_category', '=', '3')
        .executeTakeFirst()) ?? null)
    : null;
  if (cfg._defaultDepart && !depart) notes.push('默认注册班级不存在，未分配班级');
  return { roleId, depart, notes };
}

/** Password recovery by mail needs an SMTP server and PUBLIC_URL (the link's address is never taken from the request's Host). */
const recoveryByMail = (c: Ctx) => {
  const { config } = c.get('deps');
  return mailEnabled(config) && !!config.publicUrl;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Mails `user` a reset link (at most 3 an hour per account: beyond that nothing is sent, and the visitor's
 * answer is the same). The link is built from PUBLIC_URL, never from the request's Host.
 */
async function mailResetLink(c: Ctx, user: SysUser, ip: string, perAccount: SharedLimit): Promise<void> {
  if (!(await perAccount.take(user.id))) return;
  const { db, config } = c.get('deps');
  const token = await createResetToken(db, user.id, ip);
  const site = await readConfig(db, ['brandName']);
  const brand = site.brandName || '学堂';
  const link = `${config.publicUrl}/user/alteration?token=${token}`;
  const name = user.realname || user.username;
  const text =
    `${name}，您好：\n\n有人（希望是您本人）申请重置${brand}账号 ${user.username} 的密码。请在30分钟内打开下面的链接设置新密码，链接只能使用一次：\n\n${link}\n\n` +
    `如果不是您本人的操作，请忽略这封邮件，您的密码不会改变。\n\n${brand}`;
  const html =
    `<p>${escapeHtml(name)}，您好：</p><p>有人（希望是您本人）申请重置${escapeHtml(brand)}账号 <b>${escapeHtml(user.username)}</b> 的密码。` +
    `请在30分钟内打开下面的链接设置新密码，链接只能使用一次：</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
    `<p>如果不是您本人的操作，请忽略这封邮件，您的密码不会改变。</p><p>${escapeHtml(brand)}</p>`;
  await sendMail(config, { to: user.email!, subject: `${brand} 重置密码`, text, html });
  await writeLog(db, { logType: 2, operateType: 2, content: `找回密码: 已向 ${user.username} 的邮箱发送重置链接`, userId: user.id, username: user.username, ip, method: 'POST', url: '/sys/user/passwordRecovery' });
}

export function registerAccountRoutes(r: ApiRoutes) {
  // Every limit holds across processes (domain/limits.ts: Redis with REDIS_URL).
  const shared = (c: Ctx, name: string, points: number, seconds: number) => limitOf(c.get('deps'), name, points, seconds);
  // Anonymous endpoints that write: limited per address (a school's NAT is one address, hence generous).
  const imageLimit = (c: Ctx) => shared(c, 'captcha-ip', 60, 60);
  const registerLimit = (c: Ctx) => shared(c, 'register-ip', 60, 60 * 60);
  const recoveryIpLimit = (c: Ctx) => shared(c, 'recovery-ip', 20, 15 * 60);
  /** At most 3 reset mails an hour per account. */
  const recoveryAccountLimit = (c: Ctx) => shared(c, 'recovery-account', 3, 60 * 60);
  const resetIpLimit = (c: Ctx) => shared(c, 'reset-ip', 30, 15 * 60);

  // The anchor's contract: result is the picture as a data URL; code 0. Ours is SVG (svg-captcha).
  r.get('/sys/randomImage/:key', PUBLIC, async (c) => {
    const key = c.req.param('key') ?? '';
    if (!CHECK_KEY_PATTERN.test(key)) return fail(c, '获取验证码出错：验证码标识无效');
    const { db, config } = c.get('deps');
    if (!(await imageLimit(c).take(clientIp(c, config.trustProxy)))) return fail(c, TOO_FAST, 429);
    const { image } = await issueCaptcha(db, key, { fixedCode: config.testCaptcha });
    c.header('Cache-Control', 'no-store');
    return ok(c, image, '操作成功！', 0);
  });

  // A right answer leaves the code for the request that follows (login, register); a wrong one consumes it.
  r.post('/sys/checkCaptcha', PUBLIC, async (c) => {
    const body = await jsonBody(c, z.object(captchaFields));
    if (!body.ok) return body.response;
    if (body.data.captcha == null || body.data.checkKey == null) return fail(c, '验证码无效');
    const res = await checkCaptcha(c.get('deps').db, body.data.checkKey, body.data.captcha, { keepIfRight: true });
    return res.ok ? ok(c, null, '操作成功！', 200) : fail(c, res.message);
  });

  r.post('/sys/user/register', PUBLIC, async (c) => {
    const { db, config } = c.get('deps');
    const cfg = await readConfig(db, ['allowReg']);
    if (cfg.allowReg !== '1') return fail(c, REGISTRATION_CLOSED, 403);
    const body = await jsonBody(c, registerBody);
    if (!body.ok) return body.response;
    const b = body.data;
    const ip = clientIp(c, config.trustProxy);
    if (!(await registerLimit(c).take(ip))) return fail(c, TOO_FAST, 429);
    // The captcha comes before anything that reads accounts, so the form cannot be used to list them quickly.
    const solved = await checkCaptcha(db, b.checkKey, b.captcha);
    if (!solved.ok) return fieldFail(c, 'captcha', solved.message);
    // With SMS configured a phone is taken only when its owner proves it (a code goes only to a number in no account).
    if (b.phone && smsSenderOf(c.get('deps'))) {
      if (!b.smscode) return fieldFail(c, 'smscode', '请输入手机验证码');
      if (!(await useSmsCode(db, b.phone, 'register', b.smscode))) return fieldFail(c, 'smscode', SMS_CODE_WRONG);
    }
    const dup = await duplicateOf(db, { username: b.username, email: b.email, phone: b.phone });
    // A deleted account keeps its name (it can be restored): the visitor is not told it is in the recycle bin.
    if (dup) return fieldFail(c, dup.field, dup.message.replace(/（.*）$/, ''));
    const { roleId, depart, notes } = await registrationDefaults(c);
    const id = newId();
    const hash = await hashPassword(b.password);
    try {
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('sys_user')
          .values({
            id,
            username: b.username,
            realname: b.realname || b.username,
            password: hash,
            email: b.email ?? null,
            phone: b.phone ?? null,
            user_identity: 1,
            org_code: depart?.org_code ?? null,
            status: 1,
            del_flag: 0,
            need_change_password: 0,
            create_by: b.username,
            create_time: now(),
          })
          .execute();
        if (roleId) await tx.insertInto('sys_user_role').values({ id: newId(), user_id: id, role_id: roleId }).execute();
        if (depart) await tx.insertInto('sys_user_depart').values({ id: newId(), user_id: id, dep_id: depart.id }).execute();
      });
    } catch (err) {
      if (isUniqueViolation(err)) return fieldFail(c, 'username', '用户账号已存在');
      throw err;
    }
    await writeLog(db, { logType: 2, operateType: 2, content: `用户注册: ${b.username}${notes.length ? `（${notes.join('；')}，请在网站配置中检查默认注册角色和班级）` : ''}`, userId: id, username: b.username, ip, method: 'POST', url: '/sys/user/register' });
    return ok(c, { username: b.username }, '注册成功', 200);
  });

  r.get('/sys/user/recoveryOptions', PUBLIC, async (c) => ok(c, { byMail: recoveryByMail(c), byPhone: !!smsSenderOf(c.get('deps')) }, '操作成功！', 0));

  r.post('/sys/user/passwordRecovery', PUBLIC, async (c) => {
    if (!recoveryByMail(c)) return fail(c, RECOVERY_UNAVAILABLE);
    const body = await jsonBody(c, recoveryBody);
    if (!body.ok) return body.response;
    const { db, config } = c.get('deps');
    const ip = clientIp(c, config.trustProxy);
    if (!(await recoveryIpLimit(c).take(ip))) return fail(c, TOO_FAST, 429);
    const solved = await checkCaptcha(db, body.data.checkKey, body.data.captcha);
    if (!solved.ok) return fieldFail(c, 'captcha', solved.message);
    const account = body.data.account;
    // An address is looked up as an e-mail first (a username may look like someone else's address).
    const byEmail = () => db.selectFrom('sys_user').selectAll().where('email', '=', account).executeTakeFirst();
    const byName = () => db.selectFrom('sys_user').selectAll().where('username', '=', account).executeTakeFirst();
    const user = account.includes('@') ? ((await byEmail()) ?? (await byName())) : await byName();
    const eligible = user && user.status === 1 && user.del_flag === 0 && !!user.email;
    if (eligible) {
      // In the background: the answer must come as fast for an existing account as for an unknown one.
      void mailResetLink(c, user, ip, recoveryAccountLimit(c)).catch((err: Error) => {
        if (config.logLevel !== 'silent') console.error(`[mail] password recovery for ${user.username}: ${err.message}`);
      });
    }
    return ok(c, null, RECOVERY_SENT, 200);
  });

  // A GET: the page behind the e-mailed link is opened from another site (the mail client), where pages only read.
  r.get('/sys/user/checkResetToken', PUBLIC, async (c) => {
    const { db, config } = c.get('deps');
    if (!(await resetIpLimit(c).take(clientIp(c, config.trustProxy)))) return fail(c, TOO_FAST, 429);
    const userId = await resetTokenUser(db, (c.req.query('token') ?? '').slice(0, 100));
    const user = userId ? await findUserById(db, userId) : undefined;
    if (!user || user.status !== 1 || user.del_flag !== 0) return fail(c, RESET_LINK_INVALID);
    return ok(c, { username: user.username }, '操作成功！', 200);
  });

  r.post('/sys/user/resetPassword', PUBLIC, async (c) => {
    const body = await jsonBody(c, resetBody);
    if (!body.ok) return body.response;
    const { db, config } = c.get('deps');
    const ip = clientIp(c, config.trustProxy);
    if (!(await resetIpLimit(c).take(ip))) return fail(c, TOO_FAST, 429);
    // Looked up first (not used up), so a password the policy refuses leaves the link working.
    const peek = await resetTokenUser(db, body.data.token);
    const user = peek ? await findUserById(db, peek) : undefined;
    if (!user || user.status !== 1 || user.del_flag !== 0) return fail(c, RESET_LINK_INVALID);
    const problem = passwordProblem(body.data.password, user.username);
    if (problem) return fieldFail(c, 'password', problem);
    const hash = await hashPassword(body.data.password);
    // One statement decides which of two simultaneous uses gets the token.
    if ((await consumeResetToken(db, body.data.token)) !== user.id) return fail(c, RESET_LINK_INVALID);
    await db.updateTable('sys_user').set({ password: hash, legacy_password: null, salt: null, need_change_password: 0, update_by: user.username, update_time: now() }).where('id', '=', user.id).execute();
    await revokeUserSessions(db, user.id);
    await writeLog(db, { logType: 2, operateType: 3, content: `找回密码: ${user.username} 通过邮件链接重置了密码`, userId: user.id, username: user.username, ip, method: 'POST', url: '/sys/user/resetPassword' });
    return ok(c, { username: user.username }, '密码重置成功，请使用新密码登录', 200);
  });
}
