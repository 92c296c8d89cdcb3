// A real S3 server for tests and the cluster bench: s3rver (the S3 API over a temporary folder, plain HTTP on a
// loopback port) in a child process of its own, so the memory and CPU a test measures are its own, and a stop is
// a real outage (SIGKILL: refused connections). start() brings it back on the same port and folder; close() also
// removes the folder. The child ends with its parent (it watches its stdin). s3rver's list continuation tokens use
// DES, which Node's OpenSSL 3 only has in its legacy provider.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

/** s3rver's built-in credentials. */
const KEY = 'S3RVER';

const CHILD = `
const S3rver = require('s3rver');
const [directory, port] = process.argv.slice(1);
process.stdin.on('end', () => process.exit(0)).resume();
new S3rver({ address: '127.0.0.1', port: Number(port), directory, silent: true }).run()
  .then((a) => process.stdout.write(JSON.stringify({ port: a.port }) + '\\n'))
  .catch((e) => { console.error(e); process.exit(1); });
`;

export interface S3TestServer {
  readonly port: number;
  /** A STORAGE_URL naming `bucket` on this server (path-style, plain HTTP). */
  storageUrl(bucket: string): string;
  createBucket(bucket: string): Promise<void>;
  /** Takes the server down (refused connections) until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startS3Server(): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-s3rver-'));
  let port = 0;
  let child: ChildProcess | null = null;
  const start = async () => {
    if (child) return;
    const c = spawn(process.execPath, ['--openssl-legacy-provider', '--no-warnings', '-e', CHILD, directory, String(port)], { stdio: ['pipe', 'pipe', 'inherit'] });
    child = c;
    port = await new Promise<number>((resolve, reject) => {
      let out = '';
      c.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve((JSON.parse(out) as { port: number }).port);
      });
      c.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before it listened`)));
    });
  };
  const stop = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    get port() {
      return port;
    },
    storageUrl: (bucket) => `s3://${KEY}:${KEY}@127.0.0.1:${port}/${bucket}?pathStyle=1&ssl=0`,
    createBucket: async (bucket) => {
      const c = new S3Client({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: KEY, secretAccessKey: KEY } });
      try {
        await c.send(new CreateBucketCommand({ Bucket: bucket }));
      } finally {
        c.destroy();
      }
    },
    stop,
    start,
    close: async () => {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
