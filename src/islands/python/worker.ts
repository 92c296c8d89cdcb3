// The Python runtime's worker (static/build/python/worker.js, a classic worker script): skulpt compiles the
// program to JavaScript and evaluates it here, never on the page. This script's own response carries a CSP
// that allows eval (src/server/app.ts); the page's does not. 停止 is worker.terminate(), which ends even
// `while True: pass`. print goes to the page, input() asks the page and waits (a skulpt promise suspension),
// turtle is our own module (turtle.py) whose drawing commands are posted to the page's canvas.
import TURTLE_PY from './turtle.py';
import type { FromWorker, GfxCommand, ToWorker } from './_protocol.js';

/* The bits of skulpt's global this worker uses (skulpt ships no types). */
interface SkObject {
  v?: unknown;
  tp$name?: string;
  args?: { v: SkObject[] };
  traceback?: { lineno?: number; filename?: string }[];
  toString(): string;
}
interface Skulpt {
  configure(o: Record<string, unknown>): void;
  python3: unknown;
  builtinFiles?: { files: Record<string, string> };
  importMainWithBody(name: string, dumpJs: boolean, body: string, canSuspend: boolean): unknown;
  importModule(name: string, dumpJs: boolean, canSuspend: boolean): unknown;
  misceval: { asyncToPromise(f: () => unknown): Promise<unknown> };
  ffi: { remapToJs(o: unknown): unknown; remapToPy(o: unknown): SkObject };
  builtin: { func: new (f: (...a: SkObject[]) => unknown) => SkObject; none: { none$: SkObject } };
}
/** The worker's global scope (the islands are typed against the DOM library, which has no worker scope). */
interface WorkerScope {
  Sk?: Skulpt;
  __xtGfx?: () => Record<string, SkObject>;
  location: { search: string };
  importScripts(...urls: string[]): void;
  postMessage(m: unknown): void;
  setTimeout(f: () => void, ms: number): number;
  onmessage: ((ev: MessageEvent<ToWorker>) => void) | null;
}
const self = globalThis as unknown as WorkerScope;

const post = (m: FromWorker) => self.postMessage(m);

// Drawing commands (and printed text) are posted in batches: one message per command would flood the page in a long loop. A
// batch goes when it is full, before any output or question (so the page sees them in order) and at the end.
let batch: GfxCommand[] = [];
const flush = () => {
  if (batch.length) post({ t: 'gfx', cmds: batch });
  batch = [];
};
let flushTimer = 0;
const queue = (c: GfxCommand) => {
  batch.push(c);
  if (batch.length >= 256) flush();
  else if (!flushTimer) flushTimer = self.setTimeout(() => ((flushTimer = 0), flush()), 16);
};

let pendingInput: ((v: string) => void) | null = null;

function loadRuntime(): Skulpt | null {
  const base = new URLSearchParams(self.location.search).get('sk') || '';
  // Only our own vendor folder (the page passes it; anything else would be a script from elsewhere).
  if (!/^\/static\/vendor\/skulpt@[\w.-]+\/$/.test(base)) return null;
  self.importScripts(`${base}skulpt.min.js`, `${base}skulpt-stdlib.js`);
  return self.Sk ?? null;
}

const t0 = performance.now();
const Sk = loadRuntime();

// The native half of our turtle: `_xtgfx.send(kind, *args)` queues a drawing command.
self.__xtGfx = () => {
  const S = Sk as Skulpt;
  return {
    send: new S.builtin.func((...args: SkObject[]) => {
      const [kind, ...rest] = args.map((a) => S.ffi.remapToJs(a));
      queue([String(kind), ...rest] as GfxCommand);
      return S.builtin.none.none$;
    }),
  };
};
const GFX_MODULE = 'var $builtinmodule = function () { return self.__xtGfx(); };';

function read(path: string): string {
  if (path === 'src/lib/_xtgfx.js') return GFX_MODULE;
  if (path === 'src/lib/turtle.py') return TURTLE_PY;
  // skulpt's own turtle needs the DOM: ours (turtle.py above) is found instead.
  if (path === 'src/lib/turtle.js') throw new Error('File not found');
  const f = Sk?.builtinFiles?.files[path];
  if (f === undefined) throw new Error(`File not found: '${path}'`);
  return f;
}

/** The error's kind, message and line (of the student's program, not of a library module). */
function describeError(err: unknown): FromWorker {
  const e = err as SkObject;
  if (e && typeof e.tp$name === 'string') {
    const name = e.tp$name;
    const arg = e.args?.v?.[0];
    const message = arg ? String(arg.v ?? arg.toString()) : '';
    const frames = (e.traceback ?? []).filter((f) => !f.filename || /^<stdin>|^main/.test(f.filename));
    const line = (frames[0] ?? e.traceback?.[0])?.lineno;
    return { t: 'error', name, message, ...(line ? { line } : {}) };
  }
  return { t: 'error', name: 'InternalError', message: err instanceof Error ? err.message : String(err) };
}

/** Configured once (Sk.configure forgets imported modules): our turtle, compiled while the child looks at the page. */
function configure(S: Skulpt): Promise<unknown> {
  S.configure({
    __future__: S.python3,
    read,
    // Printed text goes in the same batches as the drawing, so the page shows both in the program's order.
    output: (s: string) => queue(['print', String(s)]),
    inputfunTakesPrompt: true,
    inputfun: (prompt: string) => {
      flush();
      post({ t: 'input', prompt: String(prompt ?? '') });
      return new Promise<string>((resolve) => (pendingInput = resolve));
    },
    // 停止 terminates the worker: no time limit inside it.
    execLimit: Number.POSITIVE_INFINITY,
  });
  // The program stays Python: no `jseval` into this worker's JavaScript.
  delete (S as unknown as { builtins: Record<string, unknown> }).builtins.jseval;
  return S.misceval.asyncToPromise(() => S.importModule('turtle', false, true));
}

/**
 * What a worker could reach the network or storage with, gone once skulpt is loaded (the CSP already refuses
 * fetches; importScripts of our own URLs it would allow, with the child's cookie).
 */
function closeDoors() {
  for (const k of ['importScripts', 'fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'indexedDB', 'caches', 'Worker', 'BroadcastChannel']) {
    try {
      Object.defineProperty(self, k, { value: undefined, writable: false, configurable: false });
    } catch {
      // not defined in this engine
    }
  }
}

function run(code: string) {
  if (!Sk) return;
  const started = performance.now();
  Sk.misceval
    .asyncToPromise(() => Sk.importMainWithBody('<stdin>', false, code, true))
    .then(
      () => {
        flush();
        post({ t: 'done', ms: Math.round(performance.now() - started) });
      },
      (err: unknown) => {
        flush();
        post(describeError(err));
      },
    );
}

self.onmessage = (ev: MessageEvent<ToWorker>) => {
  const m = ev.data;
  if (m.t === 'run') run(m.code);
  else if (m.t === 'input' && pendingInput) {
    const r = pendingInput;
    pendingInput = null;
    r(m.value);
  }
};

if (!Sk) post({ t: 'error', name: 'InternalError', message: 'Python 运行环境加载失败' });
else {
  closeDoors();
  configure(Sk).then(
    () => post({ t: 'ready', ms: Math.round(performance.now() - t0) }),
    (err: unknown) => post({ ...describeError(err), name: 'InternalError' } as FromWorker),
  );
}
