// Spring Boot Actuator's metrics, answered with what Node.js and our HTTP server really measure, so that the
// anchor's monitor screens (服务器信息, JVM信息, Tomcat信息) show figures. Those screens ask for fixed names
// (`system.cpu.count`, `jvm.memory.used`, `tomcat.global.request` …) and read `measurements[i].value` by
// position (a timer is COUNT, TOTAL_TIME, MAX, as Micrometer orders them; times in seconds), and one missing
// name fails the whole screen, so every name they ask for is here. What each figure really is (V8's heap for
// the JVM's, the HTTP server's connections for Tomcat's sessions …) is said in its description.
import fs from 'node:fs';
import v8 from 'node:v8';
import type { ActuatorMetric } from '../contracts/monitor.js';
import type { RequestRecorder } from './recorder.js';
import { runtimeInfo, systemInfo } from './system.js';

const metric = (name: string, description: string, baseUnit: string | null, value: number | Record<string, number>): ActuatorMetric => ({
  name,
  description,
  baseUnit,
  measurements: typeof value === 'number' ? [{ statistic: 'VALUE', value }] : Object.entries(value).map(([statistic, v]) => ({ statistic, value: v })),
  availableTags: [],
});

/** The libuv thread pool's size (the workers behind file, DNS and crypto calls). */
const THREADPOOL = Math.max(Number(process.env.UV_THREADPOOL_SIZE) || 4, 1);
let peakThreads = 0;

/** The process's OS threads (Linux /proc); elsewhere the main thread and the libuv pool. */
function threadCount(): number {
  let n = 1 + THREADPOOL;
  try {
    const m = /^Threads:\s+(\d+)/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (m) n = Number(m[1]);
  } catch {
    /* not Linux */
  }
  peakThreads = Math.max(peakThreads, n);
  return n;
}

/** Open file descriptors (Linux /proc); null where the system does not say. */
function openFiles(): number | null {
  try {
    return fs.readdirSync('/proc/self/fd').length;
  } catch {
    return null;
  }
}

const seconds = (ms: number) => Math.round(ms) / 1000;

