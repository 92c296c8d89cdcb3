// The stage: a 400 × 400 canvas the program's drawing commands (run.worker.ts) are drawn on, turtle coordinates
// (origin at the centre, y up, heading 0 = east, counter-clockwise), and a second canvas above it with the turtle.
export const STAGE_SIZE = 400;

export type Command = [string, ...unknown[]];

const SAFE_COLOUR = /^(#[0-9a-f]{3,8}|rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)|[a-z]{3,20})$/i;
const colour = (c: unknown, fallback: string) => (typeof c === 'string' && SAFE_COLOUR.test(c) ? c : fallback);

export class Stage {
  private g: CanvasRenderingContext2D;
  private tg: CanvasRenderingContext2D | null;
  /** Whether anything has been drawn since the last reset (a blank stage is no cover). */
  drawn = false;

  constructor(
    readonly canvas: HTMLCanvasElement,
    turtleCanvas: HTMLCanvasElement | null,
  ) {
    this.g = canvas.getContext('2d')!;
    this.tg = turtleCanvas?.getContext('2d') ?? null;
    this.reset();
  }

  private px = (x: unknown) => STAGE_SIZE / 2 + Number(x);
  private py = (y: unknown) => STAGE_SIZE / 2 - Number(y);

  reset(): void {
    this.g.fillStyle = '#fff';
    this.g.fillRect(0, 0, STAGE_SIZE, STAGE_SIZE);
    this.g.lineCap = 'round';
    this.g.lineJoin = 'round';
    this.drawn = false;
    this.turtle(0, 0, 0, true);
  }

  /** Draws one command; 'W' and 'P' are the runner's. */
  apply(cmd: Command): void {
    const g = this.g;
    switch (cmd[0]) {
      case 'L': {
        const [, x1, y1, x2, y2, c, w] = cmd;
        g.strokeStyle = colour(c, '#000');
        g.lineWidth = Number(w) || 1;
        g.beginPath();
        g.moveTo(this.px(x1), this.py(y1));
        g.lineTo(this.px(x2), this.py(y2));
        g.stroke();
        this.drawn = true;
        break;
      }
      case 'F': {
        const [, pts, fill, stroke, w] = cmd as [string, number[], string, string, number];
        if (!Array.isArray(pts) || pts.length < 6) break;
        g.beginPath();
        g.moveTo(this.px(pts[0]), this.py(pts[1]));
        for (let i = 2; i + 1 < pts.length; i += 2) g.lineTo(this.px(pts[i]), this.py(pts[i + 1]));
        g.closePath();
        g.fillStyle = colour(fill, '#000');
        g.fill();
        if (stroke) {
          g.strokeStyle = colour(stroke, '#000');
          g.lineWidth = Number(w) || 1;
          g.stroke();
        }
        this.drawn = true;
        break;
      }
      case 'C':
        this.g.fillStyle = '#fff';
        this.g.fillRect(0, 0, STAGE_SIZE, STAGE_SIZE);
        break;
      case 'T':
        this.turtle(cmd[1], cmd[2], cmd[3], cmd[4] !== false);
        break;
    }
  }

  /** The turtle: a small arrow at its place, pointing where it heads. */
  turtle(x: unknown, y: unknown, heading: unknown, visible: boolean): void {
    const t = this.tg;
    if (!t) return;
    t.clearRect(0, 0, STAGE_SIZE, STAGE_SIZE);
    if (!visible) return;
    t.save();
    t.translate(this.px(x), this.py(y));
    t.rotate((-Number(heading) * Math.PI) / 180);
    t.beginPath();
    t.moveTo(12, 0);
    t.lineTo(-8, 8);
    t.lineTo(-4, 0);
    t.lineTo(-8, -8);
    t.closePath();
    t.fillStyle = 'rgba(19, 194, 194, 0.9)';
    t.strokeStyle = '#006d75';
    t.lineWidth = 1.5;
    t.fill();
    t.stroke();
    t.restore();
  }

  /** The drawing as a JPEG (the work's cover), or null when nothing is drawn. */
  snapshot(): Promise<Blob | null> {
    if (!this.drawn) return Promise.resolve(null);
    return new Promise((resolve) => this.canvas.toBlob((b) => resolve(b), 'image/jpeg', 0.85));
  }
}
