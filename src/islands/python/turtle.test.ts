/// <reference types="node" />
// Our turtle module (turtle.py) under skulpt, as the worker runs it (worker.ts's read hook), here in Node: the
// geometry answers at once (pos, heading, circle closing where it began), colours and fills become the page's
// drawing commands, and skulpt's own DOM turtle is never loaded.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const dist = path.join(path.dirname(require.resolve('skulpt/package.json')), 'dist');
const TURTLE = readFileSync(new URL('./turtle.py', import.meta.url), 'utf8');

function runtime() {
  const ctx: any = { console };
  ctx.self = ctx;
  vm.createContext(ctx);
  vm.runInContext(readFileSync(path.join(dist, 'skulpt.min.js'), 'utf8'), ctx);
  vm.runInContext(readFileSync(path.join(dist, 'skulpt-stdlib.js'), 'utf8'), ctx);
  return ctx;
}
const ctx = runtime();

async function run(code: string): Promise<{ out: string; cmds: unknown[][] }> {
  const Sk = ctx.Sk;
  const cmds: unknown[][] = [];
  let out = '';
  ctx.__xtGfx = () => ({
    send: new Sk.builtin.func((...a: unknown[]) => {
      cmds.push(a.map((x) => Sk.ffi.remapToJs(x)));
      return Sk.builtin.none.none$;
    }),
  });
  Sk.configure({
    __future__: Sk.python3,
    output: (s: string) => (out += s),
    read: (p: string) => {
      if (p === 'src/lib/_xtgfx.js') return 'var $builtinmodule = function () { return self.__xtGfx(); };';
      if (p === 'src/lib/turtle.py') return TURTLE;
      if (p === 'src/lib/turtle.js') throw new Error('File not found');
      const f = Sk.builtinFiles.files[p];
      if (f === undefined) throw new Error(`File not found: ${p}`);
      return f;
    },
  });
  await Sk.misceval.asyncToPromise(() => Sk.importMainWithBody('<stdin>', false, code, true));
  return { out, cmds };
}

describe('turtle.py under skulpt', () => {
  it('draws a filled square and a circle, answering position and heading at once', async () => {
    const { out, cmds } = await run(
      [
        'import turtle',
        't = turtle.Turtle()',
        't.color("red", "yellow")',
        't.begin_fill()',
        'for i in range(4):',
        '    t.forward(100)',
        '    t.left(90)',
        't.end_fill()',
        'print(round(t.xcor()), round(t.ycor()), t.heading())',
        'turtle.penup()',
        'turtle.goto(0, -50)',
        'turtle.pendown()',
        'turtle.circle(50)',
        'x, y = turtle.pos()',
        'print(round(x), round(y), round(turtle.heading()) % 360)',
        'turtle.colormode(255)',
        'turtle.pencolor(255, 0, 10)',
        'print(turtle.pencolor())',
      ].join('\n'),
    );
    expect(out).toBe('0 0 0.0\n0 -50 0\nrgb(255,0,10)\n');
    const lines = cmds.filter((c) => c[0] === 'line' && c[1] === 1);
    expect(lines[0]).toEqual(['line', 1, 0, 0, 100, 0, 'red', 1, 3, true]);
    const fill = cmds.find((c) => c[0] === 'fill')!;
    expect(fill[2]).toBe('yellow');
    expect((fill[1] as number[]).length).toBe(10); // the start and four corners
    expect((fill[3] as unknown[]).length).toBe(4); // the outline, drawn again over the fill
    // The default turtle (id 2) moved with its pen up, then drew the circle's segments.
    expect(cmds.some((c) => c[0] === 'line' && c[1] === 2 && c[9] === false)).toBe(true);
    expect(cmds.filter((c) => c[0] === 'line' && c[1] === 2 && c[9] === true).length).toBeGreaterThan(10);
  });

  it('speed and tracer reach the commands; write, dot, clear and bgcolor are sent', async () => {
    const { cmds } = await run(['import turtle', 'turtle.speed(0)', 'turtle.forward(10)', 'turtle.speed("slow")', 'turtle.tracer(0)', 'turtle.forward(10)', 'turtle.write("你好", align="center")', 'turtle.dot(20, "blue")', 'turtle.bgcolor("black")', 'turtle.clear()', 'turtle.done()'].join('\n'));
    const lines = cmds.filter((c) => c[0] === 'line');
    expect(lines.map((c) => c[8])).toEqual([0, 0]); // speed(0), then tracer(0)
    expect(cmds).toContainEqual(['write', 20, 0, '你好', 'black', 'center', 8, 'Arial']);
    expect(cmds).toContainEqual(['dot', 20, 0, 20, 'blue']);
    expect(cmds).toContainEqual(['bg', 'black']);
    expect(cmds.some((c) => c[0] === 'clear')).toBe(true);
  });

  it('reports a bad colour as a turtle error with the line of the program', async () => {
    const err: any = await run('import turtle\nturtle.forward(1)\nturtle.pencolor((1, 2))\n').catch((e) => e);
    expect(err.tp$name).toBe('TurtleGraphicsError');
    expect(err.traceback.find((f: any) => /^<stdin>/.test(f.filename)).lineno).toBe(3);
  });
});
