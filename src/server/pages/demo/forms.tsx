// 开发示例 · 表单页: 基础表单, 分步表单, 高级表单. Each is a plain POST form (works without JavaScript; htmx swaps
// #content), whose values go to the demo API (api/demo/gallery.ts) through the upstream client; the API's zod
// errors are shown beside their fields with what the user typed, and a success shows the result.
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { demoFormApi } from '../../contracts/demo.js';
import { advancedGroups, baseForm, MAX_MEMBERS, memberColumns, stepForm, stepPassword } from '../../resources/demo.js';
import type { FieldOption, FieldSpec, FormSpec } from '../../resources/spec.js';
import { Alert, Button, LinkButton } from '../../../templates/antd.js';
import { DetailList, GalleryPage, ResultBox, StepsBar, type SourceFile } from '../../../templates/demo/gallery.js';
import { Fields } from '../../../templates/list/form-view.js';
import { navAttrs } from '../../../templates/list/list-view.js';
import { RowTable, rowAction, rowsOf } from '../../../templates/list/row-table.js';
import type { PageEnv } from '../context.js';
import { fieldOptions, formToBody, isHtmx } from '../list-page.js';
import { shellPage } from '../shell-page.js';

type Ctx = Context<PageEnv>;
type Values = Record<string, unknown>;
type Errors = Record<string, string>;

const BASE = '/form/base-form';
const STEP = '/form/step-form';
const ADVANCED = '/form/advanced-form';

const COMMON_SOURCES: SourceFile[] = [
  { path: 'src/templates/list/form-view.tsx', what: '字段模板 Fields（与用户、角色等管理页的表单相同）' },
  { path: 'src/server/pages/list-page.tsx', what: 'formToBody、fieldOptions：表单值转为接口 JSON、选项' },
];

/** A refused save answers 200 to htmx (it swaps only 2xx) and 400 to a plain form post. */
const refusedStatus = (c: Ctx) => (isHtmx(c) ? 200 : 400);

/** Submitted form fields; a repeated name gives an array (`one` takes its first value). */
async function submitted(c: Ctx): Promise<Record<string, string | string[]>> {
  return (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
}

const one = (v: unknown) => (Array.isArray(v) ? String(v[0] ?? '') : v === undefined || v === null ? '' : String(v));

/** The form's fields inside a page form: the shared Fields with the API's errors; `message` when no field has one. */
function FieldsOf({ form, values, errors, options, idPrefix }: { form: FormSpec; values: Values; errors: Errors; options: Record<string, FieldOption[]>; idPrefix?: string }) {
  return <Fields title="" fields={form.fields} values={values} errors={errors} options={options} action="" back="" mode="add" hidden={{}} asDialog={false} idPrefix={idPrefix} />;
}

/** Errors that no field of these forms shows, joined for the message above the form. */
function unplaced(errors: Errors, keys: string[], fallback?: string): string | undefined {
  const left = Object.entries(errors).filter(([k]) => !keys.includes(k) && !keys.some((p) => k.startsWith(`${p}.`)));
  if (left.length) return left.map(([, v]) => v).join('；');
  return Object.keys(errors).length ? undefined : fallback;
}

const optionLabel = (f: FieldSpec, v: unknown) => f.options?.find((o) => o.value === one(v))?.label ?? one(v);

// ───────────────────────────── 基础表单 ─────────────────────────────

function BaseFormView({ values, errors, message, options }: { values: Values; errors: Errors; message?: string; options: Record<string, FieldOption[]> }) {
  return (
    <section class="ant-card ant-card-bordered app">
      <div class="ant-card-body">
        <form class="ant-form ant-form-horizontal app ant-form-css-var xt-form xt-gallery-form" method="post" action={BASE} hx-post={BASE} hx-target="#content" novalidate>
          {message && <Alert type="error">{message}</Alert>}
          <FieldsOf form={baseForm} values={values} errors={errors} options={options} />
          <div class="xt-gallery-actions">
            <Button type="primary" htmlType="submit">提交</Button>
            <LinkButton {...navAttrs(BASE)}>重置</LinkButton>
          </div>
        </form>
      </div>
    </section>
  );
}

const BASE_SOURCES: SourceFile[] = [
  { path: 'src/server/resources/demo.ts', what: 'goalFields：每个字段的规则只声明一次（必填、长度、格式）；baseForm 由它派生，只加提示' },
  { path: 'src/server/api/demo/gallery.ts', what: 'baseFormBody：goalFields.schema(…) 派生的 zod 校验与中文提示，加上日期先后；POST /api/demo/form/base' },
  { path: 'src/server/pages/demo/forms.tsx', what: '页面：提交、出错时回显、成功结果' },
  ...COMMON_SOURCES,
];

function registerBaseForm(app: Hono<PageEnv>) {
  const page = (c: Ctx, body: (options: Record<string, FieldOption[]>) => Child, status: 200 | 400 = 200) =>
    shellPage(
      c,
      { current: BASE, title: '基础表单' },
      async () => (
        <GalleryPage title="基础表单" intro="表单页用于向用户收集或验证信息。提交后由服务器校验（必填、长度、邮箱、手机号、数字范围、日期），错误显示在字段旁，已填内容保留。" sources={BASE_SOURCES}>
          {body(await fieldOptions(c.get('upstream'), baseForm.fields))}
        </GalleryPage>
      ),
      status,
    );

  app.get(BASE, (c) => page(c, (options) => <BaseFormView values={{}} errors={{}} options={options} />));

  app.post(BASE, async (c) => {
    const form = await submitted(c);
    const res = await c.get('upstream').send(demoFormApi.base, { body: formToBody(form, baseForm.fields) });
    if (res.body.success) {
      const r = res.body.result;
      return page(c, () => (
        <ResultBox title="提交成功" text="服务器已校验通过（示例不保存数据）。" actions={<LinkButton type="primary" {...navAttrs(BASE)}>再填一份</LinkButton>}>
          <DetailList items={baseForm.fields.map((f) => [f.label, f.options ? optionLabel(f, r[f.key]) : one(r[f.key]) || '—'] as [string, Child])} />
        </ResultBox>
      ));
    }
    const errors = res.body.result?.errors ?? {};
    const values = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, one(v)]));
    const message = unplaced(errors, baseForm.fields.map((f) => f.key), res.body.message);
    return page(c, (options) => <BaseFormView values={values} errors={errors} message={message} options={options} />, refusedStatus(c));
  });
}

