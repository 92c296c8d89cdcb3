// Host script of /scratch3/player.html: loads the work's .sb3 into the TurboWarp scaffolding engine (a global
// from /static/vendor/scaffolding@…/scaffolding-min.js, loaded by its own <script> before this module) and wires
// the server-rendered controls: 绿旗, 停止, 全屏, on-screen keys. Mouse, touch and the keyboard reach the project
// through scaffolding itself. The page talks to its parent only through postMessage (./_protocol.ts).
import type { FromPlayer } from './_protocol';

const isPlayerMessage = (data: unknown): data is { xtPlayer: string } =>
  !!data && typeof data === 'object' && typeof (data as { xtPlayer?: unknown }).xtPlayer === 'string';

interface Vm {
  start(): void;
  postIOData(device: string, data: unknown): void;
}
interface Engine {
  width: number;
  height: number;
  resizeMode: string;
  editableLists: boolean;
  shouldConnectPeripherals: boolean;
  messages: Record<string, string>;
  vm: Vm;
  setup(): void;
  appendTo(el: HTMLElement): void;
  relayout(): void;
  loadProject(data: ArrayBuffer): Promise<void>;
  greenFlag(): void;
  stopAll(): void;
  setUsername(name: string): void;
  addCloudProvider(provider: unknown): void;
  addEventListener(type: 'PROJECT_RUN_START' | 'PROJECT_RUN_STOP', fn: () => void): void;
}
interface ScaffoldingModule {
  Scaffolding: new () => Engine;
  CloudVariables: { WebSocketProvider: new (host: string, projectId: string) => unknown };
}
declare global {
  interface Window {
    Scaffolding?: ScaffoldingModule;
    /** For tests and the bench: the engine once the project is loaded. */
    xtPlayer?: Engine;
  }
}

/** Monitor labels in Chinese (scaffolding ships English ones). */
const MESSAGES: Record<string, string> = {
  'var-x': 'x 坐标',
  'var-y': 'y 坐标',
  'var-direction': '方向',
  'var-username': '用户名',
  'var-costume-number': '造型编号',
  'var-costume-name': '造型名称',
  'var-backdrop-number': '背景编号',
  'var-backdrop-name': '背景名称',
  'var-size': '大小',
  'var-answer': '回答',
  'var-mousedown': '按下鼠标？',
  'var-mousex': '鼠标的 x 坐标',
  'var-mousey': '鼠标的 y 坐标',
  'var-loudness': '响度',
  'var-timer': '计时器',
  'var-dayssince2000': '自2000年开始至今的天数',
  'var-volume': '音量',
  'var-year': '年',
  'var-month': '月',
  'var-date': '日',
  'var-day-of-week': '星期',
  'var-hour': '时',
  'var-minute': '分',
  'var-second': '秒',
  'list-empty': '（空）',
  'list-length': '长度 {n}',
  'list-import': '导入',
  'list-export': '导出',
};

const KEY_CODES: Record<string, number> = { ' ': 32, ArrowLeft: 37, ArrowUp: 38, ArrowRight: 39, ArrowDown: 40 };

const root = document.getElementById('xt-player') as HTMLElement;
const stage = document.getElementById('xt-stage') as HTMLElement;
const statusBox = root.querySelector('.xt-player-status') as HTMLElement;
const statusText = root.querySelector('.xt-player-status-text') as HTMLElement;
const goButton = root.querySelector('.xt-player-go') as HTMLButtonElement;
const inFrame = window.parent !== window;

function tell(msg: FromPlayer) {
  if (inFrame) window.parent.postMessage(msg, location.origin);
}

function setState(state: 'loading' | 'ready' | 'running' | 'failed') {
  root.dataset.state = state;
}

function fail(message: string, err?: unknown) {
  if (err) console.error('[player]', err);
  setState('failed');
  statusBox.hidden = false;
  statusBox.setAttribute('role', 'alert');
  statusBox.classList.add('xt-player-status-error');
  statusText.textContent = message;
  goButton.hidden = true;
  tell({ xtPlayer: 'error', message });
}

/** Where scaffolding-min fetches the music extension's samples; we serve the same files (root.dataset.music). */
const MUSIC_CDN = 'https://packagerdata.turbowarp.org/scaffolding-music-v1/';

