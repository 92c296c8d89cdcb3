// Announcements: the user's own (listByUser, mark read, read all, my list, open one) and the staff side that
// issue 4's admin screen builds on (add, release, revoke).
import { z } from 'zod';
import {
  annJson,
  createAnnouncement,
  markAllRead,
  markRead,
  myAnnouncementSends,
  publishAnnouncement,
  receivedAnnouncement,
  revokeAnnouncement,
  syncNotices,
  unreadForUser,
} from '../../domain/announcements.js';
import { announcementApi } from '../../contracts/announcements.js';
import { ANNOUNCEMENT_BODY_KEYS, announcementFields } from '../../resources/announcements.js';
import { LOGGED_IN, perm, permissionCodes, type ApiRoutes } from '../access.js';
import { fail, jsonBody, ok, page, paging } from '../envelope.js';

const idSchema = z.string({ message: 'anntId不能为空' }).trim().min(1, 'anntId不能为空').max(64, 'anntId格式不正确');

const NOT_FOUND = '未找到对应实体';

/** A page of the application: a local absolute path (no scheme, no other host). */
const isLocalPath = (v: string) => /^\/(?!\/)/.test(v) && !/[\s\\]/.test(v);

const dateTime = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(v), '时间格式应为 YYYY-MM-DD HH:mm:ss')
  .transform((v) => (v === '' ? null : v.length === 10 ? `${v} 00:00:00` : v));

