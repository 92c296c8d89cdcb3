// Shapes the account islands read from the API (mirrors of src/server/upstream/client.ts; islands may not
// import server code).

export type Priority = 'L' | 'M' | 'H';

export interface Announcement {
  id: string;
  titile: string;
  msgContent: string | null;
  sender: string | null;
  sendTime: string | null;
  createTime: string | null;
  priority: Priority;
  msgCategory: '1' | '2';
  openType: 'url' | 'component' | null;
  openPage: string | null;
  busId: string | null;
}

export interface AnnouncementSummary {
  anntMsgList: Announcement[];
  anntMsgTotal: number;
  sysMsgList: Announcement[];
  sysMsgTotal: number;
}

export interface NoticeMessage {
  cmd: 'topic' | 'user' | 'heartcheck' | string;
  msgId?: string;
  msgTxt?: string;
  userId?: string;
}

/** SPEC §3: L 一般消息 blue, M 重要消息 orange, H 紧急消息 red. */
export const PRIORITY: Record<Priority, { text: string; color: string }> = {
  L: { text: '一般消息', color: 'blue' },
  M: { text: '重要消息', color: 'orange' },
  H: { text: '紧急消息', color: 'red' },
};

/** Where a notice's openPage may lead: a local path only (the API refuses others; old rows are checked here too). */
export const isLocalPath = (p: string | null | undefined): p is string => !!p && /^\/(?!\/)/.test(p) && !/[\s\\]/.test(p);

/** The total the bell's badge shows. */
export const noticeTotal = (s: AnnouncementSummary | null | undefined) => (s ? (Number(s.anntMsgTotal) || 0) + (Number(s.sysMsgTotal) || 0) : 0);
