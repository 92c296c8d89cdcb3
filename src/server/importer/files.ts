// The files a teaching-open database names (sys_file paths, covers, unit materials, avatars, assets): each
// relative key is copied from --files into Xuetang's storage under the same key, so every link the old system
// printed (/api/sys/common/static/<key>) keeps working. Xuetang's storage is the one storage interface
// (storage/store.ts: the local folder or a bucket); files are streamed into it, never held whole, except a project
// file (a .sb3, or the file of a 图形化Python/积木编程 work), which passes the checks of an upload first; one that
// fails is a child's work all the same, so it is kept aside under the key prefix import-rejected/ and listed, never
// dropped.
// Absolute http(s) addresses (Qiniu) stay links and are listed, or are fetched (streamed) with --fetch-remote.
// Copies run a few at a time while the rows are written; a key already stored with the same size (or kept aside
// with it) is not copied again, so a second run copies nothing. A store that fails stops the run (the run can be
// started again: nothing copied is lost).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createHash } from 'node:crypto';
import { checkSb3, SB3_LIMITS } from '../domain/sb3.js';
import { checkCodeFile, codeProjectExt } from '../domain/code-projects.js';
import { CODE_PROJECT_LIMITS, type CodeEditor } from '../shared/code-projects.js';
import { isSafeKey, type FileStore } from '../storage/index.js';
import { pushCapped, type ImportReport } from './report.js';

export interface FileSink {
  /** A file key found in a row → the value Xuetang keeps (the same key, a link, or the fetched copy's key). */
  claim(key: string | null | undefined): Promise<string | null | undefined>;
  /** The keys of a comma list (unit materials). */
  claimList(keys: string | null | undefined): Promise<string | null | undefined>;
  /** Waits for the copies still running; throws when one failed (the store refused or did not answer). */
  flush(): Promise<void>;
  readonly copied: number;
}

const REMOTE = /^https?:\/\//i;
const MAX_REMOTE_BYTES = 100 * 1024 * 1024;
const CONCURRENCY = 8;

/** A stored key: relative, forward slashes, a safe key of the store (storage/store.ts); null when the path cannot be one. */
function safeKey(raw: string): string | null {
  const key = raw.trim().replace(/\\/g, '/').replace(/^\/+/, '');
  return isSafeKey(key) ? key : null;
}

const REJECTED_PREFIX = 'import-rejected/';

/** Passes the bytes on, failing once more than `max` went through (a remote file larger than it said). */
const capped = (max: number) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      done(seen > max ? new Error('too large') : null, chunk);
    },
  });
};

type ProjectCheck = { ok: true } | { ok: false; message: string };

/** The checks a project file passes before it is stored as one (an upload's), with its size limit; null for other files. */
function projectCheckOf(key: string, editor: CodeEditor | undefined): { maxBytes: number; tooLarge: string; check: (data: Buffer) => Promise<ProjectCheck> } | null {
  const mb = (n: number) => `${n / 1024 / 1024}MB`;
  if (editor) {
    const { maxFileBytes } = CODE_PROJECT_LIMITS;
    return { maxBytes: maxFileBytes, tooLarge: `作品文件不能超过${mb(maxFileBytes)}`, check: async (data) => checkCodeFile(editor, data, codeProjectExt(editor, key)) };
  }
  if (/\.sb3$/i.test(key)) return { maxBytes: SB3_LIMITS.maxFileBytes, tooLarge: `Scratch 项目文件不能超过${mb(SB3_LIMITS.maxFileBytes)}`, check: checkSb3 };
  return null;
}

