// Reads an uploaded zip archive with yauzl, entry by entry, before anything is stored: the entry count, each
// entry's name, its declared sizes and compression ratio, and then its real content, inflated as a stream and cut
// off at a hard byte cap (declared sizes can lie). Used for every zip upload: Scratch projects (domain/sb3.ts,
// stricter rules and the project.json) and the other archives (Office documents, .zip hand-ins).
import yauzl from 'yauzl';

export interface ZipLimits {
  /** At most this many entries (directories count). */
  maxEntries: number;
  /** Largest declared uncompressed size of one entry. */
  maxEntryBytes: number;
  /** Largest sum of declared uncompressed sizes. */
  maxTotalBytes: number;
  /** Largest uncompressed:compressed ratio of an entry ... */
  maxRatio: number;
  /** ... counted only for entries declaring more than this many bytes (small entries can do no harm). */
  ratioFloorBytes: number;
  /** yauzl's strictFileNames: a backslash in a name is an error rather than a separator. */
  strictFileNames: boolean;
}

/** Limits for archives that are not Scratch projects (docx/pptx/xlsx, .zip hand-ins). */
export const ZIP_LIMITS: Readonly<ZipLimits> = {
  maxEntries: 10_000,
  maxEntryBytes: 100 * 1024 * 1024,
  maxTotalBytes: 200 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
  strictFileNames: false,
};

interface ZipEntryInfo {
  name: string;
  /** Bytes the entry really inflated to (0 for directories). */
  size: number;
  compressedSize: number;
}

export interface ZipWalk {
  entries: ZipEntryInfo[];
  /** Sum of the entries' real sizes. */
  bytes: number;
  /** The content of the entries `keep` asked for. */
  kept: Map<string, Buffer>;
}

export class ZipRefused extends Error {}

export interface WalkOptions {
  limits: ZipLimits;
  /** What the archive is called in messages, e.g. 'Scratch 项目' or '压缩文件'. */
  label: string;
  /** A refusal message when the name is not allowed, else null (after yauzl's own path checks). */
  checkName?: (name: string) => string | null;
  /** Hard cap on the inflated bytes of this entry (besides the declared size, which yauzl enforces). */
  inflateCap?: (name: string) => number;
  /** Keep this entry's content in the result. */
  keep?: (name: string) => boolean;
}

/** A name fit to show in a message: printable, at most 60 characters. */
const shownName = (name: string) => {
  // eslint-disable-next-line no-control-regex -- control characters in an entry name must not reach the message
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 60 ? `${clean.slice(0, 57)}...` : clean;
};

const MB = 1024 * 1024;
const megabytes = (n: number) => `${Math.round(n / MB)}MB`;

/** yauzl's errors, in words a user can act on. */
function explain(err: Error, label: string): string {
  const m = err.message;
  const named = /: (.*)$/.exec(m)?.[1] ?? '';
  if (/^(invalid relative path|absolute path|invalid characters in fileName)/.test(m)) return `${label}中含有非法的文件路径（${shownName(named)}），已拒绝`;
  if (/too many bytes in the stream|not enough bytes in the stream|size mismatch|crc32/i.test(m)) return `${label}中文件的实际大小与声明不符（文件已损坏或被篡改），已拒绝`;
  if (/encrypt/i.test(m)) return `${label}中含有加密的文件，无法检查，请去掉密码后再上传`;
  if (/unsupported compression method/.test(m)) return `${label}使用了不支持的压缩方式，请用常见的 zip 格式重新保存`;
  if (/End of central directory record signature not found/.test(m)) return `${label}不是有效的 zip 文件（无法读取目录，文件可能不完整）`;
  if (/multi-disk/.test(m)) return `${label}是分卷压缩文件，不支持`;
  return `${label}已损坏，无法读取`;
}

/** Inflates one entry, counting bytes, refusing past `cap`; returns the content when `keep`. */
function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, cap: number, keep: boolean, tooBig: () => string): Promise<{ size: number; data?: Buffer }> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('no stream'));
      const chunks: Buffer[] = [];
      let size = 0;
      let settled = false;
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        if (size > cap) {
          settled = true;
          stream.destroy();
          reject(new ZipRefused(tooBig()));
          return;
        }
        if (keep) chunks.push(chunk);
      });
      stream.on('error', (e) => {
        if (settled) return;
        settled = true;
        reject(e);
      });
      stream.on('end', () => {
        if (settled) return;
        settled = true;
        resolve({ size, data: keep ? Buffer.concat(chunks) : undefined });
      });
    });
  });
}

