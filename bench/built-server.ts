// Starts the built server (dist/server.mjs) on a fresh temporary data directory, for the benchmarks that drive a
// real browser; `stop` ends it and removes the directory.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export async function startBuiltServer(o: { port: number; name: string; env: Record<string, string> }): Promise<{ base: string; stop: () => Promise<void> }> {
  if (!fs.existsSync('dist/server.mjs')) throw new Error('run `npm run build` first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `xuetang-${o.name}-`));
  const child = spawn(process.execPath, ['dist/server.mjs'], {
    env: { ...process.env, PORT: String(o.port), HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'error', DATABASE_URL: '', ...o.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${o.port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 600 || child.exitCode !== null) throw new Error('server did not start');
    await sleep(50);
  }
  return {
    base,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
