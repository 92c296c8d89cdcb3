// The Scratch editor page (/scratch3/index.html): our own top bar (site logo, the user's name, 保存 / 提交 / 返回,
// the source and licence of the GUI) above @scratch/scratch-gui-standalone, which is loaded as its own
// unmodified bundle (AGPL-3.0). Our host script (src/islands/scratch/editor.ts) reads the anchor's URL
// parameters, loads the project through the /api contract and saves through it; the page only hands it who is
// logged in and the site's name and logo. /scratch3/qr.svg draws the share link's QR code for the success dialog.
import type { Context, Hono } from 'hono';
import { raw } from 'hono/html';
import { asset } from '../../../templates/assets.js';
import { Document } from '../../../templates/document.js';
import { packageVersion, SCRATCH_GUI, vendorUrl } from '../../vendor.js';
import { siteConfig, type PageEnv } from '../context.js';
import { qrImage } from '../share.js';

const EDITOR_PATH = '/scratch3/index.html';
const SCRATCH_SOURCE_URL = 'https://github.com/scratchfoundation/scratch-editor';

/** What the host script needs from the server (JSON in a data block: the page runs no inline script). */
interface EditorBoot {
  user: { id: string; username: string; realname: string } | null;
  brandName: string;
  logo: string;
  guiVersion: string;
  /** The site's public address (share links), when configured. */
  publicUrl?: string;
  /** This page's path and query (where the login page sends the visitor back to). */
  here: string;
}

/** A stored file key as a URL of the files route; our own favicon when the site has no logo. */
const logoUrl = (key: string | undefined) => (key && /^[A-Za-z0-9][A-Za-z0-9_\-./]*$/.test(key) && !key.includes('..') ? `/api/sys/common/static/${key}` : '/static/favicon.svg');

/** Serialised for a <script type="application/json"> block: `<` escaped so no text can close the element. */
const jsonBlock = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

function EditorPage({ boot }: { boot: EditorBoot }) {
  const guiLabel = `${SCRATCH_GUI}@${boot.guiVersion}`;
  return (
    <Document
      title={`作品创作 - ${boot.brandName}`}
      styles={[asset('/static/css/scratch-editor.css')]}
      scripts={[vendorUrl(SCRATCH_GUI, 'scratch-gui-standalone.js')]}
      modules={[asset('/static/build/scratch/editor.js')]}
      head={<script type="application/json" id="xt-editor-boot">{raw(jsonBlock(boot))}</script>}
      bodyClass="xt-editor-body"
    >
      <header class="xt-ed-bar" role="banner">
        <a class="xt-ed-brand" href="/home" title="首页">
          <img src={boot.logo} alt="" width="28" height="28" />
          <span>{boot.brandName}</span>
        </a>
        <span class="xt-ed-status" id="xt-ed-status" role="status" aria-live="polite">
          编辑器加载中……
        </span>
        <span class="xt-ed-spacer" />
        <a class="xt-ed-license" href={SCRATCH_SOURCE_URL} target="_blank" rel="noopener" title={`编辑器基于 ${guiLabel}（AGPL-3.0），点击查看源代码`}>
          源代码 / 许可证 (AGPL-3.0)
        </a>
        {boot.user ? (
          <>
            <span class="xt-ed-user" title={boot.user.username}>
              {boot.user.realname || boot.user.username}
            </span>
            <button type="button" class="xt-ed-btn xt-ed-save" id="xt-ed-save" disabled>
              保存
            </button>
            <button type="button" class="xt-ed-btn xt-ed-submit" id="xt-ed-submit" disabled>
              提交
            </button>
          </>
        ) : (
          <>
            <span class="xt-ed-user">未登录</span>
            <a class="xt-ed-hint" href={`/user/login?redirect=${encodeURIComponent(boot.here)}`}>
              登录后可保存
            </a>
          </>
        )}
        <a class="xt-ed-btn xt-ed-back" href="/account/center">
          返回
        </a>
      </header>
      <main class="xt-ed-gui" id="xt-ed-gui" aria-label="Scratch 编辑器">
        <noscript>Scratch 编辑器需要启用 JavaScript。</noscript>
      </main>
      <footer class="xt-ed-about" id="xt-ed-about" hidden>
        编辑器：{guiLabel}，Scratch 基金会开发，按 AGPL-3.0 许可发布，本站未作修改；源代码见{' '}
        <a href={SCRATCH_SOURCE_URL} target="_blank" rel="noopener">
          {SCRATCH_SOURCE_URL}
        </a>
        （npm 包{' '}
        <a href={`https://www.npmjs.com/package/${SCRATCH_GUI}/v/${boot.guiVersion}`} target="_blank" rel="noopener">
          {guiLabel}
        </a>
        ，随附组件的许可证见{' '}
        <a href={vendorUrl(SCRATCH_GUI, 'scratch-gui-standalone.js.LICENSE.txt')} target="_blank" rel="noopener">
          LICENSE.txt
        </a>
        ）。Scratch 是 Scratch 基金会的商标，本站与其无关联。
      </footer>
    </Document>
  );
}

async function editorBoot(c: Context<PageEnv>): Promise<EditorBoot> {
  const [cfg, me] = await Promise.all([siteConfig(c), c.get('token') ? c.get('upstream').me().catch(() => null) : Promise.resolve(null)]);
  const u = me?.body.success ? me.body.result : null;
  return {
    user: u ? { id: u.id, username: u.username, realname: u.realname } : null,
    brandName: cfg.brandName,
    logo: logoUrl(cfg.logo2 || cfg.logo),
    guiVersion: packageVersion(SCRATCH_GUI),
    here: (() => {
      const u = new URL(c.req.url);
      return u.pathname + u.search;
    })(),
    ...(c.get('config').publicUrl ? { publicUrl: c.get('config').publicUrl } : {}),
  };
}

export function registerScratchEditor(app: Hono<PageEnv>): void {
  app.get(EDITOR_PATH, async (c) => {
    const boot = await editorBoot(c);
    // Personal (the user's name): never stored by a shared cache.
    c.header('Cache-Control', 'private, no-cache');
    return c.html('<!doctype html>' + (<EditorPage boot={boot} />));
  });

  // The QR code of a work's share link for the success dialog (pages/share.ts: from PUBLIC_URL, else private to the
  // one who asked), so the editor needs no QR library.
  app.get('/scratch3/qr.svg', qrImage);
}
