// Direct access to the database of the server under test (playwright.config.ts: a SQLite file in the e2e data
// directory, or a PostgreSQL schema of its own), for what a spec must set up that no screen offers.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';

/** Runs one statement, written for each dialect (`?` or `$1` placeholders), and returns its rows. */
export async function sqlOnServerDb<T>(sqlite: string, postgres: string, params: unknown[]): Promise<T[]> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url, options: `-c search_path=${process.env.XUETANG_E2E_PG_SCHEMA}` });
    await client.connect();
    try {
      return (await client.query(postgres, params)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = new Database(path.join(process.env.XUETANG_E2E_DATA_DIR!, 'xuetang.db'));
  try {
    const st = db.prepare(sqlite);
    return (st.reader ? st.all(...params) : (st.run(...params), [])) as T[];
  } finally {
    db.close();
  }
}

/**
 * A spec's own copy of a seeded work (same author, class, files and status) under a new name, so that what the
 * spec does to it (grading, say) never changes what another spec finds. Returns the new name.
 */
export async function copyWork(workName: string, label: string): Promise<string> {
  const [row] = await sqlOnServerDb<Record<string, unknown>>('SELECT * FROM teaching_work WHERE work_name = ? AND del_flag = 0', 'SELECT * FROM teaching_work WHERE work_name = $1 AND del_flag = 0', [workName]);
  if (!row) throw new Error(`no work named ${workName}`);
  const name = `${workName}-${label}-${randomBytes(3).toString('hex')}`;
  const copy: Record<string, unknown> = { ...row, id: randomBytes(16).toString('hex'), work_name: name };
  const cols = Object.keys(copy);
  const values = cols.map((c) => copy[c]);
  await sqlOnServerDb(
    `INSERT INTO teaching_work (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
    `INSERT INTO teaching_work (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
    values,
  );
  return name;
}
