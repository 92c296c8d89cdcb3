// Services some tests need besides the database (Redis today). The global setup (test/global-setup.ts) probes each
// once and leaves the answer in the environment, which the test workers inherit. A suite that needs one is declared
// with describeWith(): when the service is not there the suite is skipped, not failed, and its name says why;
// test/skip-reporter.ts then prints one line per missing service with the number of tests skipped.
import net from 'node:net';
import { describe } from 'vitest';

export interface Service {
  name: string;
  url: string;
  up: boolean;
}

const SERVICES_ENV = 'XUETANG_TEST_SERVICES';
/** Appended to the name of a suite skipped for a missing service: the reporter counts by it. */
export const NEEDS = ' — needs ';

export const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
/** MariaDB (or MySQL) for the data-source tests: root without a password, database `test`. */
const MARIADB_URL = process.env.TEST_MARIADB_URL || 'mysql://root@127.0.0.1:3306/test';

/** Redis as the global setup found it (assumed up when the setup did not run, so a failure then is loud). */
export function redisService(): Service {
  const probed = JSON.parse(process.env[SERVICES_ENV] ?? '{}') as Record<string, boolean>;
  return { name: 'Redis', url: REDIS_URL, up: probed.Redis ?? true };
}

/** MariaDB as the global setup found it (assumed up when the setup did not run). */
export function mariadbService(): Service {
  const probed = JSON.parse(process.env[SERVICES_ENV] ?? '{}') as Record<string, boolean>;
  return { name: 'MariaDB', url: MARIADB_URL, up: probed.MariaDB ?? true };
}

/** `describe`, or `describe.skip` with the reason in the suite's name when the service is not reachable. */
export function describeWith(service: Service, name: string, fn: () => void): void {
  if (service.up) describe(name, fn);
  else describe.skip(`${name}${NEEDS}${service.name} at ${service.url}`, fn);
}

/** Global setup: probe every service once (a Redis PING within a second) and publish the answers. */
export async function probeServices(): Promise<Service[]> {
  const redis = { name: 'Redis', url: REDIS_URL, up: await redisAnswers(REDIS_URL) };
  const mariadb = { name: 'MariaDB', url: MARIADB_URL, up: await greets(MARIADB_URL) };
  process.env[SERVICES_ENV] = JSON.stringify({ [redis.name]: redis.up, [mariadb.name]: mariadb.up });
  return [redis, mariadb];
}

function redisAnswers(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname || '127.0.0.1', port: Number(u.port || 6379) });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    // A password in the URL: AUTH first; either answer (+OK or -NOAUTH …) shows a Redis is there.
    socket.once('connect', () => socket.write(u.password ? `AUTH ${decodeURIComponent(u.password)}\r\nPING\r\n` : 'PING\r\n'));
    socket.once('data', (d) => done(/^[+-]/.test(d.toString())));
  });
}

/** A MySQL/MariaDB server speaks first (its handshake) within a second. */
function greets(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname || '127.0.0.1', port: Number(u.port || 3306) });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', () => done(true));
  });
}
