// /sys/checkRule and /sys/fillRule: 编码校验规则 and 填值规则 (the anchor's JeecgBoot SysCheckRuleController and
// SysFillRuleController paths and field names). Rules are data: a check rule's JSON is validated on save
// (domain/code-rules.ts explains the regular-expression limits), a fill rule names a built-in generator.
//
// Access: the screens are the administrator's (reads by the admin role, changes by admin-only buttons), except
// checkByCode, which every logged-in user's forms call (it answers only pass or the failing rule's message),
// and executeRuleByCode, which the forms that use a fill rule call (their screens' menus suffice).
//
// Beyond the anchor: POST /sys/checkRule/testRule tries a value against unsaved rule JSON (the form's 测试),
// and testFillRule previews without consuming a serial number (POST also previews an unsaved rule); the
// anchor's testFillRule took a number as executeRuleByCode does.
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Database, RowOf } from '../../db/schema.js';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { checkValue, generateFill, parseFillParams, parseRuleJson, type CheckFailure, type FillRuleRow } from '../../domain/code-rules.js';
import { isUniqueViolation } from '../../db/errors.js';
import { newId } from '../../domain/ids.js';
import { camel } from '../../domain/serialize.js';
import { now } from '../../domain/time.js';
import { CHECK_RULE_FORM_KEYS, checkRulesList, codeRuleFields, FILL_RULE_FORM_KEYS, FILL_RULE_ROUTE, fillRulesList } from '../../resources/code-rules.js';
import { CHECK_RULE_LIMITS, fillGeneratorInfo } from '../../shared/fill-rules.js';
import { checkRuleApi, fillRuleApi, type CheckRuleRecord, type FillRuleRecord } from '../../contracts/code-rules.js';
import type { Endpoint, Query } from '../../contracts/endpoint.js';
import type { Page } from '../../contracts/shapes.js';
import { codeFieldApi } from '../../contracts/config.js';
import { adminOnly, LOGGED_IN, menu, role, type ApiRoutes } from '../access.js';
import { fail, failWith, fieldFail, jsonBody, ok } from '../envelope.js';
import { exportResponse, importWorkbook } from '../excel.js';
import { filteredRows, idList, pagedList, type PagedListOptions } from '../list-query.js';

const ADMIN = role('admin', 'dev');
const NOT_FOUND = '未找到对应实体';
const CODE_TAKEN = '该规则编码已存在';
const UNKNOWN_CODE = '该编码不存在';
const MAX_ID = 64;
/** Screens whose forms generate a value with a fill rule: 用户管理 (工号), 分类字典 (分类编码). */
const FILL_USERS = menu(FILL_RULE_ROUTE, '/isystem/user', '/isys/category');

const fields = codeRuleFields.fieldMap(['ruleName', 'ruleCode', 'ruleClass', 'createTime']);

const checkBody = codeRuleFields.schema(CHECK_RULE_FORM_KEYS).superRefine((b, ctx) => {
  const parsed = parseRuleJson(b.ruleJson);
  if (!parsed.ok) ctx.addIssue({ code: 'custom', path: ['ruleJson'], message: parsed.message });
});
type CheckBody = z.infer<typeof checkBody>;

const fillBody = codeRuleFields.schema(FILL_RULE_FORM_KEYS).superRefine((b, ctx) => {
  const parsed = parseFillParams(b.ruleClass, b.ruleParams);
  if (!parsed.ok) ctx.addIssue({ code: 'custom', path: [fillGeneratorInfo(b.ruleClass) ? 'ruleParams' : 'ruleClass'], message: parsed.message });
});
type FillBody = z.infer<typeof fillBody>;

const idBody = z.object({ id: z.string({ message: 'id不能为空' }).trim().min(1, 'id不能为空').max(MAX_ID, 'id格式不正确') });

type Table = 'sys_check_rule' | 'sys_fill_rule';

/** What the CRUD routes read of one rule table, typed by its record: the list's query and one rule by id. */
interface RuleReads<Row, Rec extends object> {
  listOptions: (c: Context<ApiEnv>) => PagedListOptions<Row, Rec>;
  byId: (c: Context<ApiEnv>, id: string) => Promise<Rec | undefined>;
}

