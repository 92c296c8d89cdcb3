// 数据日志 (/sys/dataLog-list): the declared list of kept versions. Tick two versions of one record and choose
// 批量操作 → 对比选中的两个版本 (or open /sys/dataLog-list/compare?dataId1=&dataId2=): the comparison shows every
// field of both versions side by side, the changed ones highlighted.
import type { Hono } from 'hono';
import { dataLogApi } from '../../contracts/data-logs.js';
import { DATA_LOG_FIELD_NAMES, DATA_LOG_TABLE_NAMES, dataLogsList } from '../../resources/data-logs.js';
import { hrefWith } from '../../resources/url-state.js';
import { Alert, Card, LinkButton, TableFrame, Tag } from '../../../templates/antd.js';
import { navAttrs } from '../../../templates/list/list-view.js';
import type { PageEnv } from '../context.js';
import { backToList, registerListPage } from '../list-page.js';
import { setFlash } from '../flash.js';
import { safeLocalPath } from '../safe-path.js';
import { shellPage } from '../shell-page.js';

const route = dataLogsList.route;
const safeBack = (v: unknown) => safeLocalPath(v, route, route);

const show = (v: unknown): string => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

function parse(content: string): Record<string, unknown> {
  try {
    const v = JSON.parse(content);
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

const STYLE =
  '.xt-compare tr.xt-changed>td{background:#fff1f0}.xt-compare td.xt-compare-value{white-space:pre-wrap;word-break:break-all;max-width:480px}.xt-compare-summary{margin-bottom:12px}';

export function registerDataLogPages(app: Hono<PageEnv>) {
  registerListPage(app, {
    spec: dataLogsList,
    extra: () => <p class="xt-hint" style="margin-top:12px;color:rgba(0,0,0,.45)">勾选同一条数据的两个版本，在“批量操作”中选择“对比选中的两个版本”，即可逐字段查看差异（已修改的字段标红）。</p>,
  });

  // 对比 from the list: exactly two ticked versions, then the comparison page (a URL of its own).
  app.post(`${route}/compare`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const back = safeBack(form.back);
    const ids = ([] as string[]).concat(form.ids ?? []).map(String).filter(Boolean);
    if (ids.length !== 2) {
      setFlash(c, { type: 'warning', text: '请勾选同一条数据的两个版本进行对比' });
      return backToList(c, back);
    }
    return backToList(c, hrefWith(`${route}/compare`, { dataId1: ids[0].slice(0, 64), dataId2: ids[1].slice(0, 64), back }));
  });

  app.get(`${route}/compare`, (c) =>
    shellPage(c, { current: route, title: '数据对比' }, async () => {
      const back = safeBack(c.req.query('back'));
      const res = await c.get('upstream').send(dataLogApi.compare, { query: { dataId1: c.req.query('dataId1') ?? '', dataId2: c.req.query('dataId2') ?? '' } });
      const backLink = <LinkButton {...navAttrs(back)}>返回</LinkButton>;
      if (!res.body.success) {
        return (
          <Card title="数据对比">
            <Alert type="warning">{res.body.message}</Alert>
            <p>{backLink}</p>
          </Card>
        );
      }
      const [a, b] = res.body.result;
      const first = parse(a.dataContent);
      const second = parse(b.dataContent);
      const changed = new Set(a.changedFields);
      const fields = [...new Set([...Object.keys(first), ...Object.keys(second)])];
      return (
        <Card title={`数据对比：${DATA_LOG_TABLE_NAMES[a.dataTable] ?? a.dataTable}（${a.dataId}）`} class="xt-compare">
          <style>{STYLE}</style>
          <p class="xt-compare-summary">
            版本 {a.dataVersion}（{a.createBy ?? '—'}，{a.createTime}）与 版本 {b.dataVersion}（{b.createBy ?? '—'}，{b.createTime}）：
            {changed.size ? <Tag color="red">{`${changed.size} 个字段不同`}</Tag> : <Tag color="green">内容相同</Tag>}
          </p>
          <TableFrame>
            <thead class="ant-table-thead">
              <tr>
                <th class="ant-table-cell" style="width:160px">字段</th>
                <th class="ant-table-cell">版本 {a.dataVersion}</th>
                <th class="ant-table-cell">版本 {b.dataVersion}</th>
              </tr>
            </thead>
            <tbody class="ant-table-tbody">
              {fields.map((f) => (
                <tr class={changed.has(f) ? 'ant-table-row xt-changed' : 'ant-table-row'} data-field={f}>
                  <td class="ant-table-cell">
                    {DATA_LOG_FIELD_NAMES[f] ?? f}
                    {changed.has(f) && (
                      <>
                        {' '}
                        <Tag color="red">已修改</Tag>
                      </>
                    )}
                  </td>
                  <td class="ant-table-cell xt-compare-value">{show(first[f])}</td>
                  <td class="ant-table-cell xt-compare-value">{show(second[f])}</td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
          <p style="margin-top:12px">{backLink}</p>
        </Card>
      );
    }),
  );
}
