// The grading desk's work routes: 批改 (name, status, the one grade row), a work's record, grades and comments,
// and deleting works (authors their own, staff those of authors in their scope). Registered from work.ts.
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { workApi } from '../../contracts/works.js';
import { camel } from '../../domain/serialize.js';
import { gradeWork } from '../../domain/grading.js';
import { workAbilities } from '../../domain/work-abilities.js';
import { deleteWorks } from '../../domain/works.js';
import { workFields } from '../../resources/works.js';
import { LOGGED_IN, perm, type ApiRoutes } from '../access.js';
import { fail, jsonBody, ok } from '../envelope.js';
import { idList } from '../list-query.js';
import { deletesOthersWorks, idParam, MAX_ID, NOT_FOUND, NOT_YOURS, readableWork } from './work-shared.js';

/** The grade's score: its declared range, in the contract's words; no score (absent, null, blank) is its own refusal. */
const score = (() => {
  const { label, min, max } = workFields.rule('score');
  return z.preprocess(
    // Coercing no score would read as 0 or NaN and say something else.
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? `请选择${label}` : `${label}必须是数字`) })
      .int(`${label}必须是整数`)
      .min(min, `${label}只能是${min}到${max}`)
      .max(max, `${label}只能是${min}到${max}`),
  );
})();

const { comment } = workFields.schema(['comment']).shape;
const correctItem = z.object({ score, comment });

const workStatus = (() => {
  const { min, max } = workFields.rule('workStatus');
  // The contract's words: the work's status (作品状态), whatever the dialog calls it.
  return z.coerce.number({ message: '作品状态必须是数字' }).int('作品状态必须是整数').min(min, `作品状态只能是${min}到${max}`).max(max, `作品状态只能是${min}到${max}`);
})();

/**
 * 批改: the work's name and status (changed only when sent), and its one grade — as the dialog sends it (`score`
 * and `comment`) or as the anchor's clients do (`teachingWorkCorrectList`, which wins when both are sent).
 */
const editBody = workFields
  .schema(['workName', 'comment'])
  .partial()
  .extend({
    id: idParam('作品id'),
    workStatus: workStatus.optional(),
    // Absent: no grade from the dialog's fields; sent without a value: 请选择评分.
    score: score.optional(),
    teachingWorkCorrectList: z.array(correctItem, { message: '批改信息格式不正确' }).max(1, '一件作品只有一条批改').optional(),
  })
  .superRefine((b, ctx) => {
    if (!b.teachingWorkCorrectList && b.score === undefined && b.comment) ctx.addIssue({ code: 'custom', path: ['score'], message: `请选择${workFields.rule('score').label}` });
  });

/** The grade the body sets: a row, none (an empty list removes it), or undefined when it leaves the grade alone. */
function gradeOf(b: z.infer<typeof editBody>): { score: number; comment?: string | null } | null | undefined {
  if (b.teachingWorkCorrectList) return b.teachingWorkCorrectList[0] ?? null;
  return b.score === undefined ? undefined : { score: b.score, comment: b.comment };
}

export function registerWorkDeskRoutes(r: ApiRoutes) {
  // 批改: the work's name and status and its one grade row. Public comments stay (§2.14.1: the anchor wiped them).
  r.at(workApi.edit, perm('work:correct'), async (c) => {
    const body = await jsonBody(c, editBody);
    if (!body.ok) return body.response;
    const b = body.data;
    const done = await gradeWork(c.get('deps').db, c.get('user')!, b.id, { workName: b.workName, workStatus: b.workStatus, grade: gradeOf(b) });
    if (!done.ok) return fail(c, done.reason === 'not-found' ? NOT_FOUND : NOT_YOURS);
    return ok(c, null, '编辑成功!', 200);
  });

  r.at(workApi.queryById, LOGGED_IN, async (c) => {
    const found = await readableWork(c, c.req.query('id'));
    if (found instanceof Response) return found;
    return ok(c, camel(found.work), '操作成功！', 200);
  });

  r.at(workApi.grades, LOGGED_IN, async (c) => {
    const found = await readableWork(c, c.req.query('id'));
    if (found instanceof Response) return found;
    const rows = await c.get('deps').db.selectFrom('teaching_work_correct').selectAll().where('work_id', '=', found.work.id).execute();
    return ok(c, rows.map((row) => camel(row)), '操作成功！', 200);
  });

  r.get('/teaching/teachingWork/queryTeachingWorkCommentByMainId', LOGGED_IN, async (c) => {
    const found = await readableWork(c, c.req.query('id'));
    if (found instanceof Response) return found;
    const rows = await c.get('deps').db
      .selectFrom('teaching_work_comment as m')
      .leftJoin('sys_user as u', 'u.id', 'm.user_id')
      .selectAll('m')
      .select(['u.realname', 'u.username'])
      .where('m.work_id', '=', found.work.id)
      .orderBy('m.create_time', 'desc')
      .orderBy('m.id')
      .execute();
    return ok(c, rows.map((row) => camel(row)), '操作成功！', 200);
  });

  // Authors delete their own works; staff (admins, or work:del holders) those of authors in their scope.
  const deleteWorksRoute = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '请选择要删除的作品');
    const { db, storage } = c.get('deps');
    const user = c.get('user')!;
    const unique = [...new Set(ids)];
    if (unique.some((id) => id.length > MAX_ID)) return fail(c, NOT_FOUND);
    const works = await db.selectFrom('teaching_work').select(['id', 'user_id']).where('id', 'in', unique).execute();
    if (works.length !== unique.length) return fail(c, NOT_FOUND);
    const abilities = await workAbilities(db, user, works, await deletesOthersWorks(c));
    if (works.some((w) => !abilities.get(w.id)?.canDelete)) return fail(c, NOT_YOURS);
    await deleteWorks(db, storage, unique);
    return ok(c, null, '删除成功!', 200);
  };
  r.at(workApi.delete, LOGGED_IN, (c) => deleteWorksRoute(c, idList(c.req.query('id'), 1)));
  r.at(workApi.deleteBatch, LOGGED_IN, (c) => deleteWorksRoute(c, idList(c.req.query('ids'), 200)));
}
