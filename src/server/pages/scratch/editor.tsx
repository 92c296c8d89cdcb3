// The Scratch editor page (/scratch3/index.html): our own top bar (site logo, the user's name, 保存 / 提交 / 返回,
// the source and licence of the GUI) above @scratch/scratch-gui-standalone, which is loaded as its own
// unmodified bundle (AGPL-3.0). Our host script (src/islands/scratch/editor.ts) reads the anchor's URL
// parameters, loads the project through the /api contract and saves through it; the page only hands it who is
// logged in and the site's name and logo. /scratch3/qr.svg draws the share link's QR code for the success dialog.
import type { Hono } from 'hono';
import { asset } from '../../../templates/assets.js';
import { Document } from '../../../templates/document.js';
import { EditorBar, EditorBootData, type EditorBoot } from '../../../templates/editor-host.js';
import { packageVersion, SCRATCH_GUI, vendorUrl } from '../../vendor.js';
import type { PageEnv } from '../context.js';
import { editorBoot, PRIVATE_PAGE } from '../editor-host.js';
import { qrImage } from '../share.js';

const EDITOR_PATH = '/scratch3/index.html';
const SCRATCH_SOURCE_URL = 'https://github.com/scratchfoundation/scratch-editor';

function EditorPage({ boot }: { boot: EditorBoot & { guiVersion: string } }) {
  const guiLabel = `${SCRATCH_GUI}@${boot.guiVersion}`;
  return (
    <Document
      title={`作品创作 - ${boot.brandName}`}
      styles={[asset('/static/css/editor-host.css'), asset('/static/css/scratch-editor.css')]}
      scripts={[vendorUrl(SCRATCH_GUI, 'scratch-gui-standalone.js')]}
      modules={[asset('/static/build/scratch/editor.js')]}
      head={<EditorBootData boot={boot} />}
      bodyClass="xt-editor-body"
    >
      <EditorBar
        boot={boot}
        extra={
          <a class="xt-ed-license" href={SCRATCH_SOURCE_URL} target="_blank" rel="noopener" title={`编辑器基于 ${guiLabel}（AGPL-3.0），点击查看源代码`}>
            源代码 / 许可证 (AGPL-3.0)
          </a>
        }
      />
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

export function registerScratchEditor(app: Hono<PageEnv>): void {
  app.get(EDITOR_PATH, async (c) => {
    const boot = { ...(await editorBoot(c)), guiVersion: packageVersion(SCRATCH_GUI) };
    c.header('Cache-Control', PRIVATE_PAGE);
    return c.html('<!doctype html>' + (<EditorPage boot={boot} />));
  });

  // The QR code of a work's share link for the success dialog (pages/share.ts: from PUBLIC_URL, else private to the
  // one who asked), so the editor needs no QR library.
  app.get('/scratch3/qr.svg', qrImage);
}
