// The 图形化Python player (/python/player.html?lang=turtle&url=<file> or ?workId=): runs a saved work read-only
// in the same worker sandbox as the editor; the code is folded under 查看代码. Alone in a tab it waits for 运行; in a
// frame (/work-detail after the cover is clicked, the 预览 dialogs) it runs at once and speaks the players' protocol
// (islands/scratch/_protocol.ts): `ready` after the first drawn frame, `error` when it cannot play, `stop` obeyed.
import { decodePy } from './_format';
import { mountRunner } from './_run-ui';

const boot = JSON.parse(document.getElementById('xt-python-boot')?.textContent || '{}') as { worker: string; src?: string };
const codeView = document.getElementById('py-code') as HTMLPreElement;
const runBtn = document.getElementById('py-run') as HTMLButtonElement;
const state = document.getElementById('py-state') as HTMLElement;

const framed = window.parent !== window;
const tell = (m: { xtPlayer: 'ready' } | { xtPlayer: 'error'; message: string }) => {
  if (framed) window.parent.postMessage(m, location.origin);
};

const runner = mountRunner(boot.worker);
let code = '';

/** Runs the work; in a frame, tells the parent once something is drawn (or the program ended without drawing). */
function play() {
  void runner.run(code);
  let told = false;
  const watch = () => {
    if (told) return;
    const s = document.body.dataset.pyRun;
    if (runner.stage.drawn || s === 'done' || s === 'error' || s === 'stopped') {
      told = true;
      tell({ xtPlayer: 'ready' });
    } else requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}

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
    if (framed) play();
  } catch (e) {
    const message = e instanceof Error && /^作品/.test(e.message) ? e.message : '作品文件下载失败，请检查网络后刷新重试。';
    state.textContent = message;
    state.dataset.kind = 'error';
    tell({ xtPlayer: 'error', message });
  }
}

runBtn.addEventListener('click', play);
window.addEventListener('message', (e) => {
  if (e.origin !== location.origin || e.source !== window.parent) return;
  if ((e.data as { xtPlayer?: unknown } | null)?.xtPlayer === 'stop') document.getElementById('py-stop')?.click();
});
void load();
