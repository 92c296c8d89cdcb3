// The counting behind the cloud variable limits, on a clock the test moves: caps per user and work, per user and
// per work; allowances shared by all sockets of the same keys; and no key kept once its sockets are gone.
import { describe, expect, it } from 'vitest';
import { CLOUD_LIMITS, CloudCoalescer, CloudSlots } from './cloud-limits.js';
import type { CloudUpdate } from './hub.js';

describe('cloud variable limits', () => {
  it('caps sockets per user and work, per user and per work, and frees a place when one closes', () => {
    const slots = new CloudSlots({ ...CLOUD_LIMITS, socketsPerUserWork: 2, socketsPerUser: 3, socketsPerWork: 4 });
    const a1 = { userId: 'a', workId: '1' };
    expect([slots.open(a1), slots.open(a1), slots.open(a1)]).toEqual([true, true, false]);
    expect([slots.open({ userId: 'a', workId: '2' }), slots.open({ userId: 'a', workId: '3' })]).toEqual([true, false]);
    expect([slots.open({ userId: 'b', workId: '1' }), slots.open({ userId: 'c', workId: '1' }), slots.open({ userId: 'd', workId: '1' })]).toEqual([true, true, false]);
    slots.close(a1);
    expect(slots.open({ userId: 'd', workId: '1' })).toBe(true);
  });

  it('shares one allowance among the sockets of a user on a work, refills it with time, and forgets idle keys', () => {
    let now = 1_000_000;
    const slots = new CloudSlots(CLOUD_LIMITS, () => now);
    const k = { userId: 'a', workId: '1' };
    slots.open(k);
    slots.open(k);
    const taken = Array.from({ length: 15 }, () => slots.take(k)).filter(Boolean).length;
    expect(taken).toBe(CLOUD_LIMITS.userWorkRate);
    now += 500;
    expect(Array.from({ length: 10 }, () => slots.take(k)).filter(Boolean).length).toBe(CLOUD_LIMITS.userWorkRate / 2);
    slots.close(k);
    slots.close(k);
    // Spent allowances are kept a little (a reconnect does not refill them), then forgotten.
    expect(slots.size).toBeGreaterThan(0);
    now += 60_000;
    const other = { userId: 'b', workId: '2' };
    slots.open(other);
    slots.close(other);
    expect(slots.size).toBe(0);
  });

  it('coalesces a work\'s changes: the first at once, then each variable\'s latest value, at most every flushMs', async () => {
    const sent: CloudUpdate[] = [];
    const c = new CloudCoalescer(50, (u) => sent.push(u));
    c.change('w', { name: 'a', value: '1', origin: 'x' });
    c.change('w', { name: 'a', value: '2', origin: 'y' });
    c.change('w', { name: 'b', value: '3', origin: 'x' });
    c.change('w', { name: 'a', value: '4', origin: 'x' });
    expect(sent).toEqual([{ workId: 'w', changes: [{ name: 'a', value: '1', origin: 'x' }] }]);
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]).toEqual({ workId: 'w', changes: [{ name: 'b', value: '3', origin: 'x' }, { name: 'a', value: '4', origin: 'x' }] });
    c.close();
  });
});