// ───────────────────────────── 分步表单 ─────────────────────────────

const STEPS = ['填写转账信息', '确认转账信息', '完成'];
const STEP_KEYS = stepForm.fields.map((f) => f.key);

const STEP_SOURCES: SourceFile[] = [
  { path: 'src/server/resources/demo.ts', what: 'transferFields：字段规则；stepForm、stepPassword（每一步的字段）由它派生' },
  { path: 'src/server/api/demo/gallery.ts', what: 'transferBody / transferSubmit：第一步校验、最后提交时全部重新校验' },
  { path: 'src/server/pages/demo/forms.tsx', what: '页面：三步之间的数据放在隐藏字段中，服务器每步都校验' },
  { path: 'src/templates/demo/gallery.tsx', what: 'StepsBar、ResultBox、DetailList' },
  ...COMMON_SOURCES,
];

function StepOne({ values, errors, message, options }: { values: Values; errors: Errors; message?: string; options: Record<string, FieldOption[]> }) {
  return (
    <form class="ant-form ant-form-horizontal app ant-form-css-var xt-form xt-gallery-form" method="post" action={STEP} hx-post={STEP} hx-target="#content" novalidate>
      <input type="hidden" name="step" value="1" />
      {message && <Alert type="error">{message}</Alert>}
      <FieldsOf form={stepForm} values={values} errors={errors} options={options} />
      <div class="xt-gallery-actions">
        <Button type="primary" htmlType="submit">下一步</Button>
      </div>
    </form>
  );
}

/** The checked transfer, shown again; the values travel on in hidden fields and are validated again on submit. */
function StepTwo({ values, errors, message }: { values: Values; errors: Errors; message?: string }) {
  return (
    <form class="ant-form ant-form-horizontal app ant-form-css-var xt-form xt-gallery-form" method="post" action={STEP} hx-post={STEP} hx-target="#content" novalidate>
      <input type="hidden" name="step" value="2" />
      {STEP_KEYS.map((k) => (
        <input type="hidden" name={k} value={one(values[k])} />
      ))}
      <Alert type="info">确认转账后，资金将直接打入对方账户，无法退回。（示例，不会真的转账）</Alert>
      {message && <Alert type="error">{message}</Alert>}
      <DetailList items={stepForm.fields.map((f) => [f.label, f.key === 'amount' ? `${one(values.amount)} 元` : one(values[f.key])] as [string, Child])} />
      <FieldsOf form={stepPassword} values={{}} errors={errors} options={{}} />
      <div class="xt-gallery-actions">
        <Button htmlType="submit" name="action" value="back">上一步</Button>
        <Button type="primary" htmlType="submit" name="action" value="submit">提交</Button>
      </div>
    </form>
  );
}

