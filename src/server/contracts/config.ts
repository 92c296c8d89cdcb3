// 系统配置: 网站配置 (/sys/config) and what forms ask of the code rules (/sys/checkRule, /sys/fillRule): the live
// verdict of a 编码校验规则 and a value from a 填值规则.
import { GET, POST, PUT_OR_POST } from './endpoint.js';

/** One configuration entry (getAllConfigList). */
export interface ConfigRow {
  id: string;
  configKey: string;
  configValue: string;
  configEnabled?: number | null;
  comment?: string | null;
}

interface ConfigChoice {
  value: string;
  text: string;
}

/** Choices of the 注册 group: roles not above 学生, and the classes. */
export interface RegisterOptions {
  roles: ConfigChoice[];
  departs: ConfigChoice[];
}

export const configApi = {
  all: GET<ConfigRow[]>('/sys/config/getAllConfigList'),
  registerOptions: GET<RegisterOptions>('/sys/config/registerOptions'),
  /** Saves the given keys ("配置项: 值"); `errors` names the keys refused. */
  save: POST<{ errors?: Record<string, string> } | null, Record<string, string>>('/sys/config/saveTenantConfig'),
};

export const codeFieldApi = {
  /**
   * The verdict of a check rule on a value: success, or the rule's message. `value` is encoded once more by the
   * client (the API decodes it again), as the anchor's validateCheckRule does.
   */
  check: GET<null, { ruleCode: string; value: string }>('/sys/checkRule/checkByCode'),
  /** Generates a value from a fill rule and takes it (a serial number is used up); `formData`: the form's values. */
  fill: PUT_OR_POST<string, { ruleCode: string; formData: Record<string, unknown> }>('/sys/fillRule/executeRuleByCode'),
  /** The same with the rule's code in the path and the form's values as the body (the anchor's front end calls this). */
  fillByPath: PUT_OR_POST<string, Record<string, unknown>>('/sys/fillRule/executeRuleByCode/:ruleCode'),
};
