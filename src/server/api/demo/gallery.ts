// /demo: the API behind 开发示例 (the developer gallery, pages/demo/). It validates with zod and answers in the
// envelope exactly as the real APIs do (field errors in `result.errors`, Chinese messages), so a page copied
// from the gallery works the same against a real endpoint.
//
// Data: an in-memory sample store per app instance (domain/demo-samples.ts), not a table: the gallery must never
// read or change a school's data, and a developer may add, edit and delete freely — it resets on restart.
// Forms are validated and echoed back, never stored. Every route needs the gallery page it serves, which the
// seed grants the admin only.
import { z } from 'zod';
import { SampleStore, type SampleInput } from '../../domain/demo-samples.js';
import { basicList, cardList, MAX_MEMBERS, queryList, SAMPLE_CATEGORIES, SAMPLE_STATUSES, searchList } from '../../resources/demo.js';
import { menu, type ApiRoutes } from '../access.js';
import { envelope, fail, jsonBody, ok, paging } from '../envelope.js';
import { idList } from '../list-query.js';

/** '' and whitespace count as not given; other text is trimmed. */
const blank = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v === null ? undefined : v);
/** For numbers typed into a form: '12' → 12, '' → undefined, 'abc' → NaN (refused as not a number). */
const numeric = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v === null ? undefined : v);

const requiredText = (label: string, min: number, max: number) =>
  z.preprocess(blank, z.string({ message: `请输入${label}` }).min(min, `${label}至少${min}个字符`).max(max, `${label}不能超过${max}个字符`));
