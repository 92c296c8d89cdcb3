// antd's `message`, `notification` and `Modal.error` in their own markup (styled by the static antd CSS),
// without React: the shell must warn (tabs), report HTTP errors (SPEC §8) and show the expired-session dialog
// before any island has loaded.
import { iconHtml } from './icons';

export type NoticeType = 'success' | 'info' | 'warning' | 'error';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function el(html: string): HTMLElement {
  const t = document.createElement('template');
  t.innerHTML = html.trim();
  return t.content.firstElementChild as HTMLElement;
}

/** A stack of notices (message list or notification list), laid out as antd lays it out. */
function stack(kind: 'message' | 'notification', placement: string): HTMLElement {
  const id = `xt-${kind}-list`;
  let list = document.getElementById(id);
  if (!list) {
    list = el(
      `<div id="${id}" class="ant-${kind} ant-${kind}-list ant-${kind}-${placement} app ant-${kind}-css-var ant-${kind}-stack ant-${kind}-stack-expanded" style="--notification-top: 8px"><div class="ant-${kind}-list-content"></div></div>`,
    );
    document.body.appendChild(list);
  }
  return list.firstElementChild as HTMLElement;
}

/** antd positions each notice by --notification-y; recompute after a notice comes or goes. */
function relayout(content: HTMLElement): void {
  let y = 0;
  Array.prototype.forEach.call(content.children, (n: HTMLElement, i: number) => {
    n.style.setProperty('--notification-y', `${y}px`);
    n.setAttribute('data-notification-index', String(content.children.length - 1 - i));
    y += n.offsetHeight + 16;
  });
  content.style.height = `${Math.max(0, y - 16)}px`;
}

function show(content: HTMLElement, notice: HTMLElement, seconds: number): void {
  content.appendChild(notice);
  relayout(content);
  const close = () => {
    if (!notice.parentNode) return;
    notice.remove();
    relayout(content);
  };
  const close_btn = notice.querySelector('.ant-notification-notice-close');
  if (close_btn) close_btn.addEventListener('click', close);
  if (seconds > 0) setTimeout(close, seconds * 1000);
}

/** antd `message.<type>(text, seconds)` (default 3 s). */
export function message(type: NoticeType, text: string, seconds = 3): void {
  const notice = el(
    `<div role="alert" class="ant-message-notice ant-message-notice-${type}"><div class="ant-message-notice-wrapper ant-message-${type}"><div class="ant-message-notice-icon ant-message-notice-icon-${type}">${iconHtml(type)}</div><div class="ant-message-notice-title">${esc(text)}</div></div></div>`,
  );
  show(stack('message', 'top'), notice, seconds);
}

/** antd `notification.<type>({title, description, duration})`; antd's default duration is 4.5 s. */
export function notify(type: NoticeType, title: string, description: string, seconds = 4.5): void {
  const notice = el(
    `<div role="alert" class="ant-notification-notice ant-notification-notice-${type} ant-notification-notice-closable"><div class="ant-notification-notice-wrapper"><div class="ant-notification-notice-icon ant-notification-notice-icon-${type}">${iconHtml(type)}</div><div class="ant-notification-notice-section"><div class="ant-notification-notice-title">${esc(title)}</div><div class="ant-notification-notice-description">${esc(description)}</div></div></div><button type="button" class="ant-notification-notice-close" aria-label="Close">${iconHtml('close', 'ant-notification-notice-close-icon')}</button></div>`,
  );
  show(stack('notification', 'topRight'), notice, seconds);
}

/** antd `Modal.error({title, content, okText, mask: false, onOk})`; resolves when OK is pressed. */
export function modalError(opts: { title: string; content: string; okText: string }): Promise<void> {
  const root = el(
    `<div class="ant-modal-root app ant-modal-css-var xt-modal-error"><div class="ant-modal-wrap" style="z-index: 2000"><div role="dialog" aria-modal="true" aria-labelledby="xt-modal-error-title" class="ant-modal ant-modal-confirm ant-modal-confirm-error" tabindex="-1" style="width: 416px"><div class="ant-modal-container"><div class="ant-modal-body"><div class="ant-modal-confirm-body-wrapper"><div class="ant-modal-confirm-body ant-modal-confirm-body-has-title">${iconHtml('error')}<div class="ant-modal-confirm-paragraph"><span class="ant-modal-confirm-title" id="xt-modal-error-title">${esc(opts.title)}</span><div class="ant-modal-confirm-content">${esc(opts.content)}</div></div></div><div class="ant-modal-confirm-btns"><button type="button" class="ant-btn app ant-btn-primary ant-btn-color-primary ant-btn-variant-solid"><span>${esc(opts.okText)}</span></button></div></div></div></div></div></div></div>`,
  );
  document.body.appendChild(root);
  const ok = root.querySelector('button') as HTMLButtonElement;
  ok.focus();
  return new Promise((resolve) => {
    ok.addEventListener('click', () => {
      ok.disabled = true;
      resolve();
    });
  });
}
