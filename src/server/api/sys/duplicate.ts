// GET /sys/duplicate/check?tableName&fieldName&fieldVal&dataId — the forms' live uniqueness checks.
//
// Personal fields (sys_user: username, phone, e-mail, 工号) say whether someone has a value, and with dataId
// whether it is that user's (user ids are public on the leaderboard). So dataId is honoured only for a user the
// caller may edit (user:add or user:edit, the user inside their scope and below their role: the user form) or the
// caller themselves (their profile); anyone else's dataId counts as the caller's own. These checks are
// rate-limited per user, more tightly for those who edit no users (students need them for their profile only).
import type { Context } from 'hono';
import { limitOf } from '../../domain/limits.js';
import type { ApiEnv } from '../../context.js';
import { isCheckable, valueTaken } from '../../domain/duplicates.js';
import { hasPermission, LOGGED_IN, type ApiRoutes } from '../access.js';
import { fail, ok } from '../envelope.js';
import { manageable } from './user-admin-scope.js';

const PERSONAL_TABLE = 'sys_user';
/** Checks of personal fields a minute, per user: staff editing users, everyone else. */
const PERSONAL_CHECKS_PER_MINUTE = { staff: 60, others: 20 } as const;
const TOO_FAST = '请求过于频繁，请稍后再试';

export function registerDuplicateRoutes(r: ApiRoutes) {
  /** The row the check may leave out: dataId when the caller may edit that user, else the caller's own id. */
  async function personalDataId(c: Context<ApiEnv>, staff: boolean, dataId: string | undefined): Promise<string> {
    const me = c.get('user')!.id;
    if (!dataId || dataId === me || !staff) return me;
    return (await manageable(c, [dataId])).ok ? dataId : me;
  }

  r.get('/sys/duplicate/check', LOGGED_IN, async (c) => {
    const { tableName = '', fieldName = '', fieldVal = '', dataId } = c.req.query();
    if (!isCheckable(tableName, fieldName)) return fail(c, '不支持校验该字段', 400, 400);
    if (fieldVal === '') return ok(c, null, '该值可用！', 200);
    if (fieldVal.length > 255) return fail(c, '该值过长');
    let exclude = dataId || undefined;
    if (tableName === PERSONAL_TABLE) {
      const staff = (await hasPermission(c, 'user:edit')) || (await hasPermission(c, 'user:add'));
      const limit = staff ? limitOf(c.get('deps'), 'duplicate-staff', PERSONAL_CHECKS_PER_MINUTE.staff, 60) : limitOf(c.get('deps'), 'duplicate-others', PERSONAL_CHECKS_PER_MINUTE.others, 60);
      if (!(await limit.take(c.get('user')!.id))) return fail(c, TOO_FAST, 429);
      exclude = await personalDataId(c, staff, exclude);
    }
    const taken = await valueTaken(c.get('deps').db, tableName, fieldName, fieldVal, exclude);
    return taken ? fail(c, '该值不可用，系统中已存在！') : ok(c, null, '该值可用！', 200);
  });
}
