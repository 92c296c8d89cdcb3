// /sys/quartzJob: 定时任务 (the anchor's JeecgBoot QuartzJobController paths and field names). Jobs are
// built-in only: jobClassName must be a key of the allow-list (domain/scheduler/jobs.ts), never a class name.
// Admin-only throughout: reads need the admin role, writes the admin role and the button code.
//
// Beyond the anchor: each job's run history (runList), a preview of a cron expression's next runs
// (cronPreview), the catalogue of built-in jobs (jobOptions). pause/resume/execute answer GET as the
// anchor's clients call them (with the X-Access-Token header, see WRITING_GETS) and POST.
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { newId } from '../../domain/ids.js';
import { JOB_RUNNING, JOB_STOPPED, jobAbilities } from '../../domain/job-abilities.js';
import { camel } from '../../domain/serialize.js';
import { formatDateTime, now } from '../../domain/time.js';
import { nextRun, nextRuns, parseCron } from '../../domain/scheduler/cron.js';
import { builtInJob, BUILT_IN_JOBS, parseJobParams } from '../../domain/scheduler/jobs.js';
import { runJob, type JobRow } from '../../domain/scheduler/runner.js';
import { QUARTZ_JOB_FORM_KEYS, quartzJobFields, quartzJobsList, quartzRunFields, quartzRunsList } from '../../resources/quartz-jobs.js';
import { quartzJobApi, type QuartzJobRecord } from '../../contracts/quartz-jobs.js';
import { adminOnly, role, type ApiRoutes } from '../access.js';
import { fail, failWith, fieldFail, jsonBody, ok, type Answer } from '../envelope.js';
import { exportResponse, importWorkbook } from '../excel.js';
import { filteredRows, idList, pagedList, type PagedListOptions } from '../list-query.js';
import type { ListRecord } from '../../contracts/endpoint.js';
import type { RowOf } from '../../db/schema.js';

const ADMIN = role('admin', 'dev');
const CLASS_TAKEN = '该定时任务类名已存在';
const NOT_FOUND = '未找到对应实体';
const MAX_ID = 64;

const fields = quartzJobFields.fieldMap(['jobClassName', 'status', 'createTime']);

const runFields = quartzRunFields.fieldMap(['jobId', 'outcome', 'triggerType', 'scheduledTime', 'startTime', 'durationMs']);

const STATUS_TEXT: Record<string, number> = { '0': 0, '-1': -1, 正常: 0, 停止: -1 };

/** A missing status is 正常, and an import may name it (正常, 停止). */
const statusValue = (v: unknown) => (v === undefined || v === null || v === '' ? 0 : typeof v === 'string' ? (STATUS_TEXT[v.trim()] ?? v) : v);

/** The job body of add, edit and import: a built-in job, a valid cron expression, parameters the job accepts. */
const jobBody = z.preprocess(
  (b) => (b && typeof b === 'object' && !Array.isArray(b) ? { ...b, status: statusValue((b as Record<string, unknown>).status) } : b),
  quartzJobFields.schema(QUARTZ_JOB_FORM_KEYS).superRefine((b, ctx) => {
    const job = builtInJob(b.jobClassName);
    if (!job) {
      ctx.addIssue({ code: 'custom', path: ['jobClassName'], message: `不支持的任务类名“${b.jobClassName.slice(0, 100)}”，只能选择系统内置的任务` });
    }
    const cron = parseCron(b.cronExpression);
    if (!cron.ok) ctx.addIssue({ code: 'custom', path: ['cronExpression'], message: cron.message });
    if (job) {
      const params = parseJobParams(job, b.parameter);
      if (!params.ok) ctx.addIssue({ code: 'custom', path: ['parameter'], message: params.message });
    }
  }),
);
type JobBody = z.infer<typeof jobBody>;

const idBody = z.object({ id: z.string({ message: 'id不能为空' }).trim().min(1, 'id不能为空').max(MAX_ID, 'id格式不正确') });

const jobEnv = (c: Context<ApiEnv>) => {
  const { db, dialect, config, storage, hub } = c.get('deps');
  return { db, dialect, dataDir: config.dataDir, storage, mail: config, hub };
};

/** Lets this process's scheduler (when running) pick up a change at once; others resync on their own. */
const reschedule = async (c: Context<ApiEnv>) => {
  await c.get('deps').scheduler?.reload();
};

const listOptions = (c: Context<ApiEnv>): PagedListOptions<JobRow, ListRecord<typeof quartzJobApi.list>> => ({
  spec: quartzJobsList,
  fields,
  base: c.get('deps').db.selectFrom('sys_quartz_job').where('del_flag', '=', 0),
  select: (qb) => qb.selectAll(),
  // Each row says which of 暂停 / 启动 its status allows (domain/job-abilities.ts), as pause and resume check.
  toRecord: (r) => ({ ...camel(r), ...jobAbilities(r) }),
  tieBreak: 'id',
  enrich: (records) => enrichJobs(c, records),
});

