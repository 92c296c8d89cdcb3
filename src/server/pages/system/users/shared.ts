// 用户管理's shared parts: the route, small helpers of its forms, the values an edit or detail form loads beyond the
// record, the screen its dialogs belong to and the screen's own styles.
import { usersList } from '../../../resources/users.js';
import { userAdminApi } from '../../../contracts/users.js';
import type { Upstream } from '../../../upstream/client.js';
import { safeLocalPath } from '../../safe-path.js';

export const spec = usersList;
export const route = spec.route;
export const RECYCLE = `${route}/recycleBin`;

/** The anchor's button code of the user form's department fields; only administrators hold it (ADMIN_ONLY_CODES). */
export const MANAGED_CODE = 'sys:user:depart';

import { str } from '../../../shared/text.js';

export { str };
export const ids = (v: unknown): string[] => [...new Set((Array.isArray(v) ? v.map(String) : str(v).split(',')).map((s) => s.trim()).filter(Boolean))];
export const safeBack = (back: unknown) => safeLocalPath(back, route, route);
export const first = (v: string | string[] | File | (string | File)[] | undefined) => str(Array.isArray(v) ? v[0] : v);

type Answer<T> = { status: number; body: { success: boolean; message: string; code: number; result: T } };
export const expired = (res: Answer<unknown>) => res.status === 500 && res.body.message?.startsWith('Token失效');

/** Edit and detail values beyond the record: the user's role ids and member departments. */
export async function loadValues(up: Upstream, id: string, record: Record<string, unknown>) {
  const [roles, departs] = await Promise.all([
    up.send(userAdminApi.roleIds, { query: { userid: id } }),
    up.send(userAdminApi.departs, { query: { userId: id } }),
  ]);
  return {
    selectedroles: roles.body.success && Array.isArray(roles.body.result) ? roles.body.result.join(',') : '',
    selecteddeparts: departs.body.success && Array.isArray(departs.body.result) ? departs.body.result.map((d) => d.value).join(',') : '',
    departIds: str(record.departIds),
  };
}

/** The screen its dialogs belong to (dialog-page.ts: the dialog for htmx into #xt-modal, else a page of it). */
export const SCREEN = { current: route, title: spec.title };

export const STYLE = `
.xt-depart-picker { border: 1px solid #d9d9d9; border-radius: 6px; padding: 8px; }
.xt-depart-picker-error { border-color: #ff4d4f; }
.xt-picker-list { max-height: 200px; overflow: auto; margin-top: 6px; }
.xt-picker-more { color: rgba(0,0,0,.45); font-size: 12px; margin: 2px 0; }
.xt-picker-checks { display: flex; flex-direction: column; gap: 4px; }
.xt-static { display: inline-block; padding-top: 5px; }
.xt-desc { display: grid; grid-template-columns: max-content 1fr max-content 1fr; gap: 6px 12px; margin: 0 0 16px; padding: 12px 16px; background: #fafafa; border-radius: 6px; }
.xt-desc dt { color: rgba(0,0,0,.45); }
.xt-desc dd { margin: 0; word-break: break-all; }
.xt-confirm-text { margin: 4px 0 8px; font-size: 14px; }
.xt-report h3 { font-size: 15px; margin: 16px 0 8px; }
.xt-report table, .xt-bin table { width: 100%; border-collapse: collapse; }
.xt-report th, .xt-report td, .xt-bin th, .xt-bin td { border: 1px solid #f0f0f0; padding: 8px 12px; text-align: left; }
.xt-report th, .xt-bin th { background: #fafafa; font-weight: 600; }
.xt-report code { font-size: 14px; letter-spacing: 1px; }
.xt-bin-head { display: flex; align-items: center; justify-content: space-between; margin-bottom: 12px; gap: 8px; flex-wrap: wrap; }
.xt-bin-head h2 { font-size: 16px; margin: 0; }
.xt-bin-tools { display: flex; gap: 8px; }
.xt-bin .xt-index { width: 48px; text-align: center; }
`;
