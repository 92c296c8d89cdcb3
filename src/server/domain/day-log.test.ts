import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../db/test-db.js';
import { recordClassEvent } from './day-log.js';

describe('class day log', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await freshDatabase();
    await t.db.insertInto('sys_depart').values({ id: 'c1', parent_id: '', depart_name: '一班', org_category: '3', org_code: 'A01' } as never).execute();
  });
  afterAll(() => t.close());

  const row = (day: string) =>
    t.db.selectFrom('teaching_depart_day_log').selectAll().where('depart_id', '=', 'c1').where('create_time', '=', day).executeTakeFirst();

  it('counts each event once per class and subject, on the day it happened, in its own counter', async () => {
    expect(await recordClassEvent(t.db, 'c1', 'additionalWorkCorrect', 'w1', '2026-11-01 10:00:00')).toBe(true);
    expect(await recordClassEvent(t.db, 'c1', 'additionalWorkCorrect', 'w1', '2026-11-01 11:00:00')).toBe(false);
    expect(await recordClassEvent(t.db, 'c1', 'additionalWorkCorrect', 'w2', '2026-11-01 12:00:00')).toBe(true);
    expect(await recordClassEvent(t.db, 'c1', 'additionalWorkAssign', 'h1', '2026-11-01 12:00:00')).toBe(true);
    const r = await row('2026-11-01');
    expect(r).toMatchObject({ depart_name: '一班', additional_work_correct_count: 2, additional_work_assign_count: 1, course_work_assign_count: 0 });
  });

  it('starts a new row on a new day and holds under concurrent calls', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => recordClassEvent(t.db, 'c1', 'unitOpen', 'u1', '2026-11-02 09:00:00')));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await row('2026-11-02'))?.unit_open_count).toBe(1);
  });
});
