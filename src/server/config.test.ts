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
