// Public work reads: the leaderboard lists and one work's detail.
import { z } from 'zod';
import { isSuperUser } from '../../domain/sessions.js';
import { LEADERBOARD_ORDERS, leaderboard, workDetail, type LeaderboardOrder } from '../../domain/works.js';
import { PUBLIC, type ApiRoutes } from '../access.js';
import { fail, ok, page, paging, queryParams } from '../envelope.js';

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

  r.get('/teaching/teachingWork/studentWorkInfo', PUBLIC, async (c) => {
    const workId = c.req.query('workId')?.trim();
    if (!workId) return fail(c, '参数错误：缺少workId', 400, 400);
    if (workId.length > 64) return fail(c, '作品不存在');
    const user = c.get('user');
    const viewer = user ? { id: user.id, staff: isSuperUser(user) } : null;
    const work = await workDetail(c.get('deps').db, workId, viewer);
    // The Scratch player pages check code 0 here.
    return work ? ok(c, work, '操作成功！', 0) : fail(c, '作品不存在');
  });
}
