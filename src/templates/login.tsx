// /user/login: a plain form that works without JavaScript; the server validates and answers in Chinese.
import { Alert, Button, inputClass } from './antd.js';
import { Document, documentTitle } from './document.js';
import { RichHtml } from './rich-html.js';

export interface LoginPageProps {
  brandName: string;
  brandDesc?: string;
  footerHtml: string;
  redirect: string;
  username?: string;
  /** Message for the whole form (wrong password, locked out …). */
  error?: string;
  fieldErrors?: { username?: string; password?: string };
}

function Field(p: { name: string; label: string; type: string; value?: string; error?: string; autocomplete: string; autofocus?: boolean }) {
  return (
    <div class={`ant-form-item${p.error ? ' ant-form-item-has-error' : ''}`}>
      <label class="xt-label" for={p.name}>{p.label}</label>
      <input
        class={inputClass({ size: 'large', error: !!p.error })}
        id={p.name}
        name={p.name}
        type={p.type}
        value={p.value ?? ''}
        autocomplete={p.autocomplete}
        placeholder={p.label}
        {...(p.autofocus ? { autofocus: true } : {})}
        {...(p.error ? { 'aria-invalid': 'true', 'aria-describedby': `${p.name}-error` } : {})}
      />
      {p.error && (
        <div class="ant-form-item-explain-error" id={`${p.name}-error`} role="alert">
          {p.error}
        </div>
      )}
    </div>
  );
}

export function LoginPage(p: LoginPageProps) {
  return (
    <Document title={documentTitle(p.brandName, '登录')} styles={['/static/build/antd.css', '/static/css/login.css']} bodyClass="app xt-user-layout">
      <main class="xt-login">
        <a class="xt-login-brand" href="/home">
          <img src="/static/favicon.svg" alt="" width="44" height="44" />
          <span>{p.brandName}</span>
        </a>
        {p.brandDesc && <p class="xt-login-desc">{p.brandDesc}</p>}
        <form class="ant-form ant-form-vertical xt-login-form" method="post" action="/user/login" novalidate>
          <h2>账户密码登录</h2>
          {p.error && <Alert type="error">{p.error}</Alert>}
          <input type="hidden" name="redirect" value={p.redirect} />
          <Field name="username" label="账户" type="text" value={p.username} error={p.fieldErrors?.username} autocomplete="username" autofocus={!p.username} />
          <Field name="password" label="密码" type="password" error={p.fieldErrors?.password} autocomplete="current-password" autofocus={!!p.username} />
          <Button type="primary" htmlType="submit" size="large" block>
            登录
          </Button>
        </form>
      </main>
      <footer class="xt-login-footer">
        <RichHtml html={p.footerHtml} />
      </footer>
    </Document>
  );
}
