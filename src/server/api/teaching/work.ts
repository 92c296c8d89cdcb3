// /teaching/teachingWork: the public reads (leaderboard, one work's detail), the author's own works (mine,
// submit), the teachers' grading desk (list, edit, export) scoped to the members of the classes they manage,
// private tags, the version history of resubmitted works and cloning a work to other accounts.
// The lists and their export are in work-list.ts, save/submit in work-submit.ts, the grading desk in
// work-desk.ts, tags in work-tags.ts, versions and cloning in work-versions.ts, the import in work-import.ts; all are registered from here.
import { z } from 'zod';
import { isSuperUser } from '../../domain/sessions.js';
import { LEADERBOARD_ORDERS, authorProfile, countPublicWorkView, leaderboard, managesAuthor, workDetail, type LeaderboardOrder } from '../../domain/works.js';
import { PUBLIC, type ApiRoutes } from '../access.js';
import { fail, ok, page, paging, queryParams } from '../envelope.js';
import { registerWorkInteractionRoutes, requestVisitor } from './work-interactions.js';
import { registerWorkDeskRoutes } from './work-desk.js';
import { registerWorkExportRoute, registerWorkListRoutes } from './work-list.js';
import { registerWorkImportRoute } from './work-import.js';
import { registerWorkSubmitRoute } from './work-submit.js';
import { registerWorkTagRoutes } from './work-tags.js';
import { registerWorkVersionRoutes } from './work-versions.js';

const leaderboardQuery = z.object({
  orderBy: z.string().optional(),
  workStatus: z
    .string()
    .regex(/^\d+$/, 'workStatus必须是数字')
    .optional(),
  userId: z.string().max(64, 'userId格式不正确').optional(),
});

export function registerWorkRoutes(r: ApiRoutes) {
  r.get('/teaching/teachingWork/leaderboard', PUBLIC, async (c) => {
    const q = queryParams(c, leaderboardQuery);
    if (!q.ok) return q.response;
    const { pageNo, pageSize } = paging(c, 10, 100);
    // Own keys only: `in` would also accept inherited names such as 'constructor' and pass a function to SQL.
    const orderBy = Object.hasOwn(LEADERBOARD_ORDERS, q.data.orderBy ?? 'view') ? ((q.data.orderBy ?? 'view') as LeaderboardOrder) : null;
    const { records, total } = await leaderboard(c.get('deps').db, {
      pageNo,
      pageSize,
      orderBy,
      workStatus: q.data.workStatus !== undefined ? Number(q.data.workStatus) : undefined,
      userId: q.data.userId || undefined,
    });
    return ok(c, page(records, total, pageNo, pageSize), '操作成功！', 200);
  });

  // The author page's mini profile: display name, avatar and public work count; never the account name,
  // phone, email or class. Unknown and deleted accounts answer 参数错误 (teaching-open's message).
  r.get('/teaching/teachingWork/userInfo', PUBLIC, async (c) => {
    const userId = c.req.query('userId')?.trim();
    if (!userId || userId.length > 64) return fail(c, '参数错误');
    const profile = await authorProfile(c.get('deps').db, userId);
    return profile ? ok(c, profile, '操作成功！', 200) : fail(c, '参数错误');
  });

  r.get('/teaching/teachingWork/studentWorkInfo', PUBLIC, async (c) => {
    const workId = c.req.query('workId')?.trim();
    if (!workId) return fail(c, '参数错误：缺少workId', 400, 400);
    if (workId.length > 64) return fail(c, '作品不存在');
    const user = c.get('user');
    const { db } = c.get('deps');
    // Staff see the unpublished works of the students they manage (the player of the grading desk's 预览).
    const author = user && !isSuperUser(user) ? (await db.selectFrom('teaching_work').select('user_id').where('id', '=', workId).executeTakeFirst())?.user_id : undefined;
    const staff = !!user && (isSuperUser(user) || (!!author && author !== user.id && (await managesAuthor(db, user, author))));
    const viewer = user ? { id: user.id, staff } : null;
    // A view counts once per visitor per day (HEAD reads count nothing), whether the page or the player asked.
    const work = await workDetail(db, workId, viewer, c.req.method === 'GET' ? requestVisitor(c) : undefined);
    // The Scratch player pages check code 0 here.
    return work ? ok(c, work, '操作成功！', 0) : fail(c, '作品不存在');
  });

  registerWorkInteractionRoutes(r);

  // A visit of a public work's page that the page cache answered (the page did not call studentWorkInfo, which
  // counts the views of the visits it renders). Counts like studentWorkInfo: anyone, public works only.
  r.post('/teaching/teachingWork/countView', PUBLIC, async (c) => {
    const workId = c.req.query('workId')?.trim();
    if (!workId) return fail(c, '参数错误：缺少workId', 400, 400);
    if (workId.length > 64) return fail(c, '作品不存在');
    return (await countPublicWorkView(c.get('deps').db, workId, requestVisitor(c))) ? ok(c, null, '操作成功！', 200) : fail(c, '作品不存在');
  });

  // The private works, in the order they were always registered: the lists, submit, the grading desk, tags,
  // versions and cloning, export and import.
  registerWorkListRoutes(r);
  registerWorkSubmitRoute(r);
  registerWorkDeskRoutes(r);
  registerWorkTagRoutes(r);
  registerWorkVersionRoutes(r);
  registerWorkExportRoute(r);
  registerWorkImportRoute(r);
}
