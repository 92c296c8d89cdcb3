// /scratch3/player.html: a standalone page (no shell) that plays one Scratch 3 project with the TurboWarp
// scaffolding engine (MPL-2.0, loaded as shipped from /static/vendor). Server-rendered controls — 绿旗, 停止,
// 全屏 and on-screen keys for touch screens — that the host script (src/islands/scratch/player.ts) wires up;
// when the work cannot be shown, the page is a Chinese message and loads no script at all.
import { Document } from '../document.js';

export interface PlayerSource {
  /** Same-origin path of the .sb3 (a stored file). */
  src: string;
  title: string;
  workId?: string;
  /** The project uses cloud variables: connect to /api/websocket/scratch/cloudData with the work id. */
  cloud?: boolean;
  /** Who plays (the cloud server's `user`); empty for visitors. */
  username?: string;
  /** Press the green flag as soon as the project is loaded (the visitor already asked to play). */
  autoplay?: boolean;
}

export interface PlayerPageProps {
  brandName: string;
  engine: string;
  /** Where the music extension's samples are served (a folder URL ending in '/'). */
  music: string;
  host: string;
  styles: string[];
  source: PlayerSource | null;
  /** When `source` is null: why (shown to the visitor). */
  message?: string;
  detail?: string;
}

const FlagIcon = () => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
    <path d="M5 21V4" stroke="#2f7d1f" stroke-width="2.2" stroke-linecap="round" />
    <path d="M6 4.5c4-2.4 7.5 2.2 13 0v9c-5.5 2.2-9-2.4-13 0z" fill="#4cbf56" stroke="#2f7d1f" stroke-width="1.4" stroke-linejoin="round" />
  </svg>
);

const StopIcon = () => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
    <path d="M8 3h8l5 5v8l-5 5H8l-5-5V8z" fill="#ec5959" stroke="#b84848" stroke-width="1.4" stroke-linejoin="round" />
  </svg>
);

const FullIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" class="xt-pb-enter">
    <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" stroke="currentColor" stroke-width="2" fill="none" stroke-linecap="round" />
  </svg>
);

const ExitIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" class="xt-pb-exit">
    <path d="M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5" stroke="currentColor" stroke-width="2" fill="none" stroke-linecap="round" />
  </svg>
);

/** The on-screen keys of phones and tablets: the arrows and the space bar, as Scratch games use them. */
const KEYS: [key: string, label: string, name: string][] = [
  ['ArrowUp', '↑', '上'],
  ['ArrowLeft', '←', '左'],
  ['ArrowDown', '↓', '下'],
  ['ArrowRight', '→', '右'],
  [' ', '空格', '空格'],
];

export function PlayerPage(p: PlayerPageProps) {
  const s = p.source;
  const title = s ? `${s.title} · ${p.brandName}` : `${p.message ?? '无法播放'} · ${p.brandName}`;
  if (!s) {
    return (
      <Document title={title} styles={p.styles} htmlClass="xt-player-html" bodyClass="xt-player-body">
        <main class="xt-player xt-player-failed">
          <div class="xt-player-message" role="alert">
            <p class="xt-player-message-title">{p.message ?? '作品无法播放'}</p>
            {p.detail ? <p class="xt-player-message-detail">{p.detail}</p> : null}
            <p class="xt-player-message-detail">
              <a href="/home" target="_top">
                返回首页
              </a>
            </p>
          </div>
        </main>
      </Document>
    );
  }
  return (
    <Document
      title={title}
      styles={p.styles}
      scripts={[p.engine]}
      modules={[p.host]}
      // The project downloads while the engine does.
      head={<link rel="preload" href={s.src} as="fetch" crossorigin="anonymous" />}
      htmlClass="xt-player-html"
      bodyClass="xt-player-body"
    >
      <main
        class="xt-player"
        id="xt-player"
        data-src={s.src}
        data-music={p.music}
        data-work-id={s.workId ?? ''}
        data-cloud={s.cloud ? '1' : '0'}
        data-username={s.username ?? ''}
        data-autoplay={s.autoplay ? '1' : '0'}
        data-state="loading"
      >
        <div class="xt-player-bar" role="toolbar" aria-label="播放控制">
          <button type="button" class="xt-pb" data-act="flag" title="开始（绿旗）" aria-label="绿旗开始" disabled>
            <FlagIcon />
          </button>
          <button type="button" class="xt-pb" data-act="stop" title="停止" aria-label="停止" disabled>
            <StopIcon />
          </button>
          <span class="xt-player-title" title={s.title}>
            {s.title}
          </span>
          <button type="button" class="xt-pb" data-act="fullscreen" title="全屏" aria-label="全屏" aria-pressed="false">
            <FullIcon />
            <ExitIcon />
          </button>
        </div>
        <div class="xt-player-stage" id="xt-stage">
          <div class="xt-player-status" role="status" aria-live="polite">
            <span class="xt-player-spinner" aria-hidden="true" />
            <span class="xt-player-status-text">正在加载作品…</span>
          </div>
          <noscript>
            <p class="xt-player-noscript">播放作品需要启用浏览器的 JavaScript。</p>
          </noscript>
          <button type="button" class="xt-player-go" data-act="flag" aria-label="点击绿旗开始" hidden>
            <FlagIcon />
          </button>
        </div>
        <div class="xt-player-keys" role="group" aria-label="屏幕按键">
          {KEYS.map(([key, label, name]) => (
            <button type="button" class={key === ' ' ? 'xt-key xt-key-space' : 'xt-key'} data-key={key} aria-label={`${name}键`}>
              {label}
            </button>
          ))}
        </div>
      </main>
    </Document>
  );
}
