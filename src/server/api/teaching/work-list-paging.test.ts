// The works list runs in two phases (the page's ids with only the joins its filters need, then the full rows for
// those ids): paging through a scoped, filtered list must keep the sort order, the tie-breaks and the totals, and
// never show works outside the caller's classes or deleted ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { newId } from '../../domain/ids.js';
import { addClass, addUser, grantCodes, storedFile } from './work-fixtures.js';

interface Made {
  id: string;
  author: string;
  scene: string;
  time: string;
  score: number | null;
  tagged: boolean;
  deleted: boolean;
}

describe.each(dialects)('works list paging on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const made: Made[] = [];

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    const mine = await addClass(t, '三年级一班', '希望小学', 'A01A31');
    const other = await addClass(t, '三年级二班', '希望小学', 'A01A32');
    await addUser(t, 'teacherp', '秦老师', 'teacher', [mine], [mine]);
    await addUser(t, 'pupil1', '甲同学', 'student', [mine]);
    await addUser(t, 'pupil2', '乙同学', 'student', [mine]);
    await addUser(t, 'pupil3', '丙同', 'student', [mine]);
    await addUser(t, 'outsider', '丁同学', 'student', [other]);
    await grantCodes(t, ['admin', 'teacher'], ['work:correct', 'work:export']);
    for (const u of ['admin', 'teacherp']) tok[u] = await t.login(u);
    const teacherId = await t.userId('teacherp');
    let n = 0;
    for (const author of ['pupil1', 'pupil2', 'pupil3', 'outsider']) {
      const userId = await t.userId(author);
      const file = await storedFile(t, author);
      for (let i = 0; i < 7; i++, n++) {
        // Few distinct times, so many works tie on create_time and the id decides.
        const time = `2026-01-0${1 + (n % 3)} 08:00:00`;
        const m: Made = { id: newId(), author, scene: i % 3 === 2 ? 'course' : 'create', time, score: i % 2 ? 1 + (n % 5) : null, tagged: i % 2 === 1, deleted: i === 6 };
        made.push(m);
        await t.db
          .insertInto('teaching_work')
          .values({ id: m.id, user_id: userId, work_name: `分页作品${n}`, work_type: '2', work_file: file.id, work_scene: m.scene, work_status: 1, del_flag: m.deleted ? 1 : 0, create_by: author, create_time: time })
          .execute();
        if (m.score !== null) await t.db.insertInto('teaching_work_correct').values({ id: newId(), work_id: m.id, score: m.score, comment: '', create_time: time }).execute();
        if (m.tagged) await t.db.insertInto('teaching_work_tag').values({ id: newId(), user_id: teacherId, work_id: m.id, tag: '分页', create_time: time }).execute();
      }
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every page of the list at `pageSize`, checking each page's total; returns the ids in the order served. */
  const pageThrough = async (token: string, query: string, pageSize: number, total: number, ownTags = true) => {
    const seen: string[] = [];
    for (let pageNo = 1; pageNo <= Math.ceil(total / pageSize) + 1; pageNo++) {
      const res = await t.api('GET', `/teaching/teachingWork/list?${query}&pageNo=${pageNo}&pageSize=${pageSize}`, { token });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      expect(res.body.result.total).toBe(total);
      const records = res.body.result.records as { id: string; realname: string; workTag: string; score: number | null }[];
      expect(records.length).toBe(Math.max(0, Math.min(pageSize, total - (pageNo - 1) * pageSize)));
      // Phase two's full rows: the author, the caller's tag and the grade come with every record.
      for (const r of records) {
        const m = made.find((x) => x.id === r.id)!;
        expect(r.realname).toBeTruthy();
        expect(r.workTag).toBe(m.tagged && ownTags ? '分页' : ''); // tags are the caller's own
        expect(r.score ?? null).toBe(m.score);
      }
      seen.push(...records.map((r) => r.id));
    }
    return seen;
  };
  const byTimeDesc = (a: Made, b: Made) => (a.time === b.time ? (a.id < b.id ? 1 : -1) : a.time < b.time ? 1 : -1);
  const named = (m: Made) => ['pupil1', 'pupil2', 'outsider'].includes(m.author); // real names containing 同学

  it("pages a teacher's filtered list (source and student name) newest first, ties by id, totals steady", async () => {
    const expected = made.filter((m) => !m.deleted && m.author !== 'outsider' && m.scene === 'create' && named(m)).sort(byTimeDesc);
    expect(expected.length).toBeGreaterThan(6);
    const seen = await pageThrough(tok.teacherp, `workScene=create&realname=${encodeURIComponent('同学')}`, 3, expected.length);
    expect(seen).toEqual(expected.map((m) => m.id));
  });

  it('pages by score ascending over the caller\'s tag (grade and tag joins in phase one)', async () => {
    const expected = made
      .filter((m) => !m.deleted && m.author !== 'outsider' && m.tagged)
      .sort((a, b) => (a.score === b.score ? (a.id < b.id ? -1 : 1) : a.score! - b.score!));
    const seen = await pageThrough(tok.teacherp, `workTag=${encodeURIComponent('分页')}&column=score&order=asc`, 4, expected.length);
    expect(seen).toEqual(expected.map((m) => m.id));
  });

  it('gives the administrator every class, with the same order and totals', async () => {
    const expected = made.filter((m) => !m.deleted && m.scene === 'create' && named(m)).sort(byTimeDesc);
    expect(expected.some((m) => m.author === 'outsider')).toBe(true);
    const seen = await pageThrough(tok.admin, `workScene=create&realname=${encodeURIComponent('同学')}&username=`, 5, expected.length, false);
    expect(seen).toEqual(expected.map((m) => m.id));
  });
});
