// /user/login and the other UserLayout pages' shared parts: plain forms that work without JavaScript; the
// server validates and answers in Chinese.
import type { Child } from 'hono/jsx';
import { Alert, Button, inputClass } from './antd.js';
import { Document, documentTitle } from './document.js';
import { RichHtml } from './rich-html.js';
import { asset } from './assets.js';

/** An image captcha to show in a form: its picture (data URL) and the key it was drawn for. */
export interface CaptchaView {
  image: string;
  checkKey: string;
}

export interface LoginPageProps {
  brandName: string;
  brandDesc?: string;
  footerHtml: string;
  redirect: string;
  username?: string;
  /** Message for the whole form (wrong password, locked out …). */
  error?: string;
  fieldErrors?: { username?: string; password?: string; captcha?: string };
  /** Shown after repeated failures: the next attempt must carry the code. */
  captcha?: CaptchaView;
  /** Self-registration is open (网站配置 allowReg): the form links to /user/register. */
  allowReg?: boolean;
}

export function Field(p: {
  name: string;
  label: string;
  type: string;
  value?: string;
  error?: string;
  autocomplete: string;
  autofocus?: boolean;
  help?: string;
  required?: boolean;
  maxlength?: number;
  inputmode?: 'numeric' | 'email' | 'tel' | 'text';
}) {
  const described = [p.error ? `${p.name}-error` : '', p.help ? `${p.name}-help` : ''].filter(Boolean).join(' ');
  return (
    <div class={`ant-form-item${p.error ? ' ant-form-item-has-error' : ''}`}>
      <label class="xt-label" for={p.name}>
        {p.label}
      </label>
      <input
        class={inputClass({ size: 'large', error: !!p.error })}
        id={p.name}
        name={p.name}
        type={p.type}
        value={p.value ?? ''}
        autocomplete={p.autocomplete}
        placeholder={p.label}
        {...(p.maxlength ? { maxlength: p.maxlength } : {})}
        {...(p.inputmode ? { inputmode: p.inputmode } : {})}
        {...(p.required ? { 'aria-required': 'true' } : {})}
        {...(p.autofocus ? { autofocus: true } : {})}
        {...(p.error ? { 'aria-invalid': 'true' } : {})}
        {...(described ? { 'aria-describedby': described } : {})}
      />
      {p.help && !p.error && (
        <div class="xt-help" id={`${p.name}-help`}>
          {p.help}
        </div>
      )}
      {p.error && (
        <div class="ant-form-item-explain-error" id={`${p.name}-error`} role="alert">
          {p.error}
        </div>
      )}
    </div>
  );
}

/** The code input, its picture and a 换一张 button (a submit that only draws a new picture, keeping the other fields). */
export function CaptchaField({ captcha, error, autofocus }: { captcha: CaptchaView; error?: string; autofocus?: boolean }) {
  return (
    <div class={`ant-form-item xt-captcha${error ? ' ant-form-item-has-error' : ''}`}>
      <label class="xt-label" for="captcha">
        验证码
      </label>
      <input type="hidden" name="checkKey" value={captcha.checkKey} />
      <div class="xt-captcha-row">
        <input
          class={inputClass({ size: 'large', error: !!error })}
          id="captcha"
          name="captcha"
          type="text"
          value=""
          autocomplete="off"
          autocapitalize="off"
          spellcheck={false}
          maxlength={8}
          placeholder="验证码"
          aria-required="true"
          {...(autofocus ? { autofocus: true } : {})}
          {...(error ? { 'aria-invalid': 'true', 'aria-describedby': 'captcha-error' } : {})}
        />
        <img class="xt-captcha-img" src={captcha.image} width="120" height="40" alt="验证码图片（看不清可点“换一张”）" />
      </div>
      <button type="submit" name="action" value="refresh-captcha" formnovalidate class="ant-btn ant-btn-link xt-captcha-refresh">
        看不清？换一张
      </button>
      {error && (
        <div class="ant-form-item-explain-error" id="captcha-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * Enter in a field submits through the form's first submit button: this invisible one comes before 换一张 so
 * Enter submits the form rather than drawing a new captcha.
 */
export const DefaultSubmit = () => (
  <button type="submit" class="xt-default-submit" tabindex={-1} aria-hidden="true">
    提交
  </button>
);

/**
 * The UserLayout page frame: brand link, description, the page's content, footer. Visitors open these pages, so
 * they keep to the public pages' budget (30 KB gzip of CSS and JS): login.css alone, no antd.css, no script.
 */
export function UserLayout(p: { brandName: string; brandDesc?: string; footerHtml: string; title: string; children: Child }) {
  return (
    <Document title={documentTitle(p.brandName, p.title)} styles={[asset('/static/css/login.css')]} bodyClass="app xt-user-layout">
      <main class="xt-login">
        <a class="xt-login-brand" href="/home">
          <img src="/static/favicon.svg" alt="" width="44" height="44" />
          <span>{p.brandName}</span>
        </a>
        {p.brandDesc && <p class="xt-login-desc">{p.brandDesc}</p>}
        {p.children}
      </main>
      <footer class="xt-login-footer">
        <RichHtml html={p.footerHtml} />
      </footer>
    </Document>
  );
}

export function LoginPage(p: LoginPageProps) {
  return (
    <UserLayout brandName={p.brandName} brandDesc={p.brandDesc} footerHtml={p.footerHtml} title="登录">
      <form class="ant-form ant-form-vertical xt-login-form" method="post" action="/user/login" novalidate>
        {p.captcha && <DefaultSubmit />}
        <h2>账户密码登录</h2>
        {p.error && <Alert type="error">{p.error}</Alert>}
        <input type="hidden" name="redirect" value={p.redirect} />
        <Field name="username" label="账户" type="text" value={p.username} error={p.fieldErrors?.username} autocomplete="username" autofocus={!p.username} />
        <Field name="password" label="密码" type="password" error={p.fieldErrors?.password} autocomplete="current-password" autofocus={!!p.username} />
        {p.captcha && <CaptchaField captcha={p.captcha} error={p.fieldErrors?.captcha} />}
        <Button type="primary" htmlType="submit" size="large" block>
          登录
        </Button>
        <p class="xt-login-links">
          <a href="/user/alteration">忘记密码</a>
          {p.allowReg && <a href="/user/register">注册账户</a>}
        </p>
      </form>
    </UserLayout>
  );
}
