// Configuration from the environment: TRUST_PROXY is validated at start like every other setting.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicUrlNotice } from './config.js';

describe('TRUST_PROXY', () => {
  it('is off when unset', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
  });
  it('takes a hop count or a list of proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1/32,10.0.0.0/8' }).trustProxy).toMatchObject({ ranges: ['127.0.0.1/32', '10.0.0.0/8'] });
  });
  it('stops the start with one line saying what is wrong', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'nginx' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx' })).toThrow(/^Invalid configuration: TRUST_PROXY must be a number of proxies .*"nginx" is neither$/);
  });
});

describe('mail and the test captcha', () => {
  it('takes an smtp:// or smtps:// SMTP_URL and a MAIL_FROM', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://u:p@127.0.0.1:2525', MAIL_FROM: '学堂 <noreply@example.org>' })).toMatchObject({
      smtpUrl: 'smtp://u:p@127.0.0.1:2525',
      mailFrom: '学堂 <noreply@example.org>',
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.org' })).toThrow(/SMTP_URL must be a URL starting with smtp:\/\/ or smtps:\/\//);
  });
  it('refuses XUETANG_TEST_CAPTCHA when NODE_ENV=production', () => {
    expect(loadConfig({ XUETANG_TEST_CAPTCHA: 'ab12' }).testCaptcha).toBe('ab12');
    expect(loadConfig({}).testCaptcha).toBeUndefined();
    expect(() => loadConfig({ XUETANG_TEST_CAPTCHA: 'ab12', NODE_ENV: 'production' })).toThrow(/test-only/);
  });
});

describe('PUBLIC_URL', () => {
  it('unset, the start says once that share links are relative until it is set', () => {
    expect(publicUrlNotice(loadConfig({}))).toMatch(/^PUBLIC_URL is not set: share links on public pages are relative/);
    expect(publicUrlNotice(loadConfig({ PUBLIC_URL: 'https://school.example.cn/' }))).toBeNull();
    expect(loadConfig({ PUBLIC_URL: 'https://school.example.cn/' }).publicUrl).toBe('https://school.example.cn');
  });
});

describe('STORAGE_URL and STORAGE_PUBLIC_URL', () => {
  it('is the local folder when unset', () => {
    expect(loadConfig({}).storageUrl).toBeUndefined();
  });
  it('takes an s3:// URL: HTTPS by default, ssl=0 plain HTTP, the secrets URL-decoded, the location without them', async () => {
    const { parseStorageUrl } = await import('./storage/s3-url.js');
    const c = loadConfig({ STORAGE_URL: 's3://AKID:se%2Fcr%2Bet@oss-cn-hangzhou.aliyuncs.com/school-files?region=oss-cn-hangzhou', STORAGE_PUBLIC_URL: 'https://cdn.example.org/files/' });
    expect(c.storagePublicUrl).toBe('https://cdn.example.org/files');
    expect(parseStorageUrl(c.storageUrl!)).toEqual({
      accessKeyId: 'AKID',
      secretAccessKey: 'se/cr+et',
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      host: 'oss-cn-hangzhou.aliyuncs.com',
      bucket: 'school-files',
      region: 'oss-cn-hangzhou',
      pathStyle: false,
      location: 's3://oss-cn-hangzhou.aliyuncs.com/school-files',
    });
    expect(parseStorageUrl('s3://k:s@127.0.0.1:9000/bucket?pathStyle=1&ssl=0')).toMatchObject({ endpoint: 'http://127.0.0.1:9000', pathStyle: true, region: 'us-east-1', location: 's3://127.0.0.1:9000/bucket' });
  });
  it('stops the start with a clear line that never shows the secret', () => {
    const bad = [
      ['https://k:TOPSECRET@host/bucket', /must start with s3:\/\//],
      ['s3://host/bucket', /must name the access key and the secret/],
      ['s3://k:TOPSECRET@host/', /has no bucket/],
      ['s3://k:TOPSECRET@host/Bad_Bucket', /not a valid bucket name/],
      ['s3://k:TOPSECRET@host/bucket?ssl=maybe', /ssl must be 0 or 1/],
      ['s3://k:TOPSECRET@host/bucket?regoin=x', /unknown option "regoin"/],
      ['s3://k:TOP%ZZSECRET@host/bucket', /badly escaped/],
    ] as const;
    for (const [value, message] of bad) {
      let err: Error | undefined;
      try {
        loadConfig({ STORAGE_URL: value });
      } catch (e) {
        err = e as Error;
      }
      expect(err, value).toBeInstanceOf(ConfigError);
      expect(err!.message).toMatch(/^Invalid configuration: STORAGE_URL /);
      expect(err!.message).toMatch(message);
      expect(err!.message).not.toContain('TOPSECRET');
    }
    expect(() => loadConfig({ STORAGE_PUBLIC_URL: 'cdn.example.org' })).toThrow(/STORAGE_PUBLIC_URL must be a URL/);
  });
});
