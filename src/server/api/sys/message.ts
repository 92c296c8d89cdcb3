// /message/sysMessageTemplate and /message/sysMessage: 消息中心 (JeecgBoot's SysMessageTemplateController and
// SysMessageController paths and field names). Admin-only throughout: a message goes to any address or user.
//
// sendMsg takes JeecgBoot's MsgParams {templateCode, testData, receiver, msgType}: the template's placeholders
// are filled from testData and the message is recorded and tried at once (JeecgBoot only queued it); a failed
// try is answered as a failure and retried later by 发送待重试消息. Only 邮件 (2) and 站内消息 (4) are supported.
// Beyond the anchor: resend (重发 of a failed message).
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { newId } from '../../domain/ids.js';
import {
  BAD_JSON,
  createAndSend,
  htmlToText,
  MSG_EMAIL,
  MSG_SITE,
  MSG_TYPES,
  parseParams,
  renderBody,
  fillTemplate,
  resendMessage,
  STATUS_SENT,
  UNSUPPORTED_TYPE,
  type MessageEnv,
  type SysSms,
} from '../../domain/messages.js';
import { camel } from '../../domain/serialize.js';
import { now } from '../../domain/time.js';
import { messageFields, messagesList, sendMsgFields, TEMPLATE_FORM_KEYS, templateFields, templatesList } from '../../resources/messages.js';
import { tooLongMessage } from '../../resources/rules.js';
import { messageApi, messageTemplateApi } from '../../contracts/messages.js';
import { receiverOf, registerMessageWriteRoutes } from './message-writes.js';
import { adminOnly, role, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok } from '../envelope.js';
import { exportResponse, importWorkbook } from '../excel.js';
import { filteredRows, idList, pagedList, type PagedListOptions } from '../list-query.js';
import type { ListRecord } from '../../contracts/endpoint.js';
import type { RowOf } from '../../db/schema.js';

const ADMIN = role('admin', 'dev');
const NOT_FOUND = '未找到对应实体';
const CODE_TAKEN = '该模板编码已存在';
const MAX_ID = 64;

const templateFieldMap = templateFields.fieldMap(['templateCode', 'templateName', 'templateType', 'createTime']);

const messageFieldMap = messageFields.fieldMap(['esType', 'esTitle', 'esReceiver', 'esSendStatus', 'esSendTime', 'esSendNum', 'createTime']);

/** Type as a value or its name (Excel imports hold 邮件 / 站内消息). */
const TYPE_TEXT: Record<string, string> = { '2': MSG_EMAIL, '4': MSG_SITE, 邮件: MSG_EMAIL, 站内消息: MSG_SITE };

const templateFieldsBody = templateFields.schema(TEMPLATE_FORM_KEYS);

const templateBody = z.preprocess(
  (b) => {
    if (!b || typeof b !== 'object' || Array.isArray(b)) return b;
    const type = (b as Record<string, unknown>).templateType;
    return typeof type === 'string' ? { ...b, templateType: TYPE_TEXT[type.trim()] ?? type } : b;
  },
  templateFieldsBody.extend({ templateTestJson: templateFieldsBody.shape.templateTestJson.refine((s) => parseParams(s).ok, BAD_JSON) }),
);
type TemplateBody = z.infer<typeof templateBody>;

const idBody = z.object({ id: z.string({ message: 'id不能为空' }).trim().min(1, 'id不能为空').max(MAX_ID, 'id格式不正确') });

const TEST_DATA = sendMsgFields.rule('testData');

const sendBody = z.object({
  templateCode: z.string({ message: '请选择消息模板' }).trim().min(1, '请选择消息模板').max(100, '模板编码不能超过100个字符'),
  ...sendMsgFields.schema(['receiver']).shape,
  // JeecgBoot sends the JSON as text (up to the dialog's limit); an object is accepted too.
  testData: z
    .unknown()
    .optional()
    .refine((v) => typeof v !== 'string' || v.length <= TEST_DATA.max, tooLongMessage(TEST_DATA.label, TEST_DATA.max)),
  msgType: z.unknown().optional(),
});

const messageEnv = (c: Context<ApiEnv>): MessageEnv => {
  const { db, config, hub } = c.get('deps');
  return { db, mail: config, hub };
};

const templateOptions = (c: Context<ApiEnv>): PagedListOptions<RowOf<'sys_sms_template'>, ListRecord<typeof messageTemplateApi.list>> => ({
  spec: templatesList,
  fields: templateFieldMap,
  base: c.get('deps').db.selectFrom('sys_sms_template'),
  select: (qb) => qb.selectAll(),
  toRecord: (r) => camel(r),
  tieBreak: 'id',
});

const messageRecord = (r: SysSms) => ({ ...camel(r), esContentText: htmlToText(r.es_content ?? '') });

