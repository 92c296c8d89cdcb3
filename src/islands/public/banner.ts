// The public banner strip (templates/public/hero.tsx) moves on every 5 seconds, as teaching-open's carousel did.
// The strip is complete without this script (a scroll-snapping row the visitor swipes or scrolls); it only
// advances it, looping to the first image. It pauses while the banner is pointed at, focused or touched and
// while the tab is hidden, and does nothing for visitors who ask for reduced motion.
const INTERVAL_MS = 5000;

function autoplay(root: HTMLElement) {
  const track = root.querySelector<HTMLElement>('.xt-banner-track');
  if (!track || track.children.length < 2) return;
  let held = false;
  const hold = () => (held = true);
  const release = () => (held = false);
  root.addEventListener('mouseenter', hold);
  root.addEventListener('mouseleave', release);
  root.addEventListener('focusin', hold);
  root.addEventListener('focusout', release);
  root.addEventListener('touchstart', hold, { passive: true });
  setInterval(() => {
    const width = track.clientWidth;
    if (held || document.hidden || !width) return;
    const next = Math.round(track.scrollLeft / width) + 1;
    track.scrollTo({ left: next < track.children.length ? next * width : 0, behavior: 'smooth' });
  }, INTERVAL_MS);
}

if (!matchMedia('(prefers-reduced-motion: reduce)').matches) {
  document.querySelectorAll<HTMLElement>('[data-banner]').forEach(autoplay);
}
