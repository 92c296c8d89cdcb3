// User menu island (closed state: src/templates/shell/header-tools.tsx). The server renders a <details>
// dropdown of links and a logout form, which work without JavaScript; this adds what needs script:
// closing on outside click / Escape, 主题设置 (opens 3a's settings drawer via `xt:open-settings`), the
// password and department dialogs (their islands load on first use) and the logout confirmation.
import { navigate } from './account/navigate.js';

interface Props {
  username: string;
  realname: string;
}

const mounted = new WeakMap<HTMLElement, () => void>();

function act(action: string, target: Element, props: Props, details: HTMLDetailsElement | null): boolean {
  const close = () => {
    if (details) details.open = false;
  };
  switch (action) {
    case 'theme':
      close();
      document.dispatchEvent(new CustomEvent('xt:open-settings'));
      return true;
    case 'password':
      close();
      void import('./password-modal.js').then((m) => m.open({ username: props.username }));
      return true;
    case 'depart':
      close();
      void import('./depart-modal.js').then((m) => m.open());
      return true;
    case 'logout': {
      const form = target.closest('form');
      if (!(form instanceof HTMLFormElement)) return false;
      close();
      void import('./account/confirm-logout.js').then((m) => m.confirmLogout(form));
      return true;
    }
    case 'center':
    case 'settings-base': {
      close();
      const href = target.closest('a')?.getAttribute('href');
      if (!href) return false;
      navigate(href);
      return true;
    }
    default:
      return false;
  }
}

export function mount(el: HTMLElement, props: Props | undefined, ctx: { click: Element | null }): void {
  const p: Props = props ?? { username: '', realname: '' };
  const details = el.querySelector<HTMLDetailsElement>('details.xt-user-dropdown');

  const onClick = (ev: Event) => {
    const target = ev.target instanceof Element ? ev.target.closest('[data-xt-action]') : null;
    if (!target || !el.contains(target)) return;
    const ok = act(target.getAttribute('data-xt-action') ?? '', target, p, details);
    if (ok) ev.preventDefault();
  };
  // Submitting a logout form by keyboard (Enter) also asks first.
  const onSubmit = (ev: Event) => {
    const form = ev.target;
    if (!(form instanceof HTMLFormElement) || form.getAttribute('action') !== '/user/logout') return;
    ev.preventDefault();
    act('logout', form, p, details);
  };
  const onOutside = (ev: Event) => {
    if (details?.open && ev.target instanceof Node && !details.contains(ev.target)) details.open = false;
  };
  const onKey = (ev: KeyboardEvent) => {
    if (ev.key === 'Escape' && details?.open) {
      details.open = false;
      details.querySelector('summary')?.focus();
    }
  };
  el.addEventListener('click', onClick);
  el.addEventListener('submit', onSubmit);
  document.addEventListener('pointerdown', onOutside, true);
  document.addEventListener('keydown', onKey);
  mounted.set(el, () => {
    el.removeEventListener('click', onClick);
    el.removeEventListener('submit', onSubmit);
    document.removeEventListener('pointerdown', onOutside, true);
    document.removeEventListener('keydown', onKey);
  });

  // A click held back while this module loaded: act on it now (or let a plain link/summary do its thing).
  const held = ctx.click?.closest('[data-xt-action]');
  if (held && el.contains(held)) act(held.getAttribute('data-xt-action') ?? '', held, p, details);
  else if (ctx.click?.closest('summary') && details) details.open = !details.open;
}

export function unmount(el: HTMLElement): void {
  mounted.get(el)?.();
  mounted.delete(el);
}
