// Sending a verification code by SMS, through the provider SMS_URL names:
//   log:                       development: the code goes to the server log (LOG_LEVEL info) and nowhere else
//   log:/path/file             the same, and the line is appended to that file (test servers read it there)
//   aliyun://AccessKeyId:AccessKeySecret@dysmsapi.aliyuncs.com?sign=签名&template=SMS_123[&param=code][&region=cn-hangzhou]
//   tencent://SecretId:SecretKey@sms.tencentcloudapi.com?appid=1400…&sign=签名&template=123[&region=ap-guangzhou]
// `aliyun+http://` and `tencent+http://` speak plain HTTP to the host given (a local fake in tests); the plain
// schemes use HTTPS. Credentials in the URL are percent-encoded.
//
// Aliyun: dysmsapi SendSms (Version 2017-05-25), RPC style, signed with HMAC-SHA1 over the sorted,
// percent-encoded parameters (Signature = base64(HMAC-SHA1(secret + '&', 'POST&%2F&' + encode(query)))).
// Tencent Cloud: sms SendSms (Version 2021-01-11), API v3 signed with TC3-HMAC-SHA256 (a canonical request of
// the JSON body, the content-type and host headers; a key derived from the secret, the UTC date and 'sms').
import { appendFile } from 'node:fs/promises';
import { createHash, createHmac, randomUUID } from 'node:crypto';

export interface SmsSender {
  readonly kind: 'log' | 'aliyun' | 'tencent';
  /** Sends `code` to the mainland mobile number `phone` (11 digits); rejects with the provider's reason. */
  send(phone: string, code: string): Promise<void>;
}

export type SmsSettings =
  | { kind: 'log'; file?: string }
  | { kind: 'aliyun'; endpoint: string; accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string; param: string; region: string }
  | { kind: 'tencent'; endpoint: string; host: string; secretId: string; secretKey: string; appId: string; signName: string; templateId: string; region: string };

const SEND_TIMEOUT_MS = 10_000;

/** SMS_URL → settings; throws an Error with a readable sentence when the URL is not usable. */
export function parseSmsUrl(raw: string): SmsSettings {
  const v = raw.trim();
  if (v === 'log:' || v.startsWith('log:')) {
    const file = v.slice(4);
    return file ? { kind: 'log', file } : { kind: 'log' };
  }
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new Error('SMS_URL must be log:, aliyun://… or tencent://… (see README)');
  }
  const scheme = u.protocol.replace(/:$/, '');
  const [provider, transport] = scheme.split('+');
  if ((provider !== 'aliyun' && provider !== 'tencent') || (transport !== undefined && transport !== 'http')) {
    throw new Error('SMS_URL must be log:, aliyun://… or tencent://… (aliyun+http:// and tencent+http:// for a local test server)');
  }
  const endpoint = `${transport === 'http' ? 'http' : 'https'}://${u.host}/`;
  const id = decodeURIComponent(u.username);
  const secret = decodeURIComponent(u.password);
  const q = (name: string) => u.searchParams.get(name)?.trim() || '';
  const need = (name: string, what: string) => {
    const value = q(name);
    if (!value) throw new Error(`SMS_URL: ${provider} needs ${what} (?${name}=…)`);
    return value;
  };
  if (!u.host) throw new Error(`SMS_URL: ${provider} needs the API host`);
  if (!id || !secret) throw new Error(`SMS_URL: ${provider} needs the key id and secret (${provider}://ID:SECRET@host)`);
  if (provider === 'aliyun') {
    return {
      kind: 'aliyun',
      endpoint,
      accessKeyId: id,
      accessKeySecret: secret,
      signName: need('sign', 'the SMS signature name'),
      templateCode: need('template', 'the template code'),
      param: q('param') || 'code',
      region: q('region') || 'cn-hangzhou',
    };
  }
  return {
    kind: 'tencent',
    endpoint,
    host: u.host,
    secretId: id,
    secretKey: secret,
    appId: need('appid', 'the SmsSdkAppId'),
    signName: need('sign', 'the SMS signature name'),
    templateId: need('template', 'the template id'),
    region: q('region') || 'ap-guangzhou',
  };
}

/** RFC 3986 encoding as Aliyun's signature wants it (space %20, * %2A, ~ kept). */
const aliyunEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/** Aliyun's RPC signature of `params` (Signature excluded) for `method`. */
function aliyunSignature(method: string, params: Record<string, string>, accessKeySecret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k])}`)
    .join('&');
  const stringToSign = `${method}&${aliyunEncode('/')}&${aliyunEncode(canonical)}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