function registerStepForm(app: Hono<PageEnv>) {
  const page = (c: Ctx, current: number, body: (options: Record<string, FieldOption[]>) => Child, status: 200 | 400 = 200) =>
    shellPage(
      c,
      { current: STEP, title: '分步表单' },
      async () => (
        <GalleryPage title="分步表单" intro="将一个冗长或用户不熟悉的表单任务分成多个步骤，指导用户完成。每一步都由服务器校验；不需要 JavaScript。" sources={STEP_SOURCES}>
          <section class="ant-card ant-card-bordered app">
            <div class="ant-card-body">
              <StepsBar steps={STEPS} current={current} />
              {body(await fieldOptions(c.get('upstream'), stepForm.fields))}
            </div>
          </section>
        </GalleryPage>
      ),
      status,
    );

  app.get(STEP, (c) => page(c, 0, (options) => <StepOne values={{}} errors={{}} options={options} />));

  app.post(STEP, async (c) => {
    const form = await submitted(c);
    const values: Values = Object.fromEntries(STEP_KEYS.map((k) => [k, one(form[k])]));
    const body = formToBody(form, stepForm.fields);
    const up = c.get('upstream');
    if (one(form.step) === '2' && one(form.action) === 'back') return page(c, 0, (options) => <StepOne values={values} errors={{}} options={options} />);
    if (one(form.step) === '2') {
      const res = await up.send(demoFormApi.step, { query: { stage: 'submit' }, body: { ...body, password: one(form.password) } });
      if (res.body.success) {
        const r = res.body.result;
        return page(c, 2, () => (
          <ResultBox title="操作成功" text="预计两小时内到账（示例）" actions={<LinkButton type="primary" {...navAttrs(STEP)}>再转一笔</LinkButton>}>
            <DetailList items={stepForm.fields.map((f) => [f.label, f.key === 'amount' ? `${one(r.amount)} 元` : one(r[f.key])] as [string, Child])} />
          </ResultBox>
        ));
      }
      const errors = res.body.result?.errors ?? {};
      // A changed or forged hidden value fails step 1's rules: back to step 1 with the errors where they belong.
      if (STEP_KEYS.some((k) => errors[k])) return page(c, 0, (options) => <StepOne values={values} errors={errors} options={options} />, refusedStatus(c));
      return page(c, 1, () => <StepTwo values={values} errors={errors} message={unplaced(errors, ['password'], res.body.message)} />, refusedStatus(c));
    }
    const res = await up.send(demoFormApi.step, { query: { stage: 'check' }, body });
    if (res.body.success) return page(c, 1, () => <StepTwo values={{ ...values, ...res.body.result }} errors={{}} />);
    const errors = res.body.result?.errors ?? {};
    return page(c, 0, (options) => <StepOne values={values} errors={errors} message={unplaced(errors, STEP_KEYS, res.body.message)} options={options} />, refusedStatus(c));
  });
}

// ───────────────────────────── 高级表单 ─────────────────────────────

const GROUP_FIELDS = advancedGroups.flatMap((g) => g.form.fields);
const MEMBER_KEYS = memberColumns.map((f) => f.key);

const ADVANCED_SOURCES: SourceFile[] = [
  { path: 'src/server/resources/demo.ts', what: 'advancedFields、memberFields：字段规则；advancedGroups（字段分组）、memberColumns（可增删的行）由它们派生' },
  { path: 'src/server/api/demo/gallery.ts', what: 'advancedBody：分组字段与每一行的 zod 校验，错误按 members.<行>.<字段> 返回' },
  { path: 'src/server/pages/demo/forms.tsx', what: '页面：增删行、提交、回显' },
  { path: 'src/templates/list/row-table.tsx', what: 'RowTable、rowsOf、rowAction：可增删行的表格（无需 JavaScript）' },
  ...COMMON_SOURCES,
];

