// /isps/userAnnouncement (我的消息): the user's announcements. The list state lives in the query string;
// marking read and 全部已读 are form posts (Post/Redirect/Get; htmx swaps #content instead). 全部已读 asks
// first: htmx with hx-confirm, without JavaScript on a confirmation page.
import type { Context, Hono } from 'hono';
import {
  AnnouncementDetailView,
  MY_ANNOUNCEMENTS,
  MyAnnouncementsView,
  type MyAnnouncementState,
} from '../../templates/account/announcements.js';
import type { PageEnv } from './context.js';
import { backToList } from './list-page.js';
import { setFlash, takeFlash } from './flash.js';
import { shellPage } from './shell-page.js';
import { unlessConfirmed } from './confirm.js';
import { safeLocalPath } from './safe-path.js';

const TITLE = '我的消息';

const str = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');
const int = (v: string | undefined, d: number, max: number) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, max) : d;
};

function listState(c: Context): MyAnnouncementState {
  const q = c.req.query();
  const readFlag = q.readFlag === '0' || q.readFlag === '1' ? q.readFlag : '';
  return {
    titile: str(q.titile, 100),
    sender: str(q.sender, 100),
    readFlag,
    pageNo: int(q.pageNo, 1, 100_000),
    pageSize: [10, 20, 30, 50].includes(int(q.pageSize, 10, 50)) ? int(q.pageSize, 10, 50) : 10,
  };
}

/** Only our own list URLs are followed back (no open redirect through `back`). */
function safeBack(v: unknown): string {
  return safeLocalPath(v, MY_ANNOUNCEMENTS, MY_ANNOUNCEMENTS);
}

export function registerMyAnnouncementPages(app: Hono<PageEnv>) {
  app.get(MY_ANNOUNCEMENTS, (c) =>
    shellPage(c, { current: MY_ANNOUNCEMENTS, title: TITLE, open: true }, async () => {
      const state = listState(c);
      const res = await c.get('upstream').myAnnouncements({
        pageNo: state.pageNo,
        pageSize: state.pageSize,
        titile: state.titile || undefined,
        sender: state.sender || undefined,
        readFlag: state.readFlag || undefined,
      });
      return (
        <MyAnnouncementsView state={state} page={res.success ? res.result : null} error={res.success ? undefined : res.message} flash={takeFlash(c)} />
      );
    }),
  );

  app.get(`${MY_ANNOUNCEMENTS}/view`, async (c) => {
    const id = str(c.req.query('id'), 64);
    const back = safeBack(c.req.query('back'));
    if (!id) return c.redirect(back);
    const up = c.get('upstream');
    return shellPage(c, { current: MY_ANNOUNCEMENTS, title: TITLE, open: true }, async () => {
      // Opening an announcement reads it (as clicking it in the bell does).
      await up.markAnnouncementRead(id).catch(() => null);
      const res = await up.announcement(id);
      if (!res.success) {
        return <MyAnnouncementsView state={listState(c)} page={null} error={res.message || '未找到对应实体'} />;
      }
      return <AnnouncementDetailView a={res.result} back={back} />;
    });
  });

  app.post(`${MY_ANNOUNCEMENTS}/read`, async (c) => {
    const form = await c.req.parseBody();
    const back = safeBack(form.back);
    const anntId = str(form.anntId, 64);
    if (anntId) {
      const res = await c.get('upstream').markAnnouncementRead(anntId);
      if (!res.body.success) setFlash(c, { type: 'error', text: res.body.message || '操作失败' });
    }
    return backToList(c, back);
  });

  app.post(`${MY_ANNOUNCEMENTS}/readAll`, async (c) => {
    const form = await c.req.parseBody();
    const back = safeBack(form.back);
    const asked = unlessConfirmed(c, form, () => ({
      screen: { current: MY_ANNOUNCEMENTS, title: TITLE, open: true },
      title: '全部已读',
      text: '确定要将全部消息标记为已读吗？',
      action: `${MY_ANNOUNCEMENTS}/readAll`,
      hidden: { back },
      back,
      danger: false,
    }));
    if (asked) return asked;
    const res = await c.get('upstream').readAllAnnouncements();
    setFlash(c, res.body.success ? { type: 'success', text: res.body.message || '全部已读' } : { type: 'error', text: res.body.message || '操作失败' });
    return backToList(c, back);
  });
}
