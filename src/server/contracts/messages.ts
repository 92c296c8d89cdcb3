// 消息中心 (/message/sysMessageTemplate, /message/sysMessage): message templates (list, form, export, import,
// 发送测试) and the messages sent (list, export, delete, 重发). Field names are JeecgBoot's.
import type { Page, Saved } from './shapes.js';
import { DELETE, GET, POST, PUT_OR_POST } from './endpoint.js';

export interface MessageTemplateRecord extends Record<string, unknown> {
  id: string;
  templateCode: string;
  templateName: string;
  /** 2: 邮件, 4: 站内消息. */
  templateType: string;
  templateContent: string;
  /** The placeholders' test values, a JSON object as text. */
  templateTestJson: string | null;
  createTime: string | null;
}

/** A message sent (or tried): its tries, status (0 未发送, 1 成功, 2 失败) and last error. */
export interface MessageRecord extends Record<string, unknown> {
  id: string;
  esTitle: string | null;
  esType: string;
  esReceiver: string;
  esContent: string | null;
  /** The content as plain text. */
  esContentText: string;
  esSendStatus: string;
  esSendNum: number;
  esResult: string | null;
  nextTryTime: string | null;
  createTime: string | null;
}

/**
 * A message sent: the row, and the placeholders its values did not fill. Refused input names the fields at fault
 * (`errors`); a failed try answers no data (it is recorded, and retried).
 */
type SendResult = (Partial<MessageRecord> & { missing?: string[]; errors?: Record<string, string> }) | null;

export const messageTemplateApi = {
  list: GET<Page<MessageTemplateRecord>>('/message/sysMessageTemplate/list'),
  queryById: GET<MessageTemplateRecord, { id: string }>('/message/sysMessageTemplate/queryById'),
  add: POST<Saved>('/message/sysMessageTemplate/add'),
  edit: PUT_OR_POST<Saved>('/message/sysMessageTemplate/edit'),
  delete: DELETE<null, never, { id: string }>('/message/sysMessageTemplate/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/message/sysMessageTemplate/deleteBatch'),
  exportXls: GET<never>('/message/sysMessageTemplate/exportXls'),
  importExcel: POST<{ msg?: string }, FormData>('/message/sysMessageTemplate/importExcel'),
  /** 发送测试: a message from the template coded `templateCode` to one receiver, tried at once. */
  send: POST<SendResult, { templateCode: string; receiver: string; testData?: string | null }>('/message/sysMessageTemplate/sendMsg'),
};

export const messageApi = {
  list: GET<Page<MessageRecord>>('/message/sysMessage/list'),
  queryById: GET<MessageRecord, { id: string }>('/message/sysMessage/queryById'),
  /** A message written by hand, recorded and tried at once. */
  add: POST<Saved<{ id: string }>>('/message/sysMessage/add'),
  /** Only a message not yet sent; the edit does not send it. */
  edit: PUT_OR_POST<Saved>('/message/sysMessage/edit'),
  /** Rows 消息标题, 消息类型, 接收人, 发送内容 (发送所需参数, 备注), each added as 新增 adds one. */
  importExcel: POST<{ msg?: string }, FormData>('/message/sysMessage/importExcel'),
  delete: DELETE<null, never, { id: string }>('/message/sysMessage/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/message/sysMessage/deleteBatch'),
  exportXls: GET<never>('/message/sysMessage/exportXls'),
  /** 重发: one more try of a failed message, now. */
  resend: POST<SendResult, { id: string }>('/message/sysMessage/resend'),
};
