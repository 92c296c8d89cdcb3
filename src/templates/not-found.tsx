// /404: the failure page of SPEC §2.
import { Document, documentTitle } from './document.js';

export function NotFoundPage({ brandName, loggedIn }: { brandName: string; loggedIn: boolean }) {
  return (
    <Document title={documentTitle(brandName, '404')} styles={['/static/css/site.css']} bodyClass="xt-exception">
      <main class="xt-exception-box">
        <div class="xt-exception-code">404</div>
        <h1>抱歉，你访问的页面不存在</h1>
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
export function NotFoundContent() {
  return (
    <div class="ant-result ant-result-404 app xt-result">
      <div class="ant-result-title">404</div>
      <div class="ant-result-subtitle">抱歉，你访问的页面不存在</div>
      <div class="ant-result-extra">
        <a class="ant-btn app ant-btn-primary ant-btn-color-primary ant-btn-variant-solid" href="/dashboard/index" hx-boost="true" hx-target="#content">
          <span>返回首页</span>
        </a>
      </div>
    </div>
  );
}
