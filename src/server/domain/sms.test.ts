// The SMS senders against local fakes of Aliyun's dysmsapi and Tencent Cloud's sms API. Each fake recomputes the
// request's signature from the providers' documented algorithms (written here again, not imported), refuses a
// wrong one as the provider would, and keeps what it accepted; SMS_URL parsing; the log: sender.
import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSmsUrl, smsSender } from './sms.js';

interface Fake {
  port: number;
  received: { phone: string; code: string; params: Record<string, unknown> }[];
  close(): Promise<void>;
}

async function listen(handler: (req: http.IncomingMessage, body: string) => { status?: number; json: unknown }): Promise<Fake> {
  const received: Fake['received'] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      const out = handler(req, body);
      res.writeHead(out.status ?? 200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(out.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ALIYUN = { id: 'LTAI-test-id', secret: 'aliyun+secret/1' };
const TENCENT = { id: 'AKID-test-id', secret: 'tencent-secret-key' };

/** Aliyun RPC signature v1.0 per its documentation: percent-encoded, sorted, HMAC-SHA1 with secret + '&'. */
function aliyunExpected(method: string, params: Record<string, string>, secret: string): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/\+/g, '%20').replace(/\*/g, '%2A').replace(/%7E/g, '~').replace(/!/g, '%21').replace(/'/g, '%27').replace(/\(/g, '%28').replace(/\)/g, '%29');
  const query = Object.entries(params)
    .filter(([k]) => k !== 'Signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');
  return createHmac('sha1', `${secret}&`).update(`${method}&${enc('/')}&${enc(query)}`).digest('base64');
}

function fakeAliyun(): Promise<Fake> {
  let fake: Fake;
  const ready = listen((req, body) => {
    const params = Object.fromEntries(new URLSearchParams(body));
    const fail = (Code: string) => ({ status: 400, json: { Code, Message: Code, RequestId: 'r' } });
    if (req.method !== 'POST' || params.Action !== 'SendSms' || params.Version !== '2017-05-25') return fail('InvalidAction');
    if (params.AccessKeyId !== ALIYUN.id) return fail('InvalidAccessKeyId.NotFound');
    if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0' || !params.SignatureNonce) return fail('MissingSignatureMethod');
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(params.Timestamp ?? '')) return fail('InvalidTimeStamp.Format');
    if (params.Signature !== aliyunExpected('POST', params, ALIYUN.secret)) return fail('SignatureDoesNotMatch');
    if (params.PhoneNumbers === '13900000000') return { json: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发号码天级流控' } };
    fake.received.push({ phone: params.PhoneNumbers, code: JSON.parse(params.TemplateParam).code, params });
    return { json: { Code: 'OK', Message: 'OK', BizId: '1', RequestId: 'r' } };
  });
  return ready.then((f) => (fake = f));
}

/** TC3-HMAC-SHA256 per Tencent Cloud's "Signature v3" page. */
function tencentExpected(req: http.IncomingMessage, body: string, secretKey: string): string {
  const ts = Number(req.headers['x-tc-timestamp']);
  const date = new Date(ts * 1000).toISOString().slice(0, 10);
  const sha = (s: string) => createHash('sha256').update(s).digest('hex');
  const canonical = `POST\n/\n\ncontent-type:${req.headers['content-type']}\nhost:${req.headers.host}\n\ncontent-type;host\n${sha(body)}`;
  const toSign = `TC3-HMAC-SHA256\n${ts}\n${date}/sms/tc3_request\n${sha(canonical)}`;
  const k1 = createHmac('sha256', `TC3${secretKey}`).update(date).digest();
  const k2 = createHmac('sha256', k1).update('sms').digest();
  const k3 = createHmac('sha256', k2).update('tc3_request').digest();
  return `TC3-HMAC-SHA256 Credential=${TENCENT.id}/${date}/sms/tc3_request, SignedHeaders=content-type;host, Signature=${createHmac('sha256', k3).update(toSign).digest('hex')}`;
}

function fakeTencent(): Promise<Fake> {
  let fake: Fake;
  const ready = listen((req, body) => {
    const error = (Code: string) => ({ json: { Response: { Error: { Code, Message: Code }, RequestId: 'r' } } });
    if (req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11' || !req.headers['x-tc-region']) return error('InvalidAction');
    if (Math.abs(Number(req.headers['x-tc-timestamp']) - Date.now() / 1000) > 300) return error('AuthFailure.SignatureExpire');
    if (req.headers.authorization !== tencentExpected(req, body, TENCENT.secret)) return error('AuthFailure.SignatureFailure');
    const p = JSON.parse(body) as { PhoneNumberSet: string[]; TemplateParamSet: string[]; SmsSdkAppId: string };
    const phone = p.PhoneNumberSet[0];
    if (phone === '+8613900000000') return { json: { Response: { SendStatusSet: [{ Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'limit' }], RequestId: 'r' } } };
    fake.received.push({ phone, code: p.TemplateParamSet[0], params: p });
    return { json: { Response: { SendStatusSet: [{ Code: 'Ok', Message: 'send success', PhoneNumber: phone }], RequestId: 'r' } } };
  });
  return ready.then((f) => (fake = f));
}

let aliyun: Fake;
let tencent: Fake;
beforeAll(async () => {
  [aliyun, tencent] = await Promise.all([fakeAliyun(), fakeTencent()]);
});
afterAll(async () => {
  await Promise.all([aliyun?.close(), tencent?.close()]);
});

const aliyunUrl = (secret = ALIYUN.secret) =>
  `aliyun+http://${ALIYUN.id}:${encodeURIComponent(secret)}@127.0.0.1:${aliyun.port}?sign=${encodeURIComponent('学堂')}&template=SMS_1234`;
const tencentUrl = (secret = TENCENT.secret) =>
  `tencent+http://${TENCENT.id}:${encodeURIComponent(secret)}@127.0.0.1:${tencent.port}?appid=1400000001&sign=${encodeURIComponent('学堂')}&template=778899`;

describe('Aliyun SMS (dysmsapi SendSms)', () => {
  it('sends a request whose signature the provider’s algorithm accepts, with the code in the template', async () => {
    await smsSender(parseSmsUrl(aliyunUrl())).send('13800000001', '424242');
    expect(aliyun.received.at(-1)).toMatchObject({ phone: '13800000001', code: '424242', params: { SignName: '学堂', TemplateCode: 'SMS_1234', RegionId: 'cn-hangzhou', Format: 'JSON' } });
  });

  it('rejects with the provider’s reason: a wrong secret (signature refused) or a refusal of the number', async () => {
    await expect(smsSender(parseSmsUrl(aliyunUrl('wrong-secret'))).send('13800000001', '111111')).rejects.toThrow(/SignatureDoesNotMatch/);
    await expect(smsSender(parseSmsUrl(aliyunUrl())).send('13900000000', '111111')).rejects.toThrow(/BUSINESS_LIMIT_CONTROL/);
  });
});

describe('Tencent Cloud SMS (sms SendSms 2021-01-11)', () => {
  it('sends a TC3-HMAC-SHA256 signed request to +86 and the number, with the code as the template’s parameter', async () => {
    await smsSender(parseSmsUrl(tencentUrl())).send('13800000002', '135790');
    expect(tencent.received.at(-1)).toMatchObject({ phone: '+8613800000002', code: '135790', params: { SmsSdkAppId: '1400000001', TemplateId: '778899', SignName: '学堂' } });
  });

  it('rejects on a refused signature and on a failed send status', async () => {
    await expect(smsSender(parseSmsUrl(tencentUrl('wrong'))).send('13800000002', '111111')).rejects.toThrow(/AuthFailure.SignatureFailure/);
    await expect(smsSender(parseSmsUrl(tencentUrl())).send('13900000000', '111111')).rejects.toThrow(/PhoneNumberDailyLimit/);
  });
});

describe('SMS_URL', () => {
  it('reads each provider’s settings, HTTPS unless +http is asked for', () => {
    expect(parseSmsUrl('aliyun://id:s%2Fx@dysmsapi.aliyuncs.com?sign=A&template=SMS_1&param=num')).toMatchObject({
      kind: 'aliyun', endpoint: 'https://dysmsapi.aliyuncs.com/', accessKeyId: 'id', accessKeySecret: 's/x', signName: 'A', templateCode: 'SMS_1', param: 'num',
    });
    expect(parseSmsUrl('tencent://id:key@sms.tencentcloudapi.com?appid=1&sign=A&template=2&region=ap-beijing')).toMatchObject({
      kind: 'tencent', endpoint: 'https://sms.tencentcloudapi.com/', host: 'sms.tencentcloudapi.com', region: 'ap-beijing',
    });
    expect(parseSmsUrl('log:')).toEqual({ kind: 'log' });
    expect(parseSmsUrl('log:/tmp/codes.jsonl')).toEqual({ kind: 'log', file: '/tmp/codes.jsonl' });
  });

  it('refuses an unknown provider and settings that are missing, in one readable sentence', () => {
    expect(() => parseSmsUrl('twilio://a:b@x')).toThrow(/SMS_URL must be log:, aliyun:\/\/… or tencent:\/\/…/);
    expect(() => parseSmsUrl('aliyun://id:secret@dysmsapi.aliyuncs.com?sign=A')).toThrow('SMS_URL: aliyun needs the template code (?template=…)');
    expect(() => parseSmsUrl('tencent://id@sms.tencentcloudapi.com?appid=1&sign=A&template=2')).toThrow(/needs the key id and secret/);
    expect(() => parseSmsUrl('aliyun+ftp://id:s@h?sign=A&template=B')).toThrow(/SMS_URL must be/);
  });
});

describe('log: sender', () => {
  it('writes the number and code to the log, and to the file when one is named', async () => {
    const lines: string[] = [];
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-sms-')), 'codes.jsonl');
    await smsSender({ kind: 'log', file }, (l) => lines.push(l)).send('13800000003', '000123');
    expect(lines).toEqual(['[sms] 13800000003 验证码 000123']);
    expect(JSON.parse(fs.readFileSync(file, 'utf8').trim())).toMatchObject({ phone: '13800000003', code: '000123' });
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
