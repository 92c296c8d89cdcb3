// The 图形化Python workspace: Blockly's standard blocks (Chinese), our turtle blocks, print/input, and the toolbox.
// Each turtle block generates a call of Python's `turtle` module (import added once at the top).
import * as Blockly from 'blockly/core';
import { Order, pythonGenerator } from 'blockly/python';

const TURTLE_HUE = 160;

const COLOURS: [string, string][] = [
  ['红色', 'red'],
  ['橙色', 'orange'],
  ['黄色', 'yellow'],
  ['绿色', 'green'],
  ['青色', 'cyan'],
  ['蓝色', 'blue'],
  ['紫色', 'purple'],
  ['粉色', 'pink'],
  ['棕色', 'brown'],
  ['灰色', 'gray'],
  ['黑色', 'black'],
  ['白色', 'white'],
];

const num = (name: string) => ({ type: 'input_value', name, check: 'Number' });
const colour = (name: string) => ({ type: 'input_value', name, check: ['String', 'Colour'] });

/** Block definitions (Blockly JSON); the generators below follow the same names. */
const DEFS = [
  { type: 'py_turtle_forward', message0: '前进 %1 步', args0: [num('N')] },
  { type: 'py_turtle_back', message0: '后退 %1 步', args0: [num('N')] },
  {
    type: 'py_turtle_turn',
    message0: '%1 转 %2 度',
    args0: [{ type: 'field_dropdown', name: 'DIR', options: [['向左', 'left'], ['向右', 'right']] }, num('N')],
  },
  { type: 'py_turtle_goto', message0: '移到 x: %1 y: %2', args0: [num('X'), num('Y')] },
  { type: 'py_turtle_setheading', message0: '面向 %1 度', args0: [num('N')] },
  { type: 'py_turtle_home', message0: '回到中心' },
  { type: 'py_turtle_circle', message0: '画圆 半径 %1', args0: [num('R')] },
  { type: 'py_turtle_dot', message0: '画点 大小 %1', args0: [num('N')] },
  {
    type: 'py_turtle_pen',
    message0: '%1',
    args0: [{ type: 'field_dropdown', name: 'PEN', options: [['落笔', 'pendown'], ['抬笔', 'penup']] }],
  },
  { type: 'py_turtle_pencolor', message0: '画笔颜色 %1', args0: [colour('C')] },
  { type: 'py_turtle_fillcolor', message0: '填充颜色 %1', args0: [colour('C')] },
  { type: 'py_turtle_bgcolor', message0: '背景颜色 %1', args0: [colour('C')] },
  { type: 'py_turtle_pensize', message0: '画笔粗细 %1', args0: [num('N')] },
  { type: 'py_turtle_begin_fill', message0: '开始填充' },
  { type: 'py_turtle_end_fill', message0: '结束填充' },
  {
    type: 'py_turtle_speed',
    message0: '速度 %1',
    args0: [
      {
        type: 'field_dropdown',
        name: 'S',
        options: [['最快', '0'], ['快 (10)', '10'], ['正常 (6)', '6'], ['慢 (3)', '3'], ['最慢 (1)', '1']],
      },
    ],
  },
  {
    type: 'py_turtle_visible',
    message0: '%1海龟',
    args0: [{ type: 'field_dropdown', name: 'V', options: [['隐藏', 'hideturtle'], ['显示', 'showturtle']] }],
  },
  { type: 'py_turtle_write', message0: '写字 %1', args0: [{ type: 'input_value', name: 'T' }] },
  { type: 'py_turtle_clear', message0: '清空画布' },
  {
    type: 'py_turtle_colour',
    message0: '%1',
    args0: [{ type: 'field_dropdown', name: 'C', options: COLOURS }],
    output: 'Colour',
  },
].map((d) => ({
  ...d,
  colour: TURTLE_HUE,
  inputsInline: true,
  ...('output' in d ? {} : { previousStatement: null, nextStatement: null }),
  tooltip: '海龟绘图',
}));

let defined = false;

/** Registers the turtle blocks and their Python generators (once). */
export function defineBlocks(): void {
  if (defined) return;
  defined = true;
  Blockly.common.defineBlocksWithJsonArray(DEFS);
  const g = pythonGenerator;
  // definitions_ (the imports above the program) is the generators' own state, typed protected.
  const useTurtle = () => {
    (g as unknown as { definitions_: Record<string, string> }).definitions_['import_turtle'] = 'import turtle';
  };
  const value = (b: Blockly.Block, name: string, fallback: string) => g.valueToCode(b, name, Order.NONE) || fallback;
  const call = (fn: string, ...args: string[]) => {
    useTurtle();
    return `turtle.${fn}(${args.join(', ')})\n`;
  };
  const gen = g.forBlock;
  gen['py_turtle_forward'] = (b) => call('forward', value(b, 'N', '0'));
  gen['py_turtle_back'] = (b) => call('back', value(b, 'N', '0'));
  gen['py_turtle_turn'] = (b) => call(b.getFieldValue('DIR') === 'right' ? 'right' : 'left', value(b, 'N', '0'));
  gen['py_turtle_goto'] = (b) => call('goto', value(b, 'X', '0'), value(b, 'Y', '0'));
  gen['py_turtle_setheading'] = (b) => call('setheading', value(b, 'N', '0'));
  gen['py_turtle_home'] = () => call('home');
  gen['py_turtle_circle'] = (b) => call('circle', value(b, 'R', '50'));
  gen['py_turtle_dot'] = (b) => call('dot', value(b, 'N', '5'));
  gen['py_turtle_pen'] = (b) => call(b.getFieldValue('PEN') === 'penup' ? 'penup' : 'pendown');
  gen['py_turtle_pencolor'] = (b) => call('pencolor', value(b, 'C', "'black'"));
  gen['py_turtle_fillcolor'] = (b) => call('fillcolor', value(b, 'C', "'black'"));
  gen['py_turtle_bgcolor'] = (b) => call('bgcolor', value(b, 'C', "'white'"));
  gen['py_turtle_pensize'] = (b) => call('pensize', value(b, 'N', '1'));
  gen['py_turtle_begin_fill'] = () => call('begin_fill');
  gen['py_turtle_end_fill'] = () => call('end_fill');
  gen['py_turtle_speed'] = (b) => call('speed', String(Number(b.getFieldValue('S')) || 0));
  gen['py_turtle_visible'] = (b) => call(b.getFieldValue('V') === 'showturtle' ? 'showturtle' : 'hideturtle');
  gen['py_turtle_write'] = (b) => call('write', value(b, 'T', "''"), "font=('Arial', 16, 'normal')");
  gen['py_turtle_clear'] = () => call('clear');
  gen['py_turtle_colour'] = (b) => [g.quote_(String(b.getFieldValue('C'))), Order.ATOMIC];
}

