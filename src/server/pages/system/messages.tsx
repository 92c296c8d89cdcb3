// 消息中心: 消息模板管理 (the declared list and form, plus the 发送测试 dialog: a receiver and the placeholder
// values, sent through the API's sendMsg) and 消息管理 (sent messages with their tries, status and last error;
// 重发 on a failed one). Data goes through the upstream client only.
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { messageApi, messageTemplateApi } from '../../contracts/messages.js';
import { MESSAGE_ROUTE, messagesList, sendTestFields, TEMPLATE_ROUTE, templateForm, templatesList } from '../../resources/messages.js';
import type { FieldSpec } from '../../resources/spec.js';
import { Tag } from '../../../templates/antd.js';
import { FormView } from '../../../templates/list/form-view.js';
import type { PageEnv, PageSession } from '../context.js';
import { backToList, isHtmx, registerConfirmedAction, registerListPage } from '../list-page.js';
import { setFlash } from '../flash.js';
import { dialogPage } from '../dialog-page.js';
import { safeLocalPath } from '../safe-path.js';
import { requirePage } from '../shell-page.js';
import { str } from '../../shared/text.js';

const ELLIPSIS = 40;

const STYLE = `
.xt-msg-content { display: inline-block; min-width: 9em; }
.xt-msg-receiver { word-break: break-all; }
.xt-msg-error { color: #ff4d4f; font-size: 12px; word-break: break-all; }
.xt-msg-retry { color: #8c8c8c; font-size: 12px; }
.xt-msg-tpl { margin-bottom: 12px; padding: 8px 12px; background: #fafafa; border: 1px dashed #d9d9d9; border-radius: 6px; font-size: 12px; line-height: 1.7; white-space: pre-wrap; word-break: break-all; }
`;

/** The receiver field as the template's type needs it (an address, or an account). */
function receiverFields(type: string): FieldSpec[] {
  return sendTestFields.map((f) =>
    f.key !== 'receiver'
      ? f
      : type === '2'
        ? { ...f, label: '接收邮箱', placeholder: '例如 parent@example.org', help: '邮件发送到这个邮箱地址' }
        : { ...f, label: '接收用户', placeholder: '用户账号，例如 student1', help: '站内消息出现在该用户右上角通知的“系统消息”里' },
  );
}

interface SendForm {
  id: string;
  template: Record<string, unknown>;
  values: Record<string, unknown>;
  errors: Record<string, string>;
  message?: string;
  back: string;
}

function SendView({ f, asDialog }: { f: SendForm; asDialog: boolean }) {
  const t = f.template;
  const type = str(t.templateType);
  return (
    <FormView
      title={`发送测试：${str(t.templateName)}`}
      width={720}
      fields={receiverFields(type)}
      values={f.values}
      errors={f.errors}
      message={f.message}
      options={{}}
      action={`${TEMPLATE_ROUTE}/send`}
      back={f.back}
      mode="add"
      hidden={{ id: f.id, back: f.back, templateCode: str(t.templateCode) }}
      asDialog={asDialog}
    >
      <style>{STYLE}</style>
      <div class="xt-msg-tpl">
        <Tag color={type === '2' ? 'blue' : 'purple'}>{type === '2' ? '邮件' : type === '4' ? '站内消息' : type}</Tag>
        {str(t.templateContent)}
      </div>
    </FormView>
  );
}

const sendPage = (c: Context<PageEnv>, f: SendForm, status: 200 | 400 = 200) =>
  dialogPage(c, { current: TEMPLATE_ROUTE, title: templatesList.title }, (asDialog) => <SendView f={f} asDialog={asDialog} />, status);

function ResultCell({ r }: { r: Record<string, unknown> }) {
  const status = str(r.esSendStatus);
  if (status !== '2') return <span class="xt-muted">{status === '1' ? '' : str(r.esResult)}</span>;
  const text = str(r.esResult);
  return (
    <div>
      <div class="xt-msg-error" title={text}>
        {text.length > 60 ? `${text.slice(0, 60)}…` : text}
      </div>
      {str(r.nextTryTime) ? <div class="xt-msg-retry">将于 {str(r.nextTryTime)} 自动重试</div> : <div class="xt-msg-retry">不再自动重试</div>}
    </div>
  );
}

