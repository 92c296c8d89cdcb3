// The exception pages /exception/403, /exception/404 and /exception/500 (teaching-open's 异常页 examples, menu
// group 开发示例): the shell's error content with 返回首页, for every logged-in user, and the gallery's note on
// where that content comes from. They answer 200: the page exists, it only shows what a refusal, a missing page
// and a server error look like.
import type { Hono } from 'hono';
import { GALLERY_CSS, SourceNote } from '../../templates/demo/gallery.js';
import { ExceptionContent, type ExceptionCode } from '../../templates/exception.js';
import type { PageEnv } from './context.js';
import { shellPage } from './shell-page.js';

const SOURCES = [
  { path: 'src/templates/exception.tsx', what: 'ExceptionContent（壳内）与 ExceptionPage（独立页面）' },
  { path: 'src/server/pages/index.ts', what: 'exceptionPage()：未知地址、页面出错时显示 404 / 500' },
  { path: 'src/server/pages/shell-page.tsx', what: '没有菜单权限的页面显示 403（状态码 403）' },
];

export function registerExceptionPages(app: Hono<PageEnv>) {
  for (const code of [403, 404, 500] as ExceptionCode[]) {
    const route = `/exception/${code}`;
    app.get(route, (c) =>
      shellPage(c, { current: route, title: String(code), open: true }, () => (
        <>
          <link rel="stylesheet" href={GALLERY_CSS} />
          <ExceptionContent code={code} />
          <div class="xt-gallery-below">
            <SourceNote sources={SOURCES} />
          </div>
        </>
      )),
    );
  }
}
