// 通告管理 API (/sys/annountCement): the admin list, edit, logical delete, export, and the recipient helpers
// of the form. Add, publish (doReleaseData), revoke (doReovkeData), queryById and the users' own endpoints
// live in ./announcement.ts (the realtime side); this module only adds to them.
//
// Rules: only drafts ('0') and revoked ('2') announcements can be edited; the HTML content is sanitised on
// save; a USER announcement keeps its recipients as send rows (replaced on edit, read state kept for those
// who stay); an announcement to ALL gets its send rows when it is published.
import type { Context } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { announcementApi } from '../../contracts/announcements.js';
import { announcementAbilities, EDITABLE_SEND_STATUS } from '../../domain/announcement-abilities.js';
import { annJson } from '../../domain/announcements.js';
import { newId } from '../../domain/ids.js';
import { escapeLike, like } from '../../domain/sql-like.js';
import { now } from '../../domain/time.js';
import { sanitizeRichHtml as sanitizeContent } from '../../shared/rich-text.js';
import { ANNOUNCEMENT_BODY_KEYS, announcementFields, announcementsList } from '../../resources/announcements.js';
import { menu, perm, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok, type Answer } from '../envelope.js';
import { exportResponse } from '../excel.js';
import { filteredRows, idList, pagedList, type PagedListOptions } from '../list-query.js';
import type { SysAnnouncement } from '../../db/schema.js';
import type { ListRecord } from '../../contracts/endpoint.js';

const NOT_FOUND = '未找到对应实体';
const MAX_RECIPIENTS = 100_000;
const SEND_BATCH = 5000;

const fields = announcementFields.fieldMap([
  'titile',
  'msgCategory',
  'msgType',
  'sendStatus',
  'priority',
  'sender',
  'busType',
  'startTime',
  'endTime',
  'sendTime',
  'createTime',
]);

/** A real calendar date (and time), as the form's date inputs or the anchor's clients send it. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
function normaliseDateTime(v: string, endOfDay: boolean): string | null {
  const m = DATE_TIME.exec(v);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const date = new Date(Number(y), Number(mo) - 1, Number(d));
  if (date.getFullYear() !== Number(y) || date.getMonth() !== Number(mo) - 1 || date.getDate() !== Number(d)) return null;
  if (h === undefined) return `${y}-${mo}-${d} ${endOfDay ? '23:59:59' : '00:00:00'}`;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return null;
  return `${y}-${mo}-${d} ${h}:${mi}:${s ?? '00'}`;
}

const dateTimeField = (label: string, endOfDay: boolean) =>
  z
    .string({ message: `${label}格式应为 YYYY-MM-DD HH:mm:ss` })
    .trim()
    .max(19, `${label}格式应为 YYYY-MM-DD HH:mm:ss`)
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const out = normaliseDateTime(v, endOfDay);
      if (!out) ctx.addIssue({ code: 'custom', message: `${label}格式应为 YYYY-MM-DD HH:mm:ss` });
      return out;
    });

/** A local path of this site (no scheme, no other host) or an http(s) URL. */
const isPageUrl = (v: string) => {
  if (/[\s\\]/.test(v)) return false;
  if (/^\/(?!\/)/.test(v)) return true;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.host;
  } catch {
    return false;
  }
};