const checkRuleReads: RuleReads<RowOf<'sys_check_rule'>, CheckRuleRecord> = {
  listOptions: (c) => ({ spec: checkRulesList, fields, base: c.get('deps').db.selectFrom('sys_check_rule'), select: (qb) => qb.selectAll(), toRecord: (r) => camel(r), tieBreak: 'id' }),
  byId: async (c, id) => {
    const row = await c.get('deps').db.selectFrom('sys_check_rule').selectAll().where('id', '=', id).executeTakeFirst();
    return row && camel(row);
  },
};

const fillRuleReads: RuleReads<RowOf<'sys_fill_rule'>, FillRuleRecord> = {
  listOptions: (c) => ({ spec: fillRulesList, fields, base: c.get('deps').db.selectFrom('sys_fill_rule'), select: (qb) => qb.selectAll(), toRecord: (r) => camel(r), tieBreak: 'id' }),
  byId: async (c, id) => {
    const row = await c.get('deps').db.selectFrom('sys_fill_rule').selectAll().where('id', '=', id).executeTakeFirst();
    return row && camel(row);
  },
};

/** The anchor's answer to a check: ok with no result, or the first failing rule with the part it tested. */
const checkAnswer = (c: Context, failure: CheckFailure | null) => (failure ? failWith(c, failure.message, 500, failure) : ok(c, null, '操作成功！', 200));

/** The clients encode the value before the query string encodes it again; a value not encoded twice stays as sent. */
function decodeOnceMore(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

const textOrNull = (v: string | null | undefined) => (v ?? '').trim() || null;

async function codeTaken(c: Context<ApiEnv>, table: Table, ruleCode: string, exceptId?: string) {
  let q = c.get('deps').db.selectFrom(table).select('id').where('rule_code', '=', ruleCode);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

/** Inserts a rule; a refusal message when its code is taken (also when a concurrent insert wins). */
async function insertRule(c: Context<ApiEnv>, table: Table, values: Record<string, string | null>): Promise<string | null> {
  if (await codeTaken(c, table, values.rule_code!)) return CODE_TAKEN;
  try {
    await c.get('deps').db.insertInto(table).values({ id: newId(), ...values, create_by: c.get('user')!.username, create_time: now() } as never).execute();
  } catch (err) {
    if (isUniqueViolation(err)) return CODE_TAKEN;
    throw err;
  }
  return null;
}

const checkValues = (b: CheckBody) => ({ rule_name: b.ruleName, rule_code: b.ruleCode, rule_json: b.ruleJson.trim(), rule_description: textOrNull(b.ruleDescription) });
const fillValues = (b: FillBody) => ({ rule_name: b.ruleName, rule_code: b.ruleCode, rule_class: b.ruleClass, rule_params: textOrNull(b.ruleParams) });

/** list, queryById, add, edit, delete, deleteBatch, exportXls, importExcel of one rule table. */
function registerCrud<B, Row, Rec extends object>(
  r: ApiRoutes,
  o: {
    api: Omit<typeof checkRuleApi | typeof fillRuleApi, 'list' | 'queryById'> & { list: Endpoint<Query, never, Page<Rec>>; queryById: Endpoint<{ id: string }, never, Rec> };
    table: Table;
    reads: RuleReads<Row, Rec>;
    perm: { add: 'checkRule:add' | 'fillRule:add'; edit: 'checkRule:edit' | 'fillRule:edit'; del: 'checkRule:del' | 'fillRule:del'; export: 'checkRule:export' | 'fillRule:export'; import: 'checkRule:import' | 'fillRule:import' };
    body: z.ZodType<B>;
    values: (b: B) => Record<string, string | null>;
    titles: Record<string, string>;
    /** Removes what hangs off the rules (fill rules' counters) in the delete's transaction. */
    cascade?: (tx: Kysely<Database>, ids: string[]) => Promise<void>;
  },
) {
  const { api, table } = o;
  r.at(api.list, ADMIN, (c) => pagedList(c, o.reads.listOptions(c)));

  r.at(api.queryById, ADMIN, async (c) => {
    const record = await o.reads.byId(c, (c.req.query('id') ?? '').slice(0, MAX_ID));
    return record ? ok(c, record, '操作成功！', 200) : fail(c, NOT_FOUND);
  });

  r.at(api.add, adminOnly(o.perm.add), async (c) => {
    const body = await jsonBody(c, o.body);
    if (!body.ok) return body.response;
    const refused = await insertRule(c, table, o.values(body.data));
    return refused ? fieldFail(c, 'ruleCode', refused) : ok(c, null, '添加成功！', 200);
  });

  r.at(api.edit, adminOnly(o.perm.edit), async (c) => {
    const body = await jsonBody(c, z.intersection(o.body, idBody));
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const id = (body.data as { id: string }).id;
    const values = o.values(body.data);
    if (!(await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst())) return fail(c, NOT_FOUND);
    if (await codeTaken(c, table, values.rule_code!, id)) return fieldFail(c, 'ruleCode', CODE_TAKEN);
    try {
      await db.updateTable(table).set({ ...values, update_by: c.get('user')!.username, update_time: now() }).where('id', '=', id).execute();
    } catch (err) {
      if (isUniqueViolation(err)) return fieldFail(c, 'ruleCode', CODE_TAKEN);
      throw err;
    }
    return ok(c, null, '编辑成功!', 200);
  });

  const remove = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '请选择要删除的规则');
    const { db } = c.get('deps');
    const found = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
    if (found.length !== new Set(ids).size) return fail(c, NOT_FOUND);
    await db.transaction().execute(async (tx) => {
      await o.cascade?.(tx, ids);
      await tx.deleteFrom(table).where('id', 'in', ids).execute();
    });
    return ok(c, null, '删除成功!', 200);
  };
  r.at(api.delete, adminOnly(o.perm.del), (c) => remove(c, idList(c.req.query('id'), 1)));
  r.at(api.deleteBatch, adminOnly(o.perm.del), (c) => remove(c, idList(c.req.query('ids'), 200)));

  const spec = table === 'sys_check_rule' ? checkRulesList : fillRulesList;
  r.at(api.exportXls, adminOnly(o.perm.export), async (c) => exportResponse(c, spec, await filteredRows(c, o.reads.listOptions(c), 'id', 10_000)));
  r.at(api.importExcel, adminOnly(o.perm.import), (c) => importWorkbook(c, spec, o.titles, o.body, (row) => insertRule(c, table, o.values(row))));
}

