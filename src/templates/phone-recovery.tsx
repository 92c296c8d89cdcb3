// 找回密码 by phone (/user/alteration?by=phone), the four steps of the spec's user pages: 1 the phone, 2 the SMS
// code, 3 the new password (the account named once the phone is verified), 4 done. Plain forms; the step to
// take travels in the submit button (`step`), the phone and the verification ticket in hidden fields.
import { Alert, Button, LinkButton } from './antd.js';
import { Field, UserLayout } from './login.js';

export interface PhoneRecoveryProps {
  brandName: string;
  brandDesc?: string;
  footerHtml: string;
  step: 1 | 2 | 3 | 4;
  /** No SMS sender is configured. */
  unavailable?: boolean;
  phone?: string;
  /** Step 3: the ticket phoneVerification answered. */
  ticket?: string;
  username?: string;
  notice?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  passwordHelp: string;
}

const STEPS = ['验证手机号', '输入验证码', '设置新密码', '完成'];

function Steps({ step }: { step: number }) {
  return (
    <ol class="xt-steps" role="list" aria-label="找回密码的步骤">
      {STEPS.map((name, i) => (
        <li class={i + 1 === step ? 'xt-step-current' : undefined} aria-current={i + 1 === step ? 'step' : undefined}>
          {i + 1}. {name}
        </li>
      ))}
    </ol>
  );
}

export function PhoneRecoveryPage(p: PhoneRecoveryProps) {
  const e = p.fieldErrors ?? {};
  if (p.unavailable || p.step === 4) {
    return (
      <UserLayout {...p} title="找回密码">
        <section class="xt-user-result" role="status">
          <h2>{p.unavailable ? '找回密码' : '密码已重置'}</h2>
          <p>
            {p.unavailable
              ? '本站没有配置短信服务，无法通过手机号找回密码。请联系你的老师，由老师在「用户管理」中为你重置密码。'
              : `账户 ${p.username ?? ''} 的密码已经重置，所有设备上的登录都已退出。请使用新密码登录。`}
          </p>
          <LinkButton type="primary" size="large" href="/user/login">
            {p.unavailable ? '返回登录' : '登录'}
          </LinkButton>
        </section>
      </UserLayout>
    );
  }
  return (
    <UserLayout {...p} title="找回密码">
      <form class="ant-form ant-form-vertical xt-login-form" method="post" action="/user/alteration" novalidate>
        <h2>通过手机号找回密码</h2>
        <Steps step={p.step} />
        {p.notice && <Alert type="info">{p.notice}</Alert>}
        {p.error && <Alert type="error">{p.error}</Alert>}
        <input type="hidden" name="by" value="phone" />
        {p.step === 1 && (
          <>
            <Field name="phone" label="手机号" type="tel" inputmode="tel" value={p.phone} error={e.phone ?? e.mobile} autocomplete="tel" required maxlength={11} autofocus />
            <Button type="primary" htmlType="submit" size="large" block name="step" value="send">
              获取验证码
            </Button>
          </>
        )}
        {p.step === 2 && (
          <>
            <input type="hidden" name="phone" value={p.phone ?? ''} />
            <p class="xt-note">验证码已发往 {p.phone}（如果该手机号绑定了账号），5分钟内有效。</p>
            <Field name="smscode" label="短信验证码" type="text" inputmode="numeric" error={e.smscode} autocomplete="one-time-code" required maxlength={6} autofocus />
            <Button type="primary" htmlType="submit" size="large" block name="step" value="verify">
              下一步
            </Button>
            <Button htmlType="submit" size="large" block name="step" value="send">
              重新发送验证码
            </Button>
          </>
        )}
        {p.step === 3 && (
          <>
            <input type="hidden" name="phone" value={p.phone ?? ''} />
            <input type="hidden" name="ticket" value={p.ticket ?? ''} />
            {p.username && <p class="xt-note">为账户 <b>{p.username}</b> 设置新的密码。</p>}
            <Field name="password" label="新密码" type="password" error={e.password} autocomplete="new-password" required help={p.passwordHelp} autofocus />
            <Field name="confirmpassword" label="确认新密码" type="password" error={e.confirmpassword} autocomplete="new-password" required />
            <Button type="primary" htmlType="submit" size="large" block name="step" value="change">
              重置密码
            </Button>
          </>
        )}
        <p class="xt-login-links">
          <a href="/user/login">返回登录</a>
        </p>
      </form>
    </UserLayout>
  );
}
