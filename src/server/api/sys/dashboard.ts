// 仪表盘's reads: GET /dashboard/analysis (分析页: the school's figures, or a teacher's classes'; brief=1: the
// home's key figures only), GET
// /dashboard/workplace (工作台: a teacher's to-do in their classes) — each for whoever has the screen in their
// menu, scoped as the lists are — and GET /dashboard/mine (the home of any logged-in user: their own works,
// grades, remarks and homework to do). The anchor's dashboards were mock-ups with no API of their own.
import { decorate } from '../../domain/dicts.js';
import { analysisFigures, studentHome, workplaceData } from '../../domain/dashboards.js';
import { hasScope, NO_MANAGED_DEPARTS, userScope } from '../../domain/user-scope.js';
import { dashboardApi } from '../../contracts/dashboards.js';
import { DASHBOARD_ROUTES } from '../../resources/dashboards.js';
import { LOGGED_IN, menu, type ApiRoutes } from '../access.js';
import { fail, ok } from '../envelope.js';

export function registerDashboardRoutes(r: ApiRoutes) {
  // Someone given the screens who manages no class gets the grading desk's answer, not a page of zeros.
  r.at(dashboardApi.analysis, menu(DASHBOARD_ROUTES.analysis), async (c) => {
    const { db } = c.get('deps');
    const scope = await userScope(db, c.get('user')!);
    if (!hasScope(scope)) return fail(c, NO_MANAGED_DEPARTS);
    return ok(c, await analysisFigures(db, scope, new Date(), c.req.query('brief') === '1'));
  });

  r.at(dashboardApi.workplace, menu(DASHBOARD_ROUTES.workplace), async (c) => {
    const { db } = c.get('deps');
    const scope = await userScope(db, c.get('user')!);
    if (!hasScope(scope)) return fail(c, NO_MANAGED_DEPARTS);
    const data = await workplaceData(db, scope);
    return ok(c, { ...data, ungraded: { ...data.ungraded, records: await decorate(db, data.ungraded.records, { workType: 'work_type' }) } });
  });

  r.at(dashboardApi.mine, LOGGED_IN, async (c) => {
    const { db } = c.get('deps');
    const data = await studentHome(db, c.get('user')!.id);
    return ok(c, { ...data, latestWorks: await decorate(db, data.latestWorks, { workStatus: 'work_status', workType: 'work_type' }) });
  });
}
