// Scratch cloud variables over a real websocket, speaking the stock editor's protocol (newline-separated JSON):
// the handshake answers the stored values, a set reaches the work's other sockets (not the sender) and is kept,
// only the author creates, deletes and renames, who may join which work, the value/name/count/size/rate
// limits, and that a socket needs a session (cookie from our pages, token, or the handshake's token field) and
// closes when it ends. One student's flood over many sockets is cloud-flood.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudClient } from '../../../test/cloud-client.js';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';

type Cloud = ReturnType<typeof cloudClient>;
/** Long enough for a user's message allowance on a work (10 a second) to refill. */
const pause = () => new Promise((r) => setTimeout(r, 1000));

describe.each(dialects)('Scratch cloud variables on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const clients: Cloud[] = [];
  /** student1's private draft (uses cloud data), student1's public work (uses cloud data), student2's public work (does not). */
  let draft: string;
  let shared: string;
  let noCloud: string;

  const url = (q = '') => `ws://127.0.0.1:${t.port}/api/websocket/scratch/cloudData${q}`;
  const open = (who?: string, opts: Parameters<typeof cloudClient>[1] = {}) => {
    const c = cloudClient(url(), who ? { ...opts, headers: { Cookie: `xt_token=${tok[who]}`, ...opts.headers } } : opts);
    clients.push(c);
    return c;
  };
  const handshake = (c: Cloud, project: string) => c.send({ method: 'handshake', project_id: project, user: 'whoever' });
  const stored = async (work: string) =>
    Object.fromEntries((await t.db.selectFrom('teaching_scratch_cloud_var').select(['name', 'value']).where('work_id', '=', work).execute()).map((r) => [r.name, r.value]));
  const workOf = async (author: string, name: string) =>
    (await t.db.selectFrom('teaching_work as w').innerJoin('sys_user as u', 'u.id', 'w.user_id').select('w.id').where('u.username', '=', author).where('w.work_name', '=', name).executeTakeFirstOrThrow()).id;
  /** Joins as the author and creates variables; returns the open socket. */
  const authorWith = async (work: string, vars: Record<string, string>) => {
    const a = open('student1');
    await handshake(a, work);
    for (const [name, value] of Object.entries(vars)) {
      await a.send({ method: 'create', project_id: work, name, value });
      expect(await a.next((m) => m.method === 'ack' && m.name === name)).toMatchObject({ reply: 'OK' });
    }
    return a;
  };

  beforeAll(async () => {
    t = await startTestApp({ dialect, listen: true });
    for (const u of ['student1', 'student2', 'student3', 'teacher']) tok[u] = await t.login(u);
    draft = await workOf('student1', '打地鼠（未完成）');
    shared = await workOf('student1', '迷宫探险');
    noCloud = await workOf('student2', '春天的花园');
    await t.db.updateTable('teaching_work').set({ has_cloud_data: 1 }).where('id', 'in', [draft, shared]).execute();
  });
  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await t?.close();
  });

  it('refuses a socket without a valid session (4401), and the cookie of a handshake from another site', async () => {
    const anon = open();
    await handshake(anon, shared);
    expect((await anon.closed).code).toBe(4401);
    const bad = cloudClient(url('?token=not-a-token'));
    clients.push(bad);
    await handshake(bad, shared);
    expect((await bad.closed).code).toBe(4401);
    const evil = open('student1', { headers: { Origin: 'https://evil.example' } });
    await handshake(evil, shared);
    expect((await evil.closed).code).toBe(4401);
    expect(await stored(shared)).toEqual({});
  });

  it('the author creates variables; a later handshake answers them; a set reaches the other sockets, not the sender, and is kept', async () => {
    const author = await authorWith(shared, { '☁ 最高分': '10', '☁ 次数': '0' });
    // A classmate (public work) joins with the anchor's token field instead of a cookie, the teacher with ?token=.
    const classmate = open();
    await classmate.send({ method: 'handshake', project_id: shared, user: 'x', token: tok.student3 });
    expect(await classmate.next((m) => m.name === '☁ 最高分')).toEqual({ method: 'set', name: '☁ 最高分', value: '10' });
    expect(await classmate.next((m) => m.name === '☁ 次数')).toEqual({ method: 'set', name: '☁ 次数', value: '0' });
    const teacher = cloudClient(url(`?token=${tok.teacher}`));
    clients.push(teacher);
    await handshake(teacher, shared);
    await teacher.next((m) => m.name === '☁ 最高分');

    await classmate.send({ method: 'set', project_id: shared, user: 'x', name: '☁ 最高分', value: 42 });
    expect(await author.next((m) => m.method === 'set' && m.value === '42')).toEqual({ method: 'set', name: '☁ 最高分', value: '42' });
    expect(await teacher.next((m) => m.method === 'set' && m.value === '42')).toEqual({ method: 'set', name: '☁ 最高分', value: '42' });
    await author.send({ method: 'set', project_id: shared, name: '☁ 次数', value: '-3.5e2' });
    expect(await classmate.next((m) => m.value === '-3.5e2')).toMatchObject({ name: '☁ 次数' });
    // The sender is not sent its own change.
    expect(classmate.lines.filter((m) => m.value === '42')).toEqual([]);
    expect(await stored(shared)).toEqual({ '☁ 最高分': '42', '☁ 次数': '-3.5e2' });
    // A new socket (a reload, another process) gets the kept values.
    const later = open('student1');
    await handshake(later, shared);
    expect(await later.next((m) => m.name === '☁ 最高分')).toEqual({ method: 'set', name: '☁ 最高分', value: '42' });
  });

  it('accepts the token as CloudProvider sends it (Sec-WebSocket-Protocol bearer!<token>)', async () => {
    const c = cloudClient(url(), { protocols: [`bearer!${tok.student3}`] });
    clients.push(c);
    await handshake(c, shared);
    expect(await c.next((m) => m.name === '☁ 最高分')).toMatchObject({ method: 'set' });
    expect(c.ws.protocol).toBe(`bearer!${tok.student3}`);
  });

  it('only the author creates, deletes and renames; others may only set existing variables', async () => {
    const author = await authorWith(shared, {});
    const other = open('student3');
    await handshake(other, shared);
    await other.next((m) => m.name === '☁ 最高分');
    const before = await stored(shared);
    await other.send(
      { method: 'create', project_id: shared, name: '☁ 新变量', value: '1' },
      { method: 'delete', project_id: shared, name: '☁ 最高分' },
      { method: 'rename', project_id: shared, name: '☁ 最高分', new_name: '☁ 改名' },
      { method: 'set', project_id: shared, name: '☁ 不存在', value: '5' },
    );
    for (const name of ['☁ 新变量', '☁ 最高分']) {
      expect(await other.next((m) => m.method === 'ack' && m.name === name)).toMatchObject({ reply: 'FAIL', message: '只有作品的作者可以创建、删除或重命名云变量' });
    }
    expect(await other.next((m) => m.name === '☁ 不存在')).toMatchObject({ method: 'ack', reply: 'FAIL', message: '云变量不存在（只有作品的作者可以创建云变量）' });
    expect(await stored(shared)).toEqual(before);

    await author.send({ method: 'rename', project_id: shared, name: '☁ 次数', new_name: '☁ 局数' });
    expect(await author.next((m) => m.method === 'ack' && m.name === '☁ 次数')).toMatchObject({ reply: 'OK' });
    await author.send({ method: 'delete', project_id: shared, name: '☁ 局数' });
    expect(await author.next((m) => m.method === 'ack' && m.name === '☁ 局数')).toMatchObject({ reply: 'OK' });
    // The author's set of a new name creates it (a project run in the editor before its variables existed here).
    await author.send({ method: 'set', project_id: shared, name: '☁ 金币', value: '7' });
    expect(await other.next((m) => m.name === '☁ 金币')).toEqual({ method: 'set', name: '☁ 金币', value: '7' });
    expect(await stored(shared)).toEqual({ '☁ 最高分': before['☁ 最高分'], '☁ 金币': '7' });
  });

  it('lets in only those who may see the work', async () => {
    const expectClosed = async (who: string, work: string, code: number) => {
      const c = open(who);
      await handshake(c, work);
      expect((await c.closed).code, `${who} on ${work}`).toBe(code);
    };
    await expectClosed('student3', draft, 4403); // another class's private draft
    await expectClosed('student2', draft, 4403); // a classmate's private draft
    await expectClosed('student1', noCloud, 4404); // a public work that does not use cloud data
    await expectClosed('student1', 'f'.repeat(32), 4404); // no such work
    // The author joins the draft (and creates a variable by setting it); the teacher, who manages the author's
    // class, may join too and is answered the value.
    const author = open('student1');
    await handshake(author, draft);
    await author.send({ method: 'set', project_id: draft, name: '☁ x', value: '1' });
    const teacher = open('teacher');
    await handshake(teacher, draft);
    expect(await teacher.next((m) => m.name === '☁ x')).toEqual({ method: 'set', name: '☁ x', value: '1' });
    // A set before the handshake, or for another project on the same socket, closes it (4400).
    const early = open('student1');
    await early.send({ method: 'set', project_id: shared, name: '☁ 金币', value: '1' });
    expect((await early.closed).code).toBe(4400);
    const hop = open('student1');
    await handshake(hop, shared);
    await hop.send({ method: 'set', project_id: draft, name: '☁ x', value: '2' });
    expect((await hop.closed).code).toBe(4400);
    expect(await stored(draft)).toEqual({ '☁ x': '1' });
  });

  it('keeps values numeric and short, names short, at most 10 variables, messages small', async () => {
    const author = await authorWith(draft, {});
    const refused = async (msg: Record<string, unknown>, message: string) => {
      const name = String(msg.name);
      const seen = author.lines.length;
      await author.send({ project_id: draft, ...msg });
      expect(await author.next((m) => m.method === 'ack' && m.name === name && author.lines.indexOf(m) >= seen)).toMatchObject({ reply: 'FAIL', message });
    };
    await refused({ method: 'set', name: '☁ x', value: 'hello' }, '云变量只能保存数字（不超过256个字符）');
    await refused({ method: 'set', name: '☁ x', value: '1'.repeat(257) }, '云变量只能保存数字（不超过256个字符）');
    await refused({ method: 'create', name: '☁ y', value: '<script>' }, '云变量只能保存数字（不超过256个字符）');
    await refused({ method: 'set', name: '云'.repeat(65), value: '1' }, '云变量名须为1到64个字符');
    // 256 digits are fine.
    await author.send({ method: 'set', project_id: draft, name: '☁ x', value: '9'.repeat(256) });
    await pause(); // stay within 10 messages a second, as the editor does
    for (let i = 2; i <= 10; i++) await author.send({ method: 'create', project_id: draft, name: `☁ v${i}`, value: String(i) });
    await author.next((m) => m.method === 'ack' && m.name === '☁ v10');
    await pause();
    await refused({ method: 'create', name: '☁ v11', value: '11' }, '每个作品最多10个云变量');
    await refused({ method: 'set', name: '☁ v12', value: '12' }, '每个作品最多10个云变量');
    const kept = await stored(draft);
    expect(Object.keys(kept)).toHaveLength(10);
    expect(kept['☁ x']).toBe('9'.repeat(256));

    // A frame beyond 4 KB closes the socket (1009, message too big).
    const big = open('student1');
    await handshake(big, draft);
    await big.next((m) => m.name === '☁ x');
    big.ws.send(JSON.stringify({ method: 'set', project_id: draft, name: '☁ x', value: '1', pad: 'x'.repeat(5000) }));
    expect((await big.closed).code).toBe(1009);
  });

  it('drops sets beyond 10 a second of one user on one work (all their sockets together), sends the latest value, and closes a socket that floods', async () => {
    const author = await authorWith(draft, {});
    const second = open('student1');
    await handshake(second, draft);
    await second.next((m) => m.name === '☁ x');
    const watcher = open('teacher');
    await handshake(watcher, draft);
    await watcher.next((m) => m.name === '☁ x');
    await pause(); // a full allowance
    const seen = watcher.lines.length;
    const burst = (from: number) => Array.from({ length: 10 }, (_, i) => ({ method: 'set', project_id: draft, name: '☁ v2', value: String(1000 + from + i) }));
    // Ten sets at once go through; the watcher is sent the first at once, then the latest value every 100 ms
    // while the sets are being stored.
    const started = Date.now();
    await author.send(...burst(0));
    await watcher.next((m) => m.value === '1009');
    const got = watcher.lines.slice(seen).filter((m) => m.name === '☁ v2').map((m) => Number(m.value));
    expect(got.length).toBeLessThanOrEqual(2 + Math.floor((Date.now() - started) / 100));
    expect(got).toEqual([...got].sort((a, b) => a - b));
    // The same user's other socket has no allowance of its own: of 20 more sets at once nearly all are dropped
    // (an allowance per socket would have let 10 through, up to 1019).
    await second.send(...burst(10));
    await second.send(...burst(20));
    // Then a marker after a pause (the allowance refills): everything before it has been handled.
    await pause();
    await author.send({ method: 'set', project_id: draft, name: '☁ v3', value: '77' });
    await watcher.next((m) => m.value === '77');
    const kept = (await stored(draft))['☁ v2'];
    expect(Number(kept)).toBeLessThan(1019);
    expect(watcher.lines.filter((m) => m.name === '☁ v2').at(-1)?.value).toBe(kept);
    expect(second.ws.readyState).toBe(1);
    // A client far above the rate is disconnected (4429).
    const flood = open('student1');
    await handshake(flood, draft);
    await flood.next((m) => m.name === '☁ x');
    for (let i = 0; i < 6; i++) await flood.send(...burst(100 + i * 10));
    expect(await flood.closed).toEqual({ code: 4429, reason: 'too many messages' });
  });

  it('closes (4401) when the session ends', async () => {
    const token = await t.login('student1');
    const c = cloudClient(url(`?token=${token}`));
    clients.push(c);
    await handshake(c, shared);
    await c.next((m) => m.name === '☁ 最高分');
    expect((await t.api('POST', '/sys/logout', { token })).body.success).toBe(true);
    expect((await c.closed).code).toBe(4401);
  });

  it('deleting a work removes its cloud variables', async () => {
    expect(Object.keys(await stored(draft)).length).toBeGreaterThan(0);
    const token = await t.login('student1');
    const res = await t.api('DELETE', `/teaching/teachingWork/delete?id=${draft}`, { token });
    expect(res.body, res.body.message).toMatchObject({ success: true });
    expect(await stored(draft)).toEqual({});
    const c = open('student1');
    await handshake(c, draft);
    expect((await c.closed).code).toBe(4404);
  });
});
