// 消息中心: templates with ${var} placeholders filled from JSON, and messages sent from them — e-mail through
// SMTP (domain/mail.ts) or a site message (站内消息: a system message, msg_category '2', in the receiver's
// notice bell, pushed over the websocket). Every message is a sys_sms row with its tries and last error; a
// failed try is retried after 1, 5 and 30 minutes by the built-in job 发送待重试消息 (sendDueMessages).
//
// A row is claimed before it is sent: a conditional update sets es_send_status '0' and a lease in
// next_try_time, so of several processes (or a job and a 重发) only one sends it; a process that dies
// mid-send leaves a lease that expires and the job tries again.
import type { Kysely, Selectable } from 'kysely';
import type { Database, SysSmsTable } from '../db/schema.js';
import type { NoticeHub } from '../realtime/hub.js';
import { MSG_TYPE_OPTIONS, UNSUPPORTED_TYPE } from '../resources/messages.js';
import { sanitizeRichHtml } from '../shared/rich-text.js';
import { createAnnouncement, publishAnnouncement } from './announcements.js';
import { newId } from './ids.js';
import { sendMail, type MailConfig } from './mail.js';
import { formatDateTime } from './time.js';

export type SysSms = Selectable<SysSmsTable>;

export const MSG_EMAIL = '2';
export const MSG_SITE = '4';
/** The supported types (resources/messages.ts declares them with the template's fields). */
export const MSG_TYPES: Record<string, string> = Object.fromEntries(MSG_TYPE_OPTIONS.map((o) => [o.value, o.label]));
export { UNSUPPORTED_TYPE };

const STATUS_PENDING = '0';
export const STATUS_SENT = '1';
const STATUS_FAILED = '2';

/** Waits before the automatic retries of a failed message: after the 1st, 2nd and 3rd failed try. */
const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000] as const;
export const MAX_TRIES = RETRY_DELAYS_MS.length + 1;
/** A claimed row not finished within this time is taken for one whose process died; the job tries it again. */
const SEND_LEASE_MS = 10 * 60_000;
export const NO_MAIL_SERVER = '未配置邮件服务器（SMTP_URL），无法发送邮件';
const MAX_RESULT = 1000;

export interface MessageEnv {
  db: Kysely<Database>;
  mail: MailConfig;
  /** Pushes site messages to open shells; without it they still arrive at the next look at the bell. */
  hub?: NoticeHub;
}

export const EMAIL_RE = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ESC[ch]);

export type ParamsCheck = { ok: true; values: Record<string, unknown> } | { ok: false; message: string };
export const BAD_JSON = '测试数据必须是JSON对象，例如 {"name":"小明"}';

/** Placeholder values: a JSON object (as text, or already parsed); empty means none. */
export function parseParams(raw: unknown): ParamsCheck {
  let value = raw;
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return { ok: true, values: {} };
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false, message: BAD_JSON };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, message: BAD_JSON };
  return { ok: true, values: value as Record<string, unknown> };
}

const PLACEHOLDER = /\$\{\s*([A-Za-z_\u4e00-\u9fa5][\w\u4e00-\u9fa5]*(?:\.[A-Za-z_\u4e00-\u9fa5][\w\u4e00-\u9fa5]*)*)\s*\}/g;

function lookup(values: Record<string, unknown>, path: string): { found: boolean; value?: unknown } {
  let cur: unknown = values;
  for (const part of path.split('.')) {
    if (typeof cur !== 'object' || cur === null || !Object.prototype.hasOwnProperty.call(cur, part)) return { found: false };
    cur = (cur as Record<string, unknown>)[part];
  }
  return { found: true, value: cur };
}

const asText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export interface Filled {
  text: string;
  /** Placeholders the values did not name; left in the text as written. */
  missing: string[];
}

/** Replaces ${name} (or ${a.b}) with the value's text, passed through `escape`; unknown names stay as written. */
export function fillTemplate(content: string, values: Record<string, unknown>, escape: (s: string) => string = (s) => s): Filled {
  const missing = new Set<string>();
  const text = content.replace(PLACEHOLDER, (whole, name: string) => {
    const hit = lookup(values, name);
    if (!hit.found) {
      missing.add(name);
      return whole;
    }
    return escape(asText(hit.value));
  });
  return { text, missing: [...missing] };
}

/** A template is HTML when it holds a tag; otherwise it is plain text (line breaks kept). */
const looksLikeHtml = (s: string) => /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i.test(s);

/**
 * The message body as sanitised HTML: an HTML template gets its values escaped; a plain-text one is escaped
 * whole and its line breaks kept.
 */
export function renderBody(content: string, values: Record<string, unknown>): Filled {
  if (looksLikeHtml(content)) {
    const filled = fillTemplate(content, values, escapeHtml);
    return { text: sanitizeRichHtml(filled.text), missing: filled.missing };
  }
  const filled = fillTemplate(content, values);
  return { text: escapeHtml(filled.text).replace(/\r?\n/g, '<br>'), missing: filled.missing };
}

/** The text part of an HTML body (e-mail clients without HTML, list cells). */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface NewMessage {
  type: string;
  title: string;
  /** The body as sanitised HTML (renderBody). */
  content: string;
  param?: string | null;
  receiver: string;
  templateCode?: string | null;
  remark?: string | null;
  by: string;
}

const later = (at: Date, ms: number) => formatDateTime(new Date(at.getTime() + ms));

/** The wait before the next automatic try after `tries` tries, or null when none is left. */
export const retryDelay = (tries: number): number | null => (tries >= 1 && tries <= RETRY_DELAYS_MS.length ? RETRY_DELAYS_MS[tries - 1] : null);

