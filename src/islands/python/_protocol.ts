// Messages between the page and the Python worker (worker.ts). Drawing commands are plain arrays, small to post.

/**
 * A turtle drawing command (x, y in turtle coordinates: origin at the centre, y up; angles in degrees).
 * - ['new', id] a turtle appears at the origin facing east
 * - ['line', id, x0, y0, x1, y1, color, width, speed, down] move (drawing when down)
 * - ['turn', id, from, to, speed] turn
 * - ['pose', id, visible, shape, color, fill] the turtle's look
 * - ['fill', points (flat x,y list), color] fill a polygon
 * - ['dot', x, y, size, color]
 * - ['write', x, y, text, color, align, fontSize, fontFamily]
 * - ['clear', id] / ['bg', color] / ['tracer', on]
 * - ['print', text] printed text (in the same batches, to keep the program's order)
 */
export type GfxCommand = [string, ...unknown[]];

export type ToWorker = { t: 'run'; code: string } | { t: 'input'; value: string };

export type FromWorker =
  | { t: 'ready'; ms: number }
  | { t: 'gfx'; cmds: GfxCommand[] }
  | { t: 'input'; prompt: string }
  | { t: 'done'; ms: number }
  | { t: 'error'; name: string; message: string; line?: number };
