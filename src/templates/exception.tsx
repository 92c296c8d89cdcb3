// The exception pages of SPEC §2 (403, 404, 500): inside the shell's content area (antd Result markup), and
// as a page of their own for visitors outside the shell.
import { Document, documentTitle } from './document.js';

export type ExceptionCode = 403 | 404 | 500;

/** antd Pro's exception texts. */
const EXCEPTION_TEXT: Record<ExceptionCode, string> = {
  403: '抱歉，你无权访问该页面',
  404: '抱歉，你访问的页面不存在',
  500: '抱歉，服务器出错了',
};

export function ExceptionPage({ code, brandName, loggedIn }: { code: ExceptionCode; brandName: string; loggedIn: boolean }) {
  return (
    <Document title={documentTitle(brandName, String(code))} styles={['/static/css/site.css']} bodyClass="xt-exception">
      <main class="xt-exception-box">
        <div class="xt-exception-code">{code}</div>
        <h1>{EXCEPTION_TEXT[code]}</h1>
        <p>
          <a class="xt-btn xt-btn-primary" href={loggedIn ? '/dashboard/index' : '/home'}>
            返回首页
          </a>
        </p>
      </main>
    </Document>
  );
}

/** The failure shown inside the shell's content area (antd Result markup). */
export function ExceptionContent({ code }: { code: ExceptionCode }) {
  return (
    <div class={`ant-result ant-result-${code} app xt-result`}>
      <div class="ant-result-title">{code}</div>
      <div class="ant-result-subtitle">{EXCEPTION_TEXT[code]}</div>
      <div class="ant-result-extra">
        <a class="ant-btn app ant-btn-primary ant-btn-color-primary ant-btn-variant-solid" href="/dashboard/index" hx-boost="true" hx-target="#content">
          <span>返回首页</span>
        </a>
      </div>
    </div>
  );
}
