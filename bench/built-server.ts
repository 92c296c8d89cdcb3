// Starts the built server (dist/server.mjs) on a fresh temporary data directory, for the benchmarks that drive a
// real browser; `stop` ends it and removes the directory.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** `taskset` (util-linux), when this machine has it: pins a process to CPUs. */
export const TASKSET = ['/usr/bin/taskset', '/bin/taskset'].find((p) => fs.existsSync(p)) ?? null;

/**
 * `cpu`: pin the server to this CPU list (taskset -c), e.g. '1' for throughput measured on one core; refused
 * when taskset is missing rather than measuring something else.
 */
export async function startBuiltServer(o: { port: number; name: string; env: Record<string, string>; cpu?: string }): Promise<{ base: string; pid: number; stop: () => Promise<void> }> {
  if (!fs.existsSync('dist/server.mjs')) throw new Error('run `npm run build` first');
  if (o.cpu && !TASKSET) throw new Error('taskset is needed to pin the server to one core (Debian: util-linux)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `xuetang-${o.name}-`));
  // taskset execs node in its own place: the child's pid is the server's.
  const [cmd, args] = o.cpu ? [TASKSET!, ['-c', o.cpu, process.execPath, 'dist/server.mjs']] : [process.execPath, ['dist/server.mjs']];
  const child = spawn(cmd, args, {
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
    pid: child.pid!,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