/** Adds the job's name, its next run (when 正常) and its last run's outcome, for a page of jobs at once. */
async function enrichJobs<R extends QuartzJobRecord>(c: Context<ApiEnv>, records: R[]): Promise<R[]> {
  if (!records.length) return records;
  const { db } = c.get('deps');
  const ids = records.map((r) => String(r.id));
  const last = await db
    .selectFrom('sys_quartz_job_run as r')
    .select(['r.job_id', 'r.outcome', 'r.start_time', 'r.message', 'r.duration_ms'])
    .where('r.job_id', 'in', ids)
    .where((eb) =>
      eb(
        'r.id',
        '=',
        eb.selectFrom('sys_quartz_job_run as r2').select('r2.id').whereRef('r2.job_id', '=', 'r.job_id').orderBy('r2.start_time', 'desc').orderBy('r2.id', 'desc').limit(1),
      ),
    )
    .execute();
  const byJob = new Map(last.map((r) => [r.job_id, r]));
  const at = new Date();
  return records.map((r) => {
    const run = byJob.get(String(r.id));
    const next = Number(r.status) === 0 ? nextRun(String(r.cronExpression), at) : null;
    return {
      ...r,
      jobName: builtInJob(String(r.jobClassName))?.name ?? '',
      nextFireTime: next ? formatDateTime(next) : '',
      lastRunOutcome: run?.outcome ?? '',
      lastRunTime: run?.start_time ?? '',
      lastRunMessage: run?.message ?? '',
      lastRunDurationMs: run?.duration_ms ?? null,
    };
  });
}

const runListOptions = (c: Context<ApiEnv>): PagedListOptions<RowOf<'sys_quartz_job_run'>, ListRecord<typeof quartzJobApi.runs>> => ({
  spec: quartzRunsList,
  fields: runFields,
  base: c.get('deps').db.selectFrom('sys_quartz_job_run'),
  select: (qb) => qb.selectAll(),
  toRecord: (r) => camel(r),
  tieBreak: 'id',
});

/** The job a pause/resume/execute call names: by id, or by jobClassName as the anchor's pause/resume do. */
async function findJob(c: Context<ApiEnv>): Promise<JobRow | Answer<never>> {
  let id = c.req.query('id');
  let jobClassName = c.req.query('jobClassName');
  if (c.req.method !== 'GET') {
    const read = await jsonBody(c, z.record(z.string(), z.unknown()));
    if (!read.ok) return read.response;
    const body = read.data;
    if (typeof body.id === 'string') id = body.id;
    if (typeof body.jobClassName === 'string') jobClassName = body.jobClassName;
  }
  if (!id && !jobClassName) return fail(c, '请指定要操作的任务', 400, 400);
  if ((id ?? '').length > MAX_ID || (jobClassName ?? '').length > 100) return fail(c, '任务参数格式不正确', 400, 400);
  let q = c.get('deps').db.selectFrom('sys_quartz_job').selectAll().where('del_flag', '=', 0);
  q = id ? q.where('id', '=', id) : q.where('job_class_name', '=', jobClassName!);
  return (await q.executeTakeFirst()) ?? fail(c, NOT_FOUND);
}

const paramText = (p: string | null | undefined) => (p ?? '').trim() || null;

async function insertJob(c: Context<ApiEnv>, b: JobBody): Promise<string | null> {
  const { db } = c.get('deps');
  if (await db.selectFrom('sys_quartz_job').select('id').where('job_class_name', '=', b.jobClassName).executeTakeFirst()) return CLASS_TAKEN;
  try {
    await db
      .insertInto('sys_quartz_job')
      .values({
        id: newId(),
        job_class_name: b.jobClassName,
        cron_expression: b.cronExpression,
        parameter: paramText(b.parameter),
        description: b.description?.trim() || null,
        status: b.status,
        del_flag: 0,
        create_by: c.get('user')!.username,
        create_time: now(),
      })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) return CLASS_TAKEN;
    throw err;
  }
  return null;
}

