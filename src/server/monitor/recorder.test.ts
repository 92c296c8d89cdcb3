// The request recorder on a small Hono app: the ring keeps the newest requests, failures count as errors,
// percentiles come from the fixed buckets, and secrets never enter a trace.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { LATENCY_BUCKETS_MS, REDACTED, RequestRecorder, redactUri } from './recorder.js';

function appWith(recorder: RequestRecorder) {
  const app = new Hono();
  app.use('*', recorder.middleware({ isUpstream: (env) => !!(env as { upstream?: boolean } | undefined)?.upstream, user: () => null, ip: () => '10.0.0.1' }));
  app.get('/ok', (c) => c.text('ok'));
  app.get('/boom', () => {
    throw new Error('boom');
  });
  app.get('/missing', (c) => c.text('no', 404));
  app.onError((_err, c) => c.text('服务器出错', 500));
  return app;
}

describe('RequestRecorder', () => {
  it('records each answered request with its status, newest first, keeping only the last N', async () => {
    const r = new RequestRecorder(3);
    const app = appWith(r);
    for (const p of ['/ok?n=1', '/missing', '/boom', '/ok?n=2']) await app.request(p);
    const traces = r.traces();
    expect(traces.map((t) => [t.uri, t.status])).toEqual([
      ['/ok?n=2', 200],
      ['/boom', 500],
      ['/missing', 404],
    ]);
    const s = r.snapshot();
    expect(s.total).toBe(4);
    expect(s.errors).toBe(1);
    expect(s.byClass).toMatchObject({ '2xx': 2, '4xx': 1, '5xx': 1 });
    expect(s.inFlight).toBe(0);
    expect(traces[0].ip).toBe('10.0.0.1');
  });

  it('does not count the in-process calls the pages make', async () => {
    const r = new RequestRecorder();
    const app = appWith(r);
    await app.request('/ok', {}, { upstream: true });
    expect(r.snapshot().total).toBe(0);
  });

  it('estimates percentiles from the buckets, never above the slowest request', () => {
    const r = new RequestRecorder();
    const add = (ms: number) => r.add({ timestamp: 0, method: 'GET', uri: '/', status: 200, timeTaken: ms, ip: null, userId: null, username: null, headers: {} });
    for (let i = 0; i < 90; i++) add(3);
    for (let i = 0; i < 9; i++) add(150);
    add(30_000);
    const l = r.snapshot().latency;
    expect(l.p50).toBe(5);
    expect(l.p90).toBe(5);
    expect(l.p95).toBe(200);
    expect(l.p99).toBe(200);
    expect(l.maxMs).toBe(30_000);
    expect(l.buckets).toHaveLength(LATENCY_BUCKETS_MS.length + 1);
    expect(l.buckets.at(-1)).toEqual({ le: null, count: 1 });
    const one = new RequestRecorder();
    one.add({ timestamp: 0, method: 'GET', uri: '/', status: 200, timeTaken: 0.4, ip: null, userId: null, username: null, headers: {} });
    expect(one.snapshot().latency.p99).toBe(0.4);
  });

  it('redacts token, password and captcha parameters whatever their case, and keeps the rest', () => {
    const u = redactUri('/api/sys/login?username=a&Password=b&captcha=c&checkKey=d&token=e&access_token=f&oldpassword=g&page=2');
    const q = new URLSearchParams(u.split('?')[1]);
    expect(q.get('username')).toBe('a');
    expect(q.get('page')).toBe('2');
    for (const k of ['Password', 'captcha', 'checkKey', 'token', 'access_token', 'oldpassword']) expect(q.get(k), k).toBe(REDACTED);
    expect(redactUri('/plain/path')).toBe('/plain/path');
  });
});
