// The UserLayout pages besides login: 注册 (/user/register), 注册结果 (/user/register-result) and 找回密码
// (/user/alteration: the request form, and with ?token= the new-password form). Plain forms that work without
// JavaScript; errors beside their fields; typed values come back, passwords never.
import { Alert, Button, LinkButton } from './antd.js';
import { CaptchaField, DefaultSubmit, Field, UserLayout, type CaptchaView } from './login.js';

interface Chrome {
  brandName: string;
  brandDesc?: string;
  footerHtml: string;
}

export interface RegisterValues {
  username?: string;
  realname?: string;
  email?: string;
  phone?: string;
}

export interface RegisterPageProps extends Chrome {
  /** Registration closed (allowReg is not '1'): the page says so instead of showing the form. */
  closed?: boolean;
  values?: RegisterValues;
  error?: string;
  fieldErrors?: Record<string, string>;
  captcha?: CaptchaView;
  passwordHelp: string;
  /** SMS is configured: a phone needs the code sent to it (获取验证码 sends one). */
  bySms?: boolean;
  /** The answer of 获取验证码. */
  smsNotice?: string;
}

export function RegisterPage(p: RegisterPageProps) {
  const v = p.values ?? {};
  const e = p.fieldErrors ?? {};
  if (p.closed || !p.captcha) {
    return (
      <UserLayout {...p} title="注册">
        <section class="xt-user-result">
          <h2>注册未开放</h2>
          <p>本站暂未开放自行注册。请联系你的老师，由老师在「用户管理」中为你创建账号。</p>
          <LinkButton type="primary" size="large" href="/user/login">
            返回登录
          </LinkButton>
        </section>
      </UserLayout>
    );
  }
  return (
    <UserLayout {...p} title="注册">
      <form class="ant-form ant-form-vertical xt-login-form" method="post" action="/user/register" novalidate>
        <DefaultSubmit />
        <h2>注册账户</h2>
        {p.error && <Alert type="error">{p.error}</Alert>}
        <Field name="username" label="用户账号" type="text" value={v.username} error={e.username} autocomplete="username" required maxlength={32} help="3到32个字符：字母、数字或 _ . @ -" autofocus={!v.username} />
        <Field name="realname" label="姓名（选填）" type="text" value={v.realname} error={e.realname} autocomplete="name" maxlength={50} />
        <Field name="password" label="密码" type="password" error={e.password} autocomplete="new-password" required help={p.passwordHelp} />
        <Field name="confirmpassword" label="确认密码" type="password" error={e.confirmpassword} autocomplete="new-password" required />
        <Field name="email" label="邮箱（选填，用于找回密码）" type="email" value={v.email} error={e.email} autocomplete="email" maxlength={100} />
        <Field name="phone" label="手机号（选填）" type="tel" value={v.phone} error={e.phone} autocomplete="tel" maxlength={11} inputmode="numeric" />
        {p.bySms && (
          <>
            {p.smsNotice && <Alert type="info">{p.smsNotice}</Alert>}
            <Field name="smscode" label="手机验证码（填写手机号时必填）" type="text" error={e.smscode} autocomplete="one-time-code" maxlength={6} inputmode="numeric" autofocus={!!p.smsNotice} />
            <Button htmlType="submit" size="large" block name="action" value="send-sms">
              获取手机验证码
            </Button>
          </>
        )}
        <CaptchaField captcha={p.captcha} error={e.captcha} autofocus={!!v.username && !e.username && !e.password && !e.confirmpassword} />
        <Button type="primary" htmlType="submit" size="large" block>
          注册
        </Button>
        <p class="xt-login-links">
          <a href="/user/login">使用已有账户登录</a>
        </p>
      </form>
    </UserLayout>
  );
}

export function RegisterResultPage(p: Chrome & { username?: string }) {
  return (
    <UserLayout {...p} title="注册结果">
      <section class="xt-user-result" role="status">
        <h2>注册成功</h2>
        {p.username ? (
          <p>
            你的账户 <b>{p.username}</b> 已经注册成功，现在可以登录了。
          </p>
        ) : (
          <p>你的账户已经注册成功，现在可以登录了。</p>
        )}
        <LinkButton type="primary" size="large" href={p.username ? `/user/login?username=${encodeURIComponent(p.username)}` : '/user/login'}>
          登录
        </LinkButton>
      </section>
    </UserLayout>
  );
}

