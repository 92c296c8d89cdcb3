// The turtle stage on the page: draws the worker's turtle commands (_protocol.ts) on a canvas, moving at each
// turtle's speed (speed 0 or tracer(0): at once). Finished drawings are kept as a list of operations, so a
// turtle's clear() or a new background repaints without that turtle's lines.
import type { GfxCommand } from './_protocol.js';

const STAGE_W = 480;
const STAGE_H = 360;

interface TurtleState {
  x: number;
  y: number;
  h: number;
  visible: boolean;
  shape: string;
  color: string;
  fill: string;
}

/** A finished drawing operation, owned by a turtle (0: none). */
type Op =
  | { owner: number; k: 'line'; x0: number; y0: number; x1: number; y1: number; color: string; width: number }
  | { owner: number; k: 'fill'; pts: number[]; color: string; lines: unknown[][] }
  | { owner: number; k: 'dot'; x: number; y: number; size: number; color: string }
  | { owner: number; k: 'write'; x: number; y: number; text: string; color: string; align: string; size: number; font: string }
  | { owner: number; k: 'stamp'; t: TurtleState };

const PX_PER_FRAME = 4; // × speed (1–10)
const DEG_PER_FRAME = 10; // × speed

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const str = (v: unknown, d = '') => (typeof v === 'string' ? v : d);

export class Stage {
  private readonly ctx: CanvasRenderingContext2D;
  private readonly sprites: CanvasRenderingContext2D;
  private ops: Op[] = [];
  private turtles = new Map<number, TurtleState>();
  private bg = 'white';
  /** Progress of the command being animated (distance or degrees done). */
  private progress = 0;
  private spritesDirty = true;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly overlay: HTMLCanvasElement,
  ) {
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    for (const c of [canvas, overlay]) {
      c.width = STAGE_W * ratio;
      c.height = STAGE_H * ratio;
    }
    this.ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    this.sprites = overlay.getContext('2d') as CanvasRenderingContext2D;
    for (const g of [this.ctx, this.sprites]) {
      // Turtle coordinates: origin at the centre, y up.
      g.setTransform(ratio, 0, 0, -ratio, (STAGE_W / 2) * ratio, (STAGE_H / 2) * ratio);
      g.lineCap = 'round';
      g.lineJoin = 'round';
    }
    this.reset();
  }

  /** A blank stage (a new run). */
  reset(): void {
    this.ops = [];
    this.turtles.clear();
    this.bg = 'white';
    this.progress = 0;
    this.repaint();
  }

  /** Whether anything was drawn (the first drawn frame of the player's figure). */
  get drawn(): boolean {
    return this.ops.length > 0 || this.progress > 0;
  }

  /**
   * Plays `cmd` with `budget` frames' worth of movement (a fraction of this frame). Returns the budget left when it
   * finished, or -1 when it needs more frames (it is then partly drawn).
   */
  step(cmd: GfxCommand, budget: number): number {
    const [kind] = cmd;
    if (kind === 'line') return this.line(cmd, budget);
    if (kind === 'turn') return this.turn(cmd, budget);
    this.instant(cmd);
    return budget;
  }

  /** Draws the turtles (after the frame's steps). */
  paintSprites(): void {
    if (!this.spritesDirty) return;
    this.spritesDirty = false;
    const g = this.sprites;
    g.save();
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.clearRect(0, 0, this.overlay.width, this.overlay.height);
    g.restore();
    for (const t of this.turtles.values()) if (t.visible) drawTurtle(g, t);
  }

  private turtle(id: unknown): TurtleState {
    const key = num(id);
    let t = this.turtles.get(key);
    if (!t) {
      t = { x: 0, y: 0, h: 0, visible: true, shape: 'classic', color: 'black', fill: 'black' };
      this.turtles.set(key, t);
    }
    return t;
  }

  private line(cmd: GfxCommand, budget: number): number {
    const [, id, x0, y0, x1, y1, color, width, speed, down] = cmd;
    const t = this.turtle(id);
    const ax = num(x0), ay = num(y0), bx = num(x1), by = num(y1);
    const len = Math.hypot(bx - ax, by - ay);
    const perFrame = num(speed) * PX_PER_FRAME;
    const from = this.progress;
    let to = len;
    let left = budget;
    if (perFrame > 0 && len > 0) {
      const can = budget * perFrame;
      if (len - from > can) to = from + can;
      left = budget - (to - from) / perFrame;
    }
    const f = len > 0 ? to / len : 1;
    const cx = ax + (bx - ax) * f, cy = ay + (by - ay) * f;
    if (down && len > 0) {
      const f0 = from / len;
      this.strokeLine(ax + (bx - ax) * f0, ay + (by - ay) * f0, cx, cy, str(color, 'black'), num(width) || 1);
    }
    t.x = cx;
    t.y = cy;
    this.spritesDirty = true;
    if (to < len) {
      this.progress = to;
      return -1;
    }
    this.progress = 0;
    if (down && len > 0) this.ops.push({ owner: num(id), k: 'line', x0: ax, y0: ay, x1: bx, y1: by, color: str(color, 'black'), width: num(width) || 1 });
    return Math.max(0, left);
  }

  private turn(cmd: GfxCommand, budget: number): number {
    const [, id, from, to, speed] = cmd;
    const t = this.turtle(id);
    const a = num(from), b = num(to);
    const total = Math.abs(b - a);
    const perFrame = num(speed) * DEG_PER_FRAME;
    this.spritesDirty = true;
    if (perFrame > 0 && total - this.progress > budget * perFrame) {
      this.progress += budget * perFrame;
      t.h = a + Math.sign(b - a) * this.progress;
      return -1;
    }
    const left = perFrame > 0 ? budget - (total - this.progress) / perFrame : budget;
    this.progress = 0;
    t.h = b;
    return Math.max(0, left);
  }

  private instant(cmd: GfxCommand): void {
    const [kind, a, b, c, d, e, f, g] = cmd;
    switch (kind) {
      case 'new':
        this.turtle(a);
        this.spritesDirty = true;
        return;
      case 'pose': {
        const t = this.turtle(a);
        t.visible = !!b;
        t.shape = str(c, 'classic');
        t.color = str(d, 'black');
        t.fill = str(e, 'black');
        this.spritesDirty = true;
        return;
      }
      case 'fill':
        this.draw({ owner: 0, k: 'fill', pts: Array.isArray(a) ? a.map(num) : [], color: str(b, 'black'), lines: Array.isArray(c) ? (c as unknown[][]) : [] });
        return;
      case 'dot':
        this.draw({ owner: 0, k: 'dot', x: num(a), y: num(b), size: num(c), color: str(d, 'black') });
        return;
      case 'write':
        this.draw({ owner: 0, k: 'write', x: num(a), y: num(b), text: str(c), color: str(d, 'black'), align: str(e, 'left'), size: num(f) || 8, font: str(g, 'Arial') });
        return;
      case 'stamp':
        this.draw({ owner: num(a), k: 'stamp', t: { x: num(b), y: num(c), h: num(d), visible: true, shape: str(e, 'classic'), color: str(f, 'black'), fill: str(g, 'black') } });
        return;
      case 'clear':
        this.ops = this.ops.filter((o) => o.owner !== num(a));
        this.repaint();
        return;
      case 'bg':
        this.bg = str(a, 'white');
        this.repaint();
        return;
      default:
    }
  }

  private strokeLine(x0: number, y0: number, x1: number, y1: number, color: string, width: number) {
    const g = this.ctx;
    g.strokeStyle = color;
    g.lineWidth = width;
    g.beginPath();
    g.moveTo(x0, y0);
    g.lineTo(x1, y1);
    g.stroke();
  }

  private draw(op: Op) {
    this.ops.push(op);
    this.paint(op);
  }

  private paint(op: Op) {
    const g = this.ctx;
    switch (op.k) {
      case 'line':
        this.strokeLine(op.x0, op.y0, op.x1, op.y1, op.color, op.width);
        return;
      case 'fill': {
        g.fillStyle = op.color;
        g.beginPath();
        for (let i = 0; i + 1 < op.pts.length; i += 2) (i ? g.lineTo : g.moveTo).call(g, op.pts[i] as number, op.pts[i + 1] as number);
        g.closePath();
        g.fill('evenodd');
        // The outline drawn while filling stays on top of the fill (as in CPython's turtle).
        for (const l of op.lines) this.strokeLine(num(l[0]), num(l[1]), num(l[2]), num(l[3]), str(l[4], 'black'), num(l[5]) || 1);
        return;
      }
      case 'dot':
        g.fillStyle = op.color;
        g.beginPath();
        g.arc(op.x, op.y, Math.max(0.5, op.size / 2), 0, Math.PI * 2);
        g.fill();
        return;
      case 'write': {
        g.save();
        g.scale(1, -1); // text upright
        g.fillStyle = op.color;
        g.font = `${Math.max(4, Math.min(200, op.size)) * 1.33}px ${JSON.stringify(op.font)}, sans-serif`;
        g.textAlign = op.align === 'center' || op.align === 'right' ? op.align : 'left';
        g.fillText(op.text, op.x, -op.y);
        g.restore();
        return;
      }
      case 'stamp':
        drawTurtle(g, op.t);
        return;
      default:
    }
  }

  private repaint() {
    const g = this.ctx;
    g.save();
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.fillStyle = this.bg;
    g.fillRect(0, 0, this.canvas.width, this.canvas.height);
    g.restore();
    for (const op of this.ops) this.paint(op);
    this.spritesDirty = true;
  }
}