/** The texts as declared (announcementFields); the choices default as the anchor's add does. */
const addBody = announcementFields
  .schema(ANNOUNCEMENT_BODY_KEYS)
  .extend({
    startTime: dateTime.nullish(),
    endTime: dateTime.nullish(),
    priority: z.enum(['L', 'M', 'H'], { message: '优先级只能是 L、M 或 H' }).default('L'),
    msgCategory: z.enum(['1', '2'], { message: '消息类型只能是 1（通知公告）或 2（系统消息）' }).default('1'),
    msgType: z.enum(['ALL', 'USER'], { message: '通告对象类型只能是 ALL 或 USER' }).default('ALL'),
    // The anchor sends a comma list with a trailing comma; an array is accepted too.
    userIds: z
      .union([z.string().max(400_000), z.array(z.string().max(64)).max(100_000)])
      .nullish()
      .transform((v) => (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter(Boolean)),
    openType: z
      .string({ message: '打开方式只能是 url 或 component' })
      .nullish()
      .transform((v) => v || null)
      .refine((v) => v === null || v === 'url' || v === 'component', '打开方式只能是 url 或 component')
      .transform((v) => v as 'url' | 'component' | null),
  })
  .refine((b) => !b.openPage || isLocalPath(b.openPage), { message: '打开页面必须是以 / 开头的站内路径', path: ['openPage'] })
  .refine((b) => b.msgType !== 'USER' || b.userIds.length > 0, { message: '请选择接收通知的用户' })
  .refine((b) => !b.openType || !!b.openPage, { message: '请填写打开页面' })
  .refine((b) => !b.startTime || !b.endTime || b.startTime <= b.endTime, { message: '结束时间不能早于开始时间' });

const myListQuery = z.object({
  titile: z.string().trim().max(100, '标题过长').optional(),
  sender: z.string().trim().max(100, '发布人过长').optional(),
  readFlag: z.enum(['0', '1', ''], { message: '阅读状态只能是 0 或 1' }).optional(),
  busType: z.string().trim().max(20).optional(),
});

function queryId(c: { req: { query(k: string): string | undefined } }): string | null {
  const id = c.req.query('id')?.trim();
  return id && id.length <= 64 ? id : null;
}

export function registerAnnouncementRoutes(r: ApiRoutes) {
  r.get('/sys/annountCement/listByUser', LOGGED_IN, async (c) =>
    ok(c, await unreadForUser(c.get('deps').db, c.get('user')!.id), '操作成功！', 0),
  );

  r.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', LOGGED_IN, async (c) => {
    const body = await jsonBody(c, z.object({ anntId: idSchema }));
    if (!body.ok) return body.response;
    const done = await markRead(c.get('deps').db, c.get('user')!.id, body.data.anntId);
    return done ? ok(c, null, '操作成功！', 0) : fail(c, '未找到对应数据');
  });

  r.put('/sys/sysAnnouncementSend/readAll', LOGGED_IN, async (c) => {
    await markAllRead(c.get('deps').db, c.get('user')!.id);
    return ok(c, null, '全部已读', 200);
  });

  r.get('/sys/sysAnnouncementSend/getMyAnnouncementSend', LOGGED_IN, async (c) => {
    const q = myListQuery.safeParse(c.req.query());
    if (!q.success) return fail(c, q.error.issues[0]?.message ?? '参数错误', 400, 400);
    const { pageNo, pageSize } = paging(c, 10, 100);
    const { records, total } = await myAnnouncementSends(c.get('deps').db, c.get('user')!.id, {
      titile: q.data.titile || undefined,
      sender: q.data.sender || undefined,
      readFlag: (q.data.readFlag || undefined) as '0' | '1' | undefined,
      busType: q.data.busType || undefined,
      pageNo,
      pageSize,
    });
    return ok(c, page(records, total, pageNo, pageSize), '操作成功！', 0);
  });

  r.at(announcementApi.syncNotice, LOGGED_IN, async (c) => {
    const raw = c.req.query('anntId');
    const id = raw ? idSchema.safeParse(raw) : null;
    if (id && !id.success) return fail(c, id.error.issues[0]?.message ?? 'anntId格式不正确');
    const { db, hub } = c.get('deps');
    const done = await syncNotices(db, hub, c.get('user')!.id, id?.data);
    return done ? ok(c, null, '操作成功！', 200) : fail(c, NOT_FOUND);
  });

  r.at(announcementApi.queryById, LOGGED_IN, async (c) => {
    const id = c.req.query('id')?.trim();
    if (!id) return fail(c, 'id不能为空', 400, 400);
    const { db } = c.get('deps');
    const user = c.get('user')!;
    let row = await receivedAnnouncement(db, user.id, id);
    // Staff who manage announcements may open any of them, drafts included.
    if (!row && (await permissionCodes(c)).has('annount:edit')) {
      row = await db.selectFrom('sys_announcement').selectAll().where('id', '=', id).where('del_flag', '=', '0').executeTakeFirst();
    }
    return row ? ok(c, annJson(row), '操作成功！', 200) : fail(c, NOT_FOUND);
  });

  r.at(announcementApi.add, perm('annount:add'), async (c) => {
    const body = await jsonBody(c, addBody);
    if (!body.ok) return body.response;
    const b = body.data;
    const res = await createAnnouncement(
      c.get('deps').db,
      {
        titile: b.titile,
        msgContent: b.msgContent,
        msgAbstract: b.msgAbstract,
        startTime: b.startTime,
        endTime: b.endTime,
        priority: b.priority,
        msgCategory: b.msgCategory,
        msgType: b.msgType,
        userIds: b.userIds,
        openType: b.openType ?? null,
        openPage: b.openType ? b.openPage || null : null,
        busType: b.busType,
        busId: b.busId,
      },
      c.get('user')!.username,
    );
    if (!res.ok) return fail(c, res.reason === 'no_recipients' ? '请选择接收通知的用户' : '接收用户不存在');
    return ok(c, annJson(res.announcement), '添加成功！', 200);
  });

  r.at(announcementApi.release, perm('annount:release'), async (c) => {
    const id = queryId(c);
    if (!id) return fail(c, NOT_FOUND);
    const { db, hub } = c.get('deps');
    const res = await publishAnnouncement(db, hub, id, c.get('user')!.username);
    if (!res.ok) {
      const message =
        res.reason === 'not_found' ? NOT_FOUND : res.reason === 'already_published' ? '该系统通知已发布，不能重复发布' : '该系统通知没有接收用户，无法发布';
      return fail(c, message);
    }
    return ok(c, annJson(res.announcement), '该系统通知发布成功', 200);
  });

  r.at(announcementApi.revoke, perm('annount:revoke'), async (c) => {
    const id = queryId(c);
    if (!id) return fail(c, NOT_FOUND);
    const res = await revokeAnnouncement(c.get('deps').db, id, c.get('user')!.username);
    if (!res.ok) {
      const message = res.reason === 'not_found' ? NOT_FOUND : res.reason === 'already_revoked' ? '该系统通知已撤销' : '该系统通知尚未发布，无法撤销';
      return fail(c, message);
    }
    return ok(c, annJson(res.announcement), '该系统通知撤销成功', 200);
  });
}
