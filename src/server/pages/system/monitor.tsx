// 系统监控 (admin-only: the menu is the admin's, the API refuses everyone else): 服务器信息, Node.js信息 (the
// anchor's JVM信息 entry), HTTP服务 (its Tomcat信息 entry), Redis监控, 磁盘监控 — each a live panel that refreshes
// itself — and two declared lists: 请求追踪 and 在线用户 with 强制退出 (confirmation, then the session ends at
// once, its websocket included). Data through the upstream client only.
import type { Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { MONITOR_ROUTES, onlineList, traceDetail, traceList } from '../../resources/monitor.js';
import { monitorApi, type DiskInfo, type HttpStats, type RedisOverview, type RuntimeInfo, type SystemInfo } from '../../contracts/monitor.js';
import type { Endpoint, Query } from '../../contracts/endpoint.js';
import { Alert, Card, Tag } from '../../../templates/antd.js';
import { FormView } from '../../../templates/list/form-view.js';
import {
  formatBytes,
  formatDuration,
  formatNumber,
  formatTime,
  InfoTable,
  LivePanel,
  MonitorError,
  SimpleTable,
  Stats,
  UsageBar,
} from '../../../templates/monitor.js';
import type { PageEnv } from '../context.js';
import { backToList, registerListPage } from '../list-page.js';
import { setFlash } from '../flash.js';
import { shellPage } from '../shell-page.js';
import { askConfirmation, unlessConfirmed, type Ask } from '../confirm.js';
import { dialogPage } from '../dialog-page.js';
import { safeLocalPath } from '../safe-path.js';

const TITLES: Record<keyof typeof MONITOR_ROUTES, string> = {
  system: '服务器信息',
  runtime: 'Node.js信息',
  http: 'HTTP服务',
  redis: 'Redis监控',
  disk: '磁盘监控',
  trace: '请求追踪',
  online: '在线用户',
};

/** A live screen: reads `endpoint`, renders it with `view` inside a panel that refreshes every `seconds`. */
function liveScreen<T>(app: Hono<PageEnv>, key: keyof typeof MONITOR_ROUTES, endpoint: Endpoint<Query, never, T>, seconds: number, view: (data: T) => Child) {
  const route = MONITOR_ROUTES[key];
  app.get(route, (c) =>
    shellPage(c, { current: route, title: TITLES[key] }, async () => {
      const res = await c.get('upstream').send(endpoint);
      return (
        <LivePanel route={route} seconds={seconds} readAt={Date.now()}>
          {res.body.success ? view(res.body.result) : <MonitorError message={res.body.message || '读取失败'} />}
        </LivePanel>
      );
    }),
  );
}

const ms = (v: number) => `${v} ms`;

function SystemView({ s }: { s: SystemInfo }) {
  return (
    <>
      <Stats
        items={[
          { label: 'CPU使用率', value: `${s.cpu.usagePct}%`, hint: `本进程 ${s.cpu.processUsagePct}%` },
          { label: '内存使用率', value: `${s.memory.usedPct}%`, hint: `${formatBytes(s.memory.used)} / ${formatBytes(s.memory.total)}` },
          { label: '系统负载（1分钟）', value: String(s.load['1m']), hint: `${s.cpu.count} 核` },
          { label: '服务运行时长', value: formatDuration(s.uptime.processSeconds) },
        ]}
      />
      <InfoTable
        title="服务器"
        id="xt-system-info"
        rows={[
          ['主机名称', s.hostname],
          ['操作系统', `${s.os.type} ${s.os.release}（${s.os.arch}）`],
          ['系统版本', s.os.version || '—'],
          ['服务器时间', `${formatTime(s.serverTime)}（${s.timezone}）`],
          ['系统运行时长', formatDuration(s.uptime.systemSeconds)],
          ['系统负载', `${s.load['1m']} / ${s.load['5m']} / ${s.load['15m']}（1 / 5 / 15 分钟）`],
        ]}
      />
      <InfoTable
        title="CPU 与内存"
        rows={[
          ['CPU型号', s.cpu.model || '—'],
          ['CPU核数', `${s.cpu.count} 核${s.cpu.speedMHz ? `，${s.cpu.speedMHz} MHz` : ''}`],
          ['CPU使用率', <UsageBar pct={s.cpu.usagePct} />],
          ['进程CPU使用率', <UsageBar pct={s.cpu.processUsagePct} />],
          ['内存总量', formatBytes(s.memory.total)],
          ['已用内存', <UsageBar pct={s.memory.usedPct} label={formatBytes(s.memory.used)} />],
          ['空闲内存', formatBytes(s.memory.free)],
          ['进程常驻内存', formatBytes(s.process.rss)],
        ]}
      />
      <InfoTable
        title="服务进程"
        rows={[
          ['进程号', String(s.process.pid)],
          ['启动时间', formatTime(s.uptime.processStartTime)],
          ['运行时长', formatDuration(s.uptime.processSeconds)],
          ['工作目录', s.process.cwd],
        ]}
      />
    </>
  );
}

function RuntimeView({ r }: { r: RuntimeInfo }) {
  const resources = Object.entries(r.handles.activeResources).sort((a, b) => b[1] - a[1]);
  return (
    <>
      <Stats
        items={[
          { label: '已用堆内存', value: formatBytes(r.memory.heapUsed), hint: `上限 ${formatBytes(r.heap.limit)}` },
          { label: '事件循环延迟 P99', value: ms(r.eventLoop.p99Ms), hint: `平均 ${r.eventLoop.meanMs} ms` },
          { label: '垃圾回收', value: `${formatNumber(r.gc.count)} 次`, hint: `累计 ${r.gc.totalMs} ms` },
          { label: 'Node.js', value: `v${r.versions.node}` },
        ]}
      />
      <InfoTable
        title="版本"
        rows={[
          ['Node.js', `v${r.versions.node}`],
          ['V8', r.versions.v8],
          ['libuv', r.versions.uv],
          ['OpenSSL', r.versions.openssl || '—'],
          ['启动参数', r.execArgv.join(' ') || '（无）'],
          ['运行时长', formatDuration(r.uptimeSeconds)],
        ]}
      />
      <InfoTable
        title="内存"
        rows={[
          ['常驻内存（RSS）', formatBytes(r.memory.rss)],
          ['堆内存上限', formatBytes(r.heap.limit)],
          ['已分配堆内存', formatBytes(r.memory.heapTotal)],
          ['已用堆内存', <UsageBar pct={r.heap.usedPct} label={formatBytes(r.memory.heapUsed)} />],
          ['堆外内存（external）', formatBytes(r.memory.external)],
          ['ArrayBuffer', formatBytes(r.memory.arrayBuffers)],
        ]}
      />
      <InfoTable
        title="事件循环"
        rows={[
          ['延迟最小值', ms(r.eventLoop.minMs)],
          ['延迟平均值', ms(r.eventLoop.meanMs)],
          ['延迟中位数（P50）', ms(r.eventLoop.p50Ms)],
          ['延迟 P99', ms(r.eventLoop.p99Ms)],
          ['延迟最大值', ms(r.eventLoop.maxMs)],
          ['利用率（自上次读取）', `${r.eventLoop.utilization}%`],
        ]}
      />
      <SimpleTable
        title="垃圾回收（自首次打开本页起）"
        head={['类型', '次数', '累计耗时']}
        rows={[
          ...Object.entries(r.gc.byKind).map(([kind, v]) => [GC_KIND_TEXT[kind] ?? kind, formatNumber(v.count), ms(v.totalMs)]),
          ['合计', formatNumber(r.gc.count), `${ms(r.gc.totalMs)}（单次最长 ${ms(r.gc.maxMs)}）`],
        ]}
      />
      <SimpleTable
        title="堆空间"
        head={['空间', '大小', '已用']}
        rows={r.heap.spaces.map((sp) => [sp.name, formatBytes(sp.size), formatBytes(sp.used)])}
      />
      <SimpleTable title="活动资源" head={['类型', '数量']} rows={resources.map(([k, n]) => [k, String(n)])} />
    </>
  );
}

const GC_KIND_TEXT: Record<string, string> = { minor: '新生代（Scavenge）', major: '老生代（Mark-Compact）', incremental: '增量标记', weakcb: '弱回调处理', other: '其他' };

function HttpView({ h }: { h: HttpStats }) {
  const errorRate = h.total ? Math.round((h.errors / h.total) * 10000) / 100 : 0;
  const lastBound = h.latency.buckets[h.latency.buckets.length - 2]?.le ?? 0;
  const share = (n: number) => `${h.total ? Math.round((n / h.total) * 1000) / 10 : 0}%`;
  const bucketRows = h.latency.buckets.filter((b) => b.count > 0).map((b) => [b.le === null ? `> ${lastBound} ms` : `≤ ${b.le} ms`, formatNumber(b.count), share(b.count)]);
  return (
    <>
      <Stats
        items={[
          { label: '请求总数', value: formatNumber(h.total), hint: `自 ${formatTime(h.startedAt)} 起` },
          { label: '处理中', value: String(h.inFlight), hint: `峰值 ${h.maxInFlight}` },
          { label: '服务器错误（5xx）', value: formatNumber(h.errors), hint: `错误率 ${errorRate}%` },
          { label: '当前连接', value: h.connections.current === null ? '—' : String(h.connections.current), hint: `WebSocket ${h.webSockets ?? '—'}` },
        ]}
      />
      <InfoTable
        title="请求"
        id="xt-http-requests"
        rows={[
          ['请求总数', formatNumber(h.total)],
          ['处理中 / 峰值', `${h.inFlight} / ${h.maxInFlight}`],
          ['2xx 成功', formatNumber(h.byClass['2xx'])],
          ['3xx 重定向', formatNumber(h.byClass['3xx'])],
          ['4xx 客户端错误', formatNumber(h.byClass['4xx'])],
          ['5xx 服务器错误', formatNumber(h.byClass['5xx'])],
        ]}
      />
      <InfoTable
        title="响应时间"
        id="xt-http-latency"
        rows={[
          ['平均', ms(h.latency.meanMs)],
          ['最长', ms(h.latency.maxMs)],
          ['P50', `≤ ${ms(h.latency.p50)}`],
          ['P90', `≤ ${ms(h.latency.p90)}`],
          ['P95', `≤ ${ms(h.latency.p95)}`],
          ['P99', `≤ ${ms(h.latency.p99)}`],
        ]}
      />
      <InfoTable
        title="连接"
        rows={[
          ['当前连接数', h.connections.current === null ? '—（未监听端口）' : String(h.connections.current)],
          ['连接峰值', String(h.connections.maxCurrent)],
          ['累计连接数', formatNumber(h.connections.total)],
          ['WebSocket 连接', h.webSockets === null ? '—' : String(h.webSockets)],
        ]}
      />
      <SimpleTable title="响应时间分布" head={['耗时', '请求数', '占比']} rows={bucketRows} empty="暂无请求" />
    </>
  );
}

function RedisView({ r }: { r: RedisOverview }) {
  if (!r.configured) {
    return (
      <Card class="xt-card xt-monitor-card" title="Redis">
        <div class="xt-monitor-alert" id="xt-redis-none">
          <Alert type="info">{r.message}</Alert>
          <p class="xt-monitor-note">设置环境变量 REDIS_URL（例如 redis://127.0.0.1:6379）并重启服务后，可在此查看 Redis 的运行信息（INFO、Key 数量与内存）。</p>
        </div>
      </Card>
    );
  }
  const get = (k: string) => r.info.find((x) => x.key === k)?.value ?? '—';
  return (
    <>
      <Stats
        items={[
          { label: 'Key 数量', value: formatNumber(r.dbSize) },
          { label: '已用内存', value: formatBytes(r.usedMemory), hint: `峰值 ${get('used_memory_peak_human')}` },
          { label: '已连接客户端', value: get('connected_clients') },
          { label: 'Redis 版本', value: get('redis_version') },
        ]}
      />
      <InfoTable
        title="概况"
        id="xt-redis-summary"
        rows={[
          ['服务器', r.server],
          ['运行模式', get('redis_mode')],
          ['运行时长', Number.isFinite(Number(get('uptime_in_seconds'))) ? formatDuration(Number(get('uptime_in_seconds'))) : '—'],
          ['每秒命令数', get('instantaneous_ops_per_sec')],
          ['命中 / 未命中', `${get('keyspace_hits')} / ${get('keyspace_misses')}`],
          ['最大内存', get('maxmemory') === '0' ? '不限制' : formatBytes(Number(get('maxmemory')))],
        ]}
      />
      <SimpleTable title="Redis 详细信息（INFO）" head={['分类', 'Key', '值', '描述']} rows={r.info.map((x) => [x.section, x.key, x.value, x.description])} />
    </>
  );
}

/** Where the stored files are, in words: the local folder, or the bucket (whose size the provider's console shows). */
const storageText = (s: DiskInfo['storage']) => (s.kind === 's3' ? `S3 对象存储 ${s.location}` : `本地目录 ${s.location}`);

function DiskView({ d }: { d: DiskInfo }) {
  const f = d.fileSystem;
  const bucket = d.storage.kind === 's3';
  return (
    <>
      <Stats
        items={[
          { label: '数据目录大小', value: formatBytes(d.dataDirBytes), hint: `${formatNumber(d.dataDirFiles)} 个文件${d.dataDirPartial ? '（未统计完）' : ''}` },
          { label: '数据库大小', value: formatBytes(d.database.bytes), hint: d.database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite' },
          { label: '磁盘可用空间', value: f ? formatBytes(f.available) : '—', hint: f ? `共 ${formatBytes(f.total)}` : undefined },
          { label: '磁盘使用率', value: f ? `${f.usedPct}%` : '—' },
        ]}
      />
      <InfoTable
        title="数据目录（DATA_DIR）"
        id="xt-disk-data"
        rows={[
          ['目录', d.dataDir],
          ['文件存储', storageText(d.storage)],
          ['占用空间', `${formatBytes(d.dataDirBytes)}（${formatNumber(d.dataDirFiles)} 个文件${d.dataDirPartial ? '，文件过多，未统计完' : ''}）`],
          ['数据库', `${d.database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}，${formatBytes(d.database.bytes)}`],
        ]}
      />
      {f ? (
        <InfoTable
          title="所在磁盘"
          id="xt-disk-fs"
          rows={[
            ['总空间', formatBytes(f.total)],
            ['已用空间', <UsageBar pct={f.usedPct} label={formatBytes(f.used)} />],
            ['可用空间', formatBytes(f.available)],
            ['空闲空间（含保留）', formatBytes(f.free)],
          ]}
        />
      ) : (
        <MonitorError message="无法读取数据目录所在磁盘的空间信息" />
      )}
      <p class="xt-monitor-note">
        数据目录大小每分钟最多统计一次。
        {bucket ? '文件保存在对象存储中，不占用本机磁盘，也不计入数据目录大小；存储桶的用量请在云服务商的控制台查看。' : ''}
      </p>
    </>
  );
}

const safeOnlineBack = (back: unknown) => safeLocalPath(back, onlineList.route, onlineList.route);

export function registerMonitorPages(app: Hono<PageEnv>) {
  liveScreen(app, 'system', monitorApi.system, 5, (s: SystemInfo) => <SystemView s={s} />);
  liveScreen(app, 'runtime', monitorApi.runtime, 5, (r: RuntimeInfo) => <RuntimeView r={r} />);
  liveScreen(app, 'http', monitorApi.http, 5, (h: HttpStats) => <HttpView h={h} />);
  liveScreen(app, 'redis', monitorApi.redis, 10, (r: RedisOverview) => <RedisView r={r} />);
  liveScreen(app, 'disk', monitorApi.disk, 30, (d: DiskInfo) => <DiskView d={d} />);

  registerListPage(app, {
    spec: traceList,
    extra: () => <p class="xt-monitor-note">仅保存本进程最近 200 条请求；令牌、密码、验证码等参数与认证头已隐藏。</p>,
  });

  // 请求追踪 → 详情: the recorded request in a dialog (a page without JavaScript).
  const safeTraceBack = (back: unknown) => safeLocalPath(back, traceList.route, traceList.route);
  app.get(`${traceList.route}/detail`, async (c) => {
    const back = safeTraceBack(c.req.query('back'));
    const res = await c.get('upstream').send(monitorApi.trace, { query: { id: c.req.query('id') ?? '' } });
    if (!res.body.success) {
      setFlash(c, { type: 'warning', text: res.body.message || '未找到该请求' });
      return backToList(c, back);
    }
    return dialogPage(c, { current: traceList.route, title: traceList.title }, (asDialog) => (
      <FormView title="请求详情" width={traceDetail.width} fields={traceDetail.fields} values={res.body.result} errors={{}} options={{}} action={traceList.route} back={back} mode="detail" hidden={{}} asDialog={asDialog} />
    ));
  });

  registerListPage(app, {
    spec: onlineList,
    cells: () => ({
      username: (r) => (
        <>
          {String(r.username ?? '')}
          {r.current === '1' && (
            <>
              {' '}
              <Tag color="green">当前会话</Tag>
            </>
          )}
        </>
      ),
    }),
  });

  // 强制退出: a confirmation page without JavaScript (htmx asks with hx-confirm), then the API call.
  const route = onlineList.route;
  const question = onlineList.rowActions.find((a) => a.key === 'forceLogout')!.confirm!;
  const ask = (id: string, back: string): Ask => ({ screen: { current: route, title: onlineList.title }, title: '强制退出', text: question, action: `${route}/forceLogout`, hidden: { id, back }, back });
  app.get(`${route}/forceLogout`, (c) => {
    const id = c.req.query('id') ?? '';
    const back = safeOnlineBack(c.req.query('back'));
    return id ? askConfirmation(c, ask(id, back)) : c.redirect(back);
  });
  app.post(`${route}/forceLogout`, async (c) => {
    const form = await c.req.parseBody();
    const id = typeof form.id === 'string' ? form.id.trim() : '';
    const back = safeOnlineBack(form.back);
    if (!id) {
      setFlash(c, { type: 'warning', text: '请选择一条记录！' });
      return backToList(c, back);
    }
    const asked = unlessConfirmed(c, form, () => ask(id, back));
    if (asked) return asked;
    const res = await c.get('upstream').send(monitorApi.forceLogout, { body: { id } });
    if (res.status === 500 && res.body.message?.startsWith('Token失效')) return c.redirect('/user/login', 303);
    setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '操作成功' : '操作失败') });
    return backToList(c, back);
  });
}
