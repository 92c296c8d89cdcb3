// The page side of code fields (templates/list/code-field.tsx): the live verdict of a 编码校验规则 and 生成 by a
// 填值规则, both through the upstream API as the signed-in user. Saving is checked by the API itself (the user
// API enforces work_no on 工号).
import type { Hono } from 'hono';
import { CODE_CHECK_PATH, CODE_FILL_PATH, CodeInput, CodeVerdictView, type CodeVerdict } from '../../templates/list/code-field.js';
import { codeFieldApi } from '../contracts/config.js';
import type { Upstream } from '../upstream/client.js';
import type { PageEnv } from './context.js';

/** The API's answer for a rule code that does not exist (any more). */
const UNKNOWN_RULE = '该编码不存在';
const KEY = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const one = (v: unknown) => (Array.isArray(v) ? String(v[0] ?? '') : typeof v === 'string' ? v : '');

/**
 * The verdict of a rule on a value. The value is encoded once more, as the anchor's validateCheckRule does
 * (the API decodes it again), so '%' and '+' arrive unchanged. A deleted rule checks nothing (null).
 */
async function checkCode(up: Upstream, ruleCode: string, value: string): Promise<CodeVerdict> {
  const res = await up.send(codeFieldApi.check, { query: { ruleCode, value: encodeURIComponent(value) } });
  if (res.body.success) return { passed: true };
  if (res.body.message === UNKNOWN_RULE) return null;
  return { passed: false, message: res.body.message || '校验失败' };
}

export function registerCodeFieldPages(app: Hono<PageEnv>) {
  // The verdict under a field as the user types (htmx swaps it in).
  app.get(CODE_CHECK_PATH, async (c) => {
    const q = c.req.query();
    const id = KEY.test(q.cf_id ?? '') ? q.cf_id : 'f-code';
    const field = KEY.test(q.cf_field ?? '') ? q.cf_field : '';
    const ruleCode = (q.cf_rule ?? '').slice(0, 100);
    const value = (field ? (q[field] ?? '') : '').trim().slice(0, 1000);
    const verdict = ruleCode && value ? await checkCode(c.get('upstream'), ruleCode, value) : null;
    return c.html(String(<CodeVerdictView id={id} verdict={verdict} />));
  });

  // 生成: takes a value from the fill rule (the number is used up, as the anchor's executeRuleByCode) and renders
  // the field again with it, checked against the field's check rule.
  app.post(CODE_FILL_PATH, async (c) => {
    // htmx sends the enclosing form's values too: the field's current value stays when generation fails.
    const form = (await c.req.parseBody()) as Record<string, unknown>;
    const s = (k: string, max: number) => one(form[k]).slice(0, max);
    const id = KEY.test(s('cf_id', 64)) ? s('cf_id', 64) : 'f-code';
    const name = KEY.test(s('cf_name', 64)) ? s('cf_name', 64) : 'code';
    const maxLength = Number(s('cf_maxLength', 6)) || undefined;
    const props = {
      id,
      name,
      label: s('cf_label', 50) || '编码',
      maxLength,
      placeholder: s('cf_placeholder', 200) || undefined,
      checkRule: s('cf_checkRule', 100) || undefined,
      fillRule: s('cf_fillRule', 100) || undefined,
      required: s('cf_required', 1) === '1',
    };
    const up = c.get('upstream');
    if (!props.fillRule) return c.html(String(<CodeInput {...props} value="" />));
    // The rule sees the form's values as the anchor's formData (e.g. 分类字典's pid: the code of a child category).
    const formData = Object.fromEntries(
      Object.entries(form)
        .filter(([k, v]) => !k.startsWith('cf_') && k !== 'back' && typeof v === 'string')
        .slice(0, 50)
        .map(([k, v]) => [k.slice(0, 64), (v as string).slice(0, 1000)]),
    );
    const res = await up.send(codeFieldApi.fill, { body: { ruleCode: props.fillRule, formData } });
    if (!res.body.success) {
      const message = res.body.message === UNKNOWN_RULE ? `填值规则“${props.fillRule}”不存在，请手动填写` : `生成失败：${res.body.message}`;
      return c.html(String(<CodeInput {...props} value={s(name, 1000)} verdict={{ passed: false, message }} />));
    }
    const value = String(res.body.result ?? '');
    const verdict = props.checkRule ? await checkCode(up, props.checkRule, value) : null;
    return c.html(String(<CodeInput {...props} value={value} verdict={verdict} />));
  });
}
