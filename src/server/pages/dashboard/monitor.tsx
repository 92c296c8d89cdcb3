// 监控页 (/dashboard/monitor): the health summary, refreshed live, linking to 系统监控's pages.
import type { Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { Card, Tag } from '../../../templates/antd.js';
import { navAttrs } from '../../../templates/list/list-view.js';
import { formatBytes, formatDuration, formatNumber, LivePanel, MonitorError, Stats } from '../../../templates/monitor.js';
import { monitorApi, type DiskInfo, type Health, type HttpStats, type RuntimeInfo, type SystemInfo } from '../../contracts/monitor.js';
import { DASHBOARD_ROUTES } from '../../resources/dashboards.js';
import { MONITOR_ROUTES } from '../../resources/monitor.js';
import type { PageEnv } from '../context.js';
import { shellPage } from '../shell-page.js';
import { MiniTable, Styles } from './shared.js';

const STATUS_TAG: Record<string, { color: string; text: string }> = {
  UP: { color: 'green', text: '正常' },
  DOWN: { color: 'red', text: '异常' },
  UNKNOWN: { color: 'default', text: '未配置' },
};
const StatusTag = ({ status }: { status: string }) => <Tag color={STATUS_TAG[status]?.color ?? 'default'}>{STATUS_TAG[status]?.text ?? status}</Tag>;

interface MonitorReadings {
  health: Health | null;
  system: SystemInfo | null;
  runtime: RuntimeInfo | null;
  http: HttpStats | null;
  disk: DiskInfo | null;
  errors: string[];
}

function MonitorView({ m }: { m: MonitorReadings }) {
  const { health, system, runtime, http, disk } = m;
  const errorRate = http && http.total ? Math.round((http.errors / http.total) * 10000) / 100 : 0;
  const fs = disk?.fileSystem ?? null;
  const rows: [string, Child, Child, string][] = [
    ['数据库', health ? <StatusTag status={health.components.db.status} /> : '—', health ? `${health.components.db.details.database}，响应 ${health.components.db.details.latencyMs} ms${health.components.db.details.error ? `：${health.components.db.details.error}` : ''}` : '—', MONITOR_ROUTES.disk],
    [
      'Redis',
      health ? <StatusTag status={health.components.redis.status} /> : '—',
      health
        ? health.components.redis.details.configured
          ? `${health.components.redis.details.server ?? ''}${health.components.redis.details.version ? `，版本 ${health.components.redis.details.version}` : ''}，响应 ${health.components.redis.details.latencyMs ?? 0} ms${health.components.redis.details.error ? `：${health.components.redis.details.error}` : ''}`
          : '未配置 REDIS_URL，通知推送与登录限制在本进程内完成'
        : '—',
      MONITOR_ROUTES.redis,
    ],
    ['服务器', system ? <StatusTag status="UP" /> : '—', system ? `CPU ${system.cpu.usagePct}%，内存 ${system.memory.usedPct}%，负载 ${system.load['1m']}` : '—', MONITOR_ROUTES.system],
    ['Node.js', runtime ? <StatusTag status="UP" /> : '—', runtime ? `堆内存 ${formatBytes(runtime.memory.heapUsed)} / ${formatBytes(runtime.heap.limit)}，事件循环 P99 ${runtime.eventLoop.p99Ms} ms` : '—', MONITOR_ROUTES.runtime],
    ['HTTP服务', http ? <StatusTag status={errorRate >= 5 ? 'DOWN' : 'UP'} /> : '—', http ? `${formatNumber(http.total)} 个请求，5xx ${formatNumber(http.errors)}（${errorRate}%），平均 ${http.latency.meanMs} ms，P95 ≤ ${http.latency.p95} ms` : '—', MONITOR_ROUTES.http],
    ['磁盘', fs ? <StatusTag status={fs.usedPct >= 90 ? 'DOWN' : 'UP'} /> : '—', fs ? `已用 ${fs.usedPct}%，可用 ${formatBytes(fs.available)} / ${formatBytes(fs.total)}；数据库 ${formatBytes(disk?.database.bytes)}` : '—', MONITOR_ROUTES.disk],
  ];
  return (
    <>
      {m.errors.map((e) => (
        <MonitorError message={e} />
      ))}
      <Stats
        items={[
          { label: '服务状态', value: health ? <StatusTag status={health.status} /> : '—' },
          { label: '运行时长', value: system ? formatDuration(system.uptime.processSeconds) : '—' },
          { label: '进程内存（RSS）', value: runtime ? formatBytes(runtime.memory.rss) : '—', hint: system ? `系统内存已用 ${system.memory.usedPct}%` : undefined },
          { label: '事件循环延迟 P99', value: runtime ? `${runtime.eventLoop.p99Ms} ms` : '—', hint: runtime ? `平均 ${runtime.eventLoop.meanMs} ms` : undefined },
          { label: 'HTTP 错误率（5xx）', value: http ? `${errorRate}%` : '—', hint: http ? `共 ${formatNumber(http.total)} 个请求` : undefined },
          { label: '平均响应时间', value: http ? `${http.latency.meanMs} ms` : '—', hint: http ? `P95 ≤ ${http.latency.p95} ms` : undefined },
          { label: '数据库', value: health ? <StatusTag status={health.components.db.status} /> : '—', hint: health ? `${health.components.db.details.latencyMs} ms` : undefined },
          { label: '磁盘使用率', value: fs ? `${fs.usedPct}%` : '—', hint: fs ? `可用 ${formatBytes(fs.available)}` : undefined },
        ]}
      />
      <Card class="xt-card xt-monitor-card" title="各项状态">
        <MiniTable
          id="xt-health"
          head={['项目', '状态', '说明', '详情']}
          empty="暂无数据"
          rows={rows.map(([name, status, text, href]) => [name, status, text, <a {...navAttrs(href)}>查看</a>])}
        />
      </Card>
    </>
  );
}

export function registerMonitorPage(app: Hono<PageEnv>) {
  app.get(DASHBOARD_ROUTES.monitor, (c) =>
    shellPage(c, { current: DASHBOARD_ROUTES.monitor, title: '监控页' }, async () => {
      const up = c.get('upstream');
      const [health, system, runtime, http, disk] = await Promise.all([
        up.send(monitorApi.health),
        up.send(monitorApi.system),
        up.send(monitorApi.runtime),
        up.send(monitorApi.http),
        up.send(monitorApi.disk),
      ]);
      const value = <T,>(r: { body: { success: boolean; result: T } }) => (r.body.success ? r.body.result : null);
      const errors = [...new Set([health, system, runtime, http, disk].filter((r) => !r.body.success).map((r) => r.body.message || '读取失败'))];
      return (
        <div class="xt-dash xt-dash-monitor">
          <Styles />
          <LivePanel route={DASHBOARD_ROUTES.monitor} seconds={10} readAt={Date.now()}>
            <MonitorView m={{ health: value(health), system: value(system), runtime: value(runtime), http: value(http), disk: value(disk), errors }} />
          </LivePanel>
        </div>
      );
    }),
  );
}
