// /python/index.html — 图形化Python (work type 4; anchor params workId, unitId, departId, additionalId, scene,
// lang=turtle, url): the shared editor bar (templates/editor-host.tsx) above the block workspace, the generated
// code and the run area. Our host script (src/islands/python/editor.ts) does the rest in the browser.
import type { Hono } from 'hono';
import { raw } from 'hono/html';
import { asset } from '../../../templates/assets.js';
import { Document } from '../../../templates/document.js';
import { EditorBar, EditorBootData, type EditorBoot } from '../../../templates/editor-host.js';
import { PythonRunArea } from '../../../templates/python.js';
import { editorBoot, PRIVATE_PAGE } from '../editor-host.js';
import type { PageEnv } from '../context.js';
import { jsonBlock, pythonBoot } from './runtime.js';

const EDITOR_PATH = '/python/index.html';

function EditorPage({ boot }: { boot: EditorBoot }) {
  return (
    <Document
      title={`图形化Python - ${boot.brandName}`}
      styles={[asset('/static/css/editor-host.css'), asset('/static/css/python.css')]}
      modules={[asset('/static/build/python/editor.js')]}
      head={
        <>
          <EditorBootData boot={boot} />
          <script type="application/json" id="xt-python-boot">
            {raw(jsonBlock(pythonBoot()))}
          </script>
        </>
      }
      bodyClass="xt-editor-body py-body py-editor"
    >
      <EditorBar boot={boot} />
      <div class="py-toolbar">
        <label class="py-title">
          作品名称 <input id="py-title" maxlength={64} autocomplete="off" />
        </label>
        <button type="button" class="py-btn" id="py-mode" aria-pressed="false">
          文本模式
        </button>
        <span class="py-mode-note" id="py-mode-note" hidden>
          文本模式：直接编写 Python 代码。修改后的代码不能再变回积木。
        </span>
      </div>
      <main class="py-main">
        <section class="py-blocks-pane" id="py-blocks-pane" aria-label="积木区">
          <div class="py-blocks" id="py-blocks" />
        </section>
        <section class="py-code-pane" aria-label="Python 代码">
          <pre class="py-code" id="py-code" aria-readonly="true" />
          <textarea class="py-text" id="py-text" spellcheck={false} aria-label="Python 代码（文本模式）" hidden />
        </section>
        <PythonRunArea />
      </main>
    </Document>
  );
}

export function registerPythonEditor(app: Hono<PageEnv>): void {
  app.get(EDITOR_PATH, async (c) => {
    const boot = await editorBoot(c);
    c.header('Cache-Control', PRIVATE_PAGE);
    return c.html('<!doctype html>' + (<EditorPage boot={boot} />));
  });
}