export interface AlterationPageProps extends Chrome {
  /** Mail recovery is not configured: the page tells the visitor to ask a teacher. */
  unavailable?: boolean;
  /** The neutral answer after a request. */
  sent?: string;
  account?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  captcha?: CaptchaView;
  /** SMS is configured: the form links to the phone's steps. */
  byPhone?: boolean;
}

const ASK_TEACHER = '请联系你的老师，由老师在「用户管理」中为你重置密码。';

export function AlterationPage(p: AlterationPageProps) {
  if (p.unavailable || (!p.sent && !p.captcha)) {
    return (
      <UserLayout {...p} title="找回密码">
        <section class="xt-user-result">
          <h2>找回密码</h2>
          <p>本站没有配置邮件服务，无法通过邮件找回密码。{ASK_TEACHER}</p>
          <LinkButton type="primary" size="large" href="/user/login">
            返回登录
          </LinkButton>
        </section>
      </UserLayout>
    );
  }
  if (p.sent) {
    return (
      <UserLayout {...p} title="找回密码">
        <section class="xt-user-result" role="status">
          <h2>请查收邮件</h2>
          <p>{p.sent}</p>
          <LinkButton type="primary" size="large" href="/user/login">
            返回登录
          </LinkButton>
        </section>
      </UserLayout>
    );
  }
  const e = p.fieldErrors ?? {};
  return (
    <UserLayout {...p} title="找回密码">
      <form class="ant-form ant-form-vertical xt-login-form" method="post" action="/user/alteration" novalidate>
        <DefaultSubmit />
        <h2>找回密码</h2>
        <p class="xt-note">输入你的用户账号或绑定的邮箱，我们会向绑定的邮箱发送重置密码的链接。没有绑定邮箱的账号，{ASK_TEACHER}</p>
        {p.error && <Alert type="error">{p.error}</Alert>}
        <Field name="account" label="用户账号或邮箱" type="text" value={p.account} error={e.account} autocomplete="username" required maxlength={100} autofocus={!p.account} />
        <CaptchaField captcha={p.captcha!} error={e.captcha} autofocus={!!p.account && !e.account} />
        <Button type="primary" htmlType="submit" size="large" block>
          发送重置邮件
        </Button>
        <p class="xt-login-links">
          {p.byPhone && <a href="/user/alteration?by=phone">通过手机号找回</a>}
          <a href="/user/login">返回登录</a>
        </p>
      </form>
    </UserLayout>
  );
}

export interface ResetPageProps extends Chrome {
  /** The link is unknown, used or expired. */
  invalid?: string;
  /** The new password is set. */
  done?: boolean;
  token?: string;
  username?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  passwordHelp: string;
}

export function ResetPasswordPage(p: ResetPageProps) {
  if (p.done || p.invalid) {
    return (
      <UserLayout {...p} title="重置密码">
        <section class="xt-user-result" role="status">
          <h2>{p.done ? '密码已重置' : '链接已失效'}</h2>
          <p>{p.done ? `账户 ${p.username ?? ''} 的密码已经重置，所有设备上的登录都已退出。请使用新密码登录。` : p.invalid}</p>
          <LinkButton type="primary" size="large" href={p.done ? '/user/login' : '/user/alteration'}>
            {p.done ? '登录' : '重新找回密码'}
          </LinkButton>
        </section>
      </UserLayout>
    );
  }
  const e = p.fieldErrors ?? {};
  return (
    <UserLayout {...p} title="重置密码">
      <form class="ant-form ant-form-vertical xt-login-form" method="post" action="/user/alteration" novalidate>
        <h2>设置新密码</h2>
        {p.username && <p class="xt-note">为账户 <b>{p.username}</b> 设置新的密码。</p>}
        {p.error && <Alert type="error">{p.error}</Alert>}
        <input type="hidden" name="token" value={p.token ?? ''} />
        <Field name="password" label="新密码" type="password" error={e.password} autocomplete="new-password" required help={p.passwordHelp} autofocus />
        <Field name="confirmpassword" label="确认新密码" type="password" error={e.confirmpassword} autocomplete="new-password" required />
        <Button type="primary" htmlType="submit" size="large" block>
          重置密码
        </Button>
      </form>
    </UserLayout>
  );
}
