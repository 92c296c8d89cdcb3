// Demo cover images: colourful PNGs drawn pixel by pixel and encoded with pngjs. Each index gives a
// different picture (hue, shapes and their positions come from the index), so covers tell works apart.
import { createRequire } from 'node:module';
import type { PNG as PNGType } from 'pngjs';

// pngjs is only needed while seeding demo content: load it then, not at every start.
const requirePngjs = createRequire(import.meta.url);
const PNG = (): typeof PNGType => (requirePngjs('pngjs') as { PNG: typeof PNGType }).PNG;

type RGB = [number, number, number];

/** HSL (h in degrees, s and l in 0..1) to 8-bit RGB. */
export function hsl(h: number, s: number, l: number): RGB {
  const hue = ((h % 360) + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    hue < 60 ? [c, x, 0] : hue < 120 ? [x, c, 0] : hue < 180 ? [0, c, x] : hue < 240 ? [0, x, c] : hue < 300 ? [x, 0, c] : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

export const toHex = ([r, g, b]: RGB): string => '#' + [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('');

/** Small deterministic PRNG (mulberry32), so a given index always draws the same cover. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Canvas {
  readonly png: PNGType;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.png = new (PNG())({ width, height });
  }

  set(x: number, y: number, [r, g, b]: RGB, alpha = 1): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 4;
    const d = this.png.data;
    d[i] = Math.round(d[i] * (1 - alpha) + r * alpha);
    d[i + 1] = Math.round(d[i + 1] * (1 - alpha) + g * alpha);
    d[i + 2] = Math.round(d[i + 2] * (1 - alpha) + b * alpha);
    d[i + 3] = 255;
  }

  gradient(from: RGB, to: RGB): void {
    const span = this.width + this.height;
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const t = (x + y) / span;
        const i = (y * this.width + x) * 4;
        this.png.data[i] = Math.round(from[0] + (to[0] - from[0]) * t);
        this.png.data[i + 1] = Math.round(from[1] + (to[1] - from[1]) * t);
        this.png.data[i + 2] = Math.round(from[2] + (to[2] - from[2]) * t);
        this.png.data[i + 3] = 255;
      }
    }
  }

  fill(inside: (x: number, y: number) => boolean, box: [number, number, number, number], color: RGB, alpha = 1): void {
    const [x0, y0, x1, y1] = box.map(Math.round);
    for (let y = Math.max(0, y0); y <= Math.min(this.height - 1, y1); y++) {
      for (let x = Math.max(0, x0); x <= Math.min(this.width - 1, x1); x++) {
        if (inside(x, y)) this.set(x, y, color, alpha);
      }
    }
  }

  circle(cx: number, cy: number, r: number, color: RGB, alpha = 1): void {
    this.fill((x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r, [cx - r, cy - r, cx + r, cy + r], color, alpha);
  }

  rect(x: number, y: number, w: number, h: number, color: RGB, alpha = 1, radius = 0): void {
    this.fill(
      (px, py) => {
        const dx = Math.max(x + radius - px, 0, px - (x + w - radius));
        const dy = Math.max(y + radius - py, 0, py - (y + h - radius));
        return dx * dx + dy * dy <= radius * radius;
      },
      [x, y, x + w, y + h],
      color,
      alpha,
    );
  }

  triangle(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, color: RGB, alpha = 1): void {
    const side = (px: number, py: number, x1: number, y1: number, x2: number, y2: number) =>
      (px - x2) * (y1 - y2) - (x1 - x2) * (py - y2);
    this.fill(
      (px, py) => {
        const d1 = side(px, py, ax, ay, bx, by);
        const d2 = side(px, py, bx, by, cx, cy);
        const d3 = side(px, py, cx, cy, ax, ay);
        return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
      },
      [Math.min(ax, bx, cx), Math.min(ay, by, cy), Math.max(ax, bx, cx), Math.max(ay, by, cy)],
      color,
      alpha,
    );
  }

  encode(): Buffer {
    return PNG().sync.write(this.png);
  }
}

/** The hue cover number `index` is based on (also used to colour the matching .sb3 backdrop). */
export const coverHue = (index: number): number => (index * 137.5 + 20) % 360;

/**
 * A 320×240 (by default) cover: a diagonal two-colour gradient and one of five motifs (bubbles, code
 * blocks, hills under a sun, rings, a starry sky), placed from the index.
 */
export function coverPng(index: number, width = 320, height = 240): Buffer {
  const rnd = prng(index * 7919 + 17);
  const hue = coverHue(index);
  const c = new Canvas(width, height);
  c.gradient(hsl(hue, 0.75, 0.72), hsl(hue + 45, 0.7, 0.42));
  const white: RGB = [255, 255, 255];
  const accent = hsl(hue + 180, 0.8, 0.6);
  const motif = index % 5;
  if (motif === 0) {
    for (let i = 0; i < 9; i++) {
      c.circle(rnd() * width, rnd() * height, 10 + rnd() * 36, i % 3 === 0 ? accent : white, 0.25 + rnd() * 0.35);
    }
  } else if (motif === 1) {
    // Stacked "blocks", like a Scratch script.
    const colours = [hsl(40, 0.9, 0.55), hsl(215, 0.85, 0.6), hsl(265, 0.6, 0.65), hsl(140, 0.55, 0.5)];
    let y = height * 0.18;
    for (let i = 0; i < 4; i++) {
      const w = width * (0.35 + rnd() * 0.35);
      c.rect(width * 0.12 + (i === 0 ? 0 : 16), y, w, height * 0.13, colours[(i + index) % 4], 0.95, 8);
      y += height * 0.16;
    }
  } else if (motif === 2) {
    c.circle(width * (0.65 + rnd() * 0.2), height * 0.28, height * 0.14, hsl(50, 0.95, 0.6));
    const base = height * 0.95;
    for (let i = 0; i < 3; i++) {
      const cx = width * (0.15 + i * 0.35 + rnd() * 0.1);
      const h = height * (0.35 + rnd() * 0.3);
      c.triangle(cx - width * 0.3, base + 20, cx, base - h, cx + width * 0.3, base + 20, hsl(hue + 100 + i * 15, 0.45, 0.35 + i * 0.08), 0.9);
    }
  } else if (motif === 3) {
    const cx = width * (0.3 + rnd() * 0.4);
    const cy = height * (0.3 + rnd() * 0.4);
    for (let r = height * 0.6; r > 8; r -= 18) c.circle(cx, cy, r, (r / 18) % 2 < 1 ? white : accent, 0.18);
  } else {
    c.gradient(hsl(hue + 220, 0.6, 0.18), hsl(hue + 260, 0.55, 0.32));
    for (let i = 0; i < 60; i++) c.circle(rnd() * width, rnd() * height, 0.8 + rnd() * 1.8, white, 0.6 + rnd() * 0.4);
    c.circle(width * (0.2 + rnd() * 0.6), height * (0.3 + rnd() * 0.4), height * 0.16, accent, 0.95);
  }
  return c.encode();
}
