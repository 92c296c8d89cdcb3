// The catalogue of 填值规则's built-in generators: what the form offers and the list shows. Pure data, shared
// by the generators (domain/code-rules.ts, which adds the parameter checks and the code) and the page.
// Where the anchor stored a Java class name (rule_class), a rule here names one of these keys.
export interface FillGeneratorInfo {
  key: string;
  name: string;
  description: string;
  /** What the parameter field accepts. */
  paramHint: string;
  /** Parameters a new rule of this kind starts with (JSON text). */
  exampleParams: string;
}

export const FILL_GENERATORS: readonly FillGeneratorInfo[] = [
  {
    key: 'serial',
    name: '流水号',
    description: '前缀 + 日期 + 补零的序号，序号在数据库中按规则原子递增；有日期部分时每个年/月/日重新从1开始',
    paramHint:
      '{"prefix": 前缀（字母、数字、_ 或 -，最多20位，可省略）, "datePattern": 日期部分 yyyy / yyyyMM / yyyyMMdd / yyMMdd（可省略）, "digits": 序号位数 1–12（默认4）}',
    exampleParams: '{"prefix":"XT","datePattern":"yyyy","digits":4}',
  },
  {
    key: 'category_code',
    name: '分类字典编码',
    description: '分类字典中指定上级分类下一个未用的编码（A01…A99、B01…，下级如 A01A01）；表单数据的 pid 优先',
    paramHint: '{"pid": 上级分类的id（留空或省略为顶级分类）}',
    exampleParams: '{"pid":""}',
  },
];

export const fillGeneratorInfo = (key: string): FillGeneratorInfo | undefined => FILL_GENERATORS.find((g) => g.key === key);

/** Limits shared by the API's checks and the forms' maxlength. */
export const CHECK_RULE_LIMITS = { json: 4000, pattern: 200, items: 20, message: 100, value: 1000 } as const;
