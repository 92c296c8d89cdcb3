// Configuration from the environment: TRUST_PROXY is validated at start like every other setting.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
