// One student must not be able to stall the server through Scratch cloud variables (issue 18, item 1): many
// sockets of one user on one work (a public one, and their own private draft) are refused beyond the cap, the
// messages of all of a user's sockets share one allowance, the work's changes go out coalesced (the latest value
// of each variable at most every ~100 ms), the server keeps answering HTTP during the flood, and a consumer that
// does not read is dropped. Two players on a public work still see each other's changes promptly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudClient } from '../../../test/cloud-client.js';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';

type Cloud = ReturnType<typeof cloudClient>;
const FLOOD_SOCKETS = 40;
const FLOOD_MS = 3000;
const VARS = ['☁ 分数', '☁ 次数'];

async function works(t: TestApp) {
  const workOf = async (author: string, name: string) =>
    (await t.db.selectFrom('teaching_work as w').innerJoin('sys_user as u', 'u.id', 'w.user_id').select('w.id').where('u.username', '=', author).where('w.work_name', '=', name).executeTakeFirstOrThrow()).id;
  const draft = await workOf('student1', '打地鼠（未完成）');
  const shared = await workOf('student1', '迷宫探险');
  await t.db.updateTable('teaching_work').set({ has_cloud_data: 1 }).where('id', 'in', [draft, shared]).execute();
  return { draft, shared };
}

describe.each(dialects)('Scratch cloud variables under a flood on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const clients: Cloud[] = [];
  let draft: string;
  let shared: string;

  const open = (who: string) => {
    const c = cloudClient(`ws://127.0.0.1:${t.port}/api/websocket/scratch/cloudData?token=${tok[who]}`);
    clients.push(c);
    return c;
  };
  const join = async (who: string, work: string) => {
    const c = open(who);
    await c.send({ method: 'handshake', project_id: work, user: who });
    return c;
  };
  const stored = async (work: string) =>
    Object.fromEntries((await t.db.selectFrom('teaching_scratch_cloud_var').select(['name', 'value']).where('work_id', '=', work).execute()).map((r) => [r.name, r.value]));

  beforeAll(async () => {
    t = await startTestApp({ dialect, listen: true });
    for (const u of ['student1', 'student2', 'student3', 'teacher']) tok[u] = await t.login(u);
    ({ draft, shared } = await works(t));
    for (const work of [draft, shared]) {
      const author = await join('student1', work);
      for (const name of VARS) {
        await author.send({ method: 'create', project_id: work, name, value: '0' });
        await author.next((m) => m.method === 'ack' && m.name === name);
      }
      author.ws.close();
      await author.closed;
    }
  });
  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await t?.close();
  });

  it('refuses a student\'s extra sockets on one work, bounds the fan-out of a flood of sets, and keeps /healthz answering', async () => {
    // Someone else watches each work: a classmate the public one, the teacher the draft.
    const watchers = [await join('student3', shared), await join('teacher', draft)];
    await Promise.all(watchers.map((w) => w.next((m) => m.name === VARS[1])));

    // The student opens many sockets on each work; each either is answered the values or is closed.
    const flood: { c: Cloud; work: string }[] = [];
    for (const work of [shared, draft]) for (let i = 0; i < FLOOD_SOCKETS; i++) flood.push({ c: await join('student1', work), work });
    const fate = await Promise.all(
      flood.map(({ c }) => Promise.race([c.next((m) => m.method === 'set' && m.name === VARS[1], 10_000).then(() => 'open' as const), c.closed.then((x) => x)])),
    );
    const accepted = flood.filter((_, i) => fate[i] === 'open');
    const refused = fate.filter((f) => f !== 'open') as { code: number; reason: string }[];

    // The flood: every open socket sends one set every 100 ms (10 a second, what each socket alone may send).
    const everyone = [...accepted.map((a) => a.c), ...watchers];
    const before = everyone.map((c) => c.lines.length);
    let n = 0;
    const sender = setInterval(() => {
      for (const { c, work } of accepted) if (c.ws.readyState === 1) void c.send({ method: 'set', project_id: work, name: VARS[n % 2], value: String(++n) });
    }, 100);
    // Meanwhile /healthz is asked every 50 ms over HTTP (once before: Node loads its fetch on first use).
    await (await fetch(`${t.baseUrl}/healthz`)).text();
    const latencies: number[] = [];
    const until = Date.now() + FLOOD_MS;
    while (Date.now() < until) {
      const started = performance.now();
      const res = await fetch(`${t.baseUrl}/healthz`);
      await res.text();
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
    clearInterval(sender);
    // When the values the watchers hold are the stored ones, every change has been handled and sent.
    for (const [w, work] of [[watchers[0], shared], [watchers[1], draft]] as const) {
      await expect
        .poll(async () => {
          const kept = await stored(work);
          return VARS.every((name) => w.lines.filter((m) => m.method === 'set' && m.name === name).at(-1)?.value === kept[name]);
        }, { timeout: 10_000 })
        .toBe(true);
    }
    const received = everyone.map((c, i) => c.lines.length - before[i]);

    // The server answered promptly throughout (before the caps: 2 answers in 3 s, the slower one after 2.5 s).
    // Nearly every answer within 200 ms, none beyond 1 s: the machine running the suite may be busy with other work.
    const slow = latencies.filter((ms) => ms >= 200).length;
    const why = `healthz latencies (ms) ${latencies.map(Math.round).join(',')}`;
    expect.soft(latencies.length, why).toBeGreaterThanOrEqual(FLOOD_MS / 100);
    expect.soft(slow, why).toBeLessThanOrEqual(latencies.length / 10);
    expect.soft(Math.max(...latencies), why).toBeLessThan(1000);
    // At most the latest value of each variable every ~100 ms reaches a socket: 2 variables × (3 s / 100 ms)
    // plus the edges, whatever the number of the student's sockets.
    const bound = VARS.length * (FLOOD_MS / 100 + 5);
    expect.soft(Math.max(...received), `lines received per socket ${received.join(',')}`).toBeLessThanOrEqual(bound);
    // Five sockets per user and work; the others are closed with 4429.
    expect.soft(accepted.filter((a) => a.work === shared)).toHaveLength(5);
    expect.soft(accepted.filter((a) => a.work === draft)).toHaveLength(5);
    expect.soft(refused).toHaveLength(2 * (FLOOD_SOCKETS - 5));
    expect.soft(refused.every((r) => r.code === 4429 && r.reason === 'too many connections')).toBe(true);
    // The student's sockets stay open (their sets beyond the allowance are dropped, not punished).
    expect.soft(accepted.every(({ c }) => c.ws.readyState === 1)).toBe(true);
    for (const { c } of accepted) c.ws.close();
  }, 60_000);

  it('two players on a public work see each other\'s changes: the latest value wins, within ~100 ms', async () => {
    // Two classmates who did not take part in the flood above.
    const one = await join('student2', shared);
    const two = await join('student3', shared);
    await Promise.all([one, two].map((c) => c.next((m) => m.name === VARS[0])));
    const seen = two.lines.length;
    const started = performance.now();
    await one.send(...[101, 102, 103, 104, 105].map((v) => ({ method: 'set', project_id: shared, name: VARS[0], value: String(v) })));
    await two.next((m) => m.value === '105');
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(300);
    // Coalesced: the first value at once, then the latest one every 100 ms; never an older value after a newer one.
    const got = two.lines.slice(seen).filter((m) => m.name === VARS[0]).map((m) => Number(m.value));
    expect(got.length).toBeLessThanOrEqual(2 + Math.floor(elapsed / 100));
    expect(got).toEqual([...got].sort((a, b) => a - b));
    expect(got.at(-1)).toBe(105);
    await two.send({ method: 'set', project_id: shared, name: VARS[0], value: '7' });
    expect(await one.next((m) => m.value === '7')).toEqual({ method: 'set', name: VARS[0], value: '7' });
    expect(await stored(shared)).toMatchObject({ [VARS[0]]: '7' });
  });
});

