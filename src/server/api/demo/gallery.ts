// /demo: the API behind 开发示例 (the developer gallery, pages/demo/). It validates with the zod bodies its
// resources declare (resources/demo.ts: `…Fields.schema`) and answers in the envelope exactly as the real APIs do (field errors in `result.errors`, Chinese messages), so a page copied
// from the gallery works the same against a real endpoint.
//
// Data: an in-memory sample store per app instance (domain/demo-samples.ts), not a table: the gallery must never
// read or change a school's data, and a developer may add, edit and delete freely — it resets on restart.
// Forms are validated and echoed back, never stored. Every route needs the gallery page it serves, which the
// seed grants the admin only.
import { z } from 'zod';
import { demoFormApi, sampleApi } from '../../contracts/demo.js';
import { SampleStore, type SampleInput } from '../../domain/demo-samples.js';
import {
  ADVANCED_KEYS,
  advancedFields,
  basicList,
  cardList,
  GOAL_FORM_KEYS,
  goalFields,
  MAX_MEMBERS,
  MEMBER_FIELD_KEYS,
  memberFields,
  queryList,
  SAMPLE_CATEGORIES,
  SAMPLE_FORM_KEYS,
  SAMPLE_STATUSES,
  sampleFields,
  searchList,
  TRANSFER_KEYS,
  transferFields,
} from '../../resources/demo.js';
import { menu, type ApiRoutes } from '../access.js';
import { fail, failWith, jsonBody, ok, paging } from '../envelope.js';
import { idList } from '../list-query.js';

const sampleBody = sampleFields.schema(SAMPLE_FORM_KEYS);

/** 基础表单: required text with a length, e-mail, phone, a date range, a number range and a choice. */
const baseFormBody = goalFields
  .schema(GOAL_FORM_KEYS)
  // `when`: runs beside the fields' own errors, so every error shows in one round.
  .superRefine(
    (b, ctx) => {
      const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
      const [start, end] = [day(b.startDate), day(b.endDate)];
      if (start && end && end < start) ctx.addIssue({ code: 'custom', path: ['endDate'], message: '结束日期不能早于开始日期' });
    },
    { when: () => true },
  );

/** 分步表单, step 1 (填写转账信息). */
const transferBody = transferFields.schema(TRANSFER_KEYS);
/** The demo's payment password: the gallery shows how a wrong secret is refused beside its field. */
const DEMO_PASSWORD = '123456';
const transferSubmit = transferFields.schema([...TRANSFER_KEYS, 'password']);

/** 高级表单: two groups of fields and 1–20 member rows, each validated where it sits (`members.<i>.<key>`). */
const advancedBody = advancedFields
  .schema(ADVANCED_KEYS)
  .extend({
    members: z.array(memberFields.schema(MEMBER_FIELD_KEYS), { message: '请至少添加一名成员' }).min(1, '请至少添加一名成员').max(MAX_MEMBERS, `成员最多${MAX_MEMBERS}名`),
  })
  .superRefine(
    (b, ctx) => {
      if (!Array.isArray(b.members)) return;
      const seen = new Map<string, number>();
      b.members.forEach((m: unknown, i) => {
        const workNo = typeof m === 'object' && m !== null ? String((m as { workNo?: unknown }).workNo ?? '').trim() : '';
        if (!workNo) return;
        if (seen.has(workNo)) ctx.addIssue({ code: 'custom', path: ['members', i, 'workNo'], message: `工号与第${seen.get(workNo)! + 1}行重复` });
        else seen.set(workNo, i);
      });
    },
    { when: () => true },
  );

/** Field errors keyed by their whole path (`members.0.name`), so a row's error sits in its row. */
function pathErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[issue.path.length ? issue.path.join('.') : '_'] ??= issue.message;
  return out;
}