/** The body of an announcement, as the form and the anchor's clients send it (edit adds `id`). */
const announcementBody = announcementFields
  .schema(ANNOUNCEMENT_BODY_KEYS)
  .extend({
    // Kept by hand: the contract's wording (and whole days for dates without a time).
    startTime: dateTimeField(announcementFields.rule('startTime').label, false),
    endTime: dateTimeField(announcementFields.rule('endTime').label, true),
    priority: z.enum(['L', 'M', 'H'], { message: '请选择优先级（L、M 或 H）' }),
    msgCategory: z.enum(['1', '2'], { message: '请选择消息类型（1 通知公告或 2 系统消息）' }),
    msgType: z.enum(['ALL', 'USER'], { message: '请选择通告对象（ALL 全体用户或 USER 指定用户）' }),
    // The anchor sends a comma list with a trailing comma; an array is accepted too.
    userIds: z
      .union([z.string({ message: '指定用户格式不正确' }).max(MAX_RECIPIENTS * 33, '指定用户过多'), z.array(z.string().max(64, '用户ID格式不正确')).max(MAX_RECIPIENTS, '指定用户过多')], {
        message: '指定用户格式不正确',
      })
      .nullish()
      .transform((v) => [...new Set((Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter(Boolean))]),
    openType: z
      .union([z.enum(['url', 'component']), z.literal('')], { message: '打开方式只能是 url 或 component' })
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((b, ctx) => {
    if (b.msgType === 'USER' && b.userIds.length === 0) ctx.addIssue({ code: 'custom', path: ['userIds'], message: '请选择接收通知的用户' });
    if (b.startTime && b.endTime && b.endTime < b.startTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: '结束时间不能早于开始时间' });
    if (b.openType && !b.openPage) ctx.addIssue({ code: 'custom', path: ['openPage'], message: '请填写打开页面' });
    if (b.openType === 'url' && b.openPage && !isPageUrl(b.openPage)) {
      ctx.addIssue({ code: 'custom', path: ['openPage'], message: '链接必须是以 / 开头的站内路径或 http(s) 地址' });
    }
  });

const editBody = announcementBody.and(z.object({ id: z.string({ message: 'id不能为空' }).trim().min(1, 'id不能为空').max(64, 'id格式不正确') }));

type Body = z.infer<typeof announcementBody>;

/** Business checks of a valid body against the data: recipients exist and are active, a component page is a menu. */
async function checkReferences(c: Context<ApiEnv>, b: Body): Promise<Answer<never> | null> {
  const { db } = c.get('deps');
  if (b.msgType === 'USER') {
    const found = new Set<string>();
    for (let i = 0; i < b.userIds.length; i += SEND_BATCH) {
      const rows = await db
        .selectFrom('sys_user')
        .select('id')
        .where('id', 'in', b.userIds.slice(i, i + SEND_BATCH))
        .where('del_flag', '=', 0)
        .where('status', '=', 1)
        .execute();
      for (const r of rows) found.add(r.id);
    }
    const missing = b.userIds.filter((id) => !found.has(id));
    if (missing.length) return fieldFail(c, 'userIds', `接收用户不存在或已冻结（共${missing.length}个）`);
  }
  const page = b.openPage;
  if (b.openType === 'component' && page) {
    const menuRow = await db
      .selectFrom('sys_permission')
      .select('id')
      .where('menu_type', '!=', 2)
      .where('del_flag', '=', 0)
      .where((eb) => eb.or([eb('url', '=', page), eb('component', '=', page)]))
      .executeTakeFirst();
    if (!menuRow) return fieldFail(c, 'openPage', '组件页面必须是已有菜单的路由路径或组件');
  }
  return null;
}

const listOptions = (c: Context<ApiEnv>): PagedListOptions<SysAnnouncement, ListRecord<typeof announcementApi.list>> => ({
  spec: announcementsList,
  fields,
  base: c.get('deps').db.selectFrom('sys_announcement').where('del_flag', '=', '0'),
  select: (qb) => qb.selectAll(),
  // Each row says what its state allows (domain/announcement-abilities.ts), as edit, publish and revoke check.
  toRecord: (r) => ({ ...annJson(r), ...announcementAbilities(r) }),
  tieBreak: 'id',
});

/** Active users for the recipient picker: by ids (the chosen ones), or by a keyword on account and name. */
const optionsQuery = z.object({
  keyword: z.string().trim().max(100, '关键字不能超过100个字符').optional(),
  ids: z.string().max(200 * 65, '一次最多查询200个用户').optional(),
  pageSize: z.coerce.number().int().min(1).max(200).optional(),
});

export function registerAnnouncementAdminRoutes(r: ApiRoutes) {
  const route = announcementsList.route;

  r.at(announcementApi.list, menu(route), (c) => pagedList(c, listOptions(c)));

  r.at(announcementApi.edit, perm('annount:edit'), async (c) => {
    const parsed = await jsonBody(c, editBody);
    if (!parsed.ok) return parsed.response;
    const b = parsed.data;
    const { db } = c.get('deps');
    const user = c.get('user')!;
    const found = await db.selectFrom('sys_announcement').selectAll().where('id', '=', b.id).where('del_flag', '=', '0').executeTakeFirst();
    if (!found) return fail(c, NOT_FOUND);
    if (!announcementAbilities(found).canEdit) return fail(c, '该通告已发布，不能编辑；请先撤销再修改');
    const refused = await checkReferences(c, b);
    if (refused) return refused;
    const t = now();
    const updated = await db.transaction().execute(async (trx) => {
      // Conditional on the state: a publication that wins the race leaves this edit with nothing to change.
      const res = await trx
        .updateTable('sys_announcement')
        .set({
          titile: b.titile,
          msg_content: b.msgContent == null ? null : sanitizeContent(b.msgContent),
          msg_abstract: b.msgAbstract || null,
          start_time: b.startTime,
          end_time: b.endTime,
          priority: b.priority,
          msg_category: b.msgCategory,
          msg_type: b.msgType,
          open_type: b.openType,
          open_page: b.openType ? b.openPage || null : null,
          bus_type: b.busType || null,
          bus_id: b.busId || null,
          update_by: user.username,
          update_time: t,
        })
        .where('id', '=', b.id)
        .where('del_flag', '=', '0')
        .where('send_status', 'in', EDITABLE_SEND_STATUS)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return false;
      if (b.msgType === 'USER') {
        // Replace the recipients: drop those no longer chosen, add the new ones (unread); keep the others.
        const current = await trx.selectFrom('sys_announcement_send').select('user_id').where('annt_id', '=', b.id).execute();
        const wanted = new Set(b.userIds);
        const have = new Set(current.map((x) => x.user_id));
        const drop = current.map((x) => x.user_id).filter((u) => !wanted.has(u));
        const add = b.userIds.filter((u) => !have.has(u));
        for (let i = 0; i < drop.length; i += SEND_BATCH) {
          await trx.deleteFrom('sys_announcement_send').where('annt_id', '=', b.id).where('user_id', 'in', drop.slice(i, i + SEND_BATCH)).execute();
        }
        for (let i = 0; i < add.length; i += SEND_BATCH) {
          await trx
            .insertInto('sys_announcement_send')
            .values(add.slice(i, i + SEND_BATCH).map((u) => ({ id: newId(), annt_id: b.id, user_id: u, read_flag: '0', create_by: user.username, create_time: t })))
            .execute();
        }
      } else if (found.send_status === '0') {
        // A draft for everyone has no recipients yet: publishing creates them for the users of that moment.
        await trx.deleteFrom('sys_announcement_send').where('annt_id', '=', b.id).execute();
      }
      return true;
    });
    if (!updated) return fail(c, '该通告已发布，不能编辑；请先撤销再修改');
    const row = await db.selectFrom('sys_announcement').selectAll().where('id', '=', b.id).executeTakeFirstOrThrow();
    return ok(c, annJson(row), '修改成功!', 200);
  });

  const remove = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '请选择要删除的通告');
    const { db } = c.get('deps');
    const found = await db.selectFrom('sys_announcement').select('id').where('id', 'in', ids).where('del_flag', '=', '0').execute();
    if (found.length !== new Set(ids).size) return fail(c, NOT_FOUND);
    const user = c.get('user')!;
    await db.updateTable('sys_announcement').set({ del_flag: '1', update_by: user.username, update_time: now() }).where('id', 'in', ids).execute();
    return ok(c, null, '删除成功!', 200);
  };
  r.at(announcementApi.delete, perm('annount:del'), (c) => remove(c, idList(c.req.query('id'), 1)));
  r.at(announcementApi.deleteBatch, perm('annount:del'), (c) => remove(c, idList(c.req.query('ids'))));

  r.at(announcementApi.exportXls, perm('annount:add'), async (c) =>
    exportResponse(c, announcementsList, await filteredRows(c, listOptions(c), 'id', 50_000)),
  );

  // The chosen recipients of a USER announcement (the anchor keeps them in user_ids; here they are send rows).
  r.at(announcementApi.recipients, menu(route), async (c) => {
    const id = c.req.query('id')?.trim();
    if (!id || id.length > 64) return fail(c, 'id不能为空', 400, 400);
    const { db } = c.get('deps');
    const ann = await db.selectFrom('sys_announcement').select(['id', 'msg_type']).where('id', '=', id).where('del_flag', '=', '0').executeTakeFirst();
    if (!ann) return fail(c, NOT_FOUND);
    if (ann.msg_type !== 'USER') return ok(c, { userIds: '', total: 0, users: [] }, '操作成功！', 0);
    const base = db.selectFrom('sys_announcement_send as s').innerJoin('sys_user as u', 'u.id', 's.user_id').where('s.annt_id', '=', id);
    const [ids, users] = await Promise.all([
      base.select('s.user_id').orderBy('u.username').execute(),
      base.select(['u.id', 'u.username', 'u.realname', 's.read_flag']).orderBy('u.username').limit(200).execute(),
    ]);
    return ok(
      c,
      { userIds: ids.map((x) => x.user_id).join(','), total: ids.length, users: users.map((u) => ({ id: u.id, username: u.username, realname: u.realname, readFlag: u.read_flag })) },
      '操作成功！',
      0,
    );
  });

  r.at(announcementApi.recipientOptions, menu(route), async (c) => {
    const q = optionsQuery.safeParse(c.req.query());
    if (!q.success) return fail(c, q.error.issues[0]?.message ?? '参数错误', 400, 400);
    const { db } = c.get('deps');
    let qb = db.selectFrom('sys_user').select(['id', 'username', 'realname']).where('del_flag', '=', 0).where('status', '=', 1);
    const ids = idList(q.data.ids, 200);
    if (ids.length) qb = qb.where('id', 'in', ids);
    else if (q.data.keyword) {
      const pattern = `%${escapeLike(q.data.keyword)}%`;
      qb = qb.where((eb) => eb.or([like('username', pattern), like('realname', pattern)]));
    }
    const rows = await qb.orderBy(sql.ref('username')).limit(ids.length ? 200 : (q.data.pageSize ?? 50)).execute();
    return ok(c, rows, '操作成功！', 0);
  });
}
