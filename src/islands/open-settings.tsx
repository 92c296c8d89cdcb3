// A button that opens the shell's settings drawer (3a's settings-drawer island listens for xt:open-settings).

export function mount(el: HTMLElement, _props: unknown, ctx: { click: Element | null }): void {
  const open = () => document.dispatchEvent(new CustomEvent('xt:open-settings'));
  el.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('[data-xt-open-settings]')) open();
  });
  if (ctx.click?.closest('[data-xt-open-settings]')) open();
}
