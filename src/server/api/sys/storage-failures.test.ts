// The file store behind the API: a store that does not answer (a bucket down) gives 503 with the Chinese message
// and writes no row; on a bucket, stored files go out after their access check as redirects to signed addresses
// (videos, sounds) or to STORAGE_PUBLIC_URL (public media), and everything else is streamed as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { uploadAs } from '../../../../test/upload-client.js';
import { makePng } from '../../../../test/media.js';
import { validSb3 } from '../../../../test/sb3-files.js';
import { removeStoredFiles } from '../../domain/uploads.js';
import { STORAGE_UNAVAILABLE, type FileStore } from '../../storage/index.js';
import type { SignedUrlOptions } from '../../storage/store.js';

/** The test's store, failing on every read and write while `down` is set, with a bucket's addresses when `bucket` is. */
function flakyStore(store: FileStore, state: { down: boolean; bucket: boolean; signed: { key: string; opts: SignedUrlOptions }[] }): FileStore {
  const check = () => {
    if (state.down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' });
  };
  return {
    get kind() {
      return store.kind;
    },
    get location() {
      return store.location;
    },
    put: async (key, body, opts) => (check(), store.put(key, body, opts)),
    get: async (key, range) => (check(), store.get(key, range)),
    read: async (key) => (check(), store.read(key)),
    stat: async (key) => (check(), store.stat(key)),
    remove: async (keys) => (check(), store.remove(keys)),
    list: (prefix) => store.list(prefix),
    signedUrl: async (key, opts) => {
      check();
      if (!state.bucket) return null;
      state.signed.push({ key, opts });
      return `https://bucket.example/${key}?X-Amz-Signature=test`;
    },
    publicUrl: (key) => (state.bucket ? `https://cdn.example/${key}` : null),
    ping: async () => check(),
    close: () => store.close(),
  };
}

describe.each(dialects)('the file store behind the API on %s', (dialect) => {
  let t: TestApp;
  const state = { down: false, bucket: false, signed: [] as { key: string; opts: SignedUrlOptions }[] };
  const tok: Record<string, string> = {};
  const count = async (table: 'sys_file' | 'teaching_work') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const upload = (data: Uint8Array, name: string, biz: string, who = 'student1') => uploadAs(t, tok[who], data, name, biz);
  /** A public Scratch work's project or cover (course files may be hidden from visitors). */
  const publicWorkFile = (column: 'work_file' | 'work_cover') =>
    t.db
      .selectFrom('sys_file as f')
      .innerJoin('teaching_work as w', `w.${column}`, 'f.id')
      .select(['f.file_path', 'f.file_size'])
      .where('w.work_type', '=', '2')
      .where('w.work_status', '>=', 3)
      .orderBy('f.file_path')
      .executeTakeFirstOrThrow();
  const get = (p: string, who?: string) => t.request(`/api/sys/common/static/${p}`, who ? { headers: { 'X-Access-Token': tok[who] } } : {});

  beforeAll(async () => {
    t = await startTestApp({ dialect, wrapStorage: (s) => flakyStore(s, state) });
    for (const u of ['student1', 'admin']) tok[u] = await t.login(u);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('a store that does not answer', () => {
    it('refuses an upload with 503 and 文件存储暂时不可用，请稍后重试, registering nothing', async () => {
      const rows = await count('sys_file');
      state.down = true;
      try {
        const res = await upload(makePng(4, 4), 'a.png', 'avatar');
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ success: false, code: 503, message: STORAGE_UNAVAILABLE });
        expect(STORAGE_UNAVAILABLE).toBe('文件存储暂时不可用，请稍后重试');
      } finally {
        state.down = false;
      }
      expect(await count('sys_file')).toBe(rows);
    });

    it('refuses a work submit with 503, writing no work', async () => {
      const sb3 = await upload(validSb3(), '作品.sb3', 'project3');
      expect(sb3.body.success, JSON.stringify(sb3.body)).toBe(true);
      const works = await count('teaching_work');
      state.down = true;
      try {
        const res = await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student1, body: { workName: '存储故障', workType: '2', workStatus: 1, workFile: sb3.body.result.id } });
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ success: false, message: STORAGE_UNAVAILABLE });
      } finally {
        state.down = false;
      }
      expect(await count('teaching_work')).toBe(works);
      // With the store back the same save goes through.
      const again = await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student1, body: { workName: '存储故障', workType: '2', workStatus: 1, workFile: sb3.body.result.id } });
      expect(again.body.success, JSON.stringify(again.body)).toBe(true);
      expect(await count('teaching_work')).toBe(works + 1);
    });

    it('lets a delete that has happened succeed: the rows go, the content stays for the orphan job', async () => {
      const up = await upload(makePng(5, 5), 'b.png', 'avatar');
      expect(up.body.success, JSON.stringify(up.body)).toBe(true);
      state.down = true;
      try {
        await removeStoredFiles(t.db, t.deps.storage, [up.body.result.key]);
      } finally {
        state.down = false;
      }
      expect(await t.db.selectFrom('sys_file').select('id').where('file_path', '=', up.body.result.key).executeTakeFirst()).toBeUndefined();
      expect(await t.deps.storage.stat(up.body.result.key)).not.toBeNull();
    });

    it('answers 503 for a stored file, not 404', async () => {
      const cover = await publicWorkFile('work_cover');
      state.down = true;
      try {
        const res = await get(cover.file_path);
        expect(res.status).toBe(503);
        expect((await res.json()) as object).toMatchObject({ success: false, message: STORAGE_UNAVAILABLE });
      } finally {
        state.down = false;
      }
      expect((await get(cover.file_path)).status).toBe(200);
    });
  });

  describe('serving from a bucket', () => {
    let unitId: string;
    const video = 'courseunit/storage-test.mp4';
    beforeAll(async () => {
      // A hidden unit video: students of the course do not see it, the admin does.
      await t.deps.storage.put(video, Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]));
      const course = await t.db.selectFrom('teaching_course').select('id').where('course_name', '=', 'Scratch入门').executeTakeFirstOrThrow();
      unitId = (await t.db.selectFrom('teaching_course_unit').select('id').where('course_id', '=', course.id).orderBy('order_num').executeTakeFirstOrThrow()).id;
      await t.db.updateTable('teaching_course_unit').set({ course_video: video, show_course_video: 0 }).where('id', '=', unitId).execute();
      state.bucket = true;
    });
    afterAll(() => {
      state.bucket = false;
    });

    it('sends a public picture to STORAGE_PUBLIC_URL with caching', async () => {
      const cover = await publicWorkFile('work_cover');
      const res = await get(cover.file_path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`https://cdn.example/${cover.file_path}`);
      expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
      // A download under its uploaded name stays here (the name is ours to set).
      const download = await get(`${cover.file_path}?download=1`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    });

    it('streams a Scratch project (the players fetch it same-origin) with its headers', async () => {
      const sb3 = await publicWorkFile('work_file');
      const res = await get(sb3.file_path);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(Buffer.from(await res.arrayBuffer()).length).toBe(Number(sb3.file_size));
    });

    it('checks a hidden unit video first, then redirects to a short-lived signed address with its type', async () => {
      state.signed.length = 0;
      expect((await get(video)).status).toBe(403);
      expect((await get(video, 'student1')).status).toBe(403);
      expect(state.signed).toEqual([]);
      const res = await get(video, 'admin');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`https://bucket.example/${video}?X-Amz-Signature=test`);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(state.signed).toEqual([{ key: video, opts: { expiresIn: expect.any(Number), contentType: 'video/mp4' } }]);
      expect(state.signed[0].opts.expiresIn).toBeLessThanOrEqual(900);
      // A download carries its name in the signed address.
      const download = await get(`${video}?download=1`, 'admin');
      expect(download.status).toBe(302);
      expect(state.signed[1].opts.disposition).toMatch(/^attachment; filename="storage-test\.mp4"/);
    });
  });
});

describe('pages on a bucket', () => {
  let t: TestApp;
  beforeAll(async () => {
    const state = { down: false, bucket: true, signed: [] };
    t = await startTestApp({ wrapStorage: (s) => flakyStore(s, state) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('allow pictures and media from the bucket and the CDN the stored-file route redirects to, nothing else', async () => {
    const res = await t.request('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('img-src')).toContain('https://cdn.example');
    expect(directive('media-src')).toContain('https://bucket.example');
    expect(directive('media-src')).toContain('https://cdn.example');
    expect(directive('script-src')).not.toContain('example');
    expect(directive('connect-src')).not.toContain('example');
  });
});