export function registerCodeRuleRoutes(r: ApiRoutes) {
  // ——— 编码校验规则 ———
  registerCrud(r, {
    api: checkRuleApi,
    table: 'sys_check_rule',
    reads: checkRuleReads,
    perm: { add: 'checkRule:add', edit: 'checkRule:edit', del: 'checkRule:del', export: 'checkRule:export', import: 'checkRule:import' },
    body: checkBody,
    values: checkValues,
    titles: { 规则名称: 'ruleName', 规则编码: 'ruleCode', 规则JSON: 'ruleJson', 规则描述: 'ruleDescription' },
  });

  r.at(codeFieldApi.check, LOGGED_IN, async (c) => {
    const ruleCode = (c.req.query('ruleCode') ?? '').trim();
    if (!ruleCode) return fail(c, '规则编码(ruleCode)不能为空', 400, 400);
    const value = decodeOnceMore(c.req.query('value') ?? '');
    if (value.length > CHECK_RULE_LIMITS.value) return fail(c, `校验的值不能超过${CHECK_RULE_LIMITS.value}个字符`);
    const rule = ruleCode.length > 100 ? undefined : await c.get('deps').db.selectFrom('sys_check_rule').select('rule_json').where('rule_code', '=', ruleCode).executeTakeFirst();
    if (!rule) return fail(c, UNKNOWN_CODE);
    // Rules are checked on save; one written to the table by other means is refused here, not run.
    const items = parseRuleJson(rule.rule_json);
    if (!items.ok) return fail(c, `该规则的JSON不正确，请联系管理员修改：${items.message}`);
    return checkAnswer(c, checkValue(items.value, value));
  });

  r.at(checkRuleApi.test, ADMIN, async (c) => {
    const body = await jsonBody(c, z.object({ ruleJson: z.string({ message: '请填写规则JSON' }), value: z.string({ message: '请输入要测试的值' }).max(CHECK_RULE_LIMITS.value, `校验的值不能超过${CHECK_RULE_LIMITS.value}个字符`) }));
    if (!body.ok) return body.response;
    const items = parseRuleJson(body.data.ruleJson);
    if (!items.ok) return fieldFail(c, 'ruleJson', items.message);
    return checkAnswer(c, checkValue(items.value, body.data.value));
  });

  // ——— 填值规则 ———
  registerCrud(r, {
    api: fillRuleApi,
    table: 'sys_fill_rule',
    reads: fillRuleReads,
    perm: { add: 'fillRule:add', edit: 'fillRule:edit', del: 'fillRule:del', export: 'fillRule:export', import: 'fillRule:import' },
    body: fillBody,
    values: fillValues,
    titles: { 规则名称: 'ruleName', 规则编码: 'ruleCode', 生成方式: 'ruleClass', 规则参数: 'ruleParams' },
    cascade: async (tx, ids) => {
      await tx.deleteFrom('sys_fill_rule_counter').where('rule_id', 'in', ids).execute();
    },
  });

  const ruleByCode = (c: Context<ApiEnv>, ruleCode: string) =>
    ruleCode.length > 100 ? Promise.resolve(undefined) : c.get('deps').db.selectFrom('sys_fill_rule').select(['id', 'rule_class', 'rule_params']).where('rule_code', '=', ruleCode).executeTakeFirst();

  const formDataOf = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

  const generated = async (c: Context<ApiEnv>, rule: FillRuleRow, formData: Record<string, unknown>, consume: boolean) => {
    const res = await generateFill(c.get('deps').db, rule, formData, { consume });
    return res.ok ? ok(c, res.value, '操作成功！', 200) : fail(c, res.message);
  };

  // 测试 of a saved rule: GET ?ruleCode= (the anchor's call) — a preview; the number is not taken.
  r.get('/sys/fillRule/testFillRule', ADMIN, async (c) => {
    const ruleCode = (c.req.query('ruleCode') ?? '').trim();
    if (!ruleCode) return fail(c, '规则编码(ruleCode)不能为空', 400, 400);
    const rule = await ruleByCode(c, ruleCode);
    return rule ? generated(c, rule, {}, false) : fail(c, UNKNOWN_CODE);
  });

  // 测试 in the form: an unsaved rule, previewed on the counter of the saved rule with that code (if any).
  r.at(fillRuleApi.test, ADMIN, async (c) => {
    const body = await jsonBody(
      c,
      codeRuleFields.schema(['ruleClass', 'ruleParams']).extend({ ruleCode: z.string().max(100).nullish(), formData: z.unknown().optional() }),
    );
    if (!body.ok) return body.response;
    const b = body.data;
    const parsed = parseFillParams(b.ruleClass, b.ruleParams);
    if (!parsed.ok) return fieldFail(c, fillGeneratorInfo(b.ruleClass) ? 'ruleParams' : 'ruleClass', parsed.message);
    const saved = b.ruleCode ? await ruleByCode(c, b.ruleCode.trim()) : undefined;
    return generated(c, { id: saved?.id ?? '', rule_class: b.ruleClass, rule_params: b.ruleParams ?? null }, formDataOf(b.formData), false);
  });

  // The anchor's PUT {ruleCode, formData}: generates a value and takes it (a serial number is used up).
  r.at(codeFieldApi.fill, FILL_USERS, async (c) => {
    const body = await jsonBody(c, z.object({ ruleCode: z.string({ message: '规则编码(ruleCode)不能为空' }).trim().min(1, '规则编码(ruleCode)不能为空'), formData: z.unknown().optional() }));
    if (!body.ok) return body.response;
    const rule = await ruleByCode(c, body.data.ruleCode);
    return rule ? generated(c, rule, formDataOf(body.data.formData), true) : fail(c, UNKNOWN_CODE);
  });

  r.at(codeFieldApi.fillByPath, FILL_USERS, async (c) => {
    const ruleCode = (c.req.param('ruleCode') ?? '').trim();
    const body = await jsonBody(c, z.record(z.string(), z.unknown()));
    if (!body.ok) return body.response;
    const rule = await ruleByCode(c, ruleCode);
    return rule ? generated(c, rule, body.data, true) : fail(c, UNKNOWN_CODE);
  });
}
