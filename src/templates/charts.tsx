// Small server-rendered charts (no chart library in the browser): a pie, a multi-series line chart, grouped
// bars (SVG) and a ranking of horizontal bars (HTML, so long names wrap).
// Each is an <svg role="img"> with a <title> and a <desc> naming every value, the values also drawn as text,
// and a legend in HTML, so screen readers and print get the numbers, not only the shapes.
import type { Child } from 'hono/jsx';

export interface Slice {
  label: string;
  value: number;
  /** CSS colour. */
  color: string;
}

export interface Series {
  label: string;
  color: string;
  values: number[];
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** The value axis of a chart drawn `plotH` high from `top`: its ticks and the y of a value. */
function valueScale(values: number[], top: number, plotH: number) {
  const { top: yTop, step } = niceScale(Math.max(0, ...values));
  const ticks: number[] = [];
  for (let v = 0; v <= yTop + 1e-9; v += step) ticks.push(v);
  return { ticks, y: (v: number) => top + plotH - (plotH * v) / yTop };
}

/** Horizontal grid lines from x `from` to `to`, each with its value on the left axis. */
function GridLines({ ticks, y, from, to }: { ticks: number[]; y: (v: number) => number; from: number; to: number }) {
  return (
    <>
      {ticks.map((v) => (
        <g>
          <line x1={from} x2={to} y1={y(v)} y2={y(v)} class="xt-chart-grid" />
          <text x={from - 6} y={y(v)} text-anchor="end" dominant-baseline="middle" class="xt-chart-axis">
            {fmt(v)}
          </text>
        </g>
      ))}
    </>
  );
}

/** Every value in words, per category (the chart's <desc>). */
const seriesDesc = (categories: string[], series: Series[]) =>
  categories.map((cat, i) => `${cat}：${series.map((s) => `${s.label} ${fmt(s.values[i] ?? 0)}`).join('，')}`).join('；');

function Legend({ items }: { items: { label: string; color: string; value?: Child }[] }) {
  return (
    <ul class="xt-chart-legend">
      {items.map((i) => (
        <li>
          <span class="xt-chart-swatch" style={`background:${i.color}`} aria-hidden="true" />
          {i.label}
          {i.value !== undefined && <span class="xt-chart-legend-value">{i.value}</span>}
        </li>
      ))}
    </ul>
  );
}

/** A pie of the slices; `empty` is shown instead when every value is 0. */
export function PieChart({ id, title, slices, empty }: { id: string; title: string; slices: Slice[]; empty: string }) {
  const total = slices.reduce((s, x) => s + Math.max(0, x.value), 0);
  if (total <= 0) return <p class="xt-chart-empty">{empty}</p>;
  const r = 80;
  const cx = 100;
  const cy = 100;
  let angle = -Math.PI / 2;
  const desc = slices.map((s) => `${s.label} ${fmt(s.value)}（${Math.round((s.value / total) * 100)}%）`).join('，');
  const shapes: Child[] = [];
  const labels: Child[] = [];
  for (const s of slices) {
    if (s.value <= 0) continue;
    const share = s.value / total;
    const sweep = share * Math.PI * 2;
    if (share >= 0.9999) {
      shapes.push(<circle cx={cx} cy={cy} r={r} fill={s.color} />);
    } else {
      const x1 = cx + r * Math.cos(angle);
      const y1 = cy + r * Math.sin(angle);
      const x2 = cx + r * Math.cos(angle + sweep);
      const y2 = cy + r * Math.sin(angle + sweep);
      const large = sweep > Math.PI ? 1 : 0;
      shapes.push(<path d={`M${cx},${cy} L${x1.toFixed(2)},${y1.toFixed(2)} A${r},${r} 0 ${large} 1 ${x2.toFixed(2)},${y2.toFixed(2)} Z`} fill={s.color} stroke="#fff" stroke-width="1" />);
    }
    // The share written on the slice when it is wide enough to hold it.
    if (share >= 0.08) {
      const mid = angle + sweep / 2;
      labels.push(
        <text x={(cx + r * 0.6 * Math.cos(mid)).toFixed(1)} y={(cy + r * 0.6 * Math.sin(mid)).toFixed(1)} text-anchor="middle" dominant-baseline="middle" class="xt-chart-slice-label">
          {`${Math.round(share * 100)}%`}
        </text>,
      );
    }
    angle += sweep;
  }
  return (
    <figure class="xt-chart xt-chart-pie">
      <svg viewBox="0 0 200 200" role="img" aria-labelledby={`${id}-t ${id}-d`} class="xt-chart-svg xt-chart-svg-pie">
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{desc}</desc>
        {shapes}
        {labels}
      </svg>
      <Legend items={slices.map((s) => ({ label: s.label, color: s.color, value: fmt(s.value) }))} />
    </figure>
  );
}

/** A rounded-up axis maximum with about four ticks (1, 2, 5 × 10ⁿ steps). */
function niceScale(max: number): { top: number; step: number } {
  if (max <= 0) return { top: 4, step: 1 };
  const raw = max / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const safe = Math.max(1, step);
  return { top: Math.ceil(max / safe) * safe, step: safe };
}

/** Lines over the categories (e.g. months); `empty` is shown when there is no category. */
export function LineChart({ id, title, categories, series, empty }: { id: string; title: string; categories: string[]; series: Series[]; empty: string }) {
  if (!categories.length) return <p class="xt-chart-empty">{empty}</p>;
  const W = 640;
  const H = 260;
  const left = 44;
  const right = 24;
  const top = 16;
  const bottom = 36;
  const plotW = W - left - right;
  const plotH = H - top - bottom;
  const { ticks, y } = valueScale(series.flatMap((s) => s.values), top, plotH);
  const x = (i: number) => left + (categories.length === 1 ? plotW / 2 : (plotW * i) / (categories.length - 1));
  const desc = seriesDesc(categories, series);
  return (
    <figure class="xt-chart xt-chart-line">
      {/* On a phone the chart keeps a readable size and scrolls sideways inside its card. */}
      <div class="xt-chart-scroll">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`} class="xt-chart-svg">
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{desc}</desc>
        <GridLines ticks={ticks} y={y} from={left} to={W - right} />
        {categories.map((cat, i) => (
          // The end labels lean inwards so they are never cut at the edges.
          <text x={x(i)} y={H - bottom + 18} text-anchor={categories.length > 1 && i === 0 ? 'start' : categories.length > 1 && i === categories.length - 1 ? 'end' : 'middle'} class="xt-chart-axis">
            {cat}
          </text>
        ))}
        {series.map((s) => (
          <g>
            {s.values.length > 1 && <polyline points={s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')} fill="none" stroke={s.color} stroke-width="2" />}
            {s.values.map((v, i) => (
              <g>
                <circle cx={x(i)} cy={y(v)} r="3.5" fill="#fff" stroke={s.color} stroke-width="2" />
                <text x={x(i)} y={y(v) - 8} text-anchor="middle" class="xt-chart-value" fill={s.color}>
                  {fmt(v)}
                </text>
              </g>
            ))}
          </g>
        ))}
      </svg>
      </div>
      <Legend items={series.map((s) => ({ label: s.label, color: s.color }))} />
    </figure>
  );
}

/**
 * Grouped vertical bars over the categories (e.g. the days of a month). With many categories only every few
 * labels are written under the axis and the values are left to the description and a hover title per bar.
 */
export function BarChart({ id, title, categories, series, empty }: { id: string; title: string; categories: string[]; series: Series[]; empty: string }) {
  if (!categories.length || !series.length) return <p class="xt-chart-empty">{empty}</p>;
  const W = 640;
  const H = 260;
  const left = 44;
  const right = 12;
  const top = 16;
  const bottom = 36;
  const plotW = W - left - right;
  const plotH = H - top - bottom;
  const { ticks, y } = valueScale(series.flatMap((s) => s.values), top, plotH);
  const band = plotW / categories.length;
  const gap = Math.min(band * 0.2, 8);
  const barW = Math.max(1, (band - gap) / series.length);
  // About eight labels at most under the axis; the last category (e.g. today) always has one.
  const every = Math.max(1, Math.ceil(categories.length / 8));
  const labelled = (i: number) => (categories.length - 1 - i) % every === 0;
  const showValues = categories.length * series.length <= 24;
  const desc = seriesDesc(categories, series);
  return (
    <figure class="xt-chart xt-chart-bar">
      <div class="xt-chart-scroll">
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`} class="xt-chart-svg">
          <title id={`${id}-t`}>{title}</title>
          <desc id={`${id}-d`}>{desc}</desc>
          <GridLines ticks={ticks} y={y} from={left} to={W - right} />
          {categories.map((cat, i) => {
            const x0 = left + band * i + gap / 2;
            return (
              <g>
                {series.map((s, k) => {
                  const v = s.values[i] ?? 0;
                  const x = x0 + barW * k;
                  return (
                    <g>
                      <rect x={x.toFixed(1)} y={y(v).toFixed(1)} width={barW.toFixed(1)} height={(top + plotH - y(v)).toFixed(1)} fill={s.color}>
                        <title>{`${cat} ${s.label} ${fmt(v)}`}</title>
                      </rect>
                      {showValues && v > 0 && (
                        <text x={(x + barW / 2).toFixed(1)} y={(y(v) - 4).toFixed(1)} text-anchor="middle" class="xt-chart-value" fill={s.color}>
                          {fmt(v)}
                        </text>
                      )}
                    </g>
                  );
                })}
                {labelled(i) && (
                  <text x={(left + band * i + band / 2).toFixed(1)} y={H - bottom + 18} text-anchor={i === 0 ? 'start' : i === categories.length - 1 ? 'end' : 'middle'} class="xt-chart-axis">
                    {cat}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <Legend items={series.map((s) => ({ label: s.label, color: s.color, value: fmt(s.values.reduce((a, b) => a + b, 0)) }))} />
    </figure>
  );
}

/**
 * A ranking as horizontal bars (e.g. the classes with the most works): each row its label, a bar per series
 * and the values written beside them. HTML rows rather than SVG, so long Chinese names wrap on a phone.
 */
export function RankBars({ id, title, rows, series, empty }: { id: string; title: string; rows: { label: string; values: number[] }[]; series: { label: string; color: string }[]; empty: string }) {
  if (!rows.length) return <p class="xt-chart-empty">{empty}</p>;
  const max = Math.max(1, ...rows.flatMap((r) => r.values));
  return (
    <figure class="xt-chart xt-chart-rank" aria-labelledby={`${id}-t`}>
      <figcaption id={`${id}-t`} class="xt-sr">
        {title}
      </figcaption>
      <ol class="xt-rank">
        {rows.map((r) => (
          <li class="xt-rank-row">
            <span class="xt-rank-label">{r.label}</span>
            <span class="xt-rank-bars">
              {series.map((s, k) => (
                <span class="xt-rank-bar">
                  <span class="xt-rank-track" aria-hidden="true">
                    <span class="xt-rank-fill" style={`width:${((Math.max(0, r.values[k] ?? 0) / max) * 100).toFixed(1)}%;background:${s.color}`} />
                  </span>
                  <span class="xt-rank-value">
                    <span class="xt-sr">{s.label} </span>
                    {fmt(r.values[k] ?? 0)}
                  </span>
                </span>
              ))}
            </span>
          </li>
        ))}
      </ol>
      <Legend items={series.map((s) => ({ label: s.label, color: s.color }))} />
    </figure>
  );
}
