// What the 系统监控 screens show about the machine and the process: 服务器信息 (OS, CPU, memory, uptime,
// load), the Node.js runtime in place of the anchor's JVM信息 (heap, event-loop delay, GC, versions), and
// 磁盘监控 (DATA_DIR, the database and the free space of their file system). All from node:os,
// node:perf_hooks, node:v8 and fs.statfs.
import type { SystemInfo, RuntimeInfo, DiskInfo } from '../contracts/monitor.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance as perf, PerformanceObserver, type IntervalHistogram } from 'node:perf_hooks';
import v8 from 'node:v8';

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

// CPU usage is the change since the previous reading (or since the process started).
let lastCpu = { at: performance.now(), usage: process.cpuUsage(), times: os.cpus().map((c) => c.times) };

function cpuUsage() {
  const now = performance.now();
  const usage = process.cpuUsage();
  const times = os.cpus().map((c) => c.times);
  const elapsedUs = Math.max((now - lastCpu.at) * 1000, 1);
  const processPct = ((usage.user - lastCpu.usage.user + usage.system - lastCpu.usage.system) / elapsedUs / Math.max(times.length, 1)) * 100;
  let busy = 0;
  let total = 0;
  times.forEach((t, i) => {
    const p = lastCpu.times[i] ?? { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 };
    const d = { user: t.user - p.user, nice: t.nice - p.nice, sys: t.sys - p.sys, idle: t.idle - p.idle, irq: t.irq - p.irq };
    busy += d.user + d.nice + d.sys + d.irq;
    total += d.user + d.nice + d.sys + d.irq + d.idle;
  });
  lastCpu = { at: now, usage, times };
  return { system: total > 0 ? round((busy / total) * 100) : 0, process: round(Math.min(Math.max(processPct, 0), 100)) };
}


export function systemInfo(): SystemInfo {
  const cpus = os.cpus();
  const cpu = cpuUsage();
  const total = os.totalmem();
  const free = os.freemem();
  const [l1, l5, l15] = os.loadavg();
  return {
    hostname: os.hostname(),
    os: { platform: process.platform, type: os.type(), release: os.release(), arch: os.arch(), version: typeof os.version === 'function' ? os.version() : '' },
    cpu: { model: cpus[0]?.model?.trim() ?? '', count: cpus.length, speedMHz: cpus[0]?.speed ?? 0, usagePct: cpu.system, processUsagePct: cpu.process },
    memory: { total, free, used: total - free, usedPct: round(((total - free) / total) * 100) },
    load: { '1m': round(l1, 2), '5m': round(l5, 2), '15m': round(l15, 2) },
    uptime: { systemSeconds: Math.round(os.uptime()), processSeconds: Math.round(process.uptime()), processStartTime: Math.round(Date.now() - process.uptime() * 1000) },
    process: { pid: process.pid, cwd: process.cwd(), rss: process.memoryUsage.rss() },
    serverTime: Date.now(),
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

// Event-loop delay and GC are watched from process start (main.ts) or the first reading, for the process's life.
let loopDelay: IntervalHistogram | null = null;
/** The sampling timer's interval; the histogram holds whole intervals, so the delay is what exceeds it. */
const LOOP_RESOLUTION_MS = 20;
const gc = { count: 0, totalMs: 0, maxMs: 0, byKind: {} as Record<string, { count: number; totalMs: number }>, since: 0 };
const GC_KINDS: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };

/** Starts sampling the event-loop delay and observing GC (idempotent; a timer and an observer, both cheap). */
export function startRuntimeWatch() {
  if (loopDelay) return;
  loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loopDelay.enable();
  gc.since = Date.now();
  try {
    const obs = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const detail = (e as unknown as { detail?: { kind?: number } }).detail;
        const kind = GC_KINDS[detail?.kind ?? 0] ?? 'other';
        gc.count++;
        gc.totalMs += e.duration;
        gc.maxMs = Math.max(gc.maxMs, e.duration);
        const k = (gc.byKind[kind] ??= { count: 0, totalMs: 0 });
        k.count++;
        k.totalMs += e.duration;
      }
    });
    obs.observe({ entryTypes: ['gc'] });
  } catch {
    /* no gc entries on this runtime: the counts stay 0 */
  }
}


let lastElu = perf.eventLoopUtilization();