const sha256hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

/** Tencent Cloud's TC3-HMAC-SHA256 Authorization header for a POST of `payload` (JSON) at `timestamp` (s). */
function tencentAuthorization(o: { secretId: string; secretKey: string; host: string; service: string; payload: string; timestamp: number }): string {
  const date = new Date(o.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = ['POST', '/', '', `content-type:application/json; charset=utf-8\nhost:${o.host}\n`, signedHeaders, sha256hex(o.payload)].join('\n');
  const scope = `${date}/${o.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(o.timestamp), scope, sha256hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${o.secretKey}`, date), o.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${o.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** Phone numbers in logs keep their first 3 and last 4 digits. */
export const maskPhone = (phone: string) => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****');

function logSender(s: { file?: string }, log: (line: string) => void): SmsSender {
  return {
    kind: 'log',
    async send(phone, code) {
      // Development only: the whole number and the code, so a developer can use it.
      const line = `[sms] ${phone} 验证码 ${code}`;
      log(line);
      if (s.file) await appendFile(s.file, `${JSON.stringify({ phone, code, at: Date.now() })}\n`, { mode: 0o600 });
    },
  };
}

/** What the providers answer (the fields read here). */
interface ProviderAnswer {
  Code?: string;
  Message?: string;
  Response?: { Error?: { Code?: string; Message?: string }; SendStatusSet?: { Code?: string; Message?: string }[] };
}

async function readJson(res: Response): Promise<ProviderAnswer> {
  const text = await res.text();
  try {
    return JSON.parse(text) as ProviderAnswer;
  } catch {
    throw new Error(`HTTP ${res.status}: ${text.slice(0, 200)}`);
  }
}

function aliyunSender(s: Extract<SmsSettings, { kind: 'aliyun' }>): SmsSender {
  return {
    kind: 'aliyun',
    async send(phone, code) {
      const params: Record<string, string> = {
        AccessKeyId: s.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: phone,
        RegionId: s.region,
        SignName: s.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: s.templateCode,
        TemplateParam: JSON.stringify({ [s.param]: code }),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      };
      const body = new URLSearchParams({ ...params, Signature: aliyunSignature('POST', params, s.accessKeySecret) });
      const res = await fetch(s.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      const answer = await readJson(res);
      if (answer.Code !== 'OK') throw new Error(`aliyun ${answer.Code ?? res.status}: ${answer.Message ?? ''}`);
    },
  };
}

function tencentSender(s: Extract<SmsSettings, { kind: 'tencent' }>): SmsSender {
  return {
    kind: 'tencent',
    async send(phone, code) {
      const payload = JSON.stringify({ PhoneNumberSet: [`+86${phone}`], SmsSdkAppId: s.appId, SignName: s.signName, TemplateId: s.templateId, TemplateParamSet: [code] });
      const timestamp = Math.floor(Date.now() / 1000);
      const res = await fetch(s.endpoint, {
        method: 'POST',
        headers: {
          Authorization: tencentAuthorization({ secretId: s.secretId, secretKey: s.secretKey, host: s.host, service: 'sms', payload, timestamp }),
          'Content-Type': 'application/json; charset=utf-8',
          'X-TC-Action': 'SendSms',
          'X-TC-Timestamp': String(timestamp),
          'X-TC-Version': '2021-01-11',
          'X-TC-Region': s.region,
        },
        body: payload,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      const answer = (await readJson(res)).Response;
      if (!answer) throw new Error(`tencent HTTP ${res.status}: no Response`);
      if (answer.Error) throw new Error(`tencent ${answer.Error.Code}: ${answer.Error.Message ?? ''}`);
      const status = answer.SendStatusSet?.[0];
      if (status?.Code !== 'Ok') throw new Error(`tencent ${status?.Code ?? 'no status'}: ${status?.Message ?? ''}`);
    },
  };
}

/** The sender for these settings; `log` receives the log sender's lines (the server log). */
export function smsSender(s: SmsSettings, log: (line: string) => void = (line) => console.log(line)): SmsSender {
  if (s.kind === 'log') return logSender(s, log);
  if (s.kind === 'aliyun') return aliyunSender(s);
  return tencentSender(s);
}
