// The notice bell once opened (SPEC §2, reference §1.11 HeaderNotice / ShowAnnouncement): a 300 px popover
// with the tabs 通知(N) and 系统消息(N), each listing unread announcements (title, `{createTime} 发布`,
// priority tag) and 查看更多; clicking one marks it read, then opens its page (openType component) or the
// detail dialog (title, 发布人 / 发布时间, sanitised HTML from the API, 关闭 and — for openType url — 去处理).
import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import { Badge, Button, Divider, Empty, Modal, Popover, Spin, Tabs, Tag } from 'antd';
import { useState, useSyncExternalStore } from 'react';
import type { Root } from 'react-dom/client';
import { api } from './api.js';
import type { NoticeStore } from './notice-store.js';
import { isLocalPath, noticeTotal, PRIORITY, type Announcement } from './types.js';
import { navigate, renderDetached, renderInto, toast } from './ui.js';

export const MORE_PATH = '/isps/userAnnouncement';

function PriorityTag({ p }: { p: Announcement['priority'] }) {
  const info = PRIORITY[p] ?? PRIORITY.L;
  return <Tag color={info.color}>{info.text}</Tag>;
}

function NoticeList({ items, onOpen }: { items: Announcement[]; onOpen(a: Announcement): void }) {
  return (
    <div className="xt-notice-list">
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无未读消息" />
      ) : (
        <ul>
          {items.map((a) => (
            <li key={a.id} className="xt-notice-item">
              <a href={MORE_PATH} onClick={(e) => (e.preventDefault(), onOpen(a))} className="xt-notice-title">
                {a.titile}
              </a>
              <div className="xt-notice-meta">
                <span>{a.createTime} 发布</span>
                <PriorityTag p={a.priority} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Button type="dashed" block onClick={() => navigate(MORE_PATH)} className="xt-notice-more">
        查看更多
      </Button>
    </div>
  );
}

/** The ShowAnnouncement dialog. */
export function DetailDialog({ item, onClose }: { item: Announcement; onClose(): void }) {
  const [open, setOpen] = useState(true);
  const close = () => setOpen(false);
  const handle = item.openType === 'url' && isLocalPath(item.openPage);
  return (
    <Modal
      open={open}
      title="通知消息"
      width="60%"
      onCancel={close}
      afterClose={onClose}
      destroyOnHidden
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto' } }}
      footer={[
        <Button key="close" onClick={close}>
          关闭
        </Button>,
        handle ? (
          <Button key="go" type="primary" onClick={() => (close(), navigate(item.openPage!))}>
            去处理
          </Button>
        ) : null,
      ]}
    >
      <div className="xt-annt-detail">
        <div className="xt-annt-detail-head">
          <h3 className="xt-annt-detail-title">{item.titile}</h3>
          <PriorityTag p={item.priority} />
        </div>
        <div className="xt-annt-detail-meta">
          发布人：{item.sender ?? ''} 发布时间： {item.sendTime ?? ''}
        </div>
        <Divider />
        {/* The API serves msgContent sanitised (src/server/shared/rich-text.ts). */}
        <div className="xt-rich-html" dangerouslySetInnerHTML={{ __html: item.msgContent ?? '' }} />
      </div>
    </Modal>
  );
}

/** Opens the detail dialog of an announcement, loading it (sanitised content) from queryById. */
export async function openDetail(id: string, fallback?: Announcement): Promise<void> {
  const res = await api<Announcement>('GET', `/sys/annountCement/queryById?id=${encodeURIComponent(id)}`).catch(() => null);
  const item = res && res.success ? res.result : fallback;
  if (!item) {
    await toast('warning', res?.message || '未找到对应实体');
    return;
  }
  const remove = renderDetached(<DetailDialog item={item} onClose={() => remove()} />);
}

/** Marks an announcement read (PUT editByAnntIdAndUserId), reloads the list, then opens it. */
export async function openAnnouncement(a: Announcement, store: NoticeStore): Promise<void> {
  await api('PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: a.id }).catch(() => null);
  store.reload().catch(() => {});
  if (a.openType === 'component' && isLocalPath(a.openPage)) navigate(a.openPage);
  else await openDetail(a.id, a);
}

function Bell({ store, initiallyOpen }: { store: NoticeStore; initiallyOpen: boolean }) {
  const summary = useSyncExternalStore(store.subscribe, store.get);
  const [open, setOpen] = useState(initiallyOpen);
  const [tab, setTab] = useState('1');
  const total = noticeTotal(summary);
  const pick = (a: Announcement) => {
    setOpen(false);
    void openAnnouncement(a, store);
  };
  const content = summary ? (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      centered
      items={[
        { key: '1', label: `通知(${summary.anntMsgTotal})`, children: <NoticeList items={summary.anntMsgList} onOpen={pick} /> },
        { key: '2', label: `系统消息(${summary.sysMsgTotal})`, children: <NoticeList items={summary.sysMsgList} onOpen={pick} /> },
      ]}
    />
  ) : (
    <div className="xt-notice-loading">
      <Spin />
    </div>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      content={content}
      classNames={{ root: 'xt-notice-popover' }}
      styles={{ root: { width: 300 } }}
      arrow={{ pointAtCenter: true }}
    >
      <a
        className="xt-header-action xt-notice-trigger"
        href={MORE_PATH}
        title="消息通知"
        aria-label={`消息通知（${total}条未读）`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(e) => e.preventDefault()}
      >
        <Badge count={total} className="xt-notice-badge">
          <BellOutlined className="xt-notice-icon" />
        </Badge>
      </a>
    </Popover>
  );
}

/** Replaces the server-rendered bell in `el` with the interactive one. */
export function mountBell(el: HTMLElement, store: NoticeStore, opts: { open: boolean }): Root {
  return renderInto(el, <Bell store={store} initiallyOpen={opts.open} />);
}
