// The 图形化Python pages on the server side: the player plays only Python works the visitor may see (the API's
// studentWorkInfo rule) and only files stored on this site; the editor is open to visitors; neither page's policy
// allows eval, which only the runtime's worker script may do (its own CSP header).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

describe.each(dialects)('/python/ pages (%s)', (dialect) => {
  let t: TestApp;
  const works: Record<string, { id: string; status: number; type: string }> = {};
  beforeAll(async () => {
    t = await startTestApp({ dialect });
    const rows = await t.db.selectFrom('teaching_work').select(['id', 'work_name', 'work_status', 'work_type']).execute();
    for (const r of rows) works[r.work_name] = { id: r.id, status: r.work_status, type: r.work_type };
    // Two of the seeded works as Python works (the player does not look into the file).
    await t.db.updateTable('teaching_work').set({ work_type: '4' }).where('id', 'in', [works['小猫跳舞'].id, works['打地鼠（未完成）'].id]).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (path: string, token?: string) => {
    const res = await t.request(path, token ? { headers: { Cookie: `xt_token=${token}` } } : {});
    return { status: res.status, html: await res.text(), res };
  };
  const boot = (html: string) => JSON.parse(/<script type="application\/json" id="xt-python-boot">([^<]*)<\/script>/.exec(html)![1]) as { worker: string; src?: string; media: string };

  it('plays a public Python work for a visitor: its stored file, the worker with our runtime, no eval on the page', async () => {
    const { status, html, res } = await get(`/python/player.html?workId=${works['小猫跳舞'].id}`);
    expect(status).toBe(200);
    const b = boot(html);
    expect(b.src).toMatch(/^\/api\/sys\/common\/static\//);
    expect(b.worker).toMatch(/^\/static\/build\/python\/worker\.js\?v=[^&]+&sk=%2Fstatic%2Fvendor%2Fskulpt%40[\d.]+%2F$/);
    expect(html).toContain('/static/build/python/player.js');
    for (const label of ['运行', '停止', '查看代码']) expect(html).toContain(label);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/https?:\/\//);
  });

  it('refuses a draft to a visitor and another student; plays it for its author', async () => {
    const draft = works['打地鼠（未完成）'];
    for (const token of [undefined, await t.login('student2')]) {
      const { status, html } = await get(`/python/player.html?workId=${draft.id}`, token);
      expect(status).toBe(404);
      expect(html).toContain('作品不存在或未公开');
      expect(html).not.toContain('<script');
    }
    expect((await get(`/python/player.html?workId=${draft.id}`, await t.login('student1'))).status).toBe(200);
  });

  it('says so for works of another type and a missing parameter; url plays only files stored here', async () => {
    const scratch = Object.entries(works).find(([name, w]) => w.type === '2' && name !== '小猫跳舞' && name !== '打地鼠（未完成）')![1];
    const other = await get(`/python/player.html?workId=${scratch.id}`, await t.login('admin'));
    expect(other.status).toBe(404);
    expect(other.html).toContain('这个作品不是 Python 作品');
    const none = await get('/python/player.html');
    expect(none.status).toBe(400);
    expect(none.html).toContain('没有指定要播放的作品');
    const src = boot((await get(`/python/player.html?workId=${works['小猫跳舞'].id}`)).html).src!;
    const ok = await get(`/python/player.html?lang=turtle&url=${encodeURIComponent(`http://127.0.0.1${src}`)}`);
    expect(ok.status).toBe(200);
    expect(boot(ok.html).src).toBe(src);
    for (const bad of ['https://evil.example/x.py', '/api/sys/user/list', `${src}/../../../sys/user/list`]) {
      const r = await get(`/python/player.html?url=${encodeURIComponent(bad)}`);
      expect(r.status, bad).toBe(400);
      expect(r.html).toContain('只播放本站保存的作品文件');
      expect(r.html).not.toContain('xt-python-boot');
    }
  });

  it('opens the editor for a visitor (no 保存 / 提交) and for a student (their name, 保存 and 提交)', async () => {
    const visitor = await get('/python/index.html?scene=create');
    expect(visitor.status).toBe(200);
    expect(visitor.html).toContain('登录后可保存');
    expect(visitor.html).not.toContain('id="xt-ed-save"');
    expect(visitor.html).toContain('/static/build/python/editor.js');
    expect(boot(visitor.html).media).toBe('/static/build/blockly-media/');
    expect(visitor.res.headers.get('content-security-policy')).not.toContain("'unsafe-eval'");
    const student = await get('/python/index.html?scene=create', await t.login('student1'));
    for (const s of ['小明', 'id="xt-ed-save"', 'id="xt-ed-submit"', '文本模式', '作品名称']) expect(student.html).toContain(s);
  });

  it("gives the worker script alone a policy that allows eval (and nothing from elsewhere)", async () => {
    const res = await t.request('/static/build/python/worker.js');
    if (res.status === 404) return; // not built in this checkout (npm run build makes it)
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; script-src 'self' 'unsafe-eval'");
    const other = await t.request('/static/build/python/player.js');
    expect(other.headers.get('content-security-policy')).not.toContain("'unsafe-eval'");
  });
});
