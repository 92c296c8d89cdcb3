// The demo's sample works of the code editors (issue 23): a 积木编程 project drawing a coloured square, and a
// 图形化Python project drawing a star, both in shared/code-projects.ts's format (the seed test checks them with the
// server's own check), so the gallery, /work-detail and the grading desk have one of each to show and play.
import { CODE_PROJECT_FORMATS, CODE_PROJECT_VERSION } from '../../shared/code-projects.js';

const n = (v: number) => ({ shadow: { type: 'math_number', fields: { NUM: v } } });

/** 积木编程: 画笔颜色 红色; 重复 4 次 { 前进 100 步; 右转 90 度 }. */
export function sampleBlocklyProject(): Buffer {
  const body = { type: 'turtle_forward', inputs: { DISTANCE: n(100) }, next: { block: { type: 'turtle_right', inputs: { ANGLE: n(90) } } } };
  const workspace = {
    blocks: {
      languageVersion: 0,
      blocks: [
        {
          type: 'turtle_colour',
          x: 40,
          y: 40,
          fields: { COLOUR: '#f5222d' },
          next: { block: { type: 'controls_repeat_ext', inputs: { TIMES: n(4), DO: { block: body } } } },
        },
      ],
    },
  };
  return Buffer.from(JSON.stringify({ format: CODE_PROJECT_FORMATS.blockly, version: CODE_PROJECT_VERSION, workspace }), 'utf8');
}

const STAR = `import turtle

# 画一颗五角星
t = turtle.Turtle()
t.color("orange")
t.begin_fill()
for i in range(5):
    t.forward(150)
    t.right(144)
t.end_fill()
print("五角星画好啦！")
`;

/** 图形化Python (text mode): a filled five-pointed star with turtle, and a line of output. */
export function samplePythonProject(): Buffer {
  return Buffer.from(JSON.stringify({ format: CODE_PROJECT_FORMATS.python, version: CODE_PROJECT_VERSION, mode: 'text', code: STAR }), 'utf8');
}
