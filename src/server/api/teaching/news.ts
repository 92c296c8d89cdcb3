// /teaching/teachingNews: 资讯 (teaching-open 2.8). Two public reads for the site — `newsList` (published items
// only, newest first, without their content) and `newsDetail` (one published item) — and the standard admin
// list, add, edit, delete, deleteBatch, queryById and exportXls for whoever is granted 资讯管理 (/news/list; the
// seed grants it to admin only). Content is rich HTML, sanitised on write and again when served.
import type { Context } from 'hono';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { newsApi } from '../../contracts/news.js';
import type { TeachingNewsTable } from '../../db/schema.js';
import { newId } from '../../domain/ids.js';
import { now } from '../../domain/time.js';
import { NEWS_API, NEWS_ROUTE, newsFields, newsList } from '../../resources/news.js';
import type { ListSpec } from '../../resources/spec.js';
import { sanitizeRichHtml } from '../../shared/rich-text.js';
import { menu, PUBLIC, type ApiRoutes } from '../access.js';
import { fail, jsonBody, ok } from '../envelope.js';
import { exportResponse, importWorkbook } from '../excel.js';
import { filteredRows, idList, pagedList, type PagedListOptions } from '../list-query.js';

type Row = Selectable<TeachingNewsTable>;
const NOT_FOUND = '未找到对应数据';
/** news_status from which an item is public (the anchor's `news_status >= 1`). */
const PUBLISHED = 1;

const adminFields = newsFields.fieldMap(['newsTitle', 'newsStatus', 'createBy', 'createTime', 'updateTime']);
/** The public list filters by title and time only, and always sorts newest first. */
const publicFields = newsFields.fieldMap(['newsTitle', 'createTime']);
const publicSpec: ListSpec = { ...newsList, columns: newsList.columns.filter((c) => c.key === 'newsStatus').map((c) => ({ ...c, sortable: false })) };

const toRecord = (r: Row): Record<string, unknown> => ({
  id: r.id,
  newsTitle: r.news_title,
  newsContent: r.news_content === null ? null : sanitizeRichHtml(r.news_content),
  newsStatus: r.news_status,
  createBy: r.create_by,
  createTime: r.create_time,
  updateBy: r.update_by,
  updateTime: r.update_time,
});

const newsBody = newsFields.schema(['newsTitle', 'newsContent']).extend({
  // Kept by hand (the contract's wording). The anchor's clients send a number, the form a string.
  newsStatus: z
    .union([z.number(), z.string()], { message: `请选择${newsFields.rule('newsStatus').label}` })
    .transform((v) => (typeof v === 'string' && v.trim() === '' ? NaN : Number(v)))
    .refine((v) => v === 0 || v === 1, '状态只能是 0（草稿）或 1（已发布）'),
});
type NewsBody = z.infer<typeof newsBody>;
const editBody = newsBody.extend({ id: z.string({ message: 'id不能为空' }).trim().min(1, 'id不能为空').max(64, 'id格式不正确') });

const columns = (b: NewsBody) => ({
  news_title: b.newsTitle,
  news_content: b.newsContent ? sanitizeRichHtml(b.newsContent) : null,
  news_status: b.newsStatus,
});

function adminList(c: Context<ApiEnv>): PagedListOptions<Row> {
  return {
    spec: newsList,
    fields: adminFields,
    base: c.get('deps').db.selectFrom('teaching_news'),
    select: (qb) => qb.selectAll(),
    toRecord,
    tieBreak: 'id',
    tieBreakFollows: true,
  };
}

export function registerNewsRoutes(r: ApiRoutes) {
  // The site's news list: published items, newest first, without content (the anchor strips it).
  r.get(`${NEWS_API}/newsList`, PUBLIC, async (c) =>
    pagedList<Row>(c, {
      spec: publicSpec,
      fields: publicFields,
      base: c.get('deps').db.selectFrom('teaching_news').where('news_status', '>=', PUBLISHED),
      select: (qb) => qb.select(['id', 'news_title', 'news_status', 'create_by', 'create_time', 'update_by', 'update_time']),
      toRecord: (row) => ({ ...toRecord({ ...row, news_content: null }), newsContent: null }),
      tieBreak: 'id',
      tieBreakFollows: true,
    }),
  );

  // One published item; a draft answers exactly as an unknown id.
  r.get(`${NEWS_API}/newsDetail`, PUBLIC, async (c) => {
    const id = c.req.query('id') ?? '';
    const row =
      id && id.length <= 64
        ? await c.get('deps').db.selectFrom('teaching_news').selectAll().where('id', '=', id).where('news_status', '>=', PUBLISHED).executeTakeFirst()
        : undefined;
    if (!row) return fail(c, NOT_FOUND);
    return ok(c, toRecord(row), '操作成功！', 200);
  });

  r.at(newsApi.list, menu(NEWS_ROUTE), (c) => pagedList<Row>(c, adminList(c)));

  r.at(newsApi.queryById, menu(NEWS_ROUTE), async (c) => {
    const id = c.req.query('id') ?? '';
    const row = id && id.length <= 64 ? await c.get('deps').db.selectFrom('teaching_news').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) return fail(c, NOT_FOUND);
    return ok(c, toRecord(row), '操作成功！', 200);
  });

  r.at(newsApi.add, menu(NEWS_ROUTE), async (c) => {
    const body = await jsonBody(c, newsBody);
    if (!body.ok) return body.response;
    const id = newId();
    await c.get('deps').db
      .insertInto('teaching_news')
      .values({ id, ...columns(body.data), create_by: c.get('user')!.username, create_time: now(), update_by: null, update_time: null })
      .execute();
    return ok(c, { id }, '添加成功！', 200);
  });

  r.at(newsApi.edit, menu(NEWS_ROUTE), async (c) => {
    const body = await jsonBody(c, editBody);
    if (!body.ok) return body.response;
    const res = await c.get('deps').db
      .updateTable('teaching_news')
      .set({ ...columns(body.data), update_by: c.get('user')!.username, update_time: now() })
      .where('id', '=', body.data.id)
      .executeTakeFirst();
    if (!Number(res.numUpdatedRows)) return fail(c, NOT_FOUND);
    return ok(c, null, '编辑成功!', 200);
  });

  const remove = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '请选择要删除的资讯');
    await c.get('deps').db.deleteFrom('teaching_news').where('id', 'in', ids).execute();
    return ok(c, null, '删除成功!', 200);
  };
  r.at(newsApi.delete, menu(NEWS_ROUTE), (c) => remove(c, idList(c.req.query('id'), 1)));
  r.at(newsApi.deleteBatch, menu(NEWS_ROUTE), (c) => remove(c, idList(c.req.query('ids'), 500)));

  r.at(newsApi.exportXls, menu(NEWS_ROUTE), async (c) => exportResponse(c, newsList, await filteredRows(c, adminList(c), 'id', 50_000)));

  // The export's columns back in; 状态 as its number or its dictionary text. A row goes in as the form's save.
  const importRow = newsBody.extend({
    newsStatus: z.preprocess((v) => (v === '草稿' ? 0 : v === '已发布' ? 1 : v), newsBody.shape.newsStatus),
  });
  r.at(newsApi.importExcel, menu(NEWS_ROUTE), (c) =>
    importWorkbook(c, newsList, { 标题: 'newsTitle', 内容: 'newsContent', 状态: 'newsStatus' }, importRow, async (data) => {
      await c.get('deps').db
        .insertInto('teaching_news')
        .values({ id: newId(), ...columns(data), create_by: c.get('user')!.username, create_time: now(), update_by: null, update_time: null })
        .execute();
      return null;
    }),
  );
}
