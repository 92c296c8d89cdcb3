// The 积木编程 program runner: a dedicated worker (no DOM, no access to the page) that runs the JavaScript Blockly
// generated from the child's blocks. Its response policy (app.ts) allows evaluating that code and loading or
// fetching nothing; the network and storage objects are removed as well before the program starts. The turtle
// lives here: the program moves it, and drawing commands go back to the page in batches (./_runner.ts draws
// them). 停止 terminates the worker, so an endless loop stops at once. One worker per run.
//
// Messages: page → worker { code, fast? }; worker → page { t: 'cmds', cmds } | { t: 'done' } |
// { t: 'error', message, blockId }. Commands (arrays, turtle coordinates: origin at the centre, y up):
// ['L', x1, y1, x2, y2, colour, width] line · ['F', [x, y, …], fill, stroke|'', width] filled shape · ['C'] clear ·
// ['T', x, y, heading, visible] where the turtle is · ['P', text] a printed line · ['W', ms] pause the drawing.
// This file imports nothing: it is served as a classic worker script.

/* eslint-disable @typescript-eslint/no-explicit-any */
const ctx = self as any;

const MAX_COMMANDS = 200_000;
const MAX_PRINTS = 10_000;
const FLUSH_COMMANDS = 256;
const FLUSH_MS = 30;

let out: unknown[][] = [];
let lastFlush = Date.now();
let total = 0;
let prints = 0;
let currentBlock = '';

class Halt extends Error {}

function flush() {
  if (out.length) ctx.postMessage({ t: 'cmds', cmds: out });
  out = [];
  lastFlush = Date.now();
}

function emit(cmd: unknown[]) {
  if (++total > MAX_COMMANDS) throw new Halt('绘图步骤太多（超过20万步），程序已停止。是不是有一个停不下来的循环？');
  out.push(cmd);
  if (out.length >= FLUSH_COMMANDS || Date.now() - lastFlush > FLUSH_MS) flush();
}

const num = (v: unknown, what: string): number => {
  const n = Number(v);
  if (!Number.isFinite(n)) throw new Halt(`${what}必须是数字（现在是“${String(v)}”）`);
  return n;
};
const round = (n: number) => Math.round(n * 100) / 100;

const pen = { x: 0, y: 0, heading: 0, down: true, colour: '#000000', fill: '#000000', width: 2, visible: true };
let filling: number[] | null = null;

function pose() {
  emit(['T', round(pen.x), round(pen.y), round(pen.heading), pen.visible]);
}

function moveTo(x: number, y: number) {
  if (pen.down) emit(['L', round(pen.x), round(pen.y), round(x), round(y), pen.colour, pen.width]);
  pen.x = x;
  pen.y = y;
  if (filling) filling.push(round(x), round(y));
  pose();
}

const turtle = {
  forward(d: unknown) {
    const n = num(d, '前进的步数');
    const a = (pen.heading * Math.PI) / 180;
    moveTo(pen.x + n * Math.cos(a), pen.y + n * Math.sin(a));
  },
  backward(d: unknown) {
    turtle.forward(-num(d, '后退的步数'));
  },
  left(a: unknown) {
    pen.heading = (((pen.heading + num(a, '转动的角度')) % 360) + 360) % 360;
    pose();
  },
  right(a: unknown) {
    turtle.left(-num(a, '转动的角度'));
  },
  setHeading(a: unknown) {
    pen.heading = ((num(a, '方向') % 360) + 360) % 360;
    pose();
  },
  goto(x: unknown, y: unknown) {
    moveTo(num(x, 'x 坐标'), num(y, 'y 坐标'));
  },
  home() {
    moveTo(0, 0);
    pen.heading = 0;
    pose();
  },
  penDown(down: boolean) {
    pen.down = down;
  },
  setColour(c: unknown) {
    pen.colour = String(c).slice(0, 32);
  },
  setFill(c: unknown) {
    pen.fill = String(c).slice(0, 32);
  },
  setWidth(w: unknown) {
    pen.width = Math.max(0.5, Math.min(100, num(w, '画笔粗细')));
  },
  beginFill() {
    filling = [round(pen.x), round(pen.y)];
  },
  endFill() {
    if (filling && filling.length >= 6) emit(['F', filling, pen.fill, pen.down ? pen.colour : '', pen.width]);
    filling = null;
  },
  clear() {
    emit(['C']);
  },
  show(visible: boolean) {
    pen.visible = visible;
    pose();
  },
  wait(s: unknown) {
    emit(['W', Math.max(0, Math.min(60_000, num(s, '等待的秒数') * 1000))]);
  },
  x: () => round(pen.x),
  y: () => round(pen.y),
  heading: () => round(pen.heading),
};

/** Blockly's JavaScript for a list or other value, printed as a child expects to read it. */
function show(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(show).join(', ')}]`;
  if (v === null || v === undefined) return '空';
  if (v === true) return '真';
  if (v === false) return '假';
  return String(v);
}

function print(v: unknown) {
  if (++prints > MAX_PRINTS) throw new Halt('输出太多（超过1万行），程序已停止。是不是有一个停不下来的循环？');
  emit(['P', show(v).slice(0, 2000)]);
}

function xtBlock(id: string) {
  currentBlock = id;
}

/** Nothing the program could reach the network or the browser's storage with (the policy refuses them too). */
function lockDown() {
  for (const name of ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'importScripts', 'Worker', 'SharedWorker', 'indexedDB', 'caches', 'BroadcastChannel', 'WebTransport', 'navigator']) {
    try {
      Object.defineProperty(ctx, name, { value: undefined, writable: false, configurable: false });
    } catch {
      /* not present here */
    }
  }
}

function explain(e: unknown): string {
  if (e instanceof Halt) return e.message;
  const err = e as Error;
  if (err instanceof RangeError && /call stack/i.test(err.message)) return '函数调用太深（可能是函数不停地调用自己），程序已停止';
  if (err instanceof ReferenceError) return `用到了不存在的名字：${err.message}`;
  if (err instanceof TypeError) return `积木用错了地方：${err.message}`;
  return `程序出错：${err && err.message ? err.message : String(e)}`;
}

ctx.onmessage = (e: MessageEvent<{ code: string }>) => {
  ctx.onmessage = null; // one program per worker
  const code = String(e.data?.code ?? '');
  let program: (t: typeof turtle, p: typeof print, b: typeof xtBlock) => void;
  try {
    program = new Function('turtle', 'print', 'xtBlock', `"use strict";\n${code}`) as typeof program;
  } catch (err) {
    ctx.postMessage({ t: 'error', message: `程序无法运行：${(err as Error).message}`, blockId: '' });
    return;
  }
  lockDown();
  pose();
  try {
    program(turtle, print, xtBlock);
    flush();
    ctx.postMessage({ t: 'done' });
  } catch (err) {
    try {
      flush();
    } catch {
      /* the batch itself was the trouble */
    }
    ctx.postMessage({ t: 'error', message: explain(err), blockId: currentBlock });
  }
};