/**
 * Walks the archive; throws ZipRefused with a Chinese message at the first thing wrong. Nothing is written
 * anywhere: kept entries stay in memory (bounded by `inflateCap`).
 */
export async function walkZip(data: Uint8Array, o: WalkOptions): Promise<ZipWalk> {
  const { limits, label } = o;
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buf.length < 4 || buf.readUInt32LE(0) !== 0x04034b50) throw new ZipRefused(`${label}不是有效的 zip 文件`);
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true, validateEntrySizes: true, strictFileNames: limits.strictFileNames }, (err, z) => (err || !z ? reject(new ZipRefused(explain(err ?? new Error(''), label))) : resolve(z)));
  });
  const close = () => {
    try {
      if (zip.isOpen) zip.close();
    } catch {
      /* already closed */
    }
  };
  if (zip.entryCount > limits.maxEntries) {
    close();
    throw new ZipRefused(`${label}中的文件过多（${zip.entryCount} 个，最多 ${limits.maxEntries} 个）`);
  }
  const out: ZipWalk = { entries: [], bytes: 0, kept: new Map() };
  const seen = new Set<string>();
  let declaredTotal = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let done = false;
      const finish = (err?: unknown) => {
        if (done) return;
        done = true;
        if (err) reject(err instanceof ZipRefused ? err : new ZipRefused(explain(err instanceof Error ? err : new Error(String(err)), label)));
        else resolve();
      };
      zip.on('error', finish);
      zip.on('end', () => finish());
      zip.on('entry', (entry: yauzl.Entry) => {
        const step = async () => {
          const name = entry.fileName;
          const shown = shownName(name);
          if (seen.has(name)) throw new ZipRefused(`${label}中有重复的文件（${shown}），已拒绝`);
          seen.add(name);
          const refusal = o.checkName?.(name);
          if (refusal) throw new ZipRefused(refusal);
          if (entry.isEncrypted()) throw new ZipRefused(`${label}中含有加密的文件，无法检查，请去掉密码后再上传`);
          const size = entry.uncompressedSize;
          if (size > limits.maxEntryBytes) throw new ZipRefused(`${label}中的文件“${shown}”解压后过大（超过${megabytes(limits.maxEntryBytes)}），已拒绝`);
          declaredTotal += size;
          if (declaredTotal > limits.maxTotalBytes) throw new ZipRefused(`${label}解压后总大小超过${megabytes(limits.maxTotalBytes)}，已拒绝`);
          if (size > limits.ratioFloorBytes && size > entry.compressedSize * limits.maxRatio) {
            throw new ZipRefused(`${label}中的文件“${shown}”压缩比异常（超过 ${limits.maxRatio}:1，疑似压缩炸弹），已拒绝`);
          }
          if (name.endsWith('/')) {
            out.entries.push({ name, size: 0, compressedSize: entry.compressedSize });
            return;
          }
          const kindCap = o.inflateCap?.(name) ?? limits.maxEntryBytes;
          if (size > kindCap) throw new ZipRefused(`${label}中的文件“${shown}”解压后过大（超过${megabytes(kindCap)}），已拒绝`);
          // Past the declared size the header lied (yauzl would stop there too); the kind's cap bounds it anyway.
          const read = await readEntry(zip, entry, size, !!o.keep?.(name), () => `${label}中的文件“${shown}”实际大小与声明不符（文件已损坏或被篡改），已拒绝`);
          out.entries.push({ name, size: read.size, compressedSize: entry.compressedSize });
          out.bytes += read.size;
          if (read.data) out.kept.set(name, read.data);
        };
        step().then(
          () => {
            if (!done) zip.readEntry();
          },
          finish,
        );
      });
      zip.readEntry();
    });
  } finally {
    close();
  }
  return out;
}

/** The check for archives that are not Scratch projects: limits, names and real sizes; a message when refused. */
export async function checkZip(data: Uint8Array, label = '压缩文件'): Promise<{ ok: true; walk: ZipWalk } | { ok: false; message: string }> {
  try {
    return { ok: true, walk: await walkZip(data, { limits: ZIP_LIMITS, label }) };
  } catch (err) {
    if (err instanceof ZipRefused) return { ok: false, message: err.message };
    throw err;
  }
}