/** The turtle's shape at its place and heading. */
function drawTurtle(g: CanvasRenderingContext2D, t: TurtleState) {
  g.save();
  g.translate(t.x, t.y);
  g.rotate((t.h * Math.PI) / 180);
  g.fillStyle = t.fill;
  g.strokeStyle = t.color;
  g.lineWidth = 1;
  g.beginPath();
  switch (t.shape) {
    case 'turtle':
      g.ellipse(0, 0, 8, 6, 0, 0, Math.PI * 2);
      g.moveTo(13, 0);
      g.arc(10, 0, 3, 0, Math.PI * 2);
      for (const [x, y] of [[5, 6], [5, -6], [-5, 6], [-5, -6]] as const) {
        g.moveTo(x + 2, y);
        g.arc(x, y, 2, 0, Math.PI * 2);
      }
      break;
    case 'circle':
      g.arc(0, 0, 8, 0, Math.PI * 2);
      break;
    case 'square':
      g.rect(-8, -8, 16, 16);
      break;
    case 'triangle':
      g.moveTo(10, 0);
      g.lineTo(-5, 9);
      g.lineTo(-5, -9);
      break;
    default: // classic / arrow
      g.moveTo(0, 0);
      g.lineTo(-9, 5);
      g.lineTo(-6, 0);
      g.lineTo(-9, -5);
  }
  g.closePath();
  g.fill();
  g.stroke();
  g.restore();
}
