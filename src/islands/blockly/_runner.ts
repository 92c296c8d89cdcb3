// Runs a program in its worker (run.worker.ts) and draws what it sends at the chosen speed: commands are queued
// and drawn a few per animation frame, so the page stays responsive however much the program draws. 停止
// terminates the worker and drops what is queued.
import { Stage, type Command } from './_stage';

export type RunEnd = { ok: true } | { ok: false; stopped: boolean; message: string; blockId: string };

export interface RunOptions {
  workerUrl: string;
  stage: Stage;
  /** Drawing commands per animation frame; 0: as fast as they come. */
  speed: () => number;
  /** Ignore waits (the cover is drawn at once). */
  instant?: boolean;
  print?: (line: string) => void;
  /** After the first frame with something drawn (the player tells its parent). */
  onFirstFrame?: () => void;
}

const INSTANT_PER_FRAME = 20_000;

export class Run {
  private worker: Worker;
  private queue: Command[] = [];
  private head = 0;
  private waitUntil = 0;
  private workerDone: RunEnd | null = null;
  private frame = 0;
  private firstFrame = false;
  private finish!: (end: RunEnd) => void;
  readonly ended: Promise<RunEnd>;
  private over = false;

  constructor(
    code: string,
    private opts: RunOptions,
  ) {
    this.ended = new Promise((r) => (this.finish = r));
    opts.stage.reset();
    this.worker = new Worker(opts.workerUrl);
    this.worker.onmessage = (e: MessageEvent) => {
      const m = e.data;
      if (m?.t === 'cmds' && Array.isArray(m.cmds)) this.queue.push(...(m.cmds as Command[]));
      else if (m?.t === 'done') this.workerDone = { ok: true };
      else if (m?.t === 'error') this.workerDone = { ok: false, stopped: false, message: String(m.message), blockId: String(m.blockId ?? '') };
    };
    this.worker.onerror = (e) => {
      e.preventDefault();
      this.workerDone = { ok: false, stopped: false, message: '程序无法启动，请刷新页面后再试', blockId: '' };
    };
    this.worker.postMessage({ code });
    this.frame = requestAnimationFrame(this.tick);
  }

  private tick = () => {
    if (this.over) return;
    const now = performance.now();
    const per = this.opts.instant ? INSTANT_PER_FRAME : this.opts.speed() || INSTANT_PER_FRAME;
    let drawn = 0;
    while (this.head < this.queue.length && drawn < per && (this.opts.instant || now >= this.waitUntil)) {
      const cmd = this.queue[this.head++];
      if (cmd[0] === 'W') {
        if (!this.opts.instant) this.waitUntil = now + Number(cmd[1]);
        continue;
      }
      if (cmd[0] === 'P') this.opts.print?.(String(cmd[1]));
      else this.opts.stage.apply(cmd);
      if (cmd[0] === 'L' || cmd[0] === 'F') drawn++;
    }
    // Drawn commands go; the queue does not grow for ever during a long run.
    if (this.head > 50_000) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    if (!this.firstFrame && this.opts.stage.drawn) {
      this.firstFrame = true;
      this.opts.onFirstFrame?.();
    }
    if (this.workerDone && this.head >= this.queue.length) return this.end(this.workerDone);
    this.frame = requestAnimationFrame(this.tick);
  };

  private end(end: RunEnd) {
    if (this.over) return;
    this.over = true;
    cancelAnimationFrame(this.frame);
    this.worker.terminate();
    this.queue = [];
    if (!this.firstFrame) this.opts.onFirstFrame?.();
    this.finish(end);
  }

  /** 停止: the program ends now, wherever it is. */
  stop(): void {
    this.end({ ok: false, stopped: true, message: '已停止', blockId: '' });
  }
}
