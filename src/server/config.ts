// Environment → typed, validated configuration. A bad value stops the start with one readable line.
import path from 'node:path';
import { z } from 'zod';
import type { ReportLimits } from './domain/report-runner.js';
import type { CloudLimits } from './realtime/cloud-limits.js';
import { parseSmsUrl, type SmsSettings } from './domain/sms.js';
import { parseTrustProxy, type TrustProxy } from './shared/trust-proxy.js';
import { parseStorageUrl } from './storage/s3-url.js';

const url = (protocols: string[], name: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, `${name} must be a URL starting with ${protocols.map((p) => p + '//').join(' or ')}`);

/** A 32-byte key as 64 hex digits or base64 (`openssl rand -hex 32`). */
const key32 = (name: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      const bytes = /^[0-9a-fA-F]{64}$/.test(v) ? Buffer.from(v, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(v) ? Buffer.from(v, 'base64') : undefined;
      if (bytes?.length === 32) return bytes;
      ctx.addIssue({ code: 'custom', message: `${name} must be 32 bytes written as 64 hex digits or base64 (make one with: openssl rand -hex 32)` });
      return z.NEVER;
    });

const schema = z.object({
  PORT: z.coerce
    .number({ message: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(1, 'PORT must be between 1 and 65535')
    .max(65535, 'PORT must be between 1 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, 'DATA_DIR must not be empty').default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'DATABASE_URL').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must have at least 8 characters').optional(),
  DEMO_PASSWORD: z.string().min(8, 'DEMO_PASSWORD must have at least 8 characters').optional(),
  DEMO_CONTENT: z.enum(['0', '1'], { message: 'DEMO_CONTENT must be 0 or 1' }).default('1'),
  UPSTREAM_URL: url(['http:', 'https:'], 'UPSTREAM_URL').optional(),
  REDIS_URL: url(['redis:', 'rediss:'], 'REDIS_URL').optional(),
  PUBLIC_URL: url(['http:', 'https:'], 'PUBLIC_URL').optional(),
  PAGE_CACHE_TTL_MS: z.coerce
    .number({ message: 'PAGE_CACHE_TTL_MS must be a number' })
    .int('PAGE_CACHE_TTL_MS must be a whole number')
    .min(0, 'PAGE_CACHE_TTL_MS must be between 0 and 60000')
    .max(60_000, 'PAGE_CACHE_TTL_MS must be between 0 and 60000')
    .default(5000),
  LOG_LEVEL: z.enum(['silent', 'error', 'info'], { message: 'LOG_LEVEL must be silent, error or info' }).default('info'),
  SMTP_URL: url(['smtp:', 'smtps:'], 'SMTP_URL').optional(),
  MAIL_FROM: z.string().trim().max(200, 'MAIL_FROM is too long').optional(),
  SMS_URL: z
    .string()
    .transform((v, ctx) => {
      try {
        return parseSmsUrl(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  XUETANG_TEST_CAPTCHA: z
    .string()
    .regex(/^[a-z0-9]{4}$/, 'XUETANG_TEST_CAPTCHA must be 4 lower-case letters or digits')
    .optional(),
  DATA_SOURCE_KEY: key32('DATA_SOURCE_KEY').optional(),
  DATA_SOURCE_OLD_KEY: key32('DATA_SOURCE_OLD_KEY').optional(),
  NODE_ENV: z.string().optional(),
  // Checked here so a bad value stops the start; the store parses it again when it opens (storage/index.ts).
  STORAGE_URL: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      try {
        parseStorageUrl(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    })
    .optional(),
  STORAGE_PUBLIC_URL: url(['http:', 'https:'], 'STORAGE_PUBLIC_URL').optional(),
  TRUST_PROXY: z
    .string()
    .transform((v, ctx) => {
      try {
        return parseTrustProxy(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  filesDir: string;
  databaseUrl?: string;
  adminPassword?: string;
  demoPassword?: string;
  demoContent: boolean;
  upstreamUrl?: string;
  redisUrl?: string;
  publicUrl?: string;
  /** Cookies get `Secure` when the public URL is https. */
  secureCookies: boolean;
  logLevel: 'silent' | 'error' | 'info';
  /** How long an anonymous public page is kept in this process's page cache (ms); 0 turns the cache off. */
  pageCacheTtlMs: number;
  /** Reverse proxies allowed to name the client in X-Forwarded-For; unset: the header is ignored. */
  trustProxy?: TrustProxy;
  /** Outgoing mail (password recovery, messages): smtp://user:pass@host:port or smtps://…; unset: no mail is sent. */
  smtpUrl?: string;
  /** The From of outgoing mail; defaults to the SMTP user (or xuetang@localhost). */
  mailFrom?: string;
  /**
   * Verification codes by SMS (找回密码 and registration by phone; domain/sms.ts): log: (development: the server
   * log), Aliyun or Tencent Cloud. Unset: no SMS, and the phone steps answer that none is configured.
   */
  sms?: SmsSettings;
  /**
   * Test-only: every image captcha shows this code (Playwright sets it so a browser test can register).
   * Refused when NODE_ENV=production; never set it on a real installation.
   */
  testCaptcha?: string;
  /**
   * 多数据源管理: the AES-256-GCM key of data-source passwords (DATA_SOURCE_KEY) and, while rotating, the key they
   * were written with (DATA_SOURCE_OLD_KEY; `npm run datasource:rekey` moves them to the new one).
   */
  dataSourceKeys: { current?: Buffer; previous?: Buffer };
  /**
   * Where files are kept (storage/): unset, the folder filesDir; s3://ACCESS_KEY:SECRET@HOST[:PORT]/BUCKET?region=…
   * an S3-compatible bucket (storage/s3-url.ts). Holds the secret: never log it (the store's `location` is safe).
   */
  storageUrl?: string;
  /** The public (CDN) address public objects are served from (FileStore.publicUrl); unset: Xuetang serves them. */
  storagePublicUrl?: string;
  /** Tests only (never from the environment): other bounds for report queries (domain/report-runner.ts). */
  reportLimits?: Partial<ReportLimits>;
  /** Tests only (never from the environment): other bounds for Scratch cloud variables (realtime/cloud-limits.ts). */
  cloudLimits?: Partial<CloudLimits>;
}

export class ConfigError extends Error {}

/** Empty strings count as unset, so `FOO= npm start` behaves like no FOO at all. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = String(issue.path[0] ?? 'config');
    const message = issue.message.startsWith(key) ? issue.message : `${key}: ${issue.message}`;
    throw new ConfigError(`Invalid configuration: ${message}`);
  }
  const e = parsed.data;
  if (e.XUETANG_TEST_CAPTCHA && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration: XUETANG_TEST_CAPTCHA is a test-only setting and is refused when NODE_ENV=production');
  }
  if (e.SMS_URL?.kind === 'log' && e.SMS_URL.file && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration: SMS_URL=log:FILE is a test-only setting and is refused when NODE_ENV=production');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ADMIN_PASSWORD,
    demoPassword: e.DEMO_PASSWORD,
    demoContent: e.DEMO_CONTENT === '1',
    upstreamUrl: e.UPSTREAM_URL?.replace(/\/+$/, ''),
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    secureCookies: e.PUBLIC_URL?.startsWith('https:') ?? false,
    logLevel: e.LOG_LEVEL,
    pageCacheTtlMs: e.PAGE_CACHE_TTL_MS,
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sms: e.SMS_URL,
    testCaptcha: e.XUETANG_TEST_CAPTCHA,
    dataSourceKeys: { current: e.DATA_SOURCE_KEY, previous: e.DATA_SOURCE_OLD_KEY },
    storageUrl: e.STORAGE_URL,
    storagePublicUrl: e.STORAGE_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

/**
 * What the start says once about PUBLIC_URL, or null when it is set: without it nothing shared takes the site's
 * address from a request's Host (pages/share.ts), so share links stay relative.
 */
export function publicUrlNotice(config: Pick<Config, 'publicUrl'>): string | null {
  if (config.publicUrl) return null;
  return 'PUBLIC_URL is not set: share links on public pages are relative, their QR codes are drawn for the address each visitor used, and password recovery by e-mail is off. Set PUBLIC_URL=https://your.school.example to fix them.';
}