describe.each(dialects)('a cloud socket that does not read on %s', (dialect) => {
  let t: TestApp;
  const clients: Cloud[] = [];
  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await t?.close();
  });

  it('is dropped once the bytes waiting for it pass the bound', async () => {
    // Rates lifted, a small bound: a client may now make the server answer far faster than it reads.
    t = await startTestApp({ dialect, listen: true, config: { cloudLimits: { userWorkRate: 1e6, userRate: 1e6, workRate: 1e6, maxBufferedBytes: 64 * 1024 } } });
    const token = await t.login('student3');
    const { shared } = await works(t);
    const c = cloudClient(`ws://127.0.0.1:${t.port}/api/websocket/scratch/cloudData?token=${token}`);
    clients.push(c);
    await c.send({ method: 'handshake', project_id: shared, user: 'student3' });
    await new Promise((r) => setTimeout(r, 200));
    // It stops reading, and asks for what is not its to do (each answered with a FAIL ack of ~300 bytes).
    (c.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const frame = Array.from({ length: 10 }, () => `${JSON.stringify({ method: 'create', project_id: shared, name: '云'.repeat(64), value: '1' })}\n`).join('');
    // ~12 MB of answers: well past what the kernel buffers between the two ends hold.
    for (let i = 0; i < 4000 && c.ws.readyState === 1; i++) {
      c.ws.send(frame);
      if (i % 100 === 99) await new Promise((r) => setTimeout(r, 5));
    }
    (c.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    // Terminated: no close frame (1006).
    expect((await c.closed).code).toBe(1006);
    // The server is fine, and so is a reading client.
    expect((await fetch(`${t.baseUrl}/healthz`)).ok).toBe(true);
    const other = cloudClient(`ws://127.0.0.1:${t.port}/api/websocket/scratch/cloudData?token=${token}`);
    clients.push(other);
    await other.send({ method: 'handshake', project_id: shared, user: 'student3' }, { method: 'create', project_id: shared, name: '☁ x', value: '1' });
    expect(await other.next((m) => m.method === 'ack')).toMatchObject({ reply: 'FAIL' });
  }, 60_000);
});
