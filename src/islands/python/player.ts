// The 图形化Python player (/python/player.html?lang=turtle&url=<file> or ?workId=): runs a saved work read-only
// in the same worker sandbox as the editor; the code is shown beside the stage. Nothing runs before 运行.
import { decodePy } from './_format';
import { mountRunner } from './_run-ui';

const boot = JSON.parse(document.getElementById('xt-python-boot')?.textContent || '{}') as { worker: string; src?: string };
const codeView = document.getElementById('py-code') as HTMLPreElement;
const runBtn = document.getElementById('py-run') as HTMLButtonElement;
const state = document.getElementById('py-state') as HTMLElement;

const runner = mountRunner(boot.worker);
let code = '';

async function load() {
  if (!boot.src) return;
  runBtn.disabled = true;
  try {
    const res = await fetch(boot.src, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(res.status === 404 ? '作品文件不存在，可能已被删除。' : `作品文件下载失败（HTTP ${res.status}）`);
    code = decodePy(await res.text()).code;
    codeView.textContent = code;
    runBtn.disabled = false;
    document.body.dataset.pyLoaded = '1';
  } catch (e) {
    state.textContent = e instanceof Error && /^作品/.test(e.message) ? e.message : '作品文件下载失败，请检查网络后刷新重试。';
    state.dataset.kind = 'error';
  }
}

runBtn.addEventListener('click', () => void runner.run(code));
void load();
