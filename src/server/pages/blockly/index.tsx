// 积木编程 (/blockly/index.html, teaching-open's path; work type 10): Blockly (Apache-2.0, bundled into our host
// script, media from /static/build/blockly-media/) with a turtle stage, on the shared editor host (bar, drafts,
// 保存 / 提交, re-login). One page for both uses the anchor gives it: `?scene=create` (and the other host
// parameters) edits; `?workId=` without a scene plays the work read-only for anyone but its author (and always
// inside a frame: /work-detail, 预览), as does `?mode=play`. The program runs in a dedicated worker
// (/static/build/blockly/run.worker.js) whose own policy allows it to evaluate the generated code and nothing else.
import type { Hono } from 'hono';
import { asset } from '../../../templates/assets.js';
import { Document } from '../../../templates/document.js';
import { EditorBar, EditorBootData } from '../../../templates/editor-host.js';
import { packageVersion } from '../../vendor.js';
import type { PageEnv } from '../context.js';
import { editorBoot, PRIVATE_PAGE } from '../editor-host.js';

const PAGE_PATH = '/blockly/index.html';
const BLOCKLY_WORKER = '/static/build/blockly/run.worker.js';

export function registerBlocklyPage(app: Hono<PageEnv>): void {
  app.get(PAGE_PATH, async (c) => {
    const boot = { ...(await editorBoot(c)), worker: asset(BLOCKLY_WORKER), media: '/static/build/blockly-media/', blocklyVersion: packageVersion('blockly') };
    c.header('Cache-Control', PRIVATE_PAGE);
    return c.html(
      '<!doctype html>' +
        (
          <Document
            title={`积木编程 - ${boot.brandName}`}
            styles={[asset('/static/css/editor-host.css'), asset('/static/css/blockly-editor.css')]}
            modules={[asset('/static/build/blockly/editor.js')]}
            head={<EditorBootData boot={boot} />}
            bodyClass="xt-editor-body xt-bk-body"
          >
            <EditorBar boot={boot} extra={<input class="xt-ed-title" id="xt-ed-title" maxlength={64} aria-label="作品名" placeholder="作品名" />} />
            <main class="xt-bk-main" id="xt-bk-main">
              <div class="xt-bk-workspace" id="xt-bk-workspace" aria-label="积木编辑区">
                <noscript>积木编程需要启用 JavaScript。</noscript>
              </div>
              <section class="xt-bk-side" aria-label="舞台">
                <div class="xt-bk-tools">
                  <button type="button" class="xt-ed-btn xt-bk-run" id="xt-bk-run" disabled>
                    ▶ 运行
                  </button>
                  <button type="button" class="xt-ed-btn xt-bk-stop" id="xt-bk-stop" disabled>
                    ■ 停止
                  </button>
                  <label class="xt-bk-speed">
                    速度
                    <select id="xt-bk-speed">
                      <option value="1">慢</option>
                      <option value="4">中</option>
                      <option value="24" selected>快</option>
                      <option value="0">瞬间</option>
                    </select>
                  </label>
                  <span class="xt-bk-state" id="xt-bk-state" role="status" aria-live="polite" />
                </div>
                <div class="xt-bk-stage" id="xt-bk-stage">
                  <canvas id="xt-bk-canvas" width="400" height="400" aria-label="舞台：程序画出的图形" />
                  <canvas id="xt-bk-turtle" width="400" height="400" aria-hidden="true" />
                </div>
                <div class="xt-bk-output-title">输出</div>
                <pre class="xt-bk-output" id="xt-bk-output" aria-label="程序输出" aria-live="polite" />
              </section>
            </main>
          </Document>
        ),
    );
  });
}
