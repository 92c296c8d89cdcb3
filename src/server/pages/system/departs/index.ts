// 班级管理 (/isystem/departDetailList): the department tree on the left (search, add root / add child, delete
// with a confirmation naming every department that goes too), the selected department on the right with the
// tabs 基本信息 (edit), 成员 (members: search, add, remove, 清空班级), 部门权限 (checkbox tree) and 部门角色 (roles,
// their grants, and per member the roles they hold). Selected department, tab and list state live in the query
// string. Teachers get their managed subtree and the 成员 tab only; the API enforces the same scope.
// Everything is links and forms, so it works without JavaScript; htmx opens the forms and confirmations as dialogs.
// This folder: shared.tsx (route, helpers), screen.tsx (tree, summary, tab strip), one file per tab (info, members,
// perms, roles; 课程 is ../depart-courses.tsx) and the dialogs with their routes per group. The endpoints they call
// and the shapes those answer are in contracts/departs.ts.
import type { Hono } from 'hono';
import type { PageEnv } from '../../context.js';
import { shellPage } from '../../shell-page.js';
import { registerDepartCoursePages } from '../depart-courses.js';
import { registerDepartDialogs } from './depart-dialogs.js';
import { registerMemberDialogs } from './member-dialogs.js';
import { registerRoleDialogs } from './role-dialogs.js';
import { screen } from './screen.js';
import { R, TITLE } from './shared.js';

export function registerDepartPages(app: Hono<PageEnv>) {
  registerDepartCoursePages(app);
  app.get(R, (c) => shellPage(c, { current: R, title: TITLE }, (session) => screen(c, session, c.req.query())));
  registerDepartDialogs(app);
  registerMemberDialogs(app);
  registerRoleDialogs(app);
}
