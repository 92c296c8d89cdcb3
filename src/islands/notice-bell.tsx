// Notice bell island (closed state: src/templates/shell/notice-bell.tsx). Loaded when the browser is idle so
// the websocket connects without a click; it stays small — the popover (React + antd) is a separate chunk
// loaded on the first click. Until then this keeps the server-rendered badge current and shows a small
// 消息提醒 notification when a notice is pushed.
import { NoticeChannel, socketUrl } from './account/notice-socket.js';
import { NoticeStore } from './account/notice-store.js';
import { noticeTotal, type AnnouncementSummary, type NoticeMessage } from './account/types.js';

interface Props {
  userId: string | null;
  summary: AnnouncementSummary | null;
}

interface Mounted {
  channel: NoticeChannel | null;
  store: NoticeStore;
  unmountUi?: () => void;
  stopListening?: () => void;
}

/** Pages that change read state (the announcement list and its actions): the bell reloads after them. */
const READ_STATE_PATH = '/isps/userAnnouncement';

const mounted = new WeakMap<HTMLElement, Mounted>();

type PopoverModule = typeof import('./account/notice-popover.js');
let popoverModule: Promise<PopoverModule> | null = null;
const loadPopover = () => (popoverModule ??= import('./account/notice-popover.js'));

/** Updates the server-rendered antd Badge (before the React bell replaces it). */
function renderBadge(el: HTMLElement, total: number): void {
  const badge = el.querySelector('.xt-notice-badge');
  const trigger = el.querySelector('.xt-notice-trigger');
  if (!badge) return;
  let sup = badge.querySelector('sup.ant-badge-count');
  if (total <= 0) {
    sup?.remove();
  } else {
    if (!sup) {
      sup = document.createElement('sup');
      sup.setAttribute('data-show', 'true');
      badge.appendChild(sup);
    }
    const text = total > 99 ? '99+' : String(total);
    sup.className = 'ant-scroll-number ant-badge-count' + (text.length > 1 ? ' ant-badge-multiple-words' : '');
    sup.setAttribute('title', String(total));
    sup.textContent = text;
  }
  trigger?.setAttribute('aria-label', `消息通知（${total}条未读）`);
}

const CLOSE_SVG =
  '<svg fill-rule="evenodd" viewBox="64 64 896 896" focusable="false" width="1em" height="1em" fill="currentColor" aria-hidden="true"><path d="M799.86 166.31c.02 0 .04.02.08.06l57.69 57.7c.04.03.05.05.06.08a.12.12 0 010 .06c0 .03-.02.05-.06.09L569.93 512l287.7 287.7c.04.04.05.06.06.09a.12.12 0 010 .07c0 .02-.02.04-.06.08l-57.7 57.69c-.03.04-.05.05-.07.06a.12.12 0 01-.07 0c-.03 0-.05-.02-.09-.06L512 569.93l-287.7 287.7c-.04.04-.06.05-.09.06a.12.12 0 01-.07 0c-.02 0-.04-.02-.08-.06l-57.69-57.7c-.04-.03-.05-.05-.06-.07a.12.12 0 010-.07c0-.03.02-.05.06-.09L454.07 512l-287.7-287.7c-.04-.04-.05-.06-.06-.09a.12.12 0 010-.07c0-.02.02-.04.06-.08l57.7-57.69c.03-.04.05-.05.07-.06a.12.12 0 01.07 0c.03 0 .05.02.09.06L512 454.07l287.7-287.7c.04-.04.06-.05.09-.06a.12.12 0 01.07 0z"></path></svg>';

let toastHolder: HTMLElement | null = null;

