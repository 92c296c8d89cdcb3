// /message/sysMessage add, edit and importExcel (the anchor's 消息 screen's 新增, 编辑 and 导入): a message written
// by hand rather than from a template. Added and imported messages are recorded and tried at once, like
// 发送测试 (a failed try is retried by 发送待重试消息); only a message not yet sent may be edited, and an edit does
// not send it (重发 does). Registered from message.ts; admin-only like the screen.
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { createAndSend, EMAIL_RE, MSG_EMAIL, MSG_TYPES, STATUS_SENT, UNSUPPORTED_TYPE, type MessageEnv } from '../../domain/messages.js';
import { now } from '../../domain/time.js';
import { messagesList } from '../../resources/messages.js';
import { sanitizeRichHtml } from '../../shared/rich-text.js';
import { messageApi } from '../../contracts/messages.js';
import type { Access, ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok } from '../envelope.js';
import { importWorkbook } from '../excel.js';

const TYPE_BY_TEXT: Record<string, string> = { 邮件: MSG_EMAIL, 站内消息: '4' };

const text = (label: string, max: number) => z.string({ message: `请输入${label}` }).trim().min(1, `请输入${label}`).max(max, `${label}不能超过${max}个字符`);
const optionalText = (label: string, max: number) => z.string({ message: `${label}格式不正确` }).trim().max(max, `${label}不能超过${max}个字符`).nullish();

const messageBody = z.object({
  esType: z.preprocess((v) => TYPE_BY_TEXT[String(v)] ?? (v === undefined ? v : String(v)), z.string({ message: '请选择消息类型' }).refine((v) => v in MSG_TYPES, UNSUPPORTED_TYPE)),
  esTitle: text('消息标题', 200),
  esContent: text('发送内容', 10_000).refine((v) => sanitizeRichHtml(v).trim() !== '', '请输入发送内容'),
  esReceiver: text('接收人', 255),
  esParam: optionalText('发送所需参数', 2000),
  remark: optionalText('备注', 500),
});
type MessageBody = z.infer<typeof messageBody>;
const editBody = messageBody.extend({ id: z.string({ message: 'id不能为空' }).trim().min(1, 'id不能为空').max(64, 'id格式不正确') });

/** The receiver as stored: an e-mail address for 邮件, a user's username (given it or their id) for 站内消息. */
export async function receiverOf(c: Context<ApiEnv>, type: string, receiver: string): Promise<{ ok: true; value: string } | { ok: false; message: string }> {
  if (type === MSG_EMAIL) return EMAIL_RE.test(receiver) ? { ok: true, value: receiver } : { ok: false, message: '邮件的接收人必须是有效的邮箱地址' };
  const user = await c
    .get('deps')
    .db.selectFrom('sys_user')
    .select('username')
    .where((eb) => eb.or([eb('username', '=', receiver), eb('id', '=', receiver)]))
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  return user ? { ok: true, value: user.username } : { ok: false, message: `接收用户不存在：${receiver}` };
}

async function addMessage(c: Context<ApiEnv>, env: MessageEnv, b: MessageBody) {
  const to = await receiverOf(c, b.esType, b.esReceiver);
  if (!to.ok) return to;
  const row = await createAndSend(
    env,
    { type: b.esType, title: b.esTitle, content: sanitizeRichHtml(b.esContent), param: b.esParam || null, receiver: to.value, remark: b.remark || null, by: c.get('user')!.username },
    new Date(),
  );
  return { ok: true as const, row };
}

export function registerMessageWriteRoutes(r: ApiRoutes, access: Access, env: (c: Context<ApiEnv>) => MessageEnv) {
  r.at(messageApi.add, access, async (c) => {
    const body = await jsonBody(c, messageBody);
    if (!body.ok) return body.response;
    const added = await addMessage(c, env(c), body.data);
    if (!added.ok) return fieldFail(c, 'esReceiver', added.message);
    return ok(c, { id: added.row.id }, added.row.es_send_status === STATUS_SENT ? '添加成功！消息已发送' : `添加成功！发送失败，将自动重试：${added.row.es_result ?? ''}`, 200);
  });

  r.at(messageApi.edit, access, async (c) => {
    const body = await jsonBody(c, editBody);
    if (!body.ok) return body.response;
    const b = body.data;
    const { db } = c.get('deps');
    const row = await db.selectFrom('sys_sms').select(['id', 'es_send_status']).where('id', '=', b.id).executeTakeFirst();
    if (!row) return fail(c, '未找到对应实体');
    if (row.es_send_status === STATUS_SENT) return fail(c, '消息已发送，不能再修改');
    const to = await receiverOf(c, b.esType, b.esReceiver);
    if (!to.ok) return fieldFail(c, 'esReceiver', to.message);
    await db
      .updateTable('sys_sms')
      .set({ es_type: b.esType, es_title: b.esTitle, es_content: sanitizeRichHtml(b.esContent), es_param: b.esParam || null, es_receiver: to.value, remark: b.remark || null, update_by: c.get('user')!.username, update_time: now() })
      .where('id', '=', b.id)
      .where('es_send_status', '!=', STATUS_SENT)
      .execute();
    return ok(c, null, '编辑成功!', 200);
  });

  r.at(messageApi.importExcel, access, (c) =>
    importWorkbook(c, messagesList, { 消息标题: 'esTitle', 消息类型: 'esType', 接收人: 'esReceiver', 发送内容: 'esContent', 发送所需参数: 'esParam', 备注: 'remark' }, messageBody, async (data) => {
      const added = await addMessage(c, env(c), data);
      return added.ok ? null : added.message;
    }),
  );
}