const optionalText = (label: string, max: number) => z.preprocess(blank, z.string({ message: `${label}必须是文本` }).max(max, `${label}不能超过${max}个字符`).optional());
const email = (label: string, required: boolean) => {
  const s = z.string({ message: `请输入${label}` }).max(100, `${label}不能超过100个字符`).pipe(z.email('请输入正确的邮箱地址'));
  return z.preprocess(blank, required ? s : s.optional());
};
const choice = (label: string, values: string[]) => z.preprocess(blank, z.string({ message: `请选择${label}` }).refine((v) => values.includes(v), `请选择${label}`));
const date = (label: string) =>
  z.preprocess(
    blank,
    z
      .string({ message: `请选择${label}` })
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为yyyy-MM-dd`)
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), `${label}不是有效的日期`),
  );
const intRange = (label: string, min: number, max: number) =>
  z.number({ message: `${label}必须是数字` }).int(`${label}必须是整数`).min(min, `${label}应在${min}到${max}之间`).max(max, `${label}应在${min}到${max}之间`);

const sampleBody = z.object({
  name: requiredText('名称', 2, 30),
  category: choice('类别', SAMPLE_CATEGORIES.map((o) => o.value)),
  owner: requiredText('负责人', 1, 20),
  status: choice('状态', SAMPLE_STATUSES.map((o) => o.value)),
  progress: z.preprocess(numeric, intRange('进度', 0, 100).optional()).refine((v) => v !== undefined, '请输入进度'),
  email: email('联系邮箱', false),
  description: optionalText('描述', 200),
});

/** 基础表单: required text with a length, e-mail, phone, a date range, a number range and a choice. */
const baseFormBody = z
  .object({
    title: requiredText('标题', 2, 30),
    email: email('联系邮箱', true),
    phone: z.preprocess(blank, z.string({ message: '手机号必须是文本' }).regex(/^1[3-9]\d{9}$/, '请输入正确的11位手机号码').optional()),
    startDate: date('开始日期'),
    endDate: date('结束日期'),
    weight: z.preprocess(numeric, intRange('权重', 0, 100).optional()),
    visibility: choice('目标公开方式', ['public', 'partial', 'private']),
    goal: requiredText('目标描述', 5, 500),
  })
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
const transferBody = z.object({
  payAccount: choice('付款账户', ['school@example.com', 'office@example.com']),
  receiverAccount: email('收款账户', true),
  receiverName: requiredText('收款人姓名', 2, 20),
  amount: z.preprocess(
    numeric,
    z
      .number({ message: '请输入转账金额' })
      .refine((n) => Number.isFinite(n), '转账金额必须是数字')
      .refine((n) => n >= 0.01 && n <= 50000, '转账金额应在0.01到50000元之间')
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, '转账金额最多两位小数'),
  ),
});
/** The demo's payment password: the gallery shows how a wrong secret is refused beside its field. */
const DEMO_PASSWORD = '123456';
const transferSubmit = transferBody.extend({
  password: z.preprocess(blank, z.string({ message: '请输入支付密码' }).regex(/^\d{6}$/, '支付密码为6位数字')),
});

/** 高级表单: two groups of fields and 1–20 member rows, each validated where it sits (`members.<i>.<key>`). */
const memberRow = z.object({
  name: requiredText('成员姓名', 2, 20),
  workNo: z.preprocess(blank, z.string({ message: '请输入工号' }).regex(/^\d{1,10}$/, '工号为1–10位数字')),
  department: optionalText('所属部门', 30),
});
const advancedBody = z
  .object({
    repoName: requiredText('仓库名', 2, 30),
    repoUrl: z.preprocess(blank, z.string({ message: '请输入仓库域名' }).max(60, '仓库域名不能超过60个字符').regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i, '请输入正确的域名，例如 code.example.com')),
    repoOwner: requiredText('仓库管理员', 2, 20),
    repoType: choice('仓库类型', ['private', 'public']),
    taskName: requiredText('任务名', 2, 30),
    taskDate: date('生效日期'),
    taskDescription: optionalText('任务描述', 200),
    members: z.array(memberRow, { message: '请至少添加一名成员' }).min(1, '请至少添加一名成员').max(MAX_MEMBERS, `成员最多${MAX_MEMBERS}名`),
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
  return { ok: false as const, response: c.json(envelope(false, parsed.error.issues[0]?.message ?? '参数错误', 400, { errors }), 400) };
}

export function registerDemoRoutes(r: ApiRoutes) {
  // One store per app: each test app, and each server process, starts from the same samples.
  const store = new SampleStore();
  const READ = menu(queryList.route, basicList.route, cardList.route, searchList.route);
  const WRITE = menu(queryList.route);

  r.get('/demo/sample/list', READ, (c) => {
    const { pageNo, pageSize } = paging(c, 10, 100);
    const { records, total } = store.page(c.req.query(), { pageNo, pageSize, sort: queryList.defaultSort });
    return ok(c, { records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize), searchCount: true }, '操作成功！', 0);
  });
  r.get('/demo/sample/categories', READ, (c) => ok(c, SAMPLE_CATEGORIES.map(({ value, label }) => ({ value, label }))));
  r.get('/demo/sample/statuses', READ, (c) => ok(c, SAMPLE_STATUSES.map(({ value, label }) => ({ value, label }))));
  r.get('/demo/sample/queryById', READ, (c) => {
    const found = store.get(c.req.query('id') ?? '');
    return found ? ok(c, found) : fail(c, '未找到对应实体');
  });
  r.post('/demo/sample/add', WRITE, async (c) => {
    const body = await validate(c, sampleBody);
    if (!body.ok) return body.response;
    if (!store.add(body.data as SampleInput, c.get('user')!.username)) return fail(c, '示例数据已达上限（200条），请先删除一些');
    return ok(c, null, '添加成功！');
  });
  r.on(['PUT', 'POST'], '/demo/sample/edit', WRITE, async (c) => {
    const body = await validate(c, sampleBody.extend({ id: z.string({ message: 'id不能为空' }).min(1, 'id不能为空').max(64, 'id格式不正确') }));
    if (!body.ok) return body.response;
    const { id, ...input } = body.data;
    return store.edit(id, input as SampleInput) ? ok(c, null, '编辑成功!') : fail(c, '未找到对应实体');
  });
  r.delete('/demo/sample/delete', WRITE, (c) => (store.remove([c.req.query('id') ?? '']) ? ok(c, null, '删除成功!') : fail(c, '未找到对应实体')));
  r.delete('/demo/sample/deleteBatch', WRITE, (c) => {
    const ids = idList(c.req.query('ids'));
    if (!ids.length) return fail(c, '请选择一条记录！');
    return ok(c, null, `删除成功! 共删除${store.remove(ids)}条`);
  });

  r.post('/demo/form/base', menu('/form/base-form'), async (c) => {
    const body = await validate(c, baseFormBody);
    if (!body.ok) return body.response;
    return ok(c, body.data, '提交成功');
  });

  // step 'check' validates step 1 (the page then shows 确认转账信息); 'submit' validates it all again with the password.
  r.post('/demo/form/step', menu('/form/step-form'), async (c) => {
    const stage = c.req.query('stage') === 'submit' ? 'submit' : 'check';
    const body = await validate(c, stage === 'submit' ? transferSubmit : transferBody);
    if (!body.ok) return body.response;
    if ('password' in body.data && body.data.password !== DEMO_PASSWORD) {
      return c.json(envelope(false, '支付密码错误', 400, { errors: { password: '支付密码错误' } }), 400);
    }
    const { password: _password, ...transfer } = body.data as z.infer<typeof transferSubmit>;
    return ok(c, transfer, stage === 'submit' ? '转账成功' : '校验通过');
  });

  r.post('/demo/form/advanced', menu('/form/advanced-form'), async (c) => {
    const body = await validate(c, advancedBody);
    if (!body.ok) return body.response;
    return ok(c, body.data, '提交成功');
  });
}
