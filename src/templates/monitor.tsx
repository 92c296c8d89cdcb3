// Building blocks of the 系统监控 screens: a panel that refreshes itself (htmx polling of its own URL), a
// bordered label/value table (antd Descriptions markup), usage bars, and number formatting.
import type { Child } from 'hono/jsx';
import { Alert, Card, CellTable, cx, LinkButton } from './antd.js';

export function formatBytes(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let v = n;
  let i = 0;
  while (Math.abs(v) >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i ? v.toFixed(v >= 100 ? 0 : v >= 10 ? 1 : 2) : v} ${units[i]}`;
}

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = [d && `${d}天`, (d || h) && `${h}小时`, `${m}分`, !d && `${s % 60}秒`].filter(Boolean);
  return parts.join(' ');
}

const pad = (n: number) => String(n).padStart(2, '0');
export function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export const formatNumber = (n: number) => n.toLocaleString('zh-CN');

/**
 * The screen's content, reloaded every `seconds` from its own URL (htmx answers the panel alone), with a
 * 刷新 button; without JavaScript the browser's reload does the same.
 */
export function LivePanel({ route, seconds, readAt, children }: { route: string; seconds: number; readAt: number; children: Child }) {
  return (
    <div id="xt-monitor" class="xt-monitor" hx-get={route} hx-trigger={`every ${seconds}s`} hx-target="this" hx-swap="outerHTML">
      <link rel="stylesheet" href="/static/css/monitor.css" />
      <div class="xt-monitor-bar">
        <span class="xt-muted">
          更新于 <time data-field="readAt">{formatTime(readAt)}</time>，每 {seconds} 秒自动刷新
        </span>
        <LinkButton size="small" href={route} hx-get={route} hx-target="#xt-monitor" hx-swap="outerHTML">
          刷新
        </LinkButton>
      </div>
      {children}
    </div>
  );
}

export type InfoRow = [label: string, value: Child];

/** A bordered label/value table, two pairs a row. */
export function InfoTable({ title, rows, id }: { title: string; rows: InfoRow[]; id?: string }) {
  const lines: InfoRow[][] = [];
  for (let i = 0; i < rows.length; i += 2) lines.push(rows.slice(i, i + 2));
  return (
    <Card class="xt-card xt-monitor-card" title={title}>
      <div class="ant-descriptions ant-descriptions-small ant-descriptions-bordered app xt-monitor-desc" id={id}>
        <div class="ant-descriptions-view">
          <table>
            <tbody>
              {lines.map((pair) => (
                <tr class="ant-descriptions-row">
                  {pair.map(([label, value]) => (
                    <>
                      <th class="ant-descriptions-item-label">{label}</th>
                      <td class="ant-descriptions-item-content" colspan={pair.length === 1 ? 3 : 1} data-label={label}>
                        {value}
                      </td>
                    </>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </Card>
  );
}

/** A usage bar with its percentage; orange from 70 %, red from 90 %. */
export function UsageBar({ pct, label }: { pct: number; label?: string }) {
  const v = Math.min(Math.max(pct, 0), 100);
  return (
    <span class="xt-usage" title={label}>
      <span class="xt-usage-track">
        <span class={cx('xt-usage-fill', v >= 90 ? 'xt-usage-danger' : v >= 70 && 'xt-usage-warn')} style={`width:${v}%`} />
      </span>
      <span class="xt-usage-text">{`${Math.round(v * 10) / 10}%`}</span>
      {label && <span class="xt-muted"> {label}</span>}
    </span>
  );
}

/** Big-number tiles above a screen's tables. */
export function Stats({ items }: { items: { label: string; value: Child; hint?: string }[] }) {
  return (
    <div class="xt-monitor-stats">
      {items.map((s) => (
        <div class="xt-monitor-stat" data-stat={s.label}>
          <div class="xt-monitor-stat-label">{s.label}</div>
          <div class="xt-monitor-stat-value">{s.value}</div>
          {s.hint && <div class="xt-muted xt-monitor-stat-hint">{s.hint}</div>}
        </div>
      ))}
    </div>
  );
}

/** A titled card holding a small bordered table of cells. */
export function SimpleTable({ title, head, rows, empty }: { title: string; head: string[]; rows: Child[][]; empty?: string }) {
  return (
    <Card class="xt-card xt-monitor-card" title={title}>
      <CellTable size="small" head={head} rows={rows} empty={empty} />
    </Card>
  );
}

export function MonitorError({ message }: { message: string }) {
  return (
    <div class="xt-monitor-alert">
      <Alert type="error">{message}</Alert>
    </div>
  );
}