function AdvancedFormView({ values, rows, errors, message, options }: { values: Values; rows: Values[]; errors: Errors; message?: string; options: Record<string, FieldOption[]> }) {
  return (
    <form class="ant-form ant-form-horizontal app ant-form-css-var xt-form xt-gallery-form" method="post" action={ADVANCED} hx-post={ADVANCED} hx-target="#content" novalidate>
      {/* Enter in a field submits the form, not the first row's 删除 (the first submit button is the default). */}
      <button type="submit" name="action" value="submit" class="xt-default-submit" tabindex={-1} aria-hidden="true">
        提交
      </button>
      {message && <Alert type="error">{message}</Alert>}
      {advancedGroups.map((g, i) => (
        <section class="ant-card ant-card-bordered app xt-gallery-group">
          <div class="ant-card-head">
            <div class="ant-card-head-wrapper">
              <h3 class="ant-card-head-title">{g.title}</h3>
            </div>
          </div>
          <div class="ant-card-body">
            <FieldsOf form={g.form} values={values} errors={errors} options={options} idPrefix={`g${i}-`} />
          </div>
        </section>
      ))}
      <section class="ant-card ant-card-bordered app xt-gallery-group">
        <div class="ant-card-head">
          <div class="ant-card-head-wrapper">
            <h3 class="ant-card-head-title">成员管理</h3>
          </div>
        </div>
        <div class="ant-card-body">
          <RowTable name="members" columns={memberColumns} rows={rows} errors={errors} addLabel="新增成员" max={MAX_MEMBERS} />
        </div>
      </section>
      <div class="xt-gallery-actions xt-gallery-footer">
        <Button type="primary" htmlType="submit" name="action" value="submit">提交</Button>
        <LinkButton {...navAttrs(ADVANCED)}>重置</LinkButton>
      </div>
    </form>
  );
}

const STARTING_MEMBERS: Values[] = [
  { name: '王小明', workNo: '00001', department: '信息技术组' },
  { name: '李小红', workNo: '00002', department: '教务处' },
];

function registerAdvancedForm(app: Hono<PageEnv>) {
  const page = (c: Ctx, body: (options: Record<string, FieldOption[]>) => Child, status: 200 | 400 = 200) =>
    shellPage(
      c,
      { current: ADVANCED, title: '高级表单' },
      async () => (
        <GalleryPage title="高级表单" intro="高级表单常见于一次性输入和提交大批量数据的场景：字段分组，加上可以增删的成员行。增删行与提交都由服务器处理，已填内容不会丢失。" sources={ADVANCED_SOURCES}>
          {body(await fieldOptions(c.get('upstream'), GROUP_FIELDS))}
        </GalleryPage>
      ),
      status,
    );

  app.get(ADVANCED, (c) => page(c, (options) => <AdvancedFormView values={{}} rows={STARTING_MEMBERS} errors={{}} options={options} />));

  app.post(ADVANCED, async (c) => {
    const form = await submitted(c);
    const values: Values = Object.fromEntries(GROUP_FIELDS.map((f) => [f.key, one(form[f.key])]));
    let rows: Values[] = rowsOf(form, 'members', MEMBER_KEYS, MAX_MEMBERS);
    const action = rowAction(form, 'members');
    if (action) {
      // Adding or removing a row only redraws the form: nothing is validated or lost.
      if ('add' in action && rows.length < MAX_MEMBERS) rows = [...rows, Object.fromEntries(MEMBER_KEYS.map((k) => [k, '']))];
      if ('remove' in action) rows = rows.filter((_, i) => i !== action.remove);
      return page(c, (options) => <AdvancedFormView values={values} rows={rows} errors={{}} options={options} />);
    }
    const body = { ...formToBody(form, GROUP_FIELDS), members: rows.map((r) => formToBody(r as Record<string, string>, memberColumns)) };
    const res = await c.get('upstream').send(demoFormApi.advanced, { body });
    if (res.body.success) {
      const r = res.body.result;
      const members = (r.members as Values[] | undefined) ?? [];
      return page(c, () => (
        <ResultBox title="提交成功" text={`服务器已校验通过：${members.length} 名成员（示例不保存数据）。`} actions={<LinkButton type="primary" {...navAttrs(ADVANCED)}>返回表单</LinkButton>}>
          <DetailList
            items={[
              ...GROUP_FIELDS.map((f) => [f.label, f.options ? optionLabel(f, r[f.key]) : one(r[f.key]) || '—'] as [string, Child]),
              ['成员', members.map((m) => `${one(m.name)}（${one(m.workNo)}）`).join('、')],
            ]}
          />
        </ResultBox>
      ));
    }
    const errors = res.body.result?.errors ?? {};
    const message = unplaced(errors, [...GROUP_FIELDS.map((f) => f.key), 'members'], res.body.message);
    return page(c, (options) => <AdvancedFormView values={values} rows={rows} errors={errors} message={message} options={options} />, refusedStatus(c));
  });
}

export function registerGalleryForms(app: Hono<PageEnv>) {
  registerBaseForm(app);
  registerStepForm(app);
  registerAdvancedForm(app);
}
