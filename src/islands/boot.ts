/**
 * Island boot loader (bundled by scripts/build.mjs to /static/build/boot.js; load it with
 * `<script type="module" src="/static/build/boot.js?v=BUILD">`).
 *
 * Server markup:
 *   <div data-island="settings-drawer" [data-island-load="visible|idle"]>
 *     <script type="application/json">{"…": "props"}</script>
 *     …closed-state markup rendered by the server…
 *   </div>
 *
 * An island's module is `/static/build/islands/<name>.js` (with the `?v=` query of boot.js) and exports
 *   mount(el: HTMLElement, props: unknown, ctx: IslandContext): void | Promise<void>
 *   unmount?(el: HTMLElement): void        — called when htmx removes the element
 * It is loaded on the first pointerdown / focusin / keydown inside the element, or when the element
 * becomes visible (data-island-load="visible") or the browser is idle (data-island-load="idle").
 * A click that lands inside the element while its module loads is held back (default prevented) and
 * handed to mount as ctx.click: the island should act on it (e.g. open the drawer the button opens).
 * While loading, the element carries data-island-loading; once mounted, data-island-mounted. If the
 * module cannot be loaded and the held click was on a link, the link is followed (no-JS behaviour).
 * Other scripts may open an island themselves: window.xtIslands.activate(elementOrName, trigger) resolves
 * once it is mounted (ctx.trigger is their trigger name, e.g. 'xt:open-settings').
 */

export interface IslandContext {
  /** What started the load: 'pointerdown' | 'focusin' | 'keydown' | 'visible' | 'idle'. */
  trigger: string;
  /** The element clicked while the island was loading (that click was held back), else null. */
  click: Element | null;
}

interface IslandModule {
  mount(el: HTMLElement, props: unknown, ctx: IslandContext): void | Promise<void>;
  unmount?(el: HTMLElement): void;
}

const ATTR = 'data-island';
const NAME_RE = /^[a-z0-9][a-z0-9_-]*$/i;

const bootScript = document.querySelector<HTMLScriptElement>('script[src*="/boot.js"]');
const query = bootScript ? new URL(bootScript.src, location.href).search : '';
const base = '/static/build/islands/';

const modules = new Map<string, Promise<IslandModule>>();
const pendingClick = new WeakMap<HTMLElement, Element>();
const mountedWith = new WeakMap<HTMLElement, IslandModule>();

function load(name: string): Promise<IslandModule> {
  let p = modules.get(name);
  if (!p) {
    const url = base + name + '.js' + query;
    p = import(url) as Promise<IslandModule>;
    // Let a failed load (network blip) be retried on the next interaction.
    p.catch(() => modules.delete(name));
    modules.set(name, p);
  }
  return p;
}

function readProps(el: HTMLElement): unknown {
  const script = el.querySelector(':scope > script[type="application/json"]');
  if (!script || !script.textContent) return undefined;
  try {
    return JSON.parse(script.textContent);
  } catch (e) {
    console.error('[islands] bad props JSON', el, e);
    return undefined;
  }
}

const activations = new WeakMap<HTMLElement, Promise<void>>();

function activate(el: HTMLElement, trigger: string): Promise<void> {
  const running = activations.get(el);
  if (running) return running;
  if (el.hasAttribute('data-island-mounted')) return Promise.resolve();
  const name = el.getAttribute(ATTR) || '';
  if (!NAME_RE.test(name)) {
    console.error('[islands] invalid island name', name);
    return Promise.resolve();
  }
  el.setAttribute('data-island-loading', '');
  const done = load(name)
    .then(async (mod) => {
      const click = pendingClick.get(el) || null;
      pendingClick.delete(el);
      await mod.mount(el, readProps(el), { trigger, click });
      mountedWith.set(el, mod);
      el.removeAttribute('data-island-loading');
      el.setAttribute('data-island-mounted', '');
    })
    .catch((err) => {
      console.error('[islands] failed to load', name, err);
      el.removeAttribute('data-island-loading');
      // Fall back to what the server markup would have done without JavaScript.
      const target = pendingClick.get(el);
      pendingClick.delete(el);
      const link = target && target.closest('a[href]');
      if (link instanceof HTMLAnchorElement) location.href = link.href;
    })
    .then(() => {
      activations.delete(el);
    });
  activations.set(el, done);
  return done;
}

function islandOf(node: EventTarget | null): HTMLElement | null {
  if (!(node instanceof Element)) return null;
  const el = node.closest('[' + ATTR + ']');
  return el instanceof HTMLElement && !el.hasAttribute('data-island-mounted') ? el : null;
}

function onInteract(ev: Event): void {
  const el = islandOf(ev.target);
  if (el) activate(el, ev.type);
}

for (const type of ['pointerdown', 'focusin', 'keydown']) {
  document.addEventListener(type, onInteract, { capture: true, passive: true });
}

// Hold back clicks that arrive while the island's module is still loading; handed to mount as ctx.click.
document.addEventListener(
  'click',
  (ev) => {
    const el = islandOf(ev.target);
    if (!el || !el.hasAttribute('data-island-loading') || !(ev.target instanceof Element)) return;
    ev.preventDefault();
    ev.stopPropagation();
    pendingClick.set(el, ev.target);
  },
  true,
);

const observer: IntersectionObserver | null =
  'IntersectionObserver' in window
    ? new IntersectionObserver(
        (entries, io) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            io.unobserve(entry.target);
            activate(entry.target as HTMLElement, 'visible');
          }
        },
        { rootMargin: '200px' },
      )
    : null;

const idle: (cb: () => void) => void =
  typeof (window as { requestIdleCallback?: unknown }).requestIdleCallback === 'function'
    ? (cb) => (window as unknown as { requestIdleCallback(cb: () => void): void }).requestIdleCallback(cb)
    : (cb) => setTimeout(cb, 200);

function scan(root: ParentNode): void {
  root.querySelectorAll<HTMLElement>('[' + ATTR + ']:not([data-island-mounted])').forEach((el) => {
    const mode = el.getAttribute('data-island-load');
    if (mode === 'visible') {
      if (observer) observer.observe(el);
      else activate(el, 'visible');
    } else if (mode === 'idle') {
      idle(() => activate(el, 'idle'));
    }
  });
}

// htmx 2: new content has settled → look for new islands; content about to be removed → unmount.
document.addEventListener('htmx:afterSettle', () => scan(document));
document.addEventListener('htmx:beforeCleanupElement', (ev) => {
  const el = ev.target;
  if (!(el instanceof HTMLElement) || !el.hasAttribute(ATTR)) return;
  const mod = mountedWith.get(el);
  if (observer) observer.unobserve(el);
  if (mod && mod.unmount) {
    try {
      mod.unmount(el);
    } catch (err) {
      console.error('[islands] unmount failed', err);
    }
  }
});

// For scripts that open an island themselves (shell.ts opens the settings drawer on `xt:open-settings`):
// activate by element or by island name; resolves once it is mounted (or failed to load).
window.xtIslands = {
  activate(target: HTMLElement | string, trigger: string) {
    const el = typeof target === 'string' ? document.querySelector<HTMLElement>('[' + ATTR + '="' + target + '"]') : target;
    return el ? activate(el, trigger) : Promise.resolve();
  },
};

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => scan(document));
} else {
  scan(document);
}
