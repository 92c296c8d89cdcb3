// 数据迁移 (/system/dataImport): the declared list of import runs (newest first, a tab per status) and 查看报告, the
// run's whole report in a dialog (a page of its own without JavaScript). Read-only: runs are made by the command
// the empty list explains.
import type { Hono } from 'hono';
import { importRunApi } from '../../contracts/import-runs.js';
import { importRunsList } from '../../resources/import-runs.js';
import { ImportReportView } from '../../../templates/system/import-report.js';
import { Alert } from '../../../templates/antd.js';
import { DialogFrame } from '../../../templates/list/dialog-frame.js';
import type { PageEnv } from '../context.js';
import { dialogPage } from '../dialog-page.js';
import { registerListPage } from '../list-page.js';
import { safeLocalPath } from '../safe-path.js';

const route = importRunsList.route;
const SCREEN = { current: route, title: importRunsList.title };

/** The command a school runs to import (README "从 teaching-open 迁移" explains loading a backup first). */
const IMPORT_COMMAND = 'npm run import:teaching-open -- --from mysql://用户:密码@主机:端口/数据库 --files 上传目录';

const EmptyHint = () => (
  <div class="xt-import-empty" style="text-align:left;max-width:640px;margin:0 auto;line-height:1.8">
    <p style="margin:0 0 8px;color:rgba(0,0,0,.88)">还没有导入记录。在服务器上学堂的目录中运行下面的命令，把 teaching-open 的数据库和上传目录导入学堂：</p>
    <pre style="white-space:pre-wrap;word-break:break-all;background:#f5f5f5;padding:8px 12px;border-radius:6px;margin:0 0 8px">
      <code>{IMPORT_COMMAND}</code>
    </pre>
    <p style="margin:0">
      加上 <code>--dry-run</code> 只检查不写入。如何先把 .sql 备份载入本地 MariaDB，见 README 的“从 teaching-open 迁移”一节。每次导入完成后，报告会显示在这里。
    </p>
  </div>
);

export function registerDataImportPages(app: Hono<PageEnv>) {
  registerListPage(app, {
    spec: importRunsList,
    // A filter that finds nothing is not "no import yet".
    empty: (state) => (state.status || state.source || state.startedAt_begin || state.startedAt_end ? undefined : <EmptyHint />),
  });

  // The screen's access first (dialogPage: 403 without the menu), then the run; an unknown one says so in the frame.
  app.get(`${route}/report`, (c) => {
    const back = safeLocalPath(c.req.query('back'), route, route);
    return dialogPage(c, SCREEN, async (asDialog) => {
      const res = await c.get('upstream').send(importRunApi.queryById, { query: { id: c.req.query('id') ?? '' } });
      const run = res.body.success ? res.body.result : null;
      return (
        <DialogFrame title={run ? `导入报告：${run.startedAt}` : '导入报告'} back={back} asDialog={asDialog} width={960}>
          {run ? <ImportReportView run={run} /> : <Alert type="warning">{res.body.message || '未找到该导入记录'}</Alert>}
        </DialogFrame>
      );
    });
  });
}