export function createFileSink(opts: {
  from?: string;
  store: FileStore;
  report: ImportReport;
  dryRun: boolean;
  fetchRemote: boolean;
  /** The files of 图形化Python and 积木编程 works (as the rows spell them) and their editor: checked as that editor's projects. */
  codeProjects?: ReadonlyMap<string, CodeEditor>;
}): FileSink {
  const codeProjects = new Map<string, CodeEditor>();
  for (const [raw, editor] of opts.codeProjects ?? []) {
    const key = safeKey(raw);
    if (key) codeProjects.set(key, editor);
  }
  const seen = new Set<string>();
  const running = new Set<Promise<void>>();
  let failure: unknown = null;
  let copied = 0;
  const { report, store } = opts;

  const copy = async (key: string) => {
    if (!opts.from) {
      pushCapped(report.missingFiles, key);
      return;
    }
    const file = path.join(opts.from, key);
    const stat = await fsp.stat(file).catch(() => null);
    if (!stat?.isFile()) {
      pushCapped(report.missingFiles, key);
      return;
    }
    const project = projectCheckOf(key, codeProjects.get(key));
    // Already there from an earlier run.
    if ((await store.stat(key))?.size === stat.size) return;
    let target = key;
    let data: Buffer | null = null;
    if (project) {
      if (stat.size <= project.maxBytes) {
        data = await fsp.readFile(file).catch(() => null);
        if (!data) {
          pushCapped(report.missingFiles, key);
          return;
        }
      }
      const check = data ? await project.check(data) : { ok: false as const, message: project.tooLarge };
      if (!check.ok) {
        target = `${REJECTED_PREFIX}${key}`;
        pushCapped(report.rejectedFiles, { key, reason: check.message, keptAs: target });
      }
    } else {
      try {
        await fsp.access(file, fs.constants.R_OK);
      } catch {
        pushCapped(report.missingFiles, key);
        return;
      }
    }
    // A project kept aside by an earlier run is listed again, not copied again.
    if (target !== key && (await store.stat(target))?.size === stat.size) return;
    if (!opts.dryRun) await store.put(target, data ?? fs.createReadStream(file));
    copied++;
  };

  const schedule = async (key: string) => {
    while (running.size >= CONCURRENCY) await Promise.race(running);
    if (failure) throw failure;
    // A failed copy (the store refusing) is kept and thrown by the next claim or by flush: the run stops.
    const p = copy(key)
      .catch((err: unknown) => {
        failure ??= err;
      })
      .finally(() => running.delete(p));
    running.add(p);
  };

  const fetchRemote = async (url: string): Promise<string> => {
    const ext = (/\.([a-z0-9]{1,5})(?:[?#]|$)/i.exec(new URL(url).pathname)?.[1] ?? 'bin').toLowerCase();
    const key = `remote/${createHash('sha1').update(url).digest('hex')}.${ext}`;
    if (await store.stat(key)) return key;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(30_000), redirect: 'follow' });
      const length = Number(res.headers.get('content-length') ?? 0);
      if (!res.ok || !res.body || length > MAX_REMOTE_BYTES) throw new Error(String(res.status));
      const body = capped(MAX_REMOTE_BYTES);
      // pipeline passes a failed download on to `body`, so the store's put fails rather than waits.
      void pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), body).catch(() => undefined);
      if (opts.dryRun) for await (const chunk of body) void chunk;
      else await store.put(key, body);
      pushCapped(report.remoteFiles, { url, fetched: true });
      return key;
    } catch {
      pushCapped(report.remoteFiles, { url, fetched: false });
      return url;
    }
  };

  const sink: FileSink = {
    async claim(raw) {
      if (raw === null || raw === undefined || raw.trim() === '') return raw;
      const value = raw.trim();
      if (REMOTE.test(value)) {
        if (seen.has(value)) return value;
        seen.add(value);
        if (opts.fetchRemote) return fetchRemote(value);
        pushCapped(report.remoteFiles, { url: value, fetched: false });
        return value;
      }
      const key = safeKey(value);
      if (!key) {
        pushCapped(report.missingFiles, value);
        return value;
      }
      if (!seen.has(key)) {
        seen.add(key);
        await schedule(key);
      }
      return key;
    },
    async claimList(raw) {
      if (!raw) return raw;
      const parts = await Promise.all(raw.split(',').map((k) => k.trim()).filter(Boolean).map((k) => sink.claim(k)));
      return parts.join(',');
    },
    async flush() {
      await Promise.all(running);
      if (failure) throw failure;
    },
    get copied() {
      return copied;
    },
  };
  return sink;
}
