// Closed state of the notice bell (SPEC §2): the bell with antd's Badge showing the unread total, rendered
// on the first paint from listByUser. Without JavaScript it is a link to the user's announcement list.
// The notice-bell island (src/islands/notice-bell.tsx) loads when the browser is idle, opens the websocket,
// keeps the badge current, and opens the popover (tabs 通知 / 系统消息) on click.
import { jsonScript } from '../island-props.js';
import type { Announcement, AnnouncementSummary } from '../../server/upstream/client.js';
import { cx } from '../antd.js';
import { Icon } from '../icons.js';

const ANNOUNCEMENT_LIST_PATH = '/isps/userAnnouncement';

/** What the island needs of an announcement in the list (the content is fetched when one is opened). */
const listItem = (a: Announcement) => ({
  id: a.id,
  titile: a.titile,
  sender: a.sender,
  sendTime: a.sendTime,
  createTime: a.createTime,
  priority: a.priority,
  msgCategory: a.msgCategory,
  openType: a.openType,
  openPage: a.openPage,
  busId: a.busId,
});

const noticeTotal = (s: AnnouncementSummary | null | undefined) => (s ? (Number(s.anntMsgTotal) || 0) + (Number(s.sysMsgTotal) || 0) : 0);

/** antd Badge count markup (a count of 0 shows nothing; more than 99 shows 99+). */
function BadgeCount({ count }: { count: number }) {
  if (count <= 0) return null;
  const text = count > 99 ? '99+' : String(count);
  return (
    <sup data-show="true" class={cx('ant-scroll-number ant-badge-count', text.length > 1 && 'ant-badge-multiple-words')} title={String(count)}>
      {text}
    </sup>
  );
}

export function NoticeBell({ userId, summary }: { userId?: string; summary?: AnnouncementSummary | null }) {
  const total = noticeTotal(summary);
  const props = {
    userId: userId ?? null,
    summary: summary
      ? {
          anntMsgList: summary.anntMsgList.map(listItem),
          anntMsgTotal: summary.anntMsgTotal,
          sysMsgList: summary.sysMsgList.map(listItem),
          sysMsgTotal: summary.sysMsgTotal,
        }
      : null,
  };
  return (
    <span class="xt-notice" data-island="notice-bell" data-island-load="idle">
      <script type="application/json">{jsonScript(props)}</script>
      <a class="xt-header-action xt-notice-trigger" href={ANNOUNCEMENT_LIST_PATH} title="消息通知" aria-label={`消息通知（${total}条未读）`} aria-haspopup="dialog">
        <span class="ant-badge app xt-notice-badge">
          <Icon name="bell" class="xt-notice-icon" />
          <BadgeCount count={total} />
        </span>
      </a>
    </span>
  );
}
