// /python/player.html — the 图形化Python player (anchor: `?lang=turtle&url=<file url>`, used by the 预览 modal,
// course unit 案例 and /work-detail; also `?workId=<id>`, which the API's studentWorkInfo decides: public works for
// everyone, own works for their author, any for administrators). Only files stored on this site are played.
import type { Context, Hono } from 'hono';
import { raw } from 'hono/html';
import { asset } from '../../../templates/assets.js';
import { Document } from '../../../templates/document.js';
import { PythonRunArea } from '../../../templates/python.js';
import { siteConfig, type PageEnv } from '../context.js';
import { storedFilePath } from '../scratch/player-source.js';
import { jsonBlock, pythonBoot } from './runtime.js';

const PLAYER_PATH = '/python/player.html';

function ownOrigins(c: Context<PageEnv>): string[] {
  const out = [new URL(c.req.url).origin];
  const pub = c.get('config')?.publicUrl;
  if (pub) {
    try {
      out.push(new URL(pub).origin);
    } catch {
      // a malformed PUBLIC_URL adds nothing
    }
  }
  return out;
}

function PlayerPage({ title, src, message }: { title: string; src?: string; message?: string }) {
  return (
    <Document
      title={title}
      styles={[asset('/static/css/python.css')]}
      modules={src ? [asset('/static/build/python/player.js')] : []}
      head={src ? <script type="application/json" id="xt-python-boot">{raw(jsonBlock(pythonBoot(src)))}</script> : undefined}
      bodyClass="py-body py-player"
    >
      {src ? (
        <main class="py-player-main">
          <PythonRunArea />
          <details class="py-player-code">
            <summary>查看代码</summary>
            <pre class="py-code" id="py-code" />
          </details>
        </main>
      ) : (
        <main class="py-player-message" role="alert">
          {message}
        </main>
      )}
    </Document>
  );
}

export function registerPythonPlayer(app: Hono<PageEnv>) {
  app.get(PLAYER_PATH, async (c) => {
    const q = (k: string) => c.req.query(k)?.trim() ?? '';
    const cfg = await siteConfig(c);
    c.header('Cache-Control', 'private, no-store');
    const refuse = (status: 400 | 404, message: string) => c.html('<!doctype html>' + (<PlayerPage title={`Python作品 - ${cfg.brandName}`} message={message} />), status);
    const url = q('url') || q('workUrl');
    const workId = q('workId');
    if (url) {
      const src = storedFilePath(url, ownOrigins(c));
      if (!src) return refuse(400, '无法播放这个地址的作品：播放器只播放本站保存的作品文件。');
      return c.html('<!doctype html>' + (<PlayerPage title={`${q('workName').slice(0, 100) || 'Python作品'} - ${cfg.brandName}`} src={src} />));
    }
    if (workId) {
      let res;
      try {
        res = await c.get('upstream').workInfo(workId);
      } catch {
        return refuse(404, '作品暂时无法加载，请稍后刷新重试。');
      }
      if (!res.success || !res.result) return refuse(404, '作品不存在或未公开。');
      const w = res.result;
      if (w.workType !== '4') return refuse(404, '这个作品不是 Python 作品。');
      const src = storedFilePath(w.workFileKey_url, ownOrigins(c));
      if (!src) return refuse(404, '这个作品还没有保存代码文件，或文件不在本站。');
      return c.html('<!doctype html>' + (<PlayerPage title={`${w.workName || 'Python作品'} - ${cfg.brandName}`} src={src} />));
    }
    return refuse(400, '没有指定要播放的作品，请从作品页面打开播放器。');
  });
}
