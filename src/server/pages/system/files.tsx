// 文件管理 (/isystem/file) and OSS文件 (/oss/file): the two views of the stored files' declaration
// (resources/files.ts). Each row offers 预览 (images and videos open as they are, Scratch projects in the player) and
// 下载; 删除 asks first and is refused, with the places the file is used, while any record uses it. 文件管理's
// 仅显示孤立文件 tab also lists files on disk that no row registers, each removable after a confirmation.
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { canUse } from '../../resources/auth.js';
import { fileApi, type FileUsage } from '../../contracts/files.js';
import { FILE_SCOPES, filesList, ossFilesList } from '../../resources/files.js';
import { hrefWith } from '../../resources/url-state.js';
import { Alert, Card, TableFrame, Tag } from '../../../templates/antd.js';
import { confirmAttrs } from '../../../templates/list/confirm-attrs.js';
import { filePlayerUrl, NewTab } from '../../../templates/works/parts.js';
import type { PageEnv, PageSession } from '../context.js';
import { backToList, registerListPage } from '../list-page.js';
import { setFlash } from '../flash.js';
import { safeLocalPath } from '../safe-path.js';
import { askConfirmation, unlessConfirmed, type Ask } from '../confirm.js';

/** 1536 → 1.5 KB. */
function sizeText(bytes: unknown): string {
  const n = Number(bytes) || 0;
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

function UsageCell({ record }: { record: Record<string, unknown> }) {
  const usages = (record.usages as FileUsage[] | undefined) ?? [];
  if (!usages.length) return <Tag color="orange">未使用</Tag>;
  return (
    <ul class="xt-usages">
      {usages.map((u) => (
        <li>
          <Tag color="blue">{u.label}</Tag>
          <span class="xt-usage-name">{u.recordName}</span>
          <span class="xt-usage-field">（{u.field}）</span>
        </li>
      ))}
    </ul>
  );
}

/** 预览 and 下载 of one stored file. */
function fileActions(record: Record<string, unknown>): Child {
  const url = String(record.url ?? '');
  if (!url) return null;
  const kind = String(record.kindText ?? '');
  const name = String(record.fileName ?? '');
  const preview = kind === 'Scratch 项目' ? filePlayerUrl(url, name, false) : kind === '图片' || kind === '视频' || kind === '音频' ? url : '';
  return (
    <>
      {preview && <NewTab href={preview}>预览</NewTab>}
      {preview && <span class="ant-divider ant-divider-vertical app" role="separator" />}
      <a class="xt-action" href={`${url}?download=1`} download>
        下载
      </a>
    </>
  );
}

const cells = () => ({
  fileSize: (r: Record<string, unknown>) => sizeText(r.fileSize),
  usageText: (r: Record<string, unknown>) => <UsageCell record={r} />,
});

const STYLE = '.xt-usages{margin:0;padding:0;list-style:none}.xt-usages li{margin:2px 0}.xt-usage-field{color:rgba(0,0,0,.45)}';

/** Files on disk no row registers (仅显示孤立文件), each with 下载 and 删除. */
async function unregisteredSection(c: Context<PageEnv>, session: PageSession): Promise<Child> {
  if (c.req.query('scope') !== FILE_SCOPES[1].value) return <style>{STYLE}</style>;
  const res = await c.get('upstream').send(fileApi.unregistered);
  const rows = res.body.success ? res.body.result : [];
  const back = hrefWith(filesList.route, { scope: FILE_SCOPES[1].value });
  const mayDelete = canUse(session.permissions, 'file:del');
  return (
    <>
      <style>{STYLE}</style>
      <Card title="存储中未登记的文件" class="xt-unregistered">
        {!res.body.success ? (
          <Alert type="warning">{res.body.message}</Alert>
        ) : rows.length === 0 ? (
          <p>文件存储中没有未登记的文件。</p>
        ) : (
          <TableFrame>
            <thead class="ant-table-thead">
              <tr>
                <th class="ant-table-cell">存储路径</th>
                <th class="ant-table-cell" style="width:100px">大小</th>
                <th class="ant-table-cell" style="width:170px">修改时间</th>
                <th class="ant-table-cell" style="width:120px">操作</th>
              </tr>
            </thead>
            <tbody class="ant-table-tbody">
              {rows.map((f) => (
                <tr class="ant-table-row">
                  <td class="ant-table-cell">{f.filePath}</td>
                  <td class="ant-table-cell" style="text-align:right">{sizeText(f.fileSize)}</td>
                  <td class="ant-table-cell">{f.modified}</td>
                  <td class="ant-table-cell">
                    <a class="xt-action" href={`/api/sys/common/static/${f.filePath.split('/').map(encodeURIComponent).join('/')}?download=1`} download>
                      下载
                    </a>
                    {mayDelete && (
                      <>
                        <span class="ant-divider ant-divider-vertical app" role="separator" />
                        <a
                          class="xt-action xt-action-danger"
                          href={hrefWith(`${filesList.route}/deletePath`, { filePath: f.filePath, back })}
                          hx-post={`${filesList.route}/deletePath`}
                          hx-target="#content"
                          {...confirmAttrs('确定从磁盘删除该文件吗？不可恢复。', { filePath: f.filePath, back })}
                        >
                          删除
                        </a>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </Card>
    </>
  );
}

export function registerFilePages(app: Hono<PageEnv>) {
  const rowExtra = () => (r: Record<string, unknown>) => ({ inline: fileActions(r) });
  registerListPage(app, { spec: filesList, cells, rowExtra, extra: unregisteredSection });
  registerListPage(app, { spec: ossFilesList, cells, rowExtra, extra: () => <style>{STYLE}</style> });

  const route = filesList.route;
  const safeBack = (v: unknown) => safeLocalPath(v, route, route);
  const ask = (filePath: string, back: string): Ask => ({
    screen: { current: route, title: filesList.title },
    title: '删除文件',
    text: `确定从磁盘删除 ${filePath} 吗？不可恢复。`,
    action: `${route}/deletePath`,
    hidden: { filePath, back },
    back,
  });
  app.get(`${route}/deletePath`, (c) => askConfirmation(c, ask(String(c.req.query('filePath') ?? '').slice(0, 1024), safeBack(c.req.query('back')))));
  app.post(`${route}/deletePath`, async (c) => {
    const form = await c.req.parseBody();
    const back = safeBack(form.back);
    const filePath = String(form.filePath ?? '').slice(0, 1024);
    const asked = unlessConfirmed(c, form, () => ask(filePath, back));
    if (asked) return asked;
    const res = await c.get('upstream').send(fileApi.deleteByPath, { query: { filePath } });
    if (res.status === 500 && res.body.message?.startsWith('Token失效')) return c.redirect('/user/login', 303);
    setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '删除成功!' : '删除失败') });
    return backToList(c, back);
  });
}
