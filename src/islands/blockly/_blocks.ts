// The 积木编程 blocks beyond Blockly's own: the turtle (画笔) and 输出 (print to the stage's output), with their
// JavaScript, and the toolbox. The generated program calls `turtle.*` and `print` of the runner (run.worker.ts);
// each statement first calls `xtBlock(id)`, so a runtime error names the block it happened in.
import * as Blockly from 'blockly/core';
import { javascriptGenerator, Order } from 'blockly/javascript';

const PEN_HUE = 175;

const COLOURS: [string, string][] = [
  ['黑色', '#000000'],
  ['红色', '#f5222d'],
  ['橙色', '#fa8c16'],
  ['黄色', '#fadb14'],
  ['绿色', '#52c41a'],
  ['青色', '#13c2c2'],
  ['蓝色', '#1677ff'],
  ['紫色', '#722ed1'],
  ['粉色', '#eb2f96'],
  ['棕色', '#8b5a2b'],
  ['灰色', '#8c8c8c'],
  ['白色', '#ffffff'],
];

const statement = (type: string, message0: string, args0: object[] = [], tooltip = '') => ({
  type,
  message0,
  args0,
  previousStatement: null,
  nextStatement: null,
  colour: PEN_HUE,
  tooltip,
});
const numberArg = (name: string) => ({ type: 'input_value', name, check: 'Number' });
const value = (type: string, message0: string, tooltip: string) => ({ type, message0, output: 'Number', colour: PEN_HUE, tooltip });

