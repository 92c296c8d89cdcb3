// The exception pages /exception/403, /exception/404 and /exception/500 (teaching-open's 异常页 examples):
// the shell's error content with 返回首页, for every logged-in user. They answer 200: the page exists, it
// only shows what a refusal, a missing page and a server error look like.
import type { Hono } from 'hono';
import { ExceptionContent, type ExceptionCode } from '../../templates/exception.js';
import type { PageEnv } from './context.js';
import { shellPage } from './shell-page.js';

export function registerExceptionPages(app: Hono<PageEnv>) {
  for (const code of [403, 404, 500] as ExceptionCode[]) {
    const route = `/exception/${code}`;
    app.get(route, (c) => shellPage(c, { current: route, title: String(code), open: true }, () => <ExceptionContent code={code} />));
  }
}
