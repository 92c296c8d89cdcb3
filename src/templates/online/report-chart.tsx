// The chart of a report's screen: which chart (柱状图 / 折线图 / 饼图 / 不显示), the category column and the value
// columns are chosen in a small GET form whose choices live in the URL (`chart.type`, `chart.x`, `chart.y`), so a
// menu entry or a bookmark can name them; the chart itself is the shared server-rendered SVG (templates/charts.tsx).
import type { Query } from '../../server/resources/url-state.js';
import { BarChart, LineChart, PieChart, type Series } from '../charts.js';
import { Button, cx } from '../antd.js';

export type ChartType = 'bar' | 'line' | 'pie' | 'none';
export const CHART_KEYS = { type: 'chart.type', x: 'chart.x', y: 'chart.y' } as const;
const TYPES: { value: ChartType; label: string }[] = [
  { value: 'bar', label: '柱状图' },
  { value: 'line', label: '折线图' },
  { value: 'pie', label: '饼图' },
  { value: 'none', label: '不显示' },
];
const COLORS = ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16'];

export interface ChartChoice {
  type: ChartType;
  x?: string;
  y: string[];
}

export interface ReportChartProps {
  route: string;
  /** The list's state beside the chart's own keys, kept by the chart form. */
  state: Query;
  columns: { key: string; title: string; dict?: string }[];
  /** Columns whose values are numbers (the value choices). */
  numeric: string[];
  choice: ChartChoice;
  rows: Record<string, unknown>[];
  /** Rows the search found (the chart draws at most `rows.length` of them). */
  total: number;
  title: string;
}

const toNumber = (v: unknown) => {
  const n = typeof v === 'number' ? v : Number(String(v ?? '').trim());
  return Number.isFinite(n) ? n : 0;
};

/** Categories and one series per value column; rows with the same category are added up. */
function chartData(rows: Record<string, unknown>[], x: { key: string; dict?: string }, ys: { key: string; title: string }[]) {
  const categories: string[] = [];
  const sums = new Map<string, number[]>();
  for (const r of rows) {
    const raw = x.dict ? (r[`${x.key}_dictText`] ?? r[x.key]) : r[x.key];
    const cat = raw === null || raw === undefined || raw === '' ? '（空）' : String(raw);
    if (!sums.has(cat)) {
      categories.push(cat);
      sums.set(cat, ys.map(() => 0));
    }
    const acc = sums.get(cat)!;
    ys.forEach((y, i) => (acc[i] += toNumber(r[y.key])));
  }
  const series: Series[] = ys.map((y, i) => ({ label: y.title, color: COLORS[i % COLORS.length], values: categories.map((cat) => sums.get(cat)![i]) }));
  return { categories, series };
}

export function ReportChart(p: ReportChartProps) {
  const keep = Object.entries(p.state).filter(([k]) => !Object.values(CHART_KEYS).includes(k as never) && k !== 'pageNo');
  const xCol = p.columns.find((c) => c.key === p.choice.x);
  const yCols = p.columns.filter((c) => p.choice.y.includes(c.key));
  const { categories, series } = xCol && yCols.length ? chartData(p.rows, xCol, yCols) : { categories: [], series: [] };
  const empty = xCol && yCols.length ? '没有可以画图的数据' : '请选择分类列和至少一个数值列';
  const title = `${p.title}${xCol && yCols.length ? `：按${xCol.title}的${yCols.map((c) => c.title).join('、')}` : ''}`;
  return (
    <section class="xt-report-chart" aria-label="图表">
      <link rel="stylesheet" href="/static/css/report.css" />
      <link rel="stylesheet" href="/static/css/online.css" />
      <form class="ant-form ant-form-inline app ant-form-css-var xt-query xt-chart-form" method="get" action={p.route} hx-get={p.route} hx-target="#content" hx-push-url="true" aria-label="图表设置">
        {keep.map(([k, v]) => (
          <input type="hidden" name={k} value={v} />
        ))}
        <div class="ant-form-item app ant-form-css-var xt-query-item">
          <label for="chart-type" class="xt-query-label">图表类型</label>
          <select id="chart-type" name={CHART_KEYS.type} class="xt-native-select">
            {TYPES.map((t) => (
              <option value={t.value} selected={p.choice.type === t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div class="ant-form-item app ant-form-css-var xt-query-item">
          <label for="chart-x" class="xt-query-label">分类列</label>
          <select id="chart-x" name={CHART_KEYS.x} class="xt-native-select">
            {p.columns.map((c) => (
              <option value={c.key} selected={p.choice.x === c.key}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
        <div class="xt-chart-values" role="group" aria-labelledby="chart-y-label">
          <span id="chart-y-label" class="xt-query-label">数值列</span>
          {p.numeric.length === 0 && <span class="xt-muted">报表没有数值列</span>}
          {p.columns
            .filter((c) => p.numeric.includes(c.key))
            .map((c) => (
              <label class="ant-checkbox-wrapper app ant-checkbox-css-var">
                <span class="ant-checkbox">
                  <input class="ant-checkbox-input" type="checkbox" name={CHART_KEYS.y} value={c.key} checked={p.choice.y.includes(c.key)} />
                  <span class="ant-checkbox-inner" />
                </span>
                <span class="ant-checkbox-label">{c.title}</span>
              </label>
            ))}
        </div>
        <span class="xt-query-buttons">
          <Button type="primary" htmlType="submit">画图</Button>
        </span>
      </form>
      {p.choice.type !== 'none' && (
        <div class={cx('xt-report-chart-body', `xt-report-chart-${p.choice.type}`)}>
          {p.choice.type === 'pie' ? (
            <PieChart id="report-chart" title={title} slices={categories.map((cat, i) => ({ label: cat, value: series[0]?.values[i] ?? 0, color: COLORS[i % COLORS.length] }))} empty={empty} />
          ) : p.choice.type === 'line' ? (
            <LineChart id="report-chart" title={title} categories={categories} series={series} empty={empty} />
          ) : (
            <BarChart id="report-chart" title={title} categories={categories} series={series} empty={empty} />
          )}
          {p.total > p.rows.length && <p class="xt-muted">图表显示前{p.rows.length}行（共{p.total}行）</p>}
          {p.choice.type === 'pie' && yCols.length > 1 && <p class="xt-muted">饼图只显示第一个数值列（{yCols[0].title}）</p>}
        </div>
      )}
    </section>
  );
}
