// /isps/userAnnouncement (我的消息): the user's received announcements with read state, filters and paging
// held in the query string, 查看 (marks read, shows the content), 标为已读 and 全部已读 (confirmed). Full page
// without JavaScript; with htmx the forms and links swap #content.
import type { AnnouncementSend, Page } from '../../server/upstream/client.js';
import { Alert, Button, buttonClass, Card, LinkButton, Tag } from '../antd.js';
import { confirmAttrs } from '../list/confirm-attrs.js';
import { asset } from '../assets.js';
import { RichHtml } from '../rich-html.js';
import { Pager } from '../pager.js';
import { FormItem, nav, NativeSelect, SimpleTable, TextInput } from './parts.js';

export const MY_ANNOUNCEMENTS = '/isps/userAnnouncement';
const PRIORITY: Record<string, { text: string; color: string }> = {
  L: { text: '一般消息', color: 'blue' },
  M: { text: '重要消息', color: 'orange' },
  H: { text: '紧急消息', color: 'red' },
};
const CATEGORY: Record<string, string> = { '1': '通知公告', '2': '系统消息' };

export interface MyAnnouncementState {
  titile: string;
  sender: string;
  readFlag: '' | '0' | '1';
  pageNo: number;
  pageSize: number;
}

/** The list URL for a state (empty values left out, so the default list has the plain path). */
function myAnnouncementsHref(s: Partial<MyAnnouncementState>): string {
  const q = new URLSearchParams();
  if (s.titile) q.set('titile', s.titile);
  if (s.sender) q.set('sender', s.sender);
  if (s.readFlag) q.set('readFlag', s.readFlag);
  if (s.pageNo && s.pageNo > 1) q.set('pageNo', String(s.pageNo));
  if (s.pageSize && s.pageSize !== 10) q.set('pageSize', String(s.pageSize));
  const qs = q.toString();
  return qs ? `${MY_ANNOUNCEMENTS}?${qs}` : MY_ANNOUNCEMENTS;
}

export type Flash = { type: 'success' | 'error' | 'warning'; text: string };

function PriorityTag({ p }: { p: string }) {
  const info = PRIORITY[p] ?? PRIORITY.L;
  return <Tag color={info.color}>{info.text}</Tag>;
}

function ReadState({ flag }: { flag: string }) {
  return flag === '1' ? (
    <span class="ant-badge ant-badge-status app xt-read">
      <span class="ant-badge-status-dot ant-badge-status-default" />
      <span class="ant-badge-status-text">已读</span>
    </span>
  ) : (
    <span class="ant-badge ant-badge-status app xt-unread">
      <span class="ant-badge-status-dot ant-badge-status-error" />
      <span class="ant-badge-status-text">未读</span>
    </span>
  );
}