export function defineBlocks(): void {
  Blockly.common.defineBlocksWithJsonArray([
    statement('turtle_forward', '前进 %1 步', [numberArg('DISTANCE')], '海龟向前走，落笔时画出线'),
    statement('turtle_backward', '后退 %1 步', [numberArg('DISTANCE')], '海龟向后退'),
    statement('turtle_right', '右转 %1 度', [numberArg('ANGLE')], '海龟向右（顺时针）转'),
    statement('turtle_left', '左转 %1 度', [numberArg('ANGLE')], '海龟向左（逆时针）转'),
    statement('turtle_pen', '%1', [{ type: 'field_dropdown', name: 'PEN', options: [['落笔', 'DOWN'], ['抬笔', 'UP']] }], '落笔后移动会画线，抬笔后不画'),
    statement('turtle_colour', '画笔颜色设为 %1', [{ type: 'field_dropdown', name: 'COLOUR', options: COLOURS }]),
    statement('turtle_colour_rgb', '画笔颜色设为 红 %1 绿 %2 蓝 %3', [numberArg('R'), numberArg('G'), numberArg('B')], '每种颜色 0～255'),
    statement('turtle_fill_colour', '填充颜色设为 %1', [{ type: 'field_dropdown', name: 'COLOUR', options: COLOURS }]),
    statement('turtle_width', '画笔粗细设为 %1', [numberArg('WIDTH')]),
    statement('turtle_begin_fill', '开始填充', [], '记下海龟走过的路线，到“结束填充”时把围起来的部分涂上填充颜色'),
    statement('turtle_end_fill', '结束填充'),
    statement('turtle_goto', '移到 x: %1 y: %2', [numberArg('X'), numberArg('Y')], '舞台中心是 (0, 0)，向右 x 变大，向上 y 变大'),
    statement('turtle_heading', '面向 %1 度', [numberArg('ANGLE')], '0 度朝右，90 度朝上'),
    statement('turtle_home', '回到中心'),
    statement('turtle_clear', '清空舞台'),
    statement('turtle_visible', '%1 海龟', [{ type: 'field_dropdown', name: 'VISIBLE', options: [['显示', 'SHOW'], ['隐藏', 'HIDE']] }]),
    statement('turtle_wait', '等待 %1 秒', [numberArg('SECONDS')], '画到这里停一会儿'),
    value('turtle_x', 'x 坐标', '海龟的 x 坐标'),
    value('turtle_y', 'y 坐标', '海龟的 y 坐标'),
    value('turtle_get_heading', '方向', '海龟面向的角度'),
  ]);

  const g = javascriptGenerator;
  g.addReservedWords('turtle,print,xtBlock');
  // Each statement first says which block it is (errors point at their block).
  g.STATEMENT_PREFIX = 'xtBlock(%1);\n';
  const arg = (b: Blockly.Block, name: string, fallback = '0') => g.valueToCode(b, name, Order.NONE) || fallback;
  const call = (fn: string, ...args: string[]) => `turtle.${fn}(${args.join(', ')});\n`;
  const f = g.forBlock;
  f['turtle_forward'] = (b) => call('forward', arg(b, 'DISTANCE'));
  f['turtle_backward'] = (b) => call('backward', arg(b, 'DISTANCE'));
  f['turtle_right'] = (b) => call('right', arg(b, 'ANGLE'));
  f['turtle_left'] = (b) => call('left', arg(b, 'ANGLE'));
  f['turtle_pen'] = (b) => call('penDown', b.getFieldValue('PEN') === 'DOWN' ? 'true' : 'false');
  // Dropdown values are checked against the options Blockly knows; quoted as strings all the same.
  f['turtle_colour'] = (b) => call('setColour', g.quote_(b.getFieldValue('COLOUR')));
  f['turtle_fill_colour'] = (b) => call('setFill', g.quote_(b.getFieldValue('COLOUR')));
  f['turtle_colour_rgb'] = (b) => {
    const c = (n: string) => `Math.max(0, Math.min(255, Math.round(Number(${arg(b, n)}) || 0)))`;
    return call('setColour', `'rgb(' + ${c('R')} + ',' + ${c('G')} + ',' + ${c('B')} + ')'`);
  };
  f['turtle_width'] = (b) => call('setWidth', arg(b, 'WIDTH', '1'));
  f['turtle_begin_fill'] = () => call('beginFill');
  f['turtle_end_fill'] = () => call('endFill');
  f['turtle_goto'] = (b) => call('goto', arg(b, 'X'), arg(b, 'Y'));
  f['turtle_heading'] = (b) => call('setHeading', arg(b, 'ANGLE'));
  f['turtle_home'] = () => call('home');
  f['turtle_clear'] = () => call('clear');
  f['turtle_visible'] = (b) => call('show', b.getFieldValue('VISIBLE') === 'SHOW' ? 'true' : 'false');
  f['turtle_wait'] = (b) => call('wait', arg(b, 'SECONDS'));
  f['turtle_x'] = () => ['turtle.x()', Order.FUNCTION_CALL];
  f['turtle_y'] = () => ['turtle.y()', Order.FUNCTION_CALL];
  f['turtle_get_heading'] = () => ['turtle.heading()', Order.FUNCTION_CALL];
  // Blockly's 输出 block would call window.alert: here it prints to the stage's output.
  f['text_print'] = (b) => `print(${g.valueToCode(b, 'TEXT', Order.NONE) || "''"});\n`;
}

/** The program of a workspace, as the runner runs it. */
export function programOf(ws: Blockly.Workspace): string {
  return javascriptGenerator.workspaceToCode(ws);
}

const n = (v: number) => ({ shadow: { type: 'math_number', fields: { NUM: v } } });
const t = (v: string) => ({ shadow: { type: 'text', fields: { TEXT: v } } });
type Item = { kind: 'block'; type: string; inputs?: Record<string, unknown>; fields?: Record<string, unknown> };
const b = (type: string, inputs?: Record<string, unknown>, fields?: Record<string, unknown>): Item => ({ kind: 'block', type, ...(inputs ? { inputs } : {}), ...(fields ? { fields } : {}) });

