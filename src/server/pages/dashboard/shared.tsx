// The dashboards' shared parts: a KPI tile, the stylesheets, a bordered cell table and the short time format.
import type { Child } from 'hono/jsx';
import { CellTable } from '../../../templates/antd.js';
import { navAttrs } from '../../../templates/list/list-view.js';

export function Kpi({ label, value, hint, href }: { label: string; value: Child; hint?: Child; href?: string }) {
  return (
    <div class="xt-kpi" data-kpi={label}>
      <div class="xt-kpi-label">{label}</div>
      <div class="xt-kpi-value">{href ? <a {...navAttrs(href)}>{value}</a> : value}</div>
      {hint !== undefined && <div class="xt-kpi-hint">{hint}</div>}
    </div>
  );
}

export const Styles = () => (
  <>
    <link rel="stylesheet" href="/static/css/report.css" />
    <link rel="stylesheet" href="/static/css/dashboard.css" />
  </>
);

/** A bordered table of cells with an empty-state row (the shared CellTable), under an optional anchor id. */
export function MiniTable({ id, ...table }: { head: string[]; rows: Child[][]; empty: string; id?: string }) {
  return (
    <div id={id}>
      <CellTable {...table} />
    </div>
  );
}

export const shortTime = (t: string) => t.slice(5, 16);
