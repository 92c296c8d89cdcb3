// STORAGE_URL=s3://ACCESS_KEY:SECRET@HOST[:PORT]/BUCKET?region=…&pathStyle=1&ssl=0 parsed into the bucket's
// settings (config.ts validates it at start; storage:copy parses its --to). The key and secret are URL-decoded
// (a secret with '/' or '+' is written %2F, %2B) and never appear in `location` or any message.

export interface S3Settings {
  accessKeyId: string;
  secretAccessKey: string;
  /** https://host[:port] or http://host[:port] (ssl=0). */
  endpoint: string;
  host: string;
  bucket: string;
  region: string;
  /** Path-style addressing (https://host/bucket/key: MinIO, s3rver); else virtual-hosted (https://bucket.host/key). */
  pathStyle: boolean;
  /** s3://host[:port]/bucket: for logs and the monitor, without the secrets. */
  location: string;
}

const FLAG = /^(0|1|true|false)$/;

/** Throws an Error whose message starts with STORAGE_URL and never includes the secret. */
export function parseStorageUrl(value: string): S3Settings {
  const fail = (why: string): never => {
    throw new Error(`STORAGE_URL ${why} (expected s3://ACCESS_KEY:SECRET@HOST[:PORT]/BUCKET?region=REGION[&pathStyle=1][&ssl=0])`);
  };
  let u: URL;
  try {
    u = new URL(value.trim());
  } catch {
    return fail('is not a URL');
  }
  if (u.protocol !== 's3:') fail('must start with s3://');
  if (!u.hostname) fail('has no host');
  let accessKeyId = '';
  let secretAccessKey = '';
  try {
    accessKeyId = decodeURIComponent(u.username);
    secretAccessKey = decodeURIComponent(u.password);
  } catch {
    fail('has a badly escaped access key or secret (write reserved characters as %XX)');
  }
  if (!accessKeyId || !secretAccessKey) fail('must name the access key and the secret (s3://ACCESS_KEY:SECRET@…)');
  const bucket = u.pathname.replace(/^\/+|\/+$/g, '');
  if (!bucket) fail('has no bucket (s3://…@HOST/BUCKET)');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) fail(`bucket "${bucket}" is not a valid bucket name (3 to 63 lower-case letters, digits, dots and hyphens)`);
  const known = new Set(['region', 'pathStyle', 'ssl']);
  for (const k of u.searchParams.keys()) if (!known.has(k)) fail(`has an unknown option "${k}" (region, pathStyle, ssl)`);
  const flag = (name: string, dflt: boolean) => {
    const v = u.searchParams.get(name);
    if (v === null) return dflt;
    if (!FLAG.test(v)) fail(`option ${name} must be 0 or 1`);
    return v === '1' || v === 'true';
  };
  const region = u.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]{2,40}$/.test(region)) fail(`region "${region}" is not a region name`);
  const ssl = flag('ssl', true);
  const host = u.port ? `${u.hostname}:${u.port}` : u.hostname;
  return {
    accessKeyId,
    secretAccessKey,
    endpoint: `${ssl ? 'https' : 'http'}://${host}`,
    host,
    bucket,
    region,
    pathStyle: flag('pathStyle', false),
    location: `s3://${host}/${bucket}`,
  };
}
