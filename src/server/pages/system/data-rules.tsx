// 数据规则 (/isystem/permissionDataRule): every menu's data rules as one declared list with its form, and
// 预览: pick a role and see which rows of the guarded list (用户管理, 作业管理 …) the rule lets through and
// what the role sees under its current grant — counts and the first rows.
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { dataRuleApi, type DataRulePreview } from '../../contracts/permissions.js';
import { roleApi } from '../../contracts/roles.js';
import { DATA_RULE_ROUTE, dataRuleScreenForm, dataRulesList, RULE_LISTS } from '../../resources/data-rules.js';
import { DATA_RULE_COLUMNS } from '../../resources/permissions.js';
import type { ControlContext } from '../../../templates/list/form-view.js';
import { Alert, Button } from '../../../templates/antd.js';
import { DialogFrame } from '../../../templates/list/dialog-frame.js';
import type { PageEnv } from '../context.js';
import { registerListPage } from '../list-page.js';
import { dialogPage } from '../dialog-page.js';
import { safeLocalPath } from '../safe-path.js';
import { str } from '../../shared/text.js';

type Row = Record<string, unknown>;

function RowsTable({ label, columns, rows, count }: { label: string; columns: DataRulePreview['columns']; rows: Row[]; count: number }) {
  return (
    <section class="xt-preview-block" aria-label={label}>
      <h3 class="xt-preview-title">
        {label}：<strong data-count={String(count)}>{count}</strong> 行{count > rows.length ? `（显示前 ${rows.length} 行）` : ''}
      </h3>
      {rows.length ? (
        <table class="xt-mini-table">
          <thead>
            <tr>
              {columns.map((col) => (
                <th scope="col">{col.title}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr>
                {columns.map((col) => (
                  <td>{str(r[col.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p class="xt-muted">没有数据</p>
      )}
    </section>
  );
}

async function previewView(c: Context<PageEnv>, asDialog: boolean): Promise<Child> {
  const id = (c.req.query('id') ?? '').slice(0, 64);
  const back = safeLocalPath(c.req.query('back'), DATA_RULE_ROUTE, DATA_RULE_ROUTE);
  const up = c.get('upstream');
  const roles = await up.send(roleApi.queryall);
  const roleList = roles.body.success ? roles.body.result : [];
  const roleId = (c.req.query('roleId') ?? '').slice(0, 64) || roleList.find((r) => r.roleCode !== 'admin')?.id || roleList[0]?.id || '';
  const res = id && roleId ? await up.send(dataRuleApi.preview, { query: { id, roleId } }) : null;
  const self = `${DATA_RULE_ROUTE}/preview`;
  const p = res?.body.success ? res.body.result : null;
  return (
    <DialogFrame title={p ? `规则预览 · ${p.ruleName}` : '规则预览'} back={back} asDialog={asDialog} width={860}>
      <link rel="stylesheet" href="/static/css/data-rules.css" />
      <form class="xt-preview-form" method="get" action={self} hx-get={self} hx-target="#xt-modal" hx-push-url="false">
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="back" value={back} />
        <label for="xt-preview-role">角色</label>
        <select id="xt-preview-role" name="roleId" class="xt-native-select" hx-get={self} hx-target="#xt-modal" hx-trigger="change" hx-include="closest form">
          {roleList.map((r) => (
            <option value={r.id} selected={r.id === roleId}>
              {r.roleName}（{r.roleCode}）
            </option>
          ))}
        </select>
        <Button type="primary" htmlType="submit">
          预览
        </Button>
      </form>
      {!res && <Alert type="warning">{roles.body.success ? '请选择数据规则和角色' : roles.body.message}</Alert>}
      {res && !p && <Alert type="error">{res.body.message}</Alert>}
      {p && (
        <div class="xt-preview" aria-live="polite">
          <Alert type="info">
            菜单「{p.menuName}」的列表共 {p.total} 行。
            {!p.role.granted
              ? `角色「${p.roleName}」没有该菜单的授权，看不到这个列表。`
              : p.role.rules.length
                ? `角色「${p.roleName}」当前授权带规则：${p.role.rules.join('、')}${p.role.includesRule ? '' : '（不含本规则，可在 角色管理 → 授权 中勾选）'}。`
                : `角色「${p.roleName}」当前授权不带规则，可见全部数据${'（可在 角色管理 → 授权 中为它勾选本规则）'}。`}
            {p.sampleUser ? ` 规则值中的变量按该角色的用户 ${p.sampleUser} 计算。` : ''}
          </Alert>
          <RowsTable label="本规则单独生效时可见" columns={p.columns} rows={p.rule.rows} count={p.rule.count} />
          {p.role.granted && <RowsTable label={`角色「${p.roleName}」当前可见`} columns={p.columns} rows={p.role.rows} count={p.role.count} />}
        </div>
      )}
    </DialogFrame>
  );
}

/**
 * 规则字段: the columns of the rule's own list when it is known (editing), else every list's columns grouped
 * by the screen they belong to; the API checks the column against the chosen menu either way.
 */
function RuleColumnSelect({ ctx }: { ctx: ControlContext }) {
  const component = str(ctx.values.component);
  const lists = Object.entries(DATA_RULE_COLUMNS).filter(([c]) => !component || c === component);
  const value = str(ctx.value);
  return (
    <select
      class={`xt-native-select${ctx.error ? ' xt-select-error' : ''}`}
      id="f-ruleColumn"
      name="ruleColumn"
      disabled={ctx.disabled}
      aria-required="true"
      {...(ctx.error ? { 'aria-invalid': 'true', 'aria-describedby': 'f-ruleColumn-error' } : {})}
    >
      <option value="">请选择</option>
      {lists.map(([c, columns]) => (
        <optgroup label={RULE_LISTS[c] ?? c}>
          {columns.map((col) => (
            <option value={col.column} selected={value === col.column}>
              {col.label}（{col.column}）
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}

export function registerDataRulePages(app: Hono<PageEnv>) {
  registerListPage(app, {
    spec: dataRulesList,
    form: dataRuleScreenForm,
    renderControl: (f, ctx) => (f.key === 'ruleColumn' ? <RuleColumnSelect ctx={ctx} /> : undefined),
  });

  app.get(`${DATA_RULE_ROUTE}/preview`, async (c) => {
    return dialogPage(c, { current: DATA_RULE_ROUTE, title: dataRulesList.title }, (asDialog) => previewView(c, asDialog));
  });
}