/** Records a message and makes its first try at once; returns the row as it stands after the try. */
export async function createAndSend(env: MessageEnv, m: NewMessage, at: Date): Promise<SysSms> {
  const id = newId();
  const t = formatDateTime(at);
  await env.db
    .insertInto('sys_sms')
    .values({
      id,
      es_type: m.type,
      es_title: m.title.slice(0, 200),
      es_content: m.content,
      es_param: m.param ?? null,
      es_receiver: m.receiver,
      es_send_status: STATUS_PENDING,
      es_send_num: 0,
      remark: m.remark ?? null,
      template_code: m.templateCode ?? null,
      next_try_time: later(at, SEND_LEASE_MS),
      create_by: m.by,
      create_time: t,
    })
    .execute();
  return deliver(env, id, at, m.by);
}

/** One try of a claimed row: sends it and records the outcome, the tries and the next try's due time. */
async function deliver(env: MessageEnv, id: string, at: Date, by: string): Promise<SysSms> {
  const row = await env.db.selectFrom('sys_sms').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  let error: string | null = null;
  try {
    await sendOne(env, row, by);
  } catch (err) {
    error = (err instanceof Error ? err.message || err.name : String(err)).slice(0, MAX_RESULT);
  }
  const tries = Number(row.es_send_num) + 1;
  const delay = error ? retryDelay(tries) : null;
  await env.db
    .updateTable('sys_sms')
    .set({
      es_send_status: error ? STATUS_FAILED : STATUS_SENT,
      es_send_num: tries,
      es_send_time: formatDateTime(at),
      es_result: error ?? '发送成功',
      next_try_time: delay === null ? null : later(at, delay),
      update_by: by,
      update_time: formatDateTime(at),
    })
    .where('id', '=', id)
    .execute();
  return env.db.selectFrom('sys_sms').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function sendOne(env: MessageEnv, row: SysSms, by: string): Promise<void> {
  const title = row.es_title || '系统消息';
  const html = row.es_content ?? '';
  if (row.es_type === MSG_EMAIL) {
    if (!env.mail.smtpUrl) throw new Error(NO_MAIL_SERVER);
    try {
      await sendMail(env.mail, { to: row.es_receiver, subject: title, text: htmlToText(html), html });
    } catch (err) {
      throw new Error(`邮件发送失败：${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    return;
  }
  if (row.es_type === MSG_SITE) {
    const user = await env.db.selectFrom('sys_user').select('id').where('username', '=', row.es_receiver).where('del_flag', '=', 0).executeTakeFirst();
    if (!user) throw new Error(`接收用户不存在：${row.es_receiver}`);
    const made = await createAnnouncement(
      env.db,
      { titile: title, msgContent: html, msgAbstract: htmlToText(html).slice(0, 200), priority: 'L', msgCategory: '2', msgType: 'USER', userIds: [user.id], busType: 'sys_sms', busId: row.id },
      by,
    );
    if (!made.ok) throw new Error('站内消息创建失败');
    const hub = env.hub ?? SILENT_HUB;
    const published = await publishAnnouncement(env.db, hub, made.announcement.id, by);
    if (!published.ok) throw new Error('站内消息发布失败');
    return;
  }
  throw new Error(UNSUPPORTED_TYPE);
}

/** Without a hub (a job run outside the server) the message still arrives at the receiver's next look. */
const SILENT_HUB = { publish: async () => {} } as unknown as NoticeHub;

export type ResendResult = { ok: true; row: SysSms } | { ok: false; reason: 'not_found' | 'not_failed' };

/** 重发: one more try of a failed message now (whatever its tries so far). */
export async function resendMessage(env: MessageEnv, id: string, by: string, at: Date): Promise<ResendResult> {
  const res = await env.db
    .updateTable('sys_sms')
    .set({ es_send_status: STATUS_PENDING, next_try_time: later(at, SEND_LEASE_MS) })
    .where('id', '=', id)
    .where('es_send_status', '=', STATUS_FAILED)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) {
    const exists = await env.db.selectFrom('sys_sms').select('id').where('id', '=', id).executeTakeFirst();
    return { ok: false, reason: exists ? 'not_failed' : 'not_found' };
  }
  return { ok: true, row: await deliver(env, id, at, by) };
}

export interface DueRun {
  tried: number;
  sent: number;
  failed: number;
}

/**
 * Tries every message whose next try is due at `at` (failed ones waiting for their retry, and claimed ones
 * whose process died), at most `limit`, each claimed first so that no other process sends it too.
 */
export async function sendDueMessages(env: MessageEnv, at: Date, limit = 100): Promise<DueRun> {
  const t = formatDateTime(at);
  const due = await env.db
    .selectFrom('sys_sms')
    .select(['id', 'es_send_status', 'next_try_time'])
    .where('next_try_time', '<=', t)
    .where('es_send_status', 'in', [STATUS_PENDING, STATUS_FAILED])
    .orderBy('next_try_time')
    .limit(limit)
    .execute();
  const run: DueRun = { tried: 0, sent: 0, failed: 0 };
  for (const d of due) {
    const claimed = await env.db
      .updateTable('sys_sms')
      .set({ es_send_status: STATUS_PENDING, next_try_time: later(at, SEND_LEASE_MS) })
      .where('id', '=', d.id)
      .where('es_send_status', '=', d.es_send_status)
      .where('next_try_time', '=', d.next_try_time)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    const row = await deliver(env, d.id, at, 'system');
    run.tried++;
    if (row.es_send_status === STATUS_SENT) run.sent++;
    else run.failed++;
  }
  return run;
}
