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
