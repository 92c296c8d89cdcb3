// /teaching/teachingNews: drafts never reach anonymous visitors (list, detail, pages), content is sanitised on
// write, the public list is newest first without content, and only whoever holds 资讯管理 (admin) may write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

const API = '/teaching/teachingNews';
type News = { id: string; newsTitle: string; newsContent: string | null; newsStatus: number; createTime: string };

describe.each(dialects)('news API on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let student: string;
  let publishedId: string;
  let draftId: string;

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    [admin, teacher, student] = await Promise.all([t.login('admin'), t.login('teacher'), t.login('student1')]);
    const seeded = await t.db.selectFrom('teaching_news').select(['id', 'news_status']).execute();
    publishedId = seeded.find((r) => r.news_status === 1)!.id;
    draftId = seeded.find((r) => r.news_status === 0)!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds one published item and one draft', async () => {
    expect(publishedId).toBeTruthy();
    expect(draftId).toBeTruthy();
  });

  it('newsList answers anonymous visitors with published items only, without content', async () => {
    const res = await t.api<{ records: News[]; total: number }>('GET', `${API}/newsList?pageSize=999`);
    expect(res.body.success).toBe(true);
    const ids = res.body.result.records.map((r) => r.id);
    expect(ids).toContain(publishedId);
    expect(ids).not.toContain(draftId);
    expect(res.body.result.total).toBe(ids.length);
    for (const r of res.body.result.records) expect(r.newsContent).toBeNull();
    // A status filter cannot open drafts either.
    const drafts = await t.api<{ records: News[] }>('GET', `${API}/newsList?newsStatus=0`);
    expect(drafts.body.result.records.map((r) => r.id)).not.toContain(draftId);
  });

  it('newsDetail answers a published item and refuses a draft or an unknown id alike', async () => {
    const ok = await t.api<News>('GET', `${API}/newsDetail?id=${publishedId}`);
    expect(ok.body.success).toBe(true);
    expect(ok.body.result.newsTitle).toBe('学堂教学平台正式上线');
    expect(ok.body.result.newsContent).toContain('正式上线');
    for (const id of [draftId, 'no-such-id', '']) {
      const res = await t.api('GET', `${API}/newsDetail?id=${id}`);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBe('未找到对应数据');
      expect(JSON.stringify(res.body)).not.toContain('比赛');
    }
  });

  it('refuses every admin route to anonymous visitors, students and teachers', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', `${API}/list`],
      ['GET', `${API}/queryById?id=${draftId}`],
      ['POST', `${API}/add`, { newsTitle: '越权', newsStatus: 1 }],
      ['PUT', `${API}/edit`, { id: draftId, newsTitle: '越权', newsStatus: 1 }],
      ['DELETE', `${API}/delete?id=${draftId}`],
      ['DELETE', `${API}/deleteBatch?ids=${draftId}`],
      ['GET', `${API}/exportXls`],
    ];
    for (const [method, path, body] of calls) {
      const anon = await t.api(method, path, { body });
      expect(anon.body.success, `${method} ${path}`).toBe(false);
      expect(anon.status).toBe(500);
      for (const token of [student, teacher]) {
        const res = await t.api(method, path, { token, body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.message).toBe('没有权限，请联系管理员授权');
      }
    }
    const draft = await t.db.selectFrom('teaching_news').selectAll().where('id', '=', draftId).executeTakeFirstOrThrow();
    expect(draft.news_status).toBe(0);
    expect(draft.news_title).not.toBe('越权');
  });

  it('admin lists every status with the dictionary text, and filters by status', async () => {
    const res = await t.api<{ records: (News & { newsStatus_dictText: string })[] }>('GET', `${API}/list`, { token: admin });
    expect(res.body.success).toBe(true);
    const byId = new Map(res.body.result.records.map((r) => [r.id, r]));
    expect(byId.get(draftId)?.newsStatus_dictText).toBe('草稿');
    expect(byId.get(publishedId)?.newsStatus_dictText).toBe('已发布');
    const drafts = await t.api<{ records: News[] }>('GET', `${API}/list?newsStatus=0`, { token: admin });
    expect(drafts.body.result.records.map((r) => r.id)).toEqual([draftId]);
  });

  it('sanitises content on write, and publishing makes an item public, newest first', async () => {
    const add = await t.api<{ id: string }>('POST', `${API}/add`, {
      token: admin,
      body: {
        newsTitle: '脚本测试',
        newsStatus: '1',
        newsContent: '<p onclick="steal()">正文<script>alert(1)</script><a href="javascript:alert(2)">链接</a></p><div style="position:fixed;z-index:9">遮罩</div>',
      },
    });
    expect(add.body.success).toBe(true);
    const row = await t.db.selectFrom('teaching_news').selectAll().where('id', '=', add.body.result.id).executeTakeFirstOrThrow();
    expect(row.news_content).toContain('正文');
    expect(row.news_content).not.toMatch(/script|onclick|javascript:|position:\s*fixed|z-index/);
    expect(row.create_by).toBe('admin');
    const list = await t.api<{ records: News[] }>('GET', `${API}/newsList`);
    expect(list.body.result.records[0].id).toBe(add.body.result.id);

    // Back to draft: gone from the public list and detail at once; the editor is recorded.
    const edit = await t.api('PUT', `${API}/edit`, { token: admin, body: { id: add.body.result.id, newsTitle: '脚本测试', newsStatus: 0, newsContent: row.news_content } });
    expect(edit.body.success).toBe(true);
    expect((await t.api<{ records: News[] }>('GET', `${API}/newsList`)).body.result.records.map((r) => r.id)).not.toContain(add.body.result.id);
    expect((await t.api('GET', `${API}/newsDetail?id=${add.body.result.id}`)).body.success).toBe(false);
    const edited = await t.db.selectFrom('teaching_news').selectAll().where('id', '=', add.body.result.id).executeTakeFirstOrThrow();
    expect(edited.update_by).toBe('admin');
    expect(edited.update_time).toBeTruthy();

    const del = await t.api('DELETE', `${API}/delete?id=${add.body.result.id}`, { token: admin });
    expect(del.body.success).toBe(true);
    expect(await t.db.selectFrom('teaching_news').select('id').where('id', '=', add.body.result.id).executeTakeFirst()).toBeUndefined();
  });

  it('rejects a missing title or an unknown status with a clear message', async () => {
    const noTitle = await t.api('POST', `${API}/add`, { token: admin, body: { newsTitle: ' ', newsStatus: 0 } });
    expect(noTitle.body.success).toBe(false);
    expect(noTitle.body.message).toContain('请输入标题');
    const badStatus = await t.api('POST', `${API}/add`, { token: admin, body: { newsTitle: '状态', newsStatus: 7 } });
    expect(badStatus.body.success).toBe(false);
    expect(badStatus.body.message).toContain('状态只能是');
    const unknown = await t.api('PUT', `${API}/edit`, { token: admin, body: { id: 'nope', newsTitle: '无', newsStatus: 0 } });
    expect(unknown.body.message).toBe('未找到对应数据');
  });

  it('pages the public list 10 at a time, newest first', async () => {
    for (let i = 0; i < 12; i++) {
      const res = await t.api('POST', `${API}/add`, { token: admin, body: { newsTitle: `分页资讯${i}`, newsStatus: 1, newsContent: '<p>x</p>' } });
      expect(res.body.success).toBe(true);
    }
    const first = await t.api<{ records: News[]; total: number }>('GET', `${API}/newsList?pageNo=1&pageSize=10`);
    expect(first.body.result.records).toHaveLength(10);
    expect(first.body.result.total).toBe(13);
    const times = first.body.result.records.map((r) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await t.api<{ records: News[] }>('GET', `${API}/newsList?pageNo=2&pageSize=10`);
    expect(second.body.result.records).toHaveLength(3);
    const all = [...first.body.result.records, ...second.body.result.records].map((r) => r.id);
    expect(new Set(all).size).toBe(13);
    expect(all[all.length - 1]).toBe(publishedId);
    // Clean up for the other tests of the file.
    await t.db.deleteFrom('teaching_news').where('news_title', 'like', '分页资讯%').execute();
  });
});
