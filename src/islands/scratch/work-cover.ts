// /work-detail: a click on the cover (a link to the player page) puts the player in its place, in a frame, and
// starts the work. Also used by any page that marks a link with `data-player` (the 预览 dialogs). Talks to the
// player only through postMessage (./_protocol.ts): the player asks for an enlarged frame where the browser has
// no element full screen, and is told to stop when its frame goes away.
import type { ToPlayer } from './_protocol';

const isPlayerMessage = (data: unknown): data is { xtPlayer: string } =>
  !!data && typeof data === 'object' && typeof (data as { xtPlayer?: unknown }).xtPlayer === 'string';

const frames = new Set<HTMLIFrameElement>();

function send(frame: HTMLIFrameElement, msg: ToPlayer) {
  frame.contentWindow?.postMessage(msg, location.origin);
}

/**
 * Only our player pages are ever framed, whatever markup carries `data-player` (rich text may not): Scratch's, the
 * Python player and the Blockly viewer (the players of the server's shared/work-types.ts; islands cannot import it).
 */
const PLAYERS = ['/scratch3/player.html?', '/python/player.html?', '/blockly/index.html?'];

/** Replaces `link` (or the box around it) with the player in a frame; returns the frame, or null for another URL. */
export function openPlayer(link: HTMLAnchorElement): HTMLIFrameElement | null {
  const src = link.dataset.player || link.getAttribute('href') || '';
  if (!PLAYERS.some((p) => src.startsWith(p))) return null;
  const started = performance.now();
  const box = (link.closest('.xt-play-box') as HTMLElement | null) ?? link;
  const wrap = document.createElement('div');
  wrap.className = 'xt-player-frame';
  wrap.dataset.state = 'loading';
  const frame = document.createElement('iframe');
  frame.src = src;
  frame.title = link.getAttribute('aria-label') || '作品播放器';
  frame.allow = 'fullscreen; autoplay';
  frame.setAttribute('allowfullscreen', '');
  wrap.appendChild(frame);
  box.replaceWith(wrap);
  frames.add(frame);
  frame.dataset.started = String(started);
  frame.focus();
  return frame;
}

window.addEventListener('message', (e) => {
  if (e.origin !== location.origin || !isPlayerMessage(e.data)) return;
  const frame = Array.from(frames).find((f) => f.contentWindow === e.source);
  const wrap = frame?.parentElement;
  if (!frame || !wrap) return;
  const data = e.data as { xtPlayer: string; on?: boolean };
  if (data.xtPlayer === 'ready') {
    wrap.dataset.state = 'ready';
    // Time from the click to the first frame (the bench reads it).
    wrap.dataset.readyMs = String(Math.round(performance.now() - Number(frame.dataset.started)));
  } else if (data.xtPlayer === 'error') {
    wrap.dataset.state = 'failed';
  } else if (data.xtPlayer === 'fullscreen') {
    wrap.classList.toggle('xt-player-frame-max', !!data.on);
    document.documentElement.style.overflow = data.on ? 'hidden' : '';
  }
});

document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape') return;
  for (const f of frames) {
    if (f.parentElement?.classList.contains('xt-player-frame-max')) {
      f.parentElement.classList.remove('xt-player-frame-max');
      document.documentElement.style.overflow = '';
      send(f, { xtPlayer: 'fullscreen', on: false });
    }
  }
});

// Leaving the page (or a dialog closing its frame): stop the project first, so no sound plays on.
window.addEventListener('pagehide', () => {
  for (const f of frames) send(f, { xtPlayer: 'stop' });
});

// The links now open the player in place (tests wait for this mark; a click before it opens the player page).
for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>('a[data-player]'))) a.dataset.playerReady = '1';

document.addEventListener('click', (e) => {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const link = (e.target as Element).closest?.('a[data-player]') as HTMLAnchorElement | null;
  if (!link) return;
  if (openPlayer(link)) e.preventDefault();
});