export function MyAnnouncementsView(p: { state: MyAnnouncementState; page: Page<AnnouncementSend> | null; error?: string; flash?: Flash }) {
  const { state } = p;
  const here = myAnnouncementsHref(state);
  const records = p.page?.records ?? [];
  return (
    <Card class="xt-card xt-my-annt" title="我的消息">
      <link rel="stylesheet" href={asset('/static/css/account.css')} />
      <form class="ant-form ant-form-inline app ant-form-css-var xt-query-form" method="get" action={MY_ANNOUNCEMENTS} hx-get={MY_ANNOUNCEMENTS} hx-target="#content" hx-push-url="true">
        <FormItem label="标题" id="q-titile">
          <TextInput id="q-titile" name="titile" value={state.titile} placeholder="请输入标题" maxlength={100} />
        </FormItem>
        <FormItem label="发布人" id="q-sender">
          <TextInput id="q-sender" name="sender" value={state.sender} placeholder="请输入发布人" maxlength={100} />
        </FormItem>
        <FormItem label="状态" id="q-readFlag">
          <NativeSelect
            id="q-readFlag"
            name="readFlag"
            value={state.readFlag}
            options={[
              { value: '', text: '全部' },
              { value: '0', text: '未读' },
              { value: '1', text: '已读' },
            ]}
          />
        </FormItem>
        {state.pageSize !== 10 && <input type="hidden" name="pageSize" value={String(state.pageSize)} />}
        <div class="xt-query-actions">
          <Button type="primary" htmlType="submit">查询</Button>
          <LinkButton {...nav(MY_ANNOUNCEMENTS)}>重置</LinkButton>
        </div>
      </form>
      <div class="xt-toolbar">
        <form method="post" action={`${MY_ANNOUNCEMENTS}/readAll`} hx-post={`${MY_ANNOUNCEMENTS}/readAll`} hx-target="#content" {...confirmAttrs('确定要将全部消息标记为已读吗？')}>
          <input type="hidden" name="back" value={here} />
          <Button type="primary" htmlType="submit">全部已读</Button>
        </form>
      </div>
      {p.flash && <Alert type={p.flash.type}>{p.flash.text}</Alert>}
      {p.error ? (
        <Alert type="error">{p.error}</Alert>
      ) : (
        <>
          <SimpleTable<AnnouncementSend>
            rows={records}
            empty="暂无消息"
            rowClass={(r) => (r.readFlag === '1' ? 'xt-row-read' : 'xt-row-unread')}
            columns={[
              {
                title: '标题',
                render: (r) => (
                  <a class="xt-annt-link" {...nav(`${MY_ANNOUNCEMENTS}/view?id=${encodeURIComponent(r.anntId)}&back=${encodeURIComponent(here)}`)}>
                    {r.titile}
                  </a>
                ),
              },
              { title: '消息类型', width: 100, render: (r) => CATEGORY[r.msgCategory] ?? r.msgCategory },
              { title: '发布人', width: 110, render: (r) => r.sender ?? '' },
              { title: '发布时间', width: 170, render: (r) => r.sendTime ?? '' },
              { title: '优先级', width: 100, align: 'center', render: (r) => <PriorityTag p={r.priority} /> },
              { title: '阅读状态', width: 100, align: 'center', render: (r) => <ReadState flag={r.readFlag} /> },
              {
                title: '操作',
                width: 150,
                render: (r) => (
                  <span class="xt-row-actions">
                    <a {...nav(`${MY_ANNOUNCEMENTS}/view?id=${encodeURIComponent(r.anntId)}&back=${encodeURIComponent(here)}`)}>查看</a>
                    {r.readFlag !== '1' && (
                      <form method="post" action={`${MY_ANNOUNCEMENTS}/read`} hx-post={`${MY_ANNOUNCEMENTS}/read`} hx-target="#content" class="xt-inline-form">
                        <input type="hidden" name="anntId" value={r.anntId} />
                        <input type="hidden" name="back" value={here} />
                        <button type="submit" class={buttonClass('link', { size: 'small', extra: 'xt-link-button' })}>
                          <span>标为已读</span>
                        </button>
                      </form>
                    )}
                  </span>
                ),
              },
            ]}
          />
          {p.page && p.page.total > 0 && (
            <Pager
              current={p.page.current}
              size={p.page.size}
              total={p.page.total}
              linkAttrs={nav}
              sizes="links"
              class="xt-pagination-bar"
              href={(pageNo, pageSize) => myAnnouncementsHref({ ...state, pageNo, pageSize: pageSize ?? state.pageSize })}
            />
          )}
        </>
      )}
    </Card>
  );
}

export interface AnnouncementDetail {
  id: string;
  titile: string;
  msgContent: string | null;
  sender: string | null;
  sendTime: string | null;
  priority: string;
  msgCategory: string;
  openType: string | null;
  openPage: string | null;
}

const isLocalPath = (p: string | null | undefined): p is string => !!p && /^\/(?!\/)/.test(p) && !/[\s\\]/.test(p);

/** One announcement (the ShowAnnouncement dialog as a page): title, 发布人/发布时间, content, 关闭 / 去处理. */
export function AnnouncementDetailView({ a, back }: { a: AnnouncementDetail; back: string }) {
  return (
    <Card class="xt-card xt-annt-page" title="通知消息">
      <link rel="stylesheet" href={asset('/static/css/account.css')} />
      <div class="xt-annt-detail">
        <div class="xt-annt-detail-head">
          <h3 class="xt-annt-detail-title">{a.titile}</h3>
          <PriorityTag p={a.priority} />
        </div>
        <div class="xt-annt-detail-meta">
          发布人：{a.sender ?? ''} 发布时间： {a.sendTime ?? ''}
        </div>
        <div class="ant-divider app ant-divider-horizontal ant-divider-rail" role="separator" />
        <RichHtml html={a.msgContent} class="xt-rich-html" />
      </div>
      <div class="xt-form-actions">
        <LinkButton {...nav(back)}>关闭</LinkButton>
        {a.openType === 'url' && isLocalPath(a.openPage) && (
          <LinkButton type="primary" href={a.openPage}>
            去处理
          </LinkButton>
        )}
      </div>
    </Card>
  );
}