const n = (v: number) => ({ shadow: { type: 'math_number', fields: { NUM: v } } });
const t = (v: string) => ({ shadow: { type: 'text', fields: { TEXT: v } } });
const c = (v: string) => ({ shadow: { type: 'py_turtle_colour', fields: { C: v } } });
const block = (type: string, inputs?: Record<string, unknown>) => ({ kind: 'block', type, ...(inputs ? { inputs } : {}) });

/** The toolbox: Blockly's categories in Chinese, then 海龟绘图 and 输入输出. */
export const TOOLBOX = {
  kind: 'categoryToolbox',
  contents: [
    {
      kind: 'category',
      name: '海龟绘图',
      colour: String(TURTLE_HUE),
      contents: [
        block('py_turtle_forward', { N: n(100) }),
        block('py_turtle_back', { N: n(100) }),
        block('py_turtle_turn', { N: n(90) }),
        block('py_turtle_goto', { X: n(0), Y: n(0) }),
        block('py_turtle_setheading', { N: n(90) }),
        block('py_turtle_home'),
        block('py_turtle_circle', { R: n(50) }),
        block('py_turtle_dot', { N: n(10) }),
        block('py_turtle_pen'),
        block('py_turtle_pencolor', { C: c('red') }),
        block('py_turtle_fillcolor', { C: c('yellow') }),
        block('py_turtle_bgcolor', { C: c('white') }),
        block('py_turtle_pensize', { N: n(3) }),
        block('py_turtle_begin_fill'),
        block('py_turtle_end_fill'),
        block('py_turtle_speed'),
        block('py_turtle_visible'),
        block('py_turtle_write', { T: t('你好') }),
        block('py_turtle_clear'),
        block('py_turtle_colour'),
      ],
    },
    {
      kind: 'category',
      name: '输入输出',
      colour: '160',
      contents: [block('text_print', { TEXT: t('你好，世界') }), block('text_prompt_ext', { TEXT: t('请输入') })],
    },
    {
      kind: 'category',
      name: '逻辑',
      categorystyle: 'logic_category',
      contents: ['controls_if', 'logic_compare', 'logic_operation', 'logic_negate', 'logic_boolean', 'logic_null', 'logic_ternary'].map((x) => block(x)),
    },
    {
      kind: 'category',
      name: '循环',
      categorystyle: 'loop_category',
      contents: [
        block('controls_repeat_ext', { TIMES: n(4) }),
        block('controls_whileUntil'),
        block('controls_for', { FROM: n(1), TO: n(10), BY: n(1) }),
        block('controls_forEach'),
        block('controls_flow_statements'),
      ],
    },
    {
      kind: 'category',
      name: '数学',
      categorystyle: 'math_category',
      contents: [
        block('math_number'),
        block('math_arithmetic', { A: n(1), B: n(1) }),
        block('math_single', { NUM: n(9) }),
        block('math_trig', { NUM: n(45) }),
        block('math_constant'),
        block('math_number_property', { NUMBER_TO_CHECK: n(0) }),
        block('math_round', { NUM: n(3.1) }),
        block('math_modulo', { DIVIDEND: n(64), DIVISOR: n(10) }),
        block('math_random_int', { FROM: n(1), TO: n(100) }),
        block('math_random_float'),
      ],
    },
    {
      kind: 'category',
      name: '文本',
      categorystyle: 'text_category',
      contents: [block('text'), block('text_join'), block('text_append', { TEXT: t('') }), block('text_length', { VALUE: t('abc') }), block('text_isEmpty', { VALUE: t('') })],
    },
    {
      kind: 'category',
      name: '列表',
      categorystyle: 'list_category',
      contents: [block('lists_create_empty'), block('lists_create_with'), block('lists_repeat', { NUM: n(5) }), block('lists_length'), block('lists_getIndex'), block('lists_setIndex')],
    },
    { kind: 'sep' },
    { kind: 'category', name: '变量', categorystyle: 'variable_category', custom: 'VARIABLE' },
    { kind: 'category', name: '函数', categorystyle: 'procedure_category', custom: 'PROCEDURE' },
  ],
};