/** The 消息提醒 notification (antd notification markup and CSS, no React needed), closing after 4.5 s. */
function showToast(m: NoticeMessage, store: NoticeStore): void {
  if (!toastHolder || !toastHolder.isConnected) {
    toastHolder = document.createElement('div');
    // A holder of our own (antd's notification root covers the whole right edge); each notice is antd's
    // static notification panel (markup and CSS of notification's PurePanel, in the extracted antd.css).
    toastHolder.className = 'xt-toast-holder';
    document.body.appendChild(toastHolder);
  }
  const panel = document.createElement('div');
  panel.className = 'ant-notification-notice-pure-panel app ant-notification-css-var';
  const notice = document.createElement('div');
  notice.className = 'ant-notification-notice ant-notification-notice-closable';
  notice.setAttribute('role', 'alert');
  panel.appendChild(notice);
  const section = document.createElement('div');
  section.className = 'ant-notification-notice-section';
  const title = document.createElement('div');
  title.className = 'ant-notification-notice-title';
  title.textContent = '消息提醒';
  const desc = document.createElement('div');
  desc.className = 'ant-notification-notice-description';
  desc.textContent = m.msgTxt ?? '您有新的消息';
  section.append(title, desc);
  notice.appendChild(section);
  if (m.msgId) {
    const actions = document.createElement('div');
    actions.className = 'ant-notification-notice-actions';
    const view = document.createElement('button');
    view.type = 'button';
    view.className = 'ant-btn app ant-btn-primary ant-btn-color-primary ant-btn-variant-solid ant-btn-sm';
    view.innerHTML = '<span></span>';
    view.firstElementChild!.textContent = '查看详情';
    const id = m.msgId;
    view.addEventListener('click', () => {
      close();
      void loadPopover().then((p) => {
        const item = [...(store.get()?.anntMsgList ?? []), ...(store.get()?.sysMsgList ?? [])].find((a) => a.id === id);
        return item ? p.openAnnouncement(item, store) : p.openDetail(id);
      });
    });
    actions.appendChild(view);
    notice.appendChild(actions);
  }
  const closeBtn = document.createElement('button');
  closeBtn.type = 'button';
  closeBtn.className = 'ant-notification-notice-close';
  closeBtn.setAttribute('aria-label', 'Close');
  closeBtn.innerHTML = `<span role="img" aria-label="Close" class="anticon anticon-close ant-notification-close-icon">${CLOSE_SVG}</span>`;
  notice.appendChild(closeBtn);
  toastHolder.appendChild(panel);
  const timer = setTimeout(close, 4500);
  function close() {
    clearTimeout(timer);
    panel.remove();
    if (toastHolder && !toastHolder.firstChild) {
      toastHolder.remove();
      toastHolder = null;
    }
  }
  closeBtn.addEventListener('click', close);
}

export function mount(el: HTMLElement, props: Props | undefined, ctx: { click: Element | null }): void {
  const p: Props = props ?? { userId: null, summary: null };
  const store = new NoticeStore(p.summary);
  const state: Mounted = { channel: null, store };
  mounted.set(el, state);
  let uiLoaded = false;
  store.subscribe(() => {
    if (!uiLoaded) renderBadge(el, noticeTotal(store.get()));
  });

  const openUi = () => {
    if (uiLoaded) return;
    uiLoaded = true;
    void loadPopover().then((m) => {
      if (mounted.get(el) !== state) return;
      const root = m.mountBell(el, store, { open: true });
      state.unmountUi = () => root.unmount();
    });
  };
  el.querySelector('.xt-notice-trigger')?.addEventListener('click', (e) => {
    e.preventDefault();
    openUi();
  });
  if (ctx.click) openUi();
  if (!p.summary) store.reload().catch(() => {});

  // Reading on /isps/userAnnouncement (open, 标为已读, 全部已读) happens through htmx requests: refresh after them.
  const afterRequest = (ev: Event) => {
    const detail = (ev as CustomEvent<{ pathInfo?: { requestPath?: string }; successful?: boolean }>).detail;
    const path = detail?.pathInfo?.requestPath ?? '';
    if (detail?.successful && path.startsWith(READ_STATE_PATH)) store.reload().catch(() => {});
  };
  document.addEventListener('htmx:afterRequest', afterRequest);
  state.stopListening = () => document.removeEventListener('htmx:afterRequest', afterRequest);

  if (p.userId && typeof WebSocket === 'function') {
    state.channel = new NoticeChannel({
      url: socketUrl(location, p.userId),
      onNotice: (m) => {
        store.reload().catch(() => {});
        showToast(m, store);
      },
      poll: () => store.reload().then(() => undefined),
      // For people and tests: whether pushes arrive over the socket (open) or by polling (closed).
      onState: (s) => el.setAttribute('data-socket', s),
    });
    state.channel.start();
  }
}

export function unmount(el: HTMLElement): void {
  const state = mounted.get(el);
  if (!state) return;
  mounted.delete(el);
  state.channel?.stop();
  state.stopListening?.();
  state.unmountUi?.();
}
