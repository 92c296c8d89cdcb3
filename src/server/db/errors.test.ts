// isUniqueViolation against real errors from each database: a duplicate key is one, other constraint failures
// and non-errors are not.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from './test-db.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];

/** The error a statement fails with (the test fails if it succeeds). */
async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('the statement did not fail');
}

describe.each(dialects)('isUniqueViolation on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await freshDatabase(dialect, 'migrated');
    await sql`create table xt_unique_probe (id varchar(10) primary key, code varchar(10) not null unique)`.execute(t.db);
    await sql`insert into xt_unique_probe (id, code) values ('1', 'a')`.execute(t.db);
  });
  afterAll(() => t?.close());

  it('recognises a duplicate in a unique column', async () => {
    const err = await failure(() => sql`insert into xt_unique_probe (id, code) values ('2', 'a')`.execute(t.db));
    expect(isUniqueViolation(err)).toBe(true);
  });

  it('recognises a duplicate primary key', async () => {
    const err = await failure(() => sql`insert into xt_unique_probe (id, code) values ('1', 'b')`.execute(t.db));
    expect(isUniqueViolation(err)).toBe(true);
  });

  it('does not take another constraint failure for one', async () => {
    const err = await failure(() => sql`insert into xt_unique_probe (id, code) values ('3', null)`.execute(t.db));
    expect(isUniqueViolation(err)).toBe(false);
  });

  it('does not take a syntax error for one', async () => {
    const err = await failure(() => sql`select * from xt_no_such_table`.execute(t.db));
    expect(isUniqueViolation(err)).toBe(false);
  });
});

describe('isUniqueViolation on values that are not database errors', () => {
  it.each([null, undefined, 'UNIQUE constraint failed', 23505, {}, new Error('boom')])('%s is not one', (value) => {
    expect(isUniqueViolation(value)).toBe(false);
  });
});
