// Test kit: a real SMTP server (smtp-server) on a free loopback port that keeps what it receives. Tests point
// SMTP_URL at `url` and await `nextMessage()`; nothing sleeps. Messages are decoded just enough for tests:
// headers, and the text/html parts with their transfer encoding (base64, quoted-printable) undone.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtp {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Resolves with the next message not yet taken (one already received, or the next to arrive). */
  nextMessage(timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeBody(body: string, encoding: string, charset: string): string {
  const enc = encoding.toLowerCase();
  let bytes: Buffer;
  if (enc === 'base64') bytes = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  else if (enc === 'quoted-printable') {
    const soft = body.replace(/=\r?\n/g, '');
    const out: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
        out.push(parseInt(soft.slice(i + 1, i + 3), 16));
        i += 2;
      } else out.push(...Buffer.from(soft[i], 'latin1'));
    }
    bytes = Buffer.from(out);
  } else bytes = Buffer.from(body, 'latin1');
  return new TextDecoder(charset || 'utf-8').decode(bytes);
}

function splitPart(part: string): { headers: Record<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=) in a header. */
function decodeHeader(v: string): string {
  return v.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_, charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? decodeBody(text, 'base64', charset) : decodeBody(text.replace(/_/g, ' '), 'quoted-printable', charset),
  ).trim();
}

function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const top = splitPart(raw);
  const mail: ReceivedMail = { from: envelope.from, to: envelope.to, subject: decodeHeader(top.headers.subject ?? ''), text: '', html: '', raw };
  const visit = (headers: Record<string, string>, body: string) => {
    const type = headers['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const parts = body.split(`--${boundary}`).slice(1);
      for (const p of parts) {
        if (p.startsWith('--')) break;
        const sub = splitPart(p.replace(/^\r?\n/, ''));
        visit(sub.headers, sub.body);
      }
      return;
    }
    const charset = /charset="?([^";]+)"?/i.exec(type)?.[1] ?? 'utf-8';
    const text = decodeBody(body, headers['content-transfer-encoding'] ?? '7bit', charset);
    if (/^text\/html/i.test(type)) mail.html += text;
    else if (/^text\/plain/i.test(type)) mail.text += text;
  };
  visit(top.headers, top.body);
  return mail;
}

export interface TestSmtpOptions {
  /** Asked for each message: true refuses it with a temporary failure (451), as a busy server does. */
  refuse?: () => boolean;
  /** A fixed port (Playwright specs: the server under test was started pointing at it); default any free one. */
  port?: number;
}

export async function startTestSmtp(opts: TestSmtpOptions = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let taken = 0;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // close() waits this long for clients' idle pooled connections (the sender keeps them) before ending them.
    closeTimeout: 200,
    onAuth(_auth, _session, cb) {
      cb(null, { user: 'test' });
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (opts.refuse?.()) {
          cb(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        const env = session.envelope;
        received.push(
          parseMail(Buffer.concat(chunks).toString('latin1'), {
            from: env.mailFrom ? env.mailFrom.address : '',
            to: env.rcptTo.map((r) => r.address),
          }),
        );
        for (const w of waiters.splice(0)) w();
        cb();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    async nextMessage(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (taken >= received.length) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no e-mail arrived at the test SMTP server');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received[taken++];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