/** Reads a JSON body and validates it, answering refusals with every field's message (HTTP 400 as the real APIs). */
async function validate<S extends z.ZodType>(c: Parameters<typeof jsonBody>[0], schema: S) {
  const raw = await jsonBody(c, z.unknown());
  if (!raw.ok) return raw;
  const parsed = schema.safeParse(raw.data);
  if (parsed.success) return { ok: true as const, data: parsed.data as z.infer<S> };
  const errors = pathErrors(parsed.error);
  return { ok: false as const, response: failWith(c, parsed.error.issues[0]?.message ?? '参数错误', 400, { errors }, 400) };
}

export function registerDemoRoutes(r: ApiRoutes) {
  // One store per app: each test app, and each server process, starts from the same samples.
  const store = new SampleStore();
  const READ = menu(queryList.route, basicList.route, cardList.route, searchList.route);
  const WRITE = menu(queryList.route);

  r.at(sampleApi.list, READ, (c) => {
    const { pageNo, pageSize } = paging(c, 10, 100);
    const { records, total } = store.page(c.req.query(), { pageNo, pageSize, sort: queryList.defaultSort });
    return ok(c, { records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize), searchCount: true }, '操作成功！', 0);
  });
  r.at(sampleApi.categories, READ, (c) => ok(c, SAMPLE_CATEGORIES.map(({ value, label }) => ({ value, label }))));
  r.at(sampleApi.statuses, READ, (c) => ok(c, SAMPLE_STATUSES.map(({ value, label }) => ({ value, label }))));
  r.at(sampleApi.queryById, READ, (c) => {
    const found = store.get(c.req.query('id') ?? '');
    return found ? ok(c, found) : fail(c, '未找到对应实体');
  });
  r.at(sampleApi.add, WRITE, async (c) => {
    const body = await validate(c, sampleBody);
    if (!body.ok) return body.response;
    if (!store.add(body.data as SampleInput, c.get('user')!.username)) return fail(c, '示例数据已达上限（200条），请先删除一些');
    return ok(c, null, '添加成功！');
  });
  r.at(sampleApi.edit, WRITE, async (c) => {
    const body = await validate(c, sampleBody.extend({ id: z.string({ message: 'id不能为空' }).min(1, 'id不能为空').max(64, 'id格式不正确') }));
    if (!body.ok) return body.response;
    const { id, ...input } = body.data;
    return store.edit(id, input as SampleInput) ? ok(c, null, '编辑成功!') : fail(c, '未找到对应实体');
  });
  r.at(sampleApi.delete, WRITE, (c) => (store.remove([c.req.query('id') ?? '']) ? ok(c, null, '删除成功!') : fail(c, '未找到对应实体')));
  r.at(sampleApi.deleteBatch, WRITE, (c) => {
    const ids = idList(c.req.query('ids'));
    if (!ids.length) return fail(c, '请选择一条记录！');
    return ok(c, null, `删除成功! 共删除${store.remove(ids)}条`);
  });

  r.at(demoFormApi.base, menu('/form/base-form'), async (c) => {
    const body = await validate(c, baseFormBody);
    if (!body.ok) return body.response;
    return ok(c, body.data, '提交成功');
  });

  // step 'check' validates step 1 (the page then shows 确认转账信息); 'submit' validates it all again with the password.
  r.at(demoFormApi.step, menu('/form/step-form'), async (c) => {
    const stage = c.req.query('stage') === 'submit' ? 'submit' : 'check';
    const body = await validate(c, stage === 'submit' ? transferSubmit : transferBody);
    if (!body.ok) return body.response;
    if ('password' in body.data && body.data.password !== DEMO_PASSWORD) {
      return failWith(c, '支付密码错误', 400, { errors: { password: '支付密码错误' } }, 400);
    }
    const { password: _password, ...transfer } = body.data as z.infer<typeof transferSubmit>;
    return ok(c, transfer, stage === 'submit' ? '转账成功' : '校验通过');
  });

  r.at(demoFormApi.advanced, menu('/form/advanced-form'), async (c) => {
    const body = await validate(c, advancedBody);
    if (!body.ok) return body.response;
    return ok(c, body.data, '提交成功');
  });
}
