// 地图编辑器 (/course/courseUnit/map): places a course's units on its map. The server renders the map, the
// flags and a form with X/Y inputs per unit (which saves without JavaScript); this island adds selecting a
// flag, dragging it (or double-click to pick it up and again to drop it, as the anchor), keeps the inputs
// and flags in step, and asks before leaving with unsaved moves. Plain DOM, no framework.

interface Props {
  message: string;
}

const HALF = 25; // a flag's anchor: left/top = map X/Y − 25
const cleanups = new WeakMap<HTMLElement, () => void>();

export function mount(el: HTMLElement, props: unknown): void {
  const { message } = (props ?? {}) as Props;
  const form = el.querySelector<HTMLFormElement>('form.xt-map-form');
  const canvas = el.querySelector<HTMLElement>('.xt-map-canvas');
  const select = el.querySelector<HTMLSelectElement>('.xt-map-select');
  if (!form || !canvas) return;
  let dirty = false;
  let dragging: HTMLElement | null = null;
  let following = false;

  const flagOf = (id: string) => canvas.querySelector<HTMLElement>(`.xt-map-flag[data-unit="${CSS.escape(id)}"]`);
  const input = (axis: 'x' | 'y', id: string) => form.querySelector<HTMLInputElement>(`input[name="${axis}.${CSS.escape(id)}"]`);

  const activate = (id: string) => {
    canvas.querySelectorAll('.xt-map-flag.is-active').forEach((f) => f.classList.remove('is-active'));
    form.querySelectorAll('tr.is-active').forEach((r) => r.classList.remove('is-active'));
    flagOf(id)?.classList.add('is-active');
    form.querySelector(`tr[data-unit="${CSS.escape(id)}"]`)?.classList.add('is-active');
    if (select && select.value !== id) select.value = id;
  };

  const place = (flag: HTMLElement, x: number, y: number) => {
    const id = flag.dataset.unit ?? '';
    const cx = Math.max(0, Math.min(10000, Math.round(x)));
    const cy = Math.max(0, Math.min(10000, Math.round(y)));
    flag.style.left = `${cx - HALF}px`;
    flag.style.top = `${cy - HALF}px`;
    const ix = input('x', id);
    const iy = input('y', id);
    if (ix) ix.value = String(cx);
    if (iy) iy.value = String(cy);
    dirty = true;
  };

  /** Pointer position in map coordinates (the canvas scrolls). */
  const point = (e: PointerEvent | MouseEvent) => {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left + canvas.scrollLeft, y: e.clientY - r.top + canvas.scrollTop };
  };

  const onDown = (e: PointerEvent) => {
    const flag = (e.target as Element).closest<HTMLElement>('.xt-map-flag');
    if (!flag) return;
    activate(flag.dataset.unit ?? '');
    if (following) return;
    dragging = flag;
    flag.classList.add('is-dragging');
    flag.setPointerCapture?.(e.pointerId);
    e.preventDefault();
  };
  const onMove = (e: PointerEvent) => {
    if (!dragging) return;
    const p = point(e);
    place(dragging, p.x, p.y);
  };
  const onUp = () => {
    if (!dragging || following) return;
    dragging.classList.remove('is-dragging');
    dragging = null;
  };
  const onDouble = (e: MouseEvent) => {
    const flag = (e.target as Element).closest<HTMLElement>('.xt-map-flag');
    if (following && dragging) {
      dragging.classList.remove('is-dragging');
      dragging = null;
      following = false;
      return;
    }
    if (!flag) return;
    following = true;
    dragging = flag;
    flag.classList.add('is-dragging');
  };

  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerup', onUp);
  canvas.addEventListener('dblclick', onDouble);
  select?.addEventListener('change', () => activate(select.value));
  form.addEventListener('input', (e) => {
    const t = e.target as HTMLInputElement;
    const m = /^([xy])\.(.+)$/.exec(t.name);
    if (!m) return;
    const flag = flagOf(m[2]);
    if (!flag) return;
    activate(m[2]);
    place(flag, Number(input('x', m[2])?.value ?? 0), Number(input('y', m[2])?.value ?? 0));
  });
  form.addEventListener('submit', () => {
    dirty = false;
  });
  form.addEventListener('htmx:beforeRequest', () => {
    dirty = false;
  });

  // Leaving with unsaved moves: the 关闭 button, any other in-app navigation (htmx), or the browser.
  const ask = () => !dirty || window.confirm(message || '地图已修改，确定要关闭吗 ?');
  const onClose = (e: Event) => {
    if (!(e.target as Element).closest('.xt-map-close')) return;
    if (ask()) {
      dirty = false;
      return;
    }
    e.preventDefault();
    e.stopPropagation();
  };
  el.addEventListener('click', onClose, true);
  const onNavigate = (e: Event) => {
    const elt = (e as CustomEvent<{ elt?: Element }>).detail?.elt;
    if (!dirty || (elt && form.contains(elt))) return;
    if (ask()) dirty = false;
    else e.preventDefault();
  };
  document.body.addEventListener('htmx:beforeRequest', onNavigate);
  const onUnload = (e: BeforeUnloadEvent) => {
    if (!dirty) return;
    e.preventDefault();
    e.returnValue = '';
  };
  window.addEventListener('beforeunload', onUnload);
  if (select) activate(select.value);
  el.dataset.mapReady = '1';

  cleanups.set(el, () => {
    document.body.removeEventListener('htmx:beforeRequest', onNavigate);
    window.removeEventListener('beforeunload', onUnload);
  });
}

export function unmount(el: HTMLElement): void {
  cleanups.get(el)?.();
  cleanups.delete(el);
}
