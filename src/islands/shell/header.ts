// The top bar: the greeting by the visitor's own clock (SPEC §9), and hide-on-scroll (SPEC §2: with a fixed
// header and auto-hide on, scrolling down past 100 px hides the header; scrolling up shows it again).

const HIDE_AFTER_PX = 100;

/** Greeting by hour (SPEC §9); the same table as the server's greeting(). */
function greeting(hour: number): string {
  if (hour < 9) return '早上好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}

export function initHeader(): void {
  const greet = document.querySelector('[data-xt-greeting]');
  if (greet) greet.textContent = greeting(new Date().getHours());

  let lastY = window.scrollY;
  let ticking = false;
  const update = () => {
    ticking = false;
    const y = window.scrollY;
    const body = document.body;
    const hide = body.classList.contains('xt-autohide-header') && y > HIDE_AFTER_PX && (y > lastY || body.classList.contains('xt-header-hidden'));
    body.classList.toggle('xt-header-hidden', hide && !(y < lastY));
    lastY = y;
  };
  window.addEventListener(
    'scroll',
    () => {
      if (!ticking) {
        ticking = true;
        requestAnimationFrame(update);
      }
    },
    { passive: true },
  );
}