export const TOOLBOX = {
  kind: 'categoryToolbox',
  contents: [
    {
      kind: 'category',
      name: '画笔',
      colour: String(PEN_HUE),
      contents: [
        b('turtle_forward', { DISTANCE: n(100) }),
        b('turtle_backward', { DISTANCE: n(50) }),
        b('turtle_right', { ANGLE: n(90) }),
        b('turtle_left', { ANGLE: n(90) }),
        b('turtle_pen', undefined, { PEN: 'UP' }),
        b('turtle_pen', undefined, { PEN: 'DOWN' }),
        b('turtle_colour', undefined, { COLOUR: '#f5222d' }),
        b('turtle_colour_rgb', { R: n(255), G: n(128), B: n(0) }),
        b('turtle_width', { WIDTH: n(4) }),
        b('turtle_fill_colour', undefined, { COLOUR: '#fadb14' }),
        b('turtle_begin_fill'),
        b('turtle_end_fill'),
        b('turtle_goto', { X: n(0), Y: n(0) }),
        b('turtle_heading', { ANGLE: n(90) }),
        b('turtle_home'),
        b('turtle_clear'),
        b('turtle_visible', undefined, { VISIBLE: 'HIDE' }),
        b('turtle_wait', { SECONDS: n(1) }),
        b('turtle_x'),
        b('turtle_y'),
        b('turtle_get_heading'),
      ],
    },
    { kind: 'category', name: '输出', colour: '160', contents: [b('text_print', { TEXT: t('你好！') })] },
    {
      kind: 'category',
      name: '逻辑',
      categorystyle: 'logic_category',
      contents: [b('controls_if'), b('logic_compare'), b('logic_operation'), b('logic_negate'), b('logic_boolean'), b('logic_null'), b('logic_ternary')],
    },
    {
      kind: 'category',
      name: '循环',
      categorystyle: 'loop_category',
      contents: [
        b('controls_repeat_ext', { TIMES: n(4) }),
        b('controls_whileUntil'),
        b('controls_for', { FROM: n(1), TO: n(10), BY: n(1) }),
        b('controls_forEach'),
        b('controls_flow_statements'),
      ],
    },
    {
      kind: 'category',
      name: '数学',
      categorystyle: 'math_category',
      contents: [
        b('math_number', undefined, { NUM: 0 }),
        b('math_arithmetic', { A: n(1), B: n(1) }),
        b('math_single', { NUM: n(9) }),
        b('math_trig', { NUM: n(45) }),
        b('math_constant'),
        b('math_number_property', { NUMBER_TO_CHECK: n(0) }),
        b('math_round', { NUM: n(3.1) }),
        b('math_on_list'),
        b('math_modulo', { DIVIDEND: n(64), DIVISOR: n(10) }),
        b('math_constrain', { VALUE: n(50), LOW: n(1), HIGH: n(100) }),
        b('math_random_int', { FROM: n(1), TO: n(100) }),
        b('math_random_float'),
      ],
    },
    {
      kind: 'category',
      name: '文本',
      categorystyle: 'text_category',
      contents: [
        b('text'),
        b('text_join'),
        b('text_append', { TEXT: t('') }),
        b('text_length', { VALUE: t('abc') }),
        b('text_isEmpty', { VALUE: t('') }),
        b('text_indexOf', { FIND: t('abc') }),
        b('text_charAt'),
        b('text_getSubstring'),
        b('text_changeCase', { TEXT: t('abc') }),
        b('text_trim', { TEXT: t(' abc ') }),
        b('text_print', { TEXT: t('abc') }),
      ],
    },
    {
      kind: 'category',
      name: '列表',
      categorystyle: 'list_category',
      contents: [
        b('lists_create_with'),
        b('lists_create_empty'),
        b('lists_repeat', { NUM: n(5) }),
        b('lists_length'),
        b('lists_isEmpty'),
        b('lists_indexOf'),
        b('lists_getIndex'),
        b('lists_setIndex'),
        b('lists_getSublist'),
        b('lists_split', { DELIM: t(',') }),
        b('lists_sort'),
        b('lists_reverse'),
      ],
    },
    { kind: 'sep' },
    { kind: 'category', name: '变量', categorystyle: 'variable_category', custom: 'VARIABLE' },
    { kind: 'category', name: '函数', categorystyle: 'procedure_category', custom: 'PROCEDURE' },
  ],
};