export function registerMessagePages(app: Hono<PageEnv>) {
  registerListPage(app, {
    spec: templatesList,
    form: templateForm,
    cells: () => ({
      templateContent: (r) => {
        const text = str(r.templateContent);
        return text.length > ELLIPSIS ? <span title={text}>{text.slice(0, ELLIPSIS)}…</span> : text;
      },
    }),
  });

  const safeBack = (back: unknown) => safeLocalPath(back, TEMPLATE_ROUTE, TEMPLATE_ROUTE);

  app.get(`${TEMPLATE_ROUTE}/send`, async (c) => {
    // Only who may open 消息模板管理 (the API checks the button code again).
    const allowed = await requirePage(c, TEMPLATE_ROUTE);
    if (allowed instanceof Response) return allowed;
    const id = (c.req.query('id') ?? '').slice(0, 64);
    const back = safeBack(c.req.query('back'));
    if (!id) return c.redirect(back);
    const res = await c.get('upstream').send(messageTemplateApi.queryById, { query: { id } });
    if (!res.body.success) {
      setFlash(c, { type: 'error', text: res.body.message || '未找到对应实体' });
      return backToList(c, back);
    }
    const t = res.body.result;
    return sendPage(c, { id, template: t, values: { receiver: '', testData: str(t.templateTestJson) }, errors: {}, back });
  });

  app.post(`${TEMPLATE_ROUTE}/send`, async (c) => {
    const allowed = await requirePage(c, TEMPLATE_ROUTE);
    if (allowed instanceof Response) return allowed;
    const form = await c.req.parseBody();
    const id = str(form.id).slice(0, 64);
    const back = safeBack(form.back);
    const up = c.get('upstream');
    const tpl = await up.send(messageTemplateApi.queryById, { query: { id } });
    if (!tpl.body.success) {
      setFlash(c, { type: 'error', text: tpl.body.message || '未找到对应实体' });
      return backToList(c, back);
    }
    const values = { receiver: str(form.receiver).trim(), testData: str(form.testData) };
    const res = await up.send(messageTemplateApi.send, {
      body: {
        templateCode: str(tpl.body.result.templateCode),
        receiver: values.receiver,
        testData: values.testData,
      },
    });
    if (res.status === 500 && res.body.message?.startsWith('Token失效')) return c.redirect('/user/login', 303);
    // Sent, or recorded and failed (it is retried): either way the outcome is in 消息管理. Refused input names fields.
    if (res.body.success || !res.body.result?.errors) {
      setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.message });
      return backToList(c, back);
    }
    const errors = res.body.result?.errors ?? {};
    const placed = Object.keys(errors).length > 0 && Object.keys(errors).every((k) => k === 'receiver' || k === 'testData');
    return sendPage(c, { id, template: tpl.body.result, values, errors, message: placed ? undefined : res.body.message, back }, isHtmx(c) ? 200 : 400);
  });

  registerListPage(app, {
    spec: messagesList,
    extra: () => <style>{STYLE}</style>,
    cells: (_s: PageSession): Record<string, (r: Record<string, unknown>) => Child> => ({
      esContent: (r) => {
        const text = str(r.esContentText);
        return <span class="xt-msg-content" title={text}>{text.length > 20 ? `${text.slice(0, 20)}…` : text}</span>;
      },
      esReceiver: (r) => <span class="xt-msg-receiver">{str(r.esReceiver)}</span>,
      esResult: (r) => <ResultCell r={r} />,
    }),
  });

  registerConfirmedAction(app, {
    route: MESSAGE_ROUTE,
    screenTitle: messagesList.title,
    key: 'resend',
    title: '重发消息',
    question: messagesList.rowActions.find((a) => a.key === 'resend')!.confirm!,
    call: (up, id) => up.send(messageApi.resend, { body: { id } }),
  });
}

