// GET /readyz and the drain of a graceful shutdown: 200 while every check answers, 503 naming the check that does
// not (a dead dependency, a slow one), 503 while draining; the drain closes notice and cloud-variable sockets
// with 1012 (clients reconnect, to another node), refuses new sockets, and asks clients to close their
// keep-alive connections.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../test/harness.js';
import { cloudClient } from '../../test/cloud-client.js';
import { connect } from '../../test/ws-client.js';
import { startS3Server } from '../../test/s3-server.js';
import { testStorageKind } from '../../test/storage-kit.js';
import { databaseCheck, defaultReadinessChecks, folderCheck, readiness as runChecks, type ReadinessCheck } from './readiness.js';
import { S3FileStore } from './storage/s3.js';
import { parseStorageUrl } from './storage/s3-url.js';

describe.each(dialects)('readiness and drain on %s', (dialect) => {
  let t: TestApp;
  let broken: TestApp;
  let student: string;
  let studentId: string;
  let work: string;

  beforeAll(async () => {
    t = await startTestApp({ dialect, listen: true });
    student = await t.login('student1');
    studentId = await t.userId('student1');
    work = (await t.db.selectFrom('teaching_work as w').innerJoin('sys_user as u', 'u.id', 'w.user_id').select('w.id').where('u.username', '=', 'student1').where('w.work_name', '=', '迷宫探险').executeTakeFirstOrThrow()).id;
    await t.db.updateTable('teaching_work').set({ has_cloud_data: 1 }).where('id', '=', work).execute();
    const failing: ReadinessCheck = { name: 'storage', check: () => Promise.reject(new Error('bucket refused')) };
    const slow: ReadinessCheck = { name: 'redis', check: () => new Promise(() => {}) };
    broken = await startTestApp({ dialect, demoContent: false, readinessChecks: [{ name: 'database', check: async () => {} }, failing, slow] });
  });
  afterAll(async () => {
    await t?.close();
    await broken?.close();
  });

  it('answers 200 with each check when the database and the files folder answer', async () => {
    const res = await t.request('/readyz');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    // The files folder on the local store; the bucket ('storage') under TEST_STORAGE=s3.
    const storage = testStorageKind() === 's3' ? 'storage' : 'files';
    expect(await res.json()).toEqual({ ok: true, draining: false, checks: { database: 'ok', [storage]: 'ok' } });
  });

  it('answers 503 naming a check that fails or does not answer within 2 s (never the error itself)', async () => {
    const res = await broken.request('/readyz');
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body).toEqual({ ok: false, draining: false, checks: { database: 'ok', storage: 'failed', redis: 'failed' } });
    expect(JSON.stringify(body)).not.toContain('bucket');
  }, 10_000);

  it('checks the bucket instead of the folder when the store is S3, and fails while the bucket is down', async () => {
    const server = await startS3Server();
    await server.createBucket('ready-test');
    const store = new S3FileStore(parseStorageUrl(server.storageUrl('ready-test')));
    try {
      const checks = defaultReadinessChecks({ db: t.db, config: { filesDir: '/nonexistent/never-used' }, storage: store });
      expect(checks.map((c) => c.name)).toEqual(['database', 'storage']);
      expect((await runChecks(checks, false, () => {})).checks).toEqual({ database: 'ok', storage: 'ok' });
      await server.stop();
      const errors: string[] = [];
      const t0 = performance.now();
      const down = await runChecks(checks, false, (name) => errors.push(name));
      expect(down).toMatchObject({ ok: false, checks: { database: 'ok', storage: 'failed' } });
      expect(errors).toEqual(['storage']);
      expect(performance.now() - t0).toBeLessThan(2500);
      await server.start();
      expect((await runChecks(checks, false, () => {})).ok).toBe(true);
    } finally {
      await store.close();
      await server.close();
    }
  }, 20_000);

  it('the built-in checks fail on a closed database and an unwritable folder', async () => {
    const { readiness } = await import('./readiness.js');
    // A folder under a plain file can never be made (ENOTDIR at once; a path under /proc made Node 20's recursive
    // mkdirSync spin forever).
    const file = path.join(os.tmpdir(), `xt-not-a-folder-${process.pid}`);
    fs.writeFileSync(file, '');
    const r = await readiness([databaseCheck(t.db), folderCheck('files', path.join(file, 'files'))], false, () => {});
    fs.rmSync(file, { force: true });
    expect(r.checks).toEqual({ database: 'ok', files: 'failed' });
  });

  it('drains: sockets close with 1012, readiness fails, new sockets are refused, responses ask to close the connection', async () => {
    const notices = connect(`ws://127.0.0.1:${t.port}/api/websocket/${studentId}?token=${student}`);
    await new Promise((r) => notices.ws.once('open', r));
    const cloud = cloudClient(`ws://127.0.0.1:${t.port}/api/websocket/scratch/cloudData`, { headers: { Cookie: `xt_token=${student}` } });
    await cloud.send({ method: 'handshake', project_id: work, user: 'x' });
    await t.drain();
    expect((await notices.closed).code).toBe(1012);
    expect((await cloud.closed).code).toBe(1012);
    const res = await fetch(`${t.baseUrl}/readyz`);
    expect(res.status).toBe(503);
    expect((await res.json()).draining).toBe(true);
    // A request still served (it came on a connection already open) says to close it.
    expect((await fetch(`${t.baseUrl}/healthz`)).headers.get('Connection')).toBe('close');
    const late = connect(`ws://127.0.0.1:${t.port}/api/websocket/${studentId}?token=${student}`);
    expect((await late.closed).code).not.toBe(1000);
    expect(late.messages).toEqual([]);
  });
});