const messageOptions = (c: Context<ApiEnv>): PagedListOptions<SysSms, ListRecord<typeof messageApi.list>> => ({
  spec: messagesList,
  fields: messageFieldMap,
  base: c.get('deps').db.selectFrom('sys_sms'),
  select: (qb) => qb.selectAll(),
  toRecord: messageRecord,
  tieBreak: 'id',
});

const testJson = (s: string | null | undefined) => (s ?? '').trim() || null;

async function insertTemplate(c: Context<ApiEnv>, b: TemplateBody): Promise<string | null> {
  const { db } = c.get('deps');
  if (await db.selectFrom('sys_sms_template').select('id').where('template_code', '=', b.templateCode).executeTakeFirst()) return CODE_TAKEN;
  try {
    await db
      .insertInto('sys_sms_template')
      .values({
        id: newId(),
        template_code: b.templateCode,
        template_name: b.templateName,
        template_content: b.templateContent,
        template_test_json: testJson(b.templateTestJson),
        template_type: b.templateType,
        create_by: c.get('user')!.username,
        create_time: now(),
      })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) return CODE_TAKEN;
    throw err;
  }
  return null;
}

/** A message answer: the row, and whether its try went through. */
function sendAnswer(c: Context<ApiEnv>, row: SysSms, okText: string, failText: string, missing: string[] = []) {
  const record = messageRecord(row);
  const note = missing.length ? `（未提供的变量保持原样：${missing.join('、')}）` : '';
  if (row.es_send_status === STATUS_SENT) return ok(c, { ...record, missing }, `${okText}${note}`, 200);
  // The failure is recorded in 消息管理 (a failure answer carries no data, as everywhere in the contract).
  const retry = row.next_try_time ? `，已记录，将于 ${row.next_try_time} 自动重试` : '，已记录';
  return fail(c, `${failText}：${row.es_result ?? ''}${retry}`);
}

