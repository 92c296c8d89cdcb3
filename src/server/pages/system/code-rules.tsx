// 编码校验规则 (/isystem/checkRule) and 填值规则 (/isystem/fillRule): the declared lists and forms, plus what the
// generic list page does not know: on the check-rule form a 测试 box that tries a value against the rule JSON as
// typed (pass, or the failing rule's message and the characters it tested), on the fill-rule form the chosen
// generator's parameter hint and a 测试 that shows a sample value (a preview: no serial number is used up).
// Data goes through the upstream client only.
import type { Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { checkRuleApi, fillRuleApi, type CheckFailureDetail } from '../../contracts/code-rules.js';
import { CHECK_RULE_ROUTE, checkRuleForm, checkRulesList, FILL_RULE_ROUTE, fillRuleForm, fillRulesList } from '../../resources/code-rules.js';
import type { FieldSpec } from '../../resources/spec.js';
import { FILL_GENERATORS, fillGeneratorInfo } from '../../shared/fill-rules.js';
import { Button, cx, inputClass } from '../../../templates/antd.js';
import type { ControlContext } from '../../../templates/list/form-view.js';
import type { PageEnv } from '../context.js';
import { registerListPage } from '../list-page.js';
import { str } from '../../shared/text.js';

const one = (v: unknown) => (Array.isArray(v) ? str(v[0]) : str(v));

const STYLE = `
.xt-rule-json { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
.xt-rule-try { margin-top: 8px; padding: 8px 10px; background: #fafafa; border: 1px dashed #d9d9d9; border-radius: 6px; }
.xt-rule-try-row { display: flex; gap: 8px; align-items: flex-start; }
.xt-rule-try-row textarea { flex: 1; resize: vertical; min-height: 32px; }
.xt-rule-try-result { margin-top: 6px; font-size: 13px; line-height: 1.7; }
.xt-rule-try-ok { color: #52c41a; }
.xt-rule-try-error { color: #ff4d4f; }
.xt-rule-hint { margin-top: 6px; font-size: 12px; line-height: 1.7; color: rgba(0,0,0,.45); }
.xt-rule-hint code, .xt-rule-try code { background: #f0f0f0; padding: 0 4px; border-radius: 3px; word-break: break-all; }
.xt-rule-cell { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; word-break: break-all; }
.xt-rule-json-cell { display: block; min-width: 200px; max-width: 300px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
`;

type TryResult =
  | { ok: true; text: string }
  | { ok: false; message: string; detail?: CheckFailureDetail }
  | null;

function TryResultView({ id, result }: { id: string; result: TryResult }) {
  return (
    <div id={id} class="xt-rule-try-result" aria-live="polite">
      {!result ? null : result.ok ? (
        <span class="xt-rule-try-ok">{result.text}</span>
      ) : (
        <>
          <span class="xt-rule-try-error">{result.message}</span>
          {result.detail && result.detail.checkValue !== undefined && (
            <div class="xt-muted">
              {result.detail.beginIndex !== undefined ? `检查第${result.detail.beginIndex + 1}–${result.detail.beginIndex + Math.max(result.detail.endIndex! - result.detail.beginIndex, 0)}位：` : '检查整个值：'}
              <code>{result.detail.checkValue === '' ? '（空）' : result.detail.checkValue}</code>
            </div>
          )}
        </>
      )}
    </div>
  );
}

/** The test box inside a rule form: its button posts the whole form (htmx includes it) to the screen's /try. */
function TryBox({ route, input, label }: { route: string; input?: { name: string; placeholder: string }; label: string }) {
  return (
    <div class="xt-rule-try">
      <div class="xt-rule-try-row">
        {input && (
          // A one-line textarea: Enter here must not submit (save) the form around it.
          <textarea class={inputClass({ extra: 'xt-textarea' })} rows={1} name={input.name} id="xt-rule-try-value" placeholder={input.placeholder} maxlength={1000} aria-label={input.placeholder} />
        )}
        <Button hx-post={`${route}/try`} hx-target="#xt-rule-try-result" hx-swap="outerHTML">
          {label}
        </Button>
      </div>
      <TryResultView id="xt-rule-try-result" result={null} />
    </div>
  );
}

function checkControl(f: FieldSpec, ctx: ControlContext): Child | undefined {
  if (f.key !== 'ruleJson') return undefined;
  return (
    <>
      <style>{STYLE}</style>
      <textarea
        id="f-ruleJson"
        name="ruleJson"
        class={inputClass({ error: !!ctx.error, extra: 'xt-textarea xt-rule-json' })}
        rows={8}
        maxlength={f.maxLength}
        placeholder={f.placeholder}
        spellcheck={false}
        disabled={ctx.disabled}
        aria-required="true"
        {...(ctx.error ? { 'aria-invalid': 'true', 'aria-describedby': 'f-ruleJson-error' } : {})}
      >
        {str(ctx.value)}
      </textarea>
      <div class="xt-rule-hint">
        数组，按顺序逐条校验：<code>digits</code> 为 <code>*</code> 时校验整个值，为数字 N 时校验接下来的 N 位；<code>pattern</code>{' '}
        为正则表达式（须匹配被校验的整段）；<code>message</code> 为不通过时的提示
      </div>
      {!ctx.disabled && <TryBox route={CHECK_RULE_ROUTE} input={{ name: 'testValue', placeholder: '输入要测试的值' }} label="测试" />}
    </>
  );
}

function GeneratorHint({ ruleClass }: { ruleClass: string }) {
  const g = fillGeneratorInfo(ruleClass);
  return (
    <div id="xt-fill-hint" class="xt-rule-hint" aria-live="polite">
      {g ? (
        <>
          <div>{g.description}</div>
          <div>
            参数：{g.paramHint}，例如 <code>{g.exampleParams}</code>
          </div>
        </>
      ) : (
        '请选择一种系统内置的生成方式，这里会显示它的说明和参数'
      )}
    </div>
  );
}

function fillControl(f: FieldSpec, ctx: ControlContext): Child | undefined {
  if (f.key === 'ruleClass') {
    const value = str(ctx.value);
    return (
      <>
        <style>{STYLE}</style>
        <select
          id="f-ruleClass"
          name="ruleClass"
          class={cx('xt-native-select', ctx.error && 'xt-select-error')}
          disabled={ctx.disabled}
          aria-required="true"
          {...(ctx.error ? { 'aria-invalid': 'true', 'aria-describedby': 'f-ruleClass-error' } : {})}
          hx-get={`${FILL_RULE_ROUTE}/hint`}
          hx-trigger="change"
          hx-target="#xt-fill-hint"
          hx-swap="outerHTML"
        >
          <option value="">请选择</option>
          {FILL_GENERATORS.map((g) => (
            <option value={g.key} selected={value === g.key}>
              {g.name}（{g.key}）
            </option>
          ))}
        </select>
        <GeneratorHint ruleClass={value} />
      </>
    );
  }
  if (f.key === 'ruleParams') {
    return (
      <>
        <textarea
          id="f-ruleParams"
          name="ruleParams"
          class={inputClass({ error: !!ctx.error, extra: 'xt-textarea xt-rule-json' })}
          rows={3}
          maxlength={f.maxLength}
          placeholder={f.placeholder}
          spellcheck={false}
          disabled={ctx.disabled}
          {...(ctx.error ? { 'aria-invalid': 'true', 'aria-describedby': 'f-ruleParams-error' } : {})}
        >
          {str(ctx.value)}
        </textarea>
        {!ctx.disabled && <TryBox route={FILL_RULE_ROUTE} label="测试（生成示例）" />}
      </>
    );
  }
  return undefined;
}

export function registerCodeRulePages(app: Hono<PageEnv>) {
  registerListPage(app, {
    spec: checkRulesList,
    form: checkRuleForm,
    renderControl: checkControl,
    extra: () => <style>{STYLE}</style>,
    // One line of the JSON (the whole of it in the tooltip and the form).
    cells: () => ({
      ruleJson: (r) => (
        <span class="xt-rule-cell xt-rule-json-cell" title={str(r.ruleJson).slice(0, 1000)}>
          {str(r.ruleJson).slice(0, 300)}
        </span>
      ),
    }),
  });

  registerListPage(app, {
    spec: fillRulesList,
    form: fillRuleForm,
    renderControl: fillControl,
    extra: () => <style>{STYLE}</style>,
    cells: () => ({
      ruleClass: (r) => (
        <div>
          <div>{fillGeneratorInfo(str(r.ruleClass))?.name ?? str(r.ruleClass)}</div>
          <div class="xt-muted">{str(r.ruleClass)}</div>
        </div>
      ),
      ruleParams: (r) => <span class="xt-rule-cell">{str(r.ruleParams)}</span>,
    }),
  });

  app.get(`${FILL_RULE_ROUTE}/hint`, (c) => c.html(String(<GeneratorHint ruleClass={(c.req.query('ruleClass') ?? '').slice(0, 100)} />)));

  // 测试 on the check-rule form: the rule JSON as typed against the value typed.
  app.post(`${CHECK_RULE_ROUTE}/try`, async (c) => {
    const form = (await c.req.parseBody()) as Record<string, unknown>;
    const value = one(form.testValue).slice(0, 1000);
    const res = await c.get('upstream').send(checkRuleApi.test, { body: { ruleJson: one(form.ruleJson), value } });
    const result: TryResult = res.body.success
      ? { ok: true, text: `✓ “${value}” 通过全部规则` }
      : { ok: false, message: res.body.message || '测试失败', detail: res.body.result && 'checkValue' in res.body.result ? res.body.result : undefined };
    return c.html(String(<TryResultView id="xt-rule-try-result" result={result} />));
  });

  // 测试 on the fill-rule form: a sample value from the generator and parameters as typed (not taken).
  app.post(`${FILL_RULE_ROUTE}/try`, async (c) => {
    const form = (await c.req.parseBody()) as Record<string, unknown>;
    const res = await c.get('upstream').send(fillRuleApi.test, {
      body: {
        ruleCode: one(form.ruleCode).trim().slice(0, 100) || null,
        ruleClass: one(form.ruleClass),
        ruleParams: one(form.ruleParams),
      },
    });
    const result: TryResult = res.body.success ? { ok: true, text: `生成示例：${str(res.body.result)}（预览，不占用编号）` } : { ok: false, message: res.body.message || '测试失败' };
    return c.html(String(<TryResultView id="xt-rule-try-result" result={result} />));
  });
}