/**
 * Nothing leaves this origin. The music extension's samples come from our copy (scripts/build.mjs extracts
 * them); the engine's other optional parts (text to speech, translation, custom extensions) would fetch from
 * other hosts: the CSP blocks them too, and refusing here keeps the browser from even trying and lets the
 * project go on without them.
 */
function confineFetch() {
  const own = window.fetch.bind(window);
  const music = root.dataset.music ?? '';
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (music && href.startsWith(MUSIC_CDN)) {
      const file = href.slice(MUSIC_CDN.length);
      if (/^[\w-]+(\/[\w-]+)*\.mp3$/.test(file)) return own(music + file, init);
    }
    let url: URL | null = null;
    try {
      url = new URL(href, location.href);
    } catch {
      // refused below
    }
    if (url && (url.protocol === 'data:' || url.protocol === 'blob:' || url.origin === location.origin)) return own(input, init);
    console.warn('[player] 已阻止访问其他网站：', url ? url.origin : href);
    return Promise.reject(new TypeError('播放器只访问本站'));
  };
}

async function loadProjectFile(src: string): Promise<ArrayBuffer> {
  let res: Response;
  try {
    res = await fetch(src, { credentials: 'same-origin' });
  } catch (err) {
    throw new PlayerError('作品文件下载失败，请检查网络后刷新重试。', err);
  }
  if (res.status === 404) throw new PlayerError('作品文件不存在，可能已被删除。');
  if (res.status === 403) throw new PlayerError('没有权限查看这个作品。');
  if (!res.ok) throw new PlayerError(`作品文件下载失败（HTTP ${res.status}），请稍后重试。`);
  return res.arrayBuffer();
}

class PlayerError extends Error {
  constructor(
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** Resolves once the engine's <script> has run (it comes first in the document, deferred like this module). */
function engineReady(): Promise<ScaffoldingModule> {
  if (window.Scaffolding) return Promise.resolve(window.Scaffolding);
  return new Promise((resolve, reject) => {
    window.addEventListener('load', () => (window.Scaffolding ? resolve(window.Scaffolding) : reject(new PlayerError('播放器引擎加载失败，请刷新重试。'))));
  });
}

const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

let engine: Engine | null = null;
let pseudoFullscreen = false;

function setPressed(on: boolean) {
  root.querySelector('[data-act="fullscreen"]')?.setAttribute('aria-pressed', on ? 'true' : 'false');
  root.classList.toggle('xt-player-full', on);
}

function relayoutSoon() {
  requestAnimationFrame(() => engine?.relayout());
}

/** The page fills its window; in a frame the parent enlarges the frame (browsers without element full screen). */
function setPseudoFullscreen(on: boolean, fromParent = false) {
  pseudoFullscreen = on;
  document.documentElement.classList.toggle('xt-player-max', on);
  setPressed(on);
  if (!fromParent) tell({ xtPlayer: 'fullscreen', on });
  relayoutSoon();
}

/** Safari before 16.4 (iPad, Mac) has element full screen only with the webkit prefix; iPhone Safari has none. */
type WebkitDocument = Document & { webkitFullscreenElement?: Element | null; webkitFullscreenEnabled?: boolean; webkitExitFullscreen?: () => void };
type WebkitElement = HTMLElement & { webkitRequestFullscreen?: () => void };
const doc = document as WebkitDocument;
const fullscreenElement = () => doc.fullscreenElement ?? doc.webkitFullscreenElement ?? null;

function toggleFullscreen() {
  if (fullscreenElement()) {
    if (doc.exitFullscreen) void doc.exitFullscreen();
    else doc.webkitExitFullscreen?.();
    return;
  }
  if (pseudoFullscreen) {
    setPseudoFullscreen(false);
    return;
  }
  const el = root as WebkitElement;
  if (doc.fullscreenEnabled && el.requestFullscreen) {
    el.requestFullscreen().catch(() => setPseudoFullscreen(true));
  } else if (doc.webkitFullscreenEnabled && el.webkitRequestFullscreen) {
    el.webkitRequestFullscreen();
  } else {
    setPseudoFullscreen(true);
  }
}

function greenFlag() {
  if (!engine) return;
  goButton.hidden = true;
  engine.greenFlag();
  setState('running');
}

function bindControls() {
  root.querySelector('.xt-player-bar')?.addEventListener('click', (e) => {
    const button = (e.target as Element).closest('button');
    if (!button) return;
    // Keys go to the project only while nothing has focus (scaffolding listens on the document).
    button.blur();
    const act = button.dataset.act;
    if (act === 'flag') greenFlag();
    else if (act === 'stop') engine?.stopAll();
    else if (act === 'fullscreen') toggleFullscreen();
  });
  goButton.addEventListener('click', () => {
    goButton.blur();
    greenFlag();
  });
  for (const type of ['fullscreenchange', 'webkitfullscreenchange']) {
    document.addEventListener(type, () => {
      setPressed(!!fullscreenElement());
      relayoutSoon();
    });
  }
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && pseudoFullscreen) setPseudoFullscreen(false);
  });
  // On-screen keys (shown on touch screens): held down while the finger stays on them.
  for (const key of Array.from(root.querySelectorAll<HTMLButtonElement>('.xt-key'))) {
    const name = key.dataset.key ?? '';
    const send = (isDown: boolean) => {
      if (key.classList.contains('xt-key-down') === isDown) return;
      key.classList.toggle('xt-key-down', isDown);
      engine?.vm.postIOData('keyboard', { key: name, keyCode: KEY_CODES[name], isDown });
    };
    key.addEventListener('pointerdown', (e) => {
      e.preventDefault();
      try {
        key.setPointerCapture(e.pointerId);
      } catch {
        // not capturable: pointerup on the key still ends the press
      }
      send(true);
    });
    for (const type of ['pointerup', 'pointercancel', 'lostpointercapture']) key.addEventListener(type, () => send(false));
    key.addEventListener('contextmenu', (e) => e.preventDefault());
  }
  window.addEventListener('message', (e) => {
    if (e.source !== window.parent || e.origin !== location.origin || !isPlayerMessage(e.data)) return;
    const data = e.data as { xtPlayer: string; on?: boolean };
    if (data.xtPlayer === 'stop') engine?.stopAll();
    else if (data.xtPlayer === 'fullscreen' && !data.on && pseudoFullscreen) setPseudoFullscreen(false, true);
  });
}

