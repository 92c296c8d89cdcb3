// 定时任务 (/isystem/QuartzJobList): the declared job list and form, plus what the generic list page does not
// know: the built-in job's description and parameter hint beside the select, a live preview of the cron
// expression's next five runs (the API checks it), the 启动 / 暂停 / 立即执行 row actions (confirmation, then
// the API), and each job's 运行记录. Data goes through the upstream client only.
import type { Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { quartzJobApi } from '../../contracts/quartz-jobs.js';
import { QUARTZ_ROUTE, quartzJobForm, quartzJobsList, quartzRunsList, RUN_OUTCOME_COLORS } from '../../resources/quartz-jobs.js';
import type { FieldSpec } from '../../resources/spec.js';
import { JOB_CATALOGUE, jobInfo } from '../../shared/scheduled-jobs.js';
import { cx, inputClass, Tag } from '../../../templates/antd.js';
import type { ControlContext } from '../../../templates/list/form-view.js';
import type { Upstream } from '../../upstream/client.js';
import type { PageEnv } from '../context.js';
import { registerConfirmedAction, registerListPage } from '../list-page.js';
import { str } from '../../shared/text.js';

const spec = quartzJobsList;
const route = QUARTZ_ROUTE;

type Preview = { ok: true; runs: string[] } | { ok: false; message: string };

async function cronPreview(up: Upstream, expression: string): Promise<Preview | null> {
  const expr = expression.trim().slice(0, 100);
  if (!expr) return null;
  const res = await up.send(quartzJobApi.cronPreview, { query: { cronExpression: expr } });
  return res.body.success ? { ok: true, runs: res.body.result } : { ok: false, message: res.body.message };
}

function PreviewBox({ preview }: { preview: Preview | null }) {
  return (
    <div id="xt-cron-preview" class="xt-cron-preview" aria-live="polite">
      {!preview ? (
        <span class="xt-muted">输入Cron表达式后显示最近5次运行时间</span>
      ) : preview.ok ? (
        <>
          <div class="xt-muted">最近5次运行时间：</div>
          <ol class="xt-cron-runs">
            {preview.runs.map((r) => (
              <li>{r}</li>
            ))}
          </ol>
        </>
      ) : (
        <span class="xt-cron-error">{preview.message}</span>
      )}
    </div>
  );
}

function JobHint({ jobKey }: { jobKey: string }) {
  const job = jobInfo(jobKey);
  return (
    <div id="xt-job-hint" class="xt-job-hint" aria-live="polite">
      {job ? (
        <>
          <div>{job.description}</div>
          <div class="xt-muted">
            参数：{job.paramHint}
            {job.exampleParams && (
              <>
                ，例如 <code>{job.exampleParams}</code>
              </>
            )}
          </div>
          <div class="xt-muted">
            建议周期：<code>{job.defaultCron}</code>
          </div>
        </>
      ) : (
        <span class="xt-muted">请选择一个系统内置的任务，这里会显示它的作用和参数说明</span>
      )}
    </div>
  );
}

function JobSelect({ ctx }: { ctx: ControlContext }) {
  const value = str(ctx.value);
  return (
    <>
      <select
        id="f-jobClassName"
        name="jobClassName"
        class={cx('xt-native-select', ctx.error && 'xt-select-error')}
        disabled={ctx.disabled}
        aria-required="true"
        {...(ctx.error ? { 'aria-invalid': 'true', 'aria-describedby': 'f-jobClassName-error' } : {})}
        hx-get={`${route}/job-hint`}
        hx-trigger="change"
        hx-target="#xt-job-hint"
        hx-swap="outerHTML"
      >
        <option value="">请选择</option>
        {JOB_CATALOGUE.map((j) => (
          <option value={j.key} selected={value === j.key}>
            {j.name}（{j.key}）
          </option>
        ))}
      </select>
      <JobHint jobKey={value} />
    </>
  );
}

function CronInput({ ctx, f, preview }: { ctx: ControlContext; f: FieldSpec; preview: Preview | null }) {
  return (
    <>
      <input
        id="f-cronExpression"
        name="cronExpression"
        class={inputClass({ error: !!ctx.error, extra: 'xt-cron-input' })}
        value={str(ctx.value)}
        maxlength={f.maxLength}
        placeholder={f.placeholder}
        autocomplete="off"
        spellcheck={false}
        disabled={ctx.disabled}
        aria-required="true"
        {...(ctx.error ? { 'aria-invalid': 'true', 'aria-describedby': 'f-cronExpression-error' } : {})}
        hx-get={`${route}/cron-preview`}
        hx-trigger="input changed delay:400ms"
        hx-target="#xt-cron-preview"
        hx-swap="outerHTML"
      />
      <PreviewBox preview={preview} />
    </>
  );
}

const STYLE = `
.xt-job-hint, .xt-cron-preview { margin-top: 6px; padding: 6px 10px; background: #fafafa; border: 1px dashed #d9d9d9; border-radius: 6px; font-size: 12px; line-height: 1.7; }
.xt-job-hint code, .xt-cron-preview code { background: #f0f0f0; padding: 0 4px; border-radius: 3px; }
.xt-cron-runs { margin: 0; padding-left: 20px; font-family: ui-monospace, Menlo, Consolas, monospace; }
.xt-cron-error { color: #ff4d4f; }
.xt-cron-input { font-family: ui-monospace, Menlo, Consolas, monospace; }
.xt-job-cell .xt-muted, .xt-run-cell .xt-muted { font-size: 12px; }
.xt-cron-cell { white-space: nowrap; font-family: ui-monospace, Menlo, Consolas, monospace; }
.xt-param-cell { word-break: break-all; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
`;

function renderControl(f: FieldSpec, ctx: ControlContext & { data: Record<string, unknown> }): Child | undefined {
  if (f.key === 'jobClassName') {
    return (
      <>
        <style>{STYLE}</style>
        <JobSelect ctx={ctx} />
      </>
    );
  }
  if (f.key === 'cronExpression') return <CronInput ctx={ctx} f={f} preview={(ctx.data.preview as Preview | null) ?? null} />;
  return undefined;
}

function LastRun({ r }: { r: Record<string, unknown> }) {
  const outcome = str(r.lastRunOutcome);
  if (!outcome) return <span class="xt-muted">尚未运行</span>;
  const text = { ok: '成功', error: '失败', running: '运行中' }[outcome] ?? outcome;
  return (
    <div class="xt-run-cell" title={str(r.lastRunMessage)}>
      <Tag color={RUN_OUTCOME_COLORS[outcome]}>{text}</Tag>
      <span class="xt-muted">{str(r.lastRunTime)}</span>
      {outcome === 'error' && <div class="xt-cron-error">{str(r.lastRunMessage).slice(0, 40)}</div>}
    </div>
  );
}

export function registerQuartzJobPages(app: Hono<PageEnv>) {
  registerListPage(app, {
    spec,
    form: quartzJobForm,
    renderControl,
    extra: () => <style>{STYLE}</style>,
    prepareForm: async (c, { values }) => ({ preview: await cronPreview(c.get('upstream'), str(values.cronExpression)) }),
    cells: () => ({
      jobClassName: (r) => (
        <div class="xt-job-cell">
          <div>{str(r.jobName) || str(r.jobClassName)}</div>
          <div class="xt-muted">{str(r.jobClassName)}</div>
        </div>
      ),
      cronExpression: (r) => <span class="xt-cron-cell">{str(r.cronExpression)}</span>,
      parameter: (r) => <span class="xt-param-cell">{str(r.parameter)}</span>,
      nextFireTime: (r) => (str(r.nextFireTime) ? str(r.nextFireTime) : <span class="xt-muted">—</span>),
      lastRunOutcome: (r) => <LastRun r={r} />,
    }),
  });

  registerListPage(app, { spec: quartzRunsList, current: route });

  app.get(`${route}/cron-preview`, async (c) => {
    const preview = await cronPreview(c.get('upstream'), c.req.query('cronExpression') ?? '');
    return c.html(String(<PreviewBox preview={preview} />));
  });

  app.get(`${route}/job-hint`, (c) => c.html(String(<JobHint jobKey={(c.req.query('jobClassName') ?? '').slice(0, 100)} />)));

  // 启动 / 暂停 / 立即执行: confirmed, then the API call (list-page.tsx).
  for (const [key, endpoint, title] of [
    ['resume', quartzJobApi.resume, '启动任务'],
    ['pause', quartzJobApi.pause, '暂停任务'],
    ['execute', quartzJobApi.execute, '立即执行'],
  ] as const) {
    const question = spec.rowActions.find((a) => a.key === key)!.confirm!;
    registerConfirmedAction(app, { route, screenTitle: spec.title, key, title, question, call: (up, id) => up.send(endpoint, { body: { id } }) });
  }
}
