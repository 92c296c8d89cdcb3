// Runs Python programs in the worker (worker.ts) for the editor and the player: one worker per run, warmed up
// before 运行 is pressed; 停止 terminates it (even `while True: pass`). What the worker sends is played in order
// on the page: drawing on the stage at the turtles' speed, printed text into the output, input() as a question
// in the page's prompt field, then the end or the error (in Chinese, with the line).
import type { FromWorker, GfxCommand } from './_protocol.js';
import { Stage } from './_stage.js';

/** Chinese names of Python's errors (shown before the English name). */
const ERROR_NAMES: Record<string, string> = {
  SyntaxError: '语法错误',
  IndentationError: '缩进错误',
  TabError: '缩进错误',
  NameError: '名称错误',
  TypeError: '类型错误',
  ValueError: '值错误',
  IndexError: '索引错误',
  KeyError: '键错误',
  AttributeError: '属性错误',
  ZeroDivisionError: '除零错误',
  ImportError: '导入错误',
  ModuleNotFoundError: '导入错误',
  RecursionError: '递归过深',
  RuntimeError: '运行错误',
  OverflowError: '数值溢出',
  AssertionError: '断言失败',
  NotImplementedError: '尚未支持',
  UnboundLocalError: '局部变量错误',
  StopIteration: '迭代结束',
  TurtleGraphicsError: '海龟绘图错误',
  InternalError: '运行环境错误',
};

/** "第 3 行：名称错误 NameError: name 'x' is not defined" */
export function errorText(e: { name: string; message: string; line?: number }): string {
  const zh = ERROR_NAMES[e.name] ?? '运行错误';
  return `${e.line ? `第 ${e.line} 行：` : ''}${zh} ${e.name}${e.message ? `: ${e.message}` : ''}`;
}

export interface RunnerUi {
  stage: Stage;
  /** Appends printed text. */
  print(text: string): void;
  /** Asks the child (the page's prompt field); resolves with the answer. */
  ask(prompt: string): Promise<string>;
  /** The run's state changed. */
  state(s: 'loading' | 'ready' | 'running' | 'done' | 'stopped' | 'error', detail?: { error?: string; line?: number; ms?: number }): void;
}

type Item = GfxCommand | ['ask', string] | ['end', number] | ['fail', FromWorker & { t: 'error' }];

const MAX_ITEMS_PER_FRAME = 20_000;

export class PythonRunner {
  private worker: Worker | null = null;
  private ready: Promise<number> | null = null;
  private queue: Item[] = [];
  private head = 0;
  private frame = 0;
  private waiting = false;
  private active = false;
  /** Time from creating the worker to its runtime being loaded (the last warm-up). */
  readyMs = 0;

  constructor(
    private readonly workerUrl: string,
    private readonly ui: RunnerUi,
  ) {}

  /** Starts a worker (loads the runtime) unless one is waiting. */
  warm(): Promise<number> {
    if (this.worker && this.ready) return this.ready;
    const t0 = performance.now();
    const w = new Worker(this.workerUrl);
    this.worker = w;
    this.ready = new Promise<number>((resolve, reject) => {
      w.onmessage = (ev: MessageEvent<FromWorker>) => {
        const m = ev.data;
        if (m.t === 'ready') {
          this.readyMs = Math.round(performance.now() - t0);
          resolve(this.readyMs);
          w.onmessage = (e: MessageEvent<FromWorker>) => this.receive(e.data);
        } else if (m.t === 'error') reject(new Error(m.message));
      };
      w.onerror = (e) => {
        e.preventDefault();
        reject(new Error('Python 运行环境加载失败'));
      };
    });
    return this.ready;
  }

  get running(): boolean {
    return this.active;
  }

  async run(code: string): Promise<void> {
    // A run still going ends; a worker that is only warm is kept (that is what warming is for).
    if (this.active) this.stop(false);
    this.queue = [];
    this.head = 0;
    this.waiting = false;
    this.ui.stage.reset();
    this.ui.state('loading');
    const w = this.worker;
    try {
      await this.warm();
    } catch (err) {
      this.ui.state('error', { error: err instanceof Error ? err.message : String(err) });
      return;
    }
    if (this.worker !== w && w) return; // stopped meanwhile
    this.active = true;
    this.ui.state('running');
    this.worker?.postMessage({ t: 'run', code });
  }

  /** 停止: ends the program and what is still being drawn. */
  stop(report = true): void {
    const was = this.active;
    this.active = false;
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
    this.queue = [];
    this.head = 0;
    this.waiting = false;
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    if (report && was) this.ui.state('stopped');
  }

  private receive(m: FromWorker) {
    if (!this.active) return;
    if (m.t === 'gfx') for (const c of m.cmds) this.queue.push(c);
    else if (m.t === 'input') this.queue.push(['ask', m.prompt]);
    else if (m.t === 'done') this.queue.push(['end', m.ms]);
    else if (m.t === 'error') this.queue.push(['fail', m]);
    this.schedule();
  }

  private schedule() {
    if (!this.frame && !this.waiting) this.frame = requestAnimationFrame(() => this.play());
  }

  /** One frame: plays queued items until this frame's movement is used up. */
  private play() {
    this.frame = 0;
    let budget = 1;
    let printed = '';
    let n = 0;
    const flushText = () => {
      if (printed) this.ui.print(printed);
      printed = '';
    };
    while (this.head < this.queue.length && n++ < MAX_ITEMS_PER_FRAME) {
      const item = this.queue[this.head] as Item;
      const kind = item[0];
      if (kind === 'print') {
        printed += String(item[1]);
      } else if (kind === 'ask') {
        flushText();
        this.head++;
        this.waiting = true;
        const w = this.worker;
        void this.ui.ask(String(item[1])).then((value) => {
          if (this.worker !== w || !this.active) return;
          this.waiting = false;
          w?.postMessage({ t: 'input', value });
          this.schedule();
        });
        break;
      } else if (kind === 'end' || kind === 'fail') {
        flushText();
        this.ui.stage.paintSprites();
        const w = this.worker;
        this.active = false;
        // A fresh worker for the next run (skulpt keeps imported modules between runs).
        w?.terminate();
        this.worker = null;
        this.ready = null;
        this.queue = [];
        this.head = 0;
        if (kind === 'end') this.ui.state('done', { ms: item[1] as number });
        else {
          const e = item[1] as FromWorker & { t: 'error' };
          this.ui.state('error', { error: errorText(e), ...(e.line ? { line: e.line } : {}) });
        }
        void this.warm().catch(() => undefined);
        return;
      } else {
        budget = this.ui.stage.step(item as GfxCommand, budget);
        if (budget < 0) break;
      }
      this.head++;
    }
    flushText();
    this.ui.stage.paintSprites();
    // Played items go (a long program sends many).
    if (this.head > 4096) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    if (this.head < this.queue.length && !this.waiting) this.schedule();
  }
}