export function registerQuartzJobRoutes(r: ApiRoutes) {
  r.at(quartzJobApi.list, ADMIN, (c) => pagedList(c, listOptions(c)));

  r.at(quartzJobApi.queryById, ADMIN, async (c) => {
    const row = await c.get('deps').db.selectFrom('sys_quartz_job').selectAll().where('id', '=', c.req.query('id') ?? '').where('del_flag', '=', 0).executeTakeFirst();
    if (!row) return fail(c, NOT_FOUND);
    const [record] = await enrichJobs(c, [camel(row)]);
    return ok(c, record, '操作成功！', 0);
  });

  r.at(quartzJobApi.add, adminOnly('quartz:add'), async (c) => {
    const body = await jsonBody(c, jobBody);
    if (!body.ok) return body.response;
    const refused = await insertJob(c, body.data);
    if (refused) return fieldFail(c, 'jobClassName', refused);
    await reschedule(c);
    return ok(c, null, '创建定时任务成功', 200);
  });

  r.at(quartzJobApi.edit, adminOnly('quartz:edit'), async (c) => {
    const body = await jsonBody(c, jobBody.and(idBody));
    if (!body.ok) return body.response;
    const b = body.data;
    const { db } = c.get('deps');
    const job = await db.selectFrom('sys_quartz_job').selectAll().where('id', '=', b.id).where('del_flag', '=', 0).executeTakeFirst();
    if (!job) return fail(c, NOT_FOUND);
    if (b.jobClassName !== job.job_class_name) {
      const taken = await db.selectFrom('sys_quartz_job').select('id').where('job_class_name', '=', b.jobClassName).where('id', '!=', job.id).executeTakeFirst();
      if (taken) return fieldFail(c, 'jobClassName', CLASS_TAKEN);
    }
    try {
      await db
        .updateTable('sys_quartz_job')
        .set({
          job_class_name: b.jobClassName,
          cron_expression: b.cronExpression,
          parameter: paramText(b.parameter),
          description: b.description?.trim() || null,
          status: b.status,
          update_by: c.get('user')!.username,
          update_time: now(),
        })
        .where('id', '=', job.id)
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) return fieldFail(c, 'jobClassName', CLASS_TAKEN);
      throw err;
    }
    await reschedule(c);
    return ok(c, null, '更新定时任务成功!', 200);
  });

  const remove = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '请选择要删除的任务');
    const { db } = c.get('deps');
    const found = await db.selectFrom('sys_quartz_job').select('id').where('id', 'in', ids).where('del_flag', '=', 0).execute();
    if (found.length !== new Set(ids).size) return fail(c, NOT_FOUND);
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('sys_quartz_job_run').where('job_id', 'in', ids).execute();
      await tx.deleteFrom('sys_quartz_job').where('id', 'in', ids).execute();
    });
    await reschedule(c);
    return ok(c, null, '删除成功!', 200);
  };
  r.at(quartzJobApi.delete, adminOnly('quartz:del'), (c) => remove(c, idList(c.req.query('id'), 1)));
  r.at(quartzJobApi.deleteBatch, adminOnly('quartz:del'), (c) => remove(c, idList(c.req.query('ids'), 200)));

  const setStatus = (status: 0 | -1) => async (c: Context<ApiEnv>) => {
    const job = await findJob(c);
    if (job instanceof Response) return job;
    const may = jobAbilities(job);
    if (status === JOB_STOPPED && !may.canPause) return fail(c, '该任务已暂停');
    if (status === JOB_RUNNING && !may.canResume) return fail(c, '该任务已启动');
    await c.get('deps').db.updateTable('sys_quartz_job').set({ status, update_by: c.get('user')!.username, update_time: now() }).where('id', '=', job.id).execute();
    await reschedule(c);
    return ok(c, null, status === 0 ? '恢复定时任务成功' : '暂停定时任务成功', 200);
  };
  r.at(quartzJobApi.pause, adminOnly('quartz:status'), setStatus(-1));
  r.at(quartzJobApi.resume, adminOnly('quartz:status'), setStatus(0));

  // 立即执行: one run now, whatever the status, recorded in the history like a scheduled one.
  r.at(quartzJobApi.execute, adminOnly('quartz:run'), async (c) => {
    const job = await findJob(c);
    if (job instanceof Response) return job;
    const run = await runJob(jobEnv(c), job, { trigger: 'manual', scheduled: new Date(), runBy: c.get('user')!.username, now: () => new Date() });
    if (!run) return fail(c, '任务正在执行，请稍后再试');
    const result = { runId: run.id, outcome: run.outcome, message: run.message, durationMs: run.durationMs };
    return run.outcome === 'ok' ? ok(c, result, `执行成功：${run.message}`, 200) : failWith(c, `执行失败：${run.message}`, 500, result);
  });

  r.at(quartzJobApi.runs, ADMIN, (c) => pagedList(c, runListOptions(c)));

  r.at(quartzJobApi.cronPreview, ADMIN, (c) => {
    const expr = (c.req.query('cronExpression') ?? '').slice(0, 100);
    const parsed = parseCron(expr);
    if (!parsed.ok) return fail(c, parsed.message, 400, 400);
    return ok(c, nextRuns(expr, new Date(), 5).map(formatDateTime), '操作成功！', 0);
  });

  r.at(quartzJobApi.jobOptions, ADMIN, (c) =>
    ok(
      c,
      BUILT_IN_JOBS.map((j) => ({ key: j.key, name: j.name, description: j.description, paramHint: j.paramHint, exampleParams: j.exampleParams, defaultCron: j.defaultCron })),
      '操作成功！',
      0,
    ),
  );

  r.at(quartzJobApi.exportXls, adminOnly('quartz:export'), async (c) => exportResponse(c, quartzJobsList, await filteredRows(c, listOptions(c), 'id', 10_000)));

  r.at(quartzJobApi.importExcel, adminOnly('quartz:import'), async (c) => {
    const titles = { 任务类名: 'jobClassName', Cron表达式: 'cronExpression', 参数: 'parameter', 描述: 'description', 状态: 'status' };
    const res = await importWorkbook(c, quartzJobsList, titles, jobBody, async (row) => insertJob(c, row));
    await reschedule(c);
    return res;
  });
}