export function runtimeInfo(): RuntimeInfo {
  startRuntimeWatch();
  const m = process.memoryUsage();
  const h = v8.getHeapStatistics();
  const ms = (ns: number) => (Number.isFinite(ns) ? round(Math.max(ns / 1e6 - LOOP_RESOLUTION_MS, 0), 2) : 0);
  const d = loopDelay!;
  const elu = perf.eventLoopUtilization(lastElu);
  lastElu = perf.eventLoopUtilization();
  const resources: Record<string, number> = {};
  const getResources = (process as unknown as { getActiveResourcesInfo?: () => string[] }).getActiveResourcesInfo;
  for (const r of getResources ? getResources.call(process) : []) resources[r] = (resources[r] ?? 0) + 1;
  return {
    versions: { node: process.versions.node, v8: process.versions.v8, uv: process.versions.uv ?? '', openssl: process.versions.openssl ?? '', modules: process.versions.modules ?? '' },
    execArgv: process.execArgv.slice(0, 20),
    memory: { rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers },
    heap: {
      limit: h.heap_size_limit,
      totalAvailable: h.total_available_size,
      usedPct: round((h.used_heap_size / h.heap_size_limit) * 100),
      spaces: v8.getHeapSpaceStatistics().map((s) => ({ name: s.space_name, size: s.space_size, used: s.space_used_size })),
    },
    eventLoop: {
      minMs: d.count ? ms(d.min) : 0,
      meanMs: d.count ? ms(d.mean) : 0,
      p50Ms: d.count ? ms(d.percentile(50)) : 0,
      p99Ms: d.count ? ms(d.percentile(99)) : 0,
      maxMs: d.count ? ms(d.max) : 0,
      samples: d.count,
      sinceMs: Date.now() - gc.since,
      utilization: round(elu.utilization * 100),
    },
    gc: { count: gc.count, totalMs: round(gc.totalMs), maxMs: round(gc.maxMs, 2), byKind: Object.fromEntries(Object.entries(gc.byKind).map(([k, v]) => [k, { count: v.count, totalMs: round(v.totalMs) }])) },
    handles: { activeResources: resources },
    uptimeSeconds: Math.round(process.uptime()),
  };
}


const WALK_LIMIT = 200_000;
let sizeCache: { dir: string; at: number; bytes: number; files: number; partial: boolean } | null = null;
const SIZE_TTL_MS = 60_000;

/** Total size of the files under `dir`, cached a minute (the walk touches every file). */
async function dirSize(dir: string): Promise<{ bytes: number; files: number; partial: boolean }> {
  if (sizeCache && sizeCache.dir === dir && Date.now() - sizeCache.at < SIZE_TTL_MS) return sizeCache;
  let bytes = 0;
  let files = 0;
  let seen = 0;
  const stack = [dir];
  while (stack.length && seen < WALK_LIMIT) {
    const d = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(d, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (++seen > WALK_LIMIT) break;
      const p = path.join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.isFile()) {
        try {
          bytes += (await fs.promises.stat(p)).size;
          files++;
        } catch {
          /* removed meanwhile */
        }
      }
    }
  }
  sizeCache = { dir, at: Date.now(), bytes, files, partial: seen >= WALK_LIMIT };
  return sizeCache;
}

/** The free space of the file system holding `dir` (null where statfs is not available). */
async function fileSystemOf(dir: string): Promise<DiskInfo['fileSystem']> {
  try {
    const s = await fs.promises.statfs(dir);
    const total = s.blocks * s.bsize;
    const free = s.bfree * s.bsize;
    const available = s.bavail * s.bsize;
    const used = total - free;
    return { total, free, available, used, usedPct: total ? round((used / total) * 100) : 0 };
  } catch {
    return null;
  }
}

/**
 * DATA_DIR's size and file system, and where the stored files are (kind and location, never a secret). A bucket is
 * not listed here: its size is the provider's figure, and listing it on every page load would cost requests.
 */
export async function diskInfo(o: { dataDir: string; storage: DiskInfo['storage']; dialect: string; databaseBytes: number | null }): Promise<DiskInfo> {
  const [size, fileSystem] = await Promise.all([dirSize(o.dataDir), fileSystemOf(o.dataDir)]);
  return {
    dataDir: o.dataDir,
    storage: { kind: o.storage.kind, location: o.storage.location },
    dataDirBytes: size.bytes,
    dataDirFiles: size.files,
    dataDirPartial: size.partial,
    database: { dialect: o.dialect, bytes: o.databaseBytes },
    fileSystem,
    measuredAt: Date.now(),
  };
}
