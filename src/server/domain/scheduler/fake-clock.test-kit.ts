// A clock for scheduler tests (the scheduler's own tests and the 定时任务 API's), moved by hand instead of waited for.
import type { Clock } from './scheduler.js';

/** A clock tests move by hand: timers fire in order as time passes, and each firing's work settles first. */
export class FakeClock implements Clock {
  private timers: { at: number; fn: () => void }[] = [];
  constructor(private t: number) {}
  now() {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number) {
    const h = { at: this.t + ms, fn };
    this.timers.push(h);
    return h;
  }
  clearTimeout(h: unknown) {
    this.timers = this.timers.filter((x) => x !== h);
  }
  /** Moves to `target`, firing every timer due on the way and waiting for what each one started. */
  async advanceTo(target: number, settle: () => Promise<void>) {
    for (;;) {
      await settle();
      const due = this.timers.filter((x) => x.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.t = Math.max(this.t, due.at);
      this.timers = this.timers.filter((x) => x !== due);
      due.fn();
    }
    this.t = target;
    await settle();
  }
  pending() {
    return this.timers.length;
  }
}