async function main() {
  const src = root.dataset.src ?? '';
  const workId = root.dataset.workId ?? '';
  confineFetch();
  bindControls();
  // The project downloads while the engine starts (it was preloaded beside the engine script).
  const file = loadProjectFile(src);
  file.catch(() => undefined); // reported below, once
  try {
    const S = await engineReady();
    const sc = new S.Scaffolding();
    sc.width = 480;
    sc.height = 360;
    sc.resizeMode = 'preserve-ratio';
    sc.editableLists = false;
    sc.shouldConnectPeripherals = false; // no Bluetooth/USB hardware prompts on a web page
    sc.messages = { ...sc.messages, ...MESSAGES };
    try {
      sc.setup();
    } catch (err) {
      throw new PlayerError('浏览器不支持 WebGL，无法播放 Scratch 作品。请换用新版 Chrome、Edge 或 Safari。', err);
    }
    sc.appendTo(stage);
    const username = root.dataset.username ?? '';
    if (username) sc.setUsername(username);
    if (root.dataset.cloud === '1' && workId) {
      // Cloud variables of this work, on our own websocket (keyed by the work id).
      const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
      sc.addCloudProvider(new S.CloudVariables.WebSocketProvider(`${scheme}//${location.host}/api/websocket/scratch/cloudData`, workId));
    }
    sc.addEventListener('PROJECT_RUN_STOP', () => {
      if (root.dataset.state === 'running') setState('ready');
    });
    sc.addEventListener('PROJECT_RUN_START', () => setState('running'));
    const data = await file;
    try {
      await sc.loadProject(data);
    } catch (err) {
      throw new PlayerError('作品文件已损坏或不是 Scratch 3 作品，无法播放。', err);
    }
    engine = sc;
    window.xtPlayer = sc;
    sc.vm.start(); // hats such as "when key pressed" answer before the green flag, as in Scratch
    await nextFrame();
    await nextFrame();
    statusBox.hidden = true;
    for (const b of Array.from(root.querySelectorAll<HTMLButtonElement>('.xt-player-bar button'))) b.disabled = false;
    setState('ready');
    tell({ xtPlayer: 'ready' });
    if (root.dataset.autoplay === '1') greenFlag();
    else goButton.hidden = false;
  } catch (err) {
    fail(err instanceof PlayerError ? err.message : '作品加载失败，请刷新重试。', err instanceof PlayerError ? err.cause ?? err : err);
  }
}

void main();