/** Every metric by name: Spring's names (system.*, process.*, jvm.*, tomcat.*), then our own (nodejs.*, http.*). */
export function actuatorMetrics(recorder: RequestRecorder): Map<string, ActuatorMetric> {
  const s = systemInfo();
  const r = runtimeInfo();
  const h = recorder.snapshot();
  const bytes = recorder.bytes();
  const heap = v8.getHeapStatistics();
  const old = r.heap.spaces.find((x) => x.name === 'old_space') ?? { size: 0, used: 0 };
  const young = r.heap.spaces.find((x) => x.name === 'new_space') ?? { size: 0, used: 0 };
  const threads = threadCount();
  const files = openFiles();
  const resources = Object.values(r.handles.activeResources).reduce((n, x) => n + x, 0);
  const requests = { COUNT: h.total, TOTAL_TIME: seconds(h.latency.totalMs), MAX: seconds(h.latency.maxMs) };
  const connections = h.connections.current ?? 0;
  const list = [
    // 服务器信息
    metric('system.cpu.count', 'CPU 核数', null, s.cpu.count),
    metric('system.cpu.usage', '系统 CPU 使用率', null, s.cpu.usagePct / 100),
    metric('system.load.average.1m', '系统 1 分钟平均负载', null, s.load['1m']),
    metric('system.memory.total', '系统内存总量', 'bytes', s.memory.total),
    metric('system.memory.free', '系统空闲内存', 'bytes', s.memory.free),
    metric('process.uptime', '进程运行时长', 'seconds', s.uptime.processSeconds),
    metric('process.start.time', '进程启动时间（Unix 秒）', 'seconds', Math.round(s.uptime.processStartTime / 1000)),
    metric('process.cpu.usage', '进程 CPU 使用率', null, s.cpu.processUsagePct / 100),
    ...(files === null ? [] : [metric('process.files.open', '进程打开的文件描述符数', 'files', files)]),
    // JVM信息: the V8 heap and the Node.js process in the JVM's places.
    metric('jvm.memory.max', 'V8 堆内存上限', 'bytes', r.heap.limit),
    metric('jvm.memory.committed', 'V8 已分配堆内存', 'bytes', r.memory.heapTotal),
    metric('jvm.memory.used', 'V8 已用堆内存', 'bytes', r.memory.heapUsed),
    metric('jvm.buffer.memory.used', '堆外内存（Buffer 与 ArrayBuffer）', 'bytes', r.memory.external),
    metric('jvm.buffer.count', '活动的 libuv 句柄与请求数', 'buffers', resources),
    metric('jvm.threads.live', '进程线程数（主线程、libuv 线程池与 V8 线程）', 'threads', threads),
    metric('jvm.threads.daemon', '主线程以外的线程数', 'threads', Math.max(threads - 1, 0)),
    metric('jvm.threads.peak', '进程线程数峰值', 'threads', peakThreads),
    metric('jvm.classes.loaded', 'V8 原生上下文数', 'classes', heap.number_of_native_contexts),
    metric('jvm.classes.unloaded', 'V8 已分离的上下文数', 'classes', heap.number_of_detached_contexts),
    metric('jvm.gc.memory.allocated', 'V8 新生代已用内存', 'bytes', young.used),
    metric('jvm.gc.memory.promoted', 'V8 老生代已用内存', 'bytes', old.used),
    metric('jvm.gc.max.data.size', 'V8 老生代大小', 'bytes', old.size),
    metric('jvm.gc.live.data.size', 'V8 老生代存活数据', 'bytes', old.used),
    metric('jvm.gc.pause', '垃圾回收暂停', 'seconds', { COUNT: r.gc.count, TOTAL_TIME: seconds(r.gc.totalMs), MAX: seconds(r.gc.maxMs) }),
    // Tomcat信息: the HTTP server's connections stand for Tomcat's sessions, its requests for both the
    // connector's (global) and the servlet's; threads are the process's, busy ones the requests in flight.
    metric('tomcat.sessions.created', 'HTTP 累计连接数', 'sessions', h.connections.total),
    metric('tomcat.sessions.expired', 'HTTP 已关闭的连接数', 'sessions', Math.max(h.connections.total - connections, 0)),
    metric('tomcat.sessions.active.current', 'HTTP 当前连接数', 'sessions', connections),
    metric('tomcat.sessions.active.max', 'HTTP 连接数峰值', 'sessions', h.connections.maxCurrent),
    metric('tomcat.sessions.rejected', '被拒绝的连接数', 'sessions', 0),
    metric('tomcat.sessions.alive.max', 'HTTP 最长连接时长', 'seconds', 0),
    metric('tomcat.global.sent', 'HTTP 已发送字节数', 'bytes', bytes.sent),
    metric('tomcat.global.received', 'HTTP 已接收字节数', 'bytes', bytes.received),
    metric('tomcat.global.request', 'HTTP 请求', 'seconds', requests),
    metric('tomcat.global.request.max', 'HTTP 请求最长耗时', 'seconds', requests.MAX),
    metric('tomcat.global.error', '服务器错误（5xx）', null, h.errors),
    metric('tomcat.servlet.request', 'HTTP 请求', 'seconds', requests),
    metric('tomcat.servlet.request.max', 'HTTP 请求最长耗时', 'seconds', requests.MAX),
    metric('tomcat.servlet.error', '服务器错误（5xx）', null, h.errors),
    metric('tomcat.threads.current', '进程线程数', 'threads', threads),
    metric('tomcat.threads.busy', '处理中的请求', 'threads', h.inFlight),
    metric('tomcat.threads.config.max', 'libuv 线程池大小', 'threads', THREADPOOL),
    // Our own names.
    metric('nodejs.memory.rss', '常驻内存', 'bytes', r.memory.rss),
    metric('nodejs.heap.used', '已用堆内存', 'bytes', r.memory.heapUsed),
    metric('nodejs.heap.total', '已分配堆内存', 'bytes', r.memory.heapTotal),
    metric('nodejs.heap.limit', '堆内存上限', 'bytes', r.heap.limit),
    metric('nodejs.memory.external', '堆外内存', 'bytes', r.memory.external),
    metric('nodejs.eventloop.delay', '事件循环延迟', 'milliseconds', { MEAN: r.eventLoop.meanMs, P99: r.eventLoop.p99Ms, MAX: r.eventLoop.maxMs }),
    metric('nodejs.eventloop.utilization', '事件循环利用率', 'percent', r.eventLoop.utilization),
    metric('nodejs.gc.pause', '垃圾回收暂停', 'milliseconds', { COUNT: r.gc.count, TOTAL_TIME: r.gc.totalMs, MAX: r.gc.maxMs }),
    metric('http.server.requests', 'HTTP 请求', 'milliseconds', { COUNT: h.total, TOTAL_TIME: h.latency.totalMs, MAX: h.latency.maxMs }),
    metric('http.server.requests.active', '处理中的请求', null, h.inFlight),
    metric('http.server.errors', '服务器错误（5xx）', null, h.errors),
    metric('http.server.connections.current', '当前连接数', null, connections),
    metric('http.server.connections.total', '累计连接数', null, h.connections.total),
    metric('http.server.websockets', '通知 WebSocket 连接数', null, h.webSockets ?? 0),
  ];
  return new Map(list.map((m) => [m.name, m]));
}
