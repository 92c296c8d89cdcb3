// Small DOM helpers of the editors' own chrome (Scratch, 积木编程, 图形化Python): the status line and modal
// dialogs (plain DOM, no framework: the pages already carry an editor engine and stay light otherwise).

type Attrs = Record<string, string | boolean | ((e: Event) => void)>;

/** Creates an element; string children become text (never HTML). */
export function h(tag: string, attrs: Attrs = {}, ...children: (Node | string | null | undefined | false)[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (typeof v === 'function') el.addEventListener(k.replace(/^on/, '').toLowerCase(), v as EventListener);
    else if (v === true) el.setAttribute(k, '');
    else if (v !== false) el.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

export function setStatus(text: string, kind: 'info' | 'ok' | 'error' | 'busy' = 'info'): void {
  const el = document.getElementById('xt-ed-status');
  if (!el) return;
  el.textContent = text;
  el.dataset.kind = kind;
}

export interface DialogButton<T> {
  label: string;
  value: T;
  primary?: boolean;
  danger?: boolean;
}

export interface OpenDialog<T> {
  result: Promise<T>;
  close(value: T): void;
  root: HTMLElement;
}

/** A modal dialog; resolves with the value of the button pressed (Escape gives `dismiss`). */
export function openDialog<T>(opts: { title: string; body: (Node | string)[]; buttons: DialogButton<T>[]; dismiss?: T; className?: string }): OpenDialog<T> {
  let done: (v: T) => void = () => {};
  const result = new Promise<T>((r) => (done = r));
  const titleId = `xt-dlg-${Math.random().toString(36).slice(2)}`;
  const footer = h('div', { class: 'xt-dlg-footer' });
  const box = h(
    'div',
    { class: `xt-dlg ${opts.className ?? ''}`, role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId },
    h('h2', { class: 'xt-dlg-title', id: titleId }, opts.title),
    h('div', { class: 'xt-dlg-body' }, ...opts.body),
    footer,
  );
  const mask = h('div', { class: 'xt-dlg-mask' }, box);
  const previous = document.activeElement as HTMLElement | null;
  const close = (v: T) => {
    mask.remove();
    document.removeEventListener('keydown', onKey, true);
    previous?.focus?.();
    done(v);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && opts.dismiss !== undefined) {
      e.stopPropagation();
      close(opts.dismiss);
    }
  };
  for (const b of opts.buttons) {
    footer.append(h('button', { type: 'button', class: `xt-ed-btn${b.primary ? ' xt-ed-primary' : ''}${b.danger ? ' xt-ed-danger' : ''}`, onclick: () => close(b.value) }, b.label));
  }
  document.addEventListener('keydown', onKey, true);
  document.body.append(mask);
  (box.querySelector('input') ?? footer.querySelector('.xt-ed-primary') ?? footer.querySelector('button'))?.focus();
  return { result, close, root: box };
}
