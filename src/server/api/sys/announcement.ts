// The user's announcements: listByUser, mark read, open one.
import { z } from 'zod';
import { annJson, markRead, receivedAnnouncement, unreadForUser } from '../../domain/announcements.js';
import { LOGGED_IN, permissionCodes, type ApiRoutes } from '../access.js';
import { fail, jsonBody, ok } from '../envelope.js';

const idSchema = z.string({ message: 'anntId不能为空' }).trim().min(1, 'anntId不能为空').max(64, 'anntId格式不正确');

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

  r.get('/sys/annountCement/queryById', LOGGED_IN, async (c) => {
    const id = c.req.query('id')?.trim();
    if (!id) return fail(c, 'id不能为空', 400, 400);
    const { db } = c.get('deps');
    const user = c.get('user')!;
    let row = await receivedAnnouncement(db, user.id, id);
    // Staff who manage announcements may open any of them, drafts included.
    if (!row && (await permissionCodes(c)).has('annount:edit')) {
      row = await db.selectFrom('sys_announcement').selectAll().where('id', '=', id).where('del_flag', '=', '0').executeTakeFirst();
    }
    return row ? ok(c, annJson(row), '操作成功！', 200) : fail(c, '未找到对应实体');
  });
}
