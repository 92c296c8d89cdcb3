// 用户管理 (/isystem/user): the declared list and form, plus what the generic list page does not know:
// 详情 (read-only form with the user's roles and classes), 密码 (the administrator's reset dialog), 冻结 / 解冻
// (row and bulk, confirmed), the 回收站 page (还原 / 彻底删除), and the import report that shows generated
// initial passwords once. Data goes through the upstream client only; the API checks every code again.
// This folder: shared.ts (route, helpers, styles), one file per dialog or page (depart-picker, detail, password,
// freeze, import-report, recycle-bin), each registering its own routes.
import type { Hono } from 'hono';
import { canUse } from '../../../resources/auth.js';
import { userForm } from '../../../resources/users.js';
import type { PageEnv } from '../../context.js';
import { registerListPage } from '../../list-page.js';
import { shellPage } from '../../shell-page.js';
import { loadValues, MANAGED_CODE, route, spec } from './shared.js';
import { pickerData, registerDepartPickerRoute, renderControl } from './depart-picker.js';
import { registerUserDetailPage } from './detail.js';
import { registerPasswordPages } from './password.js';
import { registerFreezePages } from './freeze.js';
import { type ImportReport, ImportReportView } from './import-report.js';
import { registerRecycleBinPages } from './recycle-bin.js';

export function registerUserPages(app: Hono<PageEnv>) {
  registerListPage(app, {
    spec,
    form: userForm,
    loadValues,
    prepareForm: async (c, args) => {
      const up = c.get('upstream');
      const [picker, perms] = await Promise.all([pickerData(up, args.values), up.permissions()]);
      return { ...picker, setsManaged: perms.body.success && canUse(perms.body.result, MANAGED_CODE) };
    },
    renderControl,
    importResult: (c, res, back) => {
      const report = (res.body.result ?? {}) as ImportReport;
      if (!res.body.success || !report.passwords?.length) return null;
      return shellPage(c, { current: route, title: spec.title }, () => (
        <ImportReportView message={res.body.message} report={report} warning={res.body.code === 201} back={back} />
      ));
    },
  });

  registerDepartPickerRoute(app);
  registerUserDetailPage(app);
  registerPasswordPages(app);
  registerFreezePages(app);
  registerRecycleBinPages(app);
}
