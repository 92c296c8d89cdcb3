// The rules a database starts with: the anchor's check rules `common` and `test` (its seed, with its
// character-class slips `[a-z|A-Z]` corrected so '|' is not accepted), the 工号 check and the fill rules the
// forms use (用户管理's 工号, 分类字典's codes). Inserted by migration 029 where their codes are missing.
import type { Insertable } from 'kysely';
import type { SysCheckRuleTable, SysFillRuleTable } from '../schema.js';

const rules = (items: { digits: string; pattern: string; message: string }[]) => JSON.stringify(items);

export const SEED_CHECK_RULES: Insertable<SysCheckRuleTable>[] = [
  {
    id: '1224980593992388610',
    rule_name: '通用编码规则',
    rule_code: 'common',
    rule_json: rules([
      { digits: '1', pattern: '^[a-zA-Z]$', message: '第一位只能是字母' },
      { digits: '*', pattern: '^[0-9a-zA-Z_]{0,}$', message: '只能填写数字、大小写字母、下划线' },
      { digits: '*', pattern: '^.{3,}$', message: '最少输入3位数' },
      { digits: '*', pattern: '^.{3,12}$', message: '最多输入12位数' },
    ]),
    rule_description: '规则：1、首位只能是字母；2、只能填写数字、大小写字母、下划线；3、最少3位数，最多12位数。',
  },
  {
    id: '1225001845524004866',
    rule_name: '负责的功能测试',
    rule_code: 'test',
    rule_json: rules([
      { digits: '*', pattern: '^.{3,12}$', message: '只能输入3-12位字符' },
      { digits: '3', pattern: '^\\d{3}$', message: '前3位必须是数字' },
      { digits: '*', pattern: '^[^pP]*$', message: '不能输入P' },
      { digits: '4', pattern: '^@{4}$', message: '第4-7位必须都为 @ 符号' },
      { digits: '2', pattern: '^#=$', message: '第8-9位必须是 #=' },
      { digits: '1', pattern: '^O$', message: '第10位必须为大写的O' },
      { digits: '*', pattern: '^.*。$', message: '必须以。结尾' },
    ]),
    rule_description: '包含长度校验、特殊字符校验等',
  },
  {
    id: '7f3c1a0e5b2d4c6f8a9e0b1c2d3e4f50',
    rule_name: '用户工号',
    rule_code: 'work_no',
    rule_json: rules([
      { digits: '*', pattern: '[A-Za-z0-9_-]*', message: '工号只能包含字母、数字、下划线或短横线' },
      { digits: '*', pattern: '.{2,32}', message: '工号长度为2–32位' },
    ]),
    rule_description: '用户管理的“工号”在保存前按此规则校验（修改规则即改变工号格式）',
  },
];

export const SEED_FILL_RULES: Insertable<SysFillRuleTable>[] = [
  {
    id: '7f3c1a0e5b2d4c6f8a9e0b1c2d3e4f51',
    rule_name: '用户工号',
    rule_code: 'user_work_no',
    rule_class: 'serial',
    rule_params: '{"prefix":"XT","datePattern":"yyyy","digits":4}',
  },
  {
    id: '1202787623203065858',
    rule_name: '分类字典编码生成',
    rule_code: 'category_code_rule',
    rule_class: 'category_code',
    rule_params: '{"pid":""}',
  },
];