export function registerMessageRoutes(r: ApiRoutes) {
  // ── 消息模板 ──
  r.at(messageTemplateApi.list, ADMIN, (c) => pagedList(c, templateOptions(c)));

  r.at(messageTemplateApi.queryById, ADMIN, async (c) => {
    const row = await c.get('deps').db.selectFrom('sys_sms_template').selectAll().where('id', '=', c.req.query('id') ?? '').executeTakeFirst();
    return row ? ok(c, camel(row), '操作成功！', 0) : fail(c, NOT_FOUND);
  });

  r.at(messageTemplateApi.add, adminOnly('msgTemplate:add'), async (c) => {
    const body = await jsonBody(c, templateBody);
    if (!body.ok) return body.response;
    const refused = await insertTemplate(c, body.data);
    if (refused) return fieldFail(c, 'templateCode', refused);
    return ok(c, null, '添加成功！', 200);
  });

  r.at(messageTemplateApi.edit, adminOnly('msgTemplate:edit'), async (c) => {
    const body = await jsonBody(c, templateBody.and(idBody));
    if (!body.ok) return body.response;
    const b = body.data;
    const { db } = c.get('deps');
    const found = await db.selectFrom('sys_sms_template').select(['id', 'template_code']).where('id', '=', b.id).executeTakeFirst();
    if (!found) return fail(c, NOT_FOUND);
    if (b.templateCode !== found.template_code) {
      const taken = await db.selectFrom('sys_sms_template').select('id').where('template_code', '=', b.templateCode).where('id', '!=', b.id).executeTakeFirst();
      if (taken) return fieldFail(c, 'templateCode', CODE_TAKEN);
    }
    try {
      await db
        .updateTable('sys_sms_template')
        .set({
          template_code: b.templateCode,
          template_name: b.templateName,
          template_content: b.templateContent,
          template_test_json: testJson(b.templateTestJson),
          template_type: b.templateType,
          update_by: c.get('user')!.username,
          update_time: now(),
        })
        .where('id', '=', b.id)
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) return fieldFail(c, 'templateCode', CODE_TAKEN);
      throw err;
    }
    return ok(c, null, '编辑成功!', 200);
  });

  const removeTemplates = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '请选择要删除的模板');
    const { db } = c.get('deps');
    const found = await db.selectFrom('sys_sms_template').select('id').where('id', 'in', ids).execute();
    if (found.length !== new Set(ids).size) return fail(c, NOT_FOUND);
    await db.deleteFrom('sys_sms_template').where('id', 'in', ids).execute();
    return ok(c, null, '删除成功!', 200);
  };
  r.at(messageTemplateApi.delete, adminOnly('msgTemplate:del'), (c) => removeTemplates(c, idList(c.req.query('id'), 1)));
  r.at(messageTemplateApi.deleteBatch, adminOnly('msgTemplate:del'), (c) => removeTemplates(c, idList(c.req.query('ids'), 200)));

  r.at(messageTemplateApi.exportXls, adminOnly('msgTemplate:export'), async (c) =>
    exportResponse(c, templatesList, await filteredRows(c, templateOptions(c), 'id', 10_000)),
  );

  r.at(messageTemplateApi.importExcel, adminOnly('msgTemplate:import'), (c) =>
    importWorkbook(c, templatesList, { 模板编码: 'templateCode', 模板标题: 'templateName', 模板内容: 'templateContent', 模板类型: 'templateType', 测试数据: 'templateTestJson' }, templateBody, (row) =>
      insertTemplate(c, row),
    ),
  );

  // 发送测试 (JeecgBoot's sendMsg): a message from a template to one receiver, tried at once.
  r.at(messageTemplateApi.send, adminOnly('msgTemplate:send'), async (c) => {
    const body = await jsonBody(c, sendBody);
    if (!body.ok) return body.response;
    const b = body.data;
    const { db } = c.get('deps');
    const tpl = await db.selectFrom('sys_sms_template').selectAll().where('template_code', '=', b.templateCode).executeTakeFirst();
    if (!tpl) return fieldFail(c, 'templateCode', `消息模板不存在：${b.templateCode}`);
    if (!(tpl.template_type in MSG_TYPES)) return fail(c, UNSUPPORTED_TYPE, 400, 400);
    // Without testData the template's own test values are used.
    const params = parseParams(b.testData === undefined || b.testData === null ? tpl.template_test_json : b.testData);
    if (!params.ok) return fieldFail(c, 'testData', params.message);
    const to = await receiverOf(c, tpl.template_type, b.receiver);
    if (!to.ok) return fieldFail(c, 'receiver', to.message);
    const receiver = to.value;
    const content = renderBody(tpl.template_content, params.values);
    const title = fillTemplate(tpl.template_name, params.values).text;
    const row = await createAndSend(
      messageEnv(c),
      {
        type: tpl.template_type,
        title,
        content: content.text,
        param: JSON.stringify(params.values),
        receiver,
        templateCode: tpl.template_code,
        remark: '发送测试',
        by: c.get('user')!.username,
      },
      new Date(),
    );
    return sendAnswer(c, row, '消息发送成功', '消息发送失败', content.missing);
  });

  // ── 消息 ──
  r.at(messageApi.list, ADMIN, (c) => pagedList(c, messageOptions(c)));

  r.at(messageApi.queryById, ADMIN, async (c) => {
    const row = await c.get('deps').db.selectFrom('sys_sms').selectAll().where('id', '=', c.req.query('id') ?? '').executeTakeFirst();
    return row ? ok(c, messageRecord(row), '操作成功！', 0) : fail(c, NOT_FOUND);
  });

  const removeMessages = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '请选择要删除的消息');
    const { db } = c.get('deps');
    const found = await db.selectFrom('sys_sms').select('id').where('id', 'in', ids).execute();
    if (found.length !== new Set(ids).size) return fail(c, NOT_FOUND);
    await db.deleteFrom('sys_sms').where('id', 'in', ids).execute();
    return ok(c, null, '删除成功!', 200);
  };
  r.at(messageApi.delete, adminOnly('message:del'), (c) => removeMessages(c, idList(c.req.query('id'), 1)));
  r.at(messageApi.deleteBatch, adminOnly('message:del'), (c) => removeMessages(c, idList(c.req.query('ids'), 200)));

  r.at(messageApi.exportXls, adminOnly('message:export'), async (c) => {
    const rows = await filteredRows(c, messageOptions(c), 'id', 10_000);
    // The sheet holds the text of the content, not its HTML.
    return exportResponse(c, messagesList, rows.map((r) => ({ ...r, esContent: r.esContentText })));
  });

  registerMessageWriteRoutes(r, ADMIN, messageEnv);

  // 重发: one more try of a failed message, now.
  r.at(messageApi.resend, adminOnly('message:resend'), async (c) => {
    let raw: unknown = { id: c.req.query('id') };
    if (!c.req.query('id')) {
      const body = await jsonBody(c, idBody);
      if (!body.ok) return body.response;
      raw = body.data;
    }
    const parsed = idBody.safeParse(raw);
    if (!parsed.success) return fail(c, 'id不能为空', 400, 400);
    const res = await resendMessage(messageEnv(c), parsed.data.id, c.get('user')!.username, new Date());
    if (!res.ok) return res.reason === 'not_found' ? fail(c, NOT_FOUND) : fail(c, '只能重发发送失败的消息');
    return sendAnswer(c, res.row, '重发成功', '重发失败');
  });
}
