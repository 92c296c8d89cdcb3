// 编码校验规则 (/sys/checkRule) and 填值规则 (/sys/fillRule): the endpoints of their two screens (lists, forms,
// export, import, and each form's 测试). What other forms ask of the rules (checkByCode, executeRuleByCode) is
// codeFieldApi (contracts/config.ts).
import type { Page, Saved } from './shapes.js';
import { DELETE, GET, POST, PUT_OR_POST } from './endpoint.js';

export interface CheckRuleRecord extends Record<string, unknown> {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleJson: string;
  ruleDescription: string | null;
  createTime: string | null;
}

export interface FillRuleRecord extends Record<string, unknown> {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleClass: string;
  ruleParams: string | null;
  createTime: string | null;
}

/** Where a value failed a check rule: the characters tested and their place. */
export interface CheckFailureDetail {
  checkValue?: string;
  beginIndex?: number;
  endIndex?: number;
}

export const checkRuleApi = {
  list: GET<Page<CheckRuleRecord>>('/sys/checkRule/list'),
  queryById: GET<CheckRuleRecord, { id: string }>('/sys/checkRule/queryById'),
  add: POST<Saved>('/sys/checkRule/add'),
  edit: PUT_OR_POST<Saved>('/sys/checkRule/edit'),
  delete: DELETE<null, never, { id: string }>('/sys/checkRule/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/sys/checkRule/deleteBatch'),
  exportXls: GET<never>('/sys/checkRule/exportXls'),
  importExcel: POST<{ msg?: string }, FormData>('/sys/checkRule/importExcel'),
  /** 测试: a value against unsaved rule JSON; refused with the failing rule's message (and where), or the JSON's fault. */
  test: POST<CheckFailureDetail | Saved, { ruleJson: string; value: string }>('/sys/checkRule/testRule'),
};

export const fillRuleApi = {
  list: GET<Page<FillRuleRecord>>('/sys/fillRule/list'),
  queryById: GET<FillRuleRecord, { id: string }>('/sys/fillRule/queryById'),
  add: POST<Saved>('/sys/fillRule/add'),
  edit: PUT_OR_POST<Saved>('/sys/fillRule/edit'),
  delete: DELETE<null, never, { id: string }>('/sys/fillRule/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/sys/fillRule/deleteBatch'),
  exportXls: GET<never>('/sys/fillRule/exportXls'),
  importExcel: POST<{ msg?: string }, FormData>('/sys/fillRule/importExcel'),
  /**
   * 测试 in the form: a sample value from an unsaved rule (on the counter of the saved rule with `ruleCode`, if
   * any); a preview, no serial number is taken. (GET ?ruleCode= previews a saved rule, as the anchor's 测试 did.)
   */
  test: POST<string | null, { ruleCode: string | null; ruleClass: string; ruleParams: string; formData?: Record<string, unknown> }>('/sys/fillRule/testFillRule'),
};
