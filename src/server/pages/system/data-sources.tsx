// 多数据源管理 (/isystem/dataSource): the declared list and form (resources/data-sources.ts) with 测试连接 inside the
// form, which sends what is typed (or, editing with the password left blank, the saved row's id so the server uses
// the stored password) and shows the server's answer beside the button. The password is never rendered.
import type { Hono } from 'hono';
import { dataSourceApi, type DataSourceBody } from '../../contracts/data-sources.js';
import { dataSourceForm, dataSourcesList } from '../../resources/data-sources.js';
import type { PageEnv } from '../context.js';
import { registerListPage } from '../list-page.js';

export function registerDataSourcePages(app: Hono<PageEnv>) {
  registerListPage(app, {
    spec: dataSourcesList,
    form: dataSourceForm,
    // The type by its name, as the API answers it (a fixed list, not a dictionary).
    cells: () => ({ dbType: (record) => String(record.dbType_dictText ?? record.dbType ?? '') }),
    formButtons: [
      {
        key: 'test',
        label: '测试连接',
        run: async (c, body, id) => {
          const res = await c.get('upstream').send(dataSourceApi.testConnection, { body: { ...(body as unknown as DataSourceBody), ...(id ? { id } : {}) } });
          return { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '数据库连接成功' : '数据库连接失败') };
        },
      },
    ],
  });
}
