// Public reads: the works leaderboard, one work's detail, the home page courses and the public site menu.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../domain/ids.js';
import { formatDateTime } from '../../domain/time.js';
import { expectEnvelope, expectFailure, expectPage } from '../../../../test/assertions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const tokens: Record<string, string> = {};
/** Works that must never be listed publicly: one per private status, plus a seeded draft. */
const privateWorks: string[] = [];
let privateOfStudent3: string;

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['admin', 'teacher', 'student1', 'student3']) tokens[u] = await t.login(u);
  const template = await t.db.selectFrom('teaching_work').selectAll().where('work_status', '=', 4).orderBy('id').executeTakeFirstOrThrow();
  const student3 = await t.userId('student3');
  for (const status of [0, 1, 2]) {
    const id = newId();
    privateWorks.push(id);
    await t.db
      .insertInto('teaching_work')
      .values({
        ...template,
        id,
        user_id: student3,
        work_name: `私密作品${status}`,
        work_status: status,
        // Far ahead of every public work in every order.
        view_num: 100_000 + status,
        star_num: 100_000 + status,
        create_time: formatDateTime(new Date(Date.now() + 3600_000)),
      })
      .execute();
  }
  privateOfStudent3 = privateWorks[0];
  const seededPrivate = await t.db.selectFrom('teaching_work').select('id').where('work_status', '<', 3).execute();
  for (const w of seededPrivate) if (!privateWorks.includes(w.id)) privateWorks.push(w.id);
});
afterAll(async () => {
  await t?.close();
});

type Work = { id: string; workName: string; workStatus: string; viewNum: number; starNum: number; createTime: string; userId: string };

async function leaderboard(query: string, token?: string) {
  const res = await t.api('GET', `/teaching/teachingWork/leaderboard${query ? `?${query}` : ''}`, { token });
  expectEnvelope(res, { success: true, code: 200 });
  return res.body.result as { records: Work[]; total: number; size: number; current: number; pages: number };
}

const publicCount = async (status?: number) => {
  let q = t.db
    .selectFrom('teaching_work as w')
    .innerJoin('sys_user as u', 'u.id', 'w.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('w.work_status', '>=', 3)
    .where('w.del_flag', '=', 0)
    .where('u.del_flag', '=', 0);
  if (status !== undefined) q = q.where('w.work_status', '=', status);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

describe('GET /teaching/teachingWork/leaderboard', () => {
  it('pages the public works (status 3 and 4) with their author and cover (code works may have none)', async () => {
    const r = await leaderboard('pageSize=100');
    expectPage(r, 100, 1);
    expect(r.total).toBe(await publicCount());
    expect(r.total).toBeGreaterThanOrEqual(6);
    for (const w of r.records) {
      expect(['3', '4']).toContain(w.workStatus);
      expect(w).toMatchObject({ workStatus_dictText: expect.stringMatching(/^(首页展示|精选作品)$/) });
      if (w.workType === '2') expect((w as Record<string, unknown>).coverFileKey_url).toMatch(/^\/api\/sys\/common\/static\//);
      expect(typeof (w as Record<string, unknown>).userId_dictText).toBe('string');
      expect(w).not.toHaveProperty('password');
      expect(w).not.toHaveProperty('salt');
    }
  });

  it.each([
    ['the default list', ''],
    ['views', 'orderBy=view&pageSize=100'],
    ['stars', 'orderBy=star&pageSize=100'],
    ['newest', 'orderBy=time&pageSize=100'],
    ['status 0', 'workStatus=0&pageSize=100'],
    ['status 1', 'workStatus=1&pageSize=100'],
    ['status 2', 'workStatus=2&pageSize=100'],
    ['the author of the private works', 'pageSize=100&userId=AUTHOR'],
  ])('never lists a private work (%s)', async (_label, query) => {
    const author = await t.userId('student3');
    for (const token of [undefined, tokens.student3, tokens.admin]) {
      const r = await leaderboard(query.replace('AUTHOR', author), token);
      const ids = r.records.map((w) => w.id);
      for (const id of privateWorks) expect(ids).not.toContain(id);
      for (const w of r.records) expect(Number(w.workStatus)).toBeGreaterThanOrEqual(3);
    }
  });

  it('answers an empty page for a private status', async () => {
    for (const status of [0, 1, 2]) {
      const r = await leaderboard(`workStatus=${status}`);
      expect(r.total).toBe(0);
      expect(r.records).toEqual([]);
    }
  });

  it('lists only featured works for workStatus=4', async () => {
    const r = await leaderboard('workStatus=4&pageSize=100');
    expect(r.total).toBe(await publicCount(4));
    expect(r.total).toBeGreaterThan(0);
    expect(r.records.every((w) => w.workStatus === '4')).toBe(true);
    expect(r.records).toHaveLength(r.total);
  });

  it('sorts by stars, views or time, descending', async () => {
    const stars = (await leaderboard('orderBy=star&pageSize=100')).records.map((w) => w.starNum);
    expect(stars).toEqual([...stars].sort((a, b) => b - a));
    expect(new Set(stars).size).toBeGreaterThan(1);
    const views = (await leaderboard('orderBy=view&pageSize=100')).records.map((w) => w.viewNum);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    const times = (await leaderboard('orderBy=time&pageSize=100')).records.map((w) => w.createTime);
    expect(times).toEqual([...times].sort().reverse());
    // The orders really differ on the seeded works.
    expect((await leaderboard('orderBy=star&pageSize=100')).records.map((w) => w.id)).not.toEqual(
      (await leaderboard('orderBy=time&pageSize=100')).records.map((w) => w.id),
    );
  });

  it.each(['nonsense', 'view_num;drop table sys_user', 'star_num desc, (select 1)', 'constructor', 'toString', '__proto__', ''])(
    'accepts an unknown orderBy without error or effect (%s)',
    async (orderBy) => {
      const users = (await t.db.selectFrom('sys_user').select('id').execute()).length;
      const r = await leaderboard(`orderBy=${encodeURIComponent(orderBy)}&pageSize=100`);
      expect(r.total).toBe(await publicCount());
      expect(r.records).toHaveLength(r.total);
      expect((await t.db.selectFrom('sys_user').select('id').execute()).length).toBe(users);
      expect(users).toBeGreaterThan(0);
    },
  );

  it('filters by author', async () => {
    const id = await t.userId('student1');
    const r = await leaderboard(`userId=${id}&pageSize=100`);
    expect(r.total).toBeGreaterThan(0);
    expect(r.records.every((w) => w.userId === id)).toBe(true);
  });

  it('pages: size, current and pages follow pageNo and pageSize', async () => {
    const total = await publicCount();
    const first = await leaderboard('orderBy=star&pageSize=2&pageNo=1');
    const second = await leaderboard('orderBy=star&pageSize=2&pageNo=2');
    expectPage(first, 2, 1);
    expectPage(second, 2, 2);
    expect(first.total).toBe(total);
    expect(first.pages).toBe(Math.ceil(total / 2));
    const ids = [...first.records, ...second.records].map((w) => w.id);
    expect(new Set(ids).size).toBe(4);
    const beyond = await leaderboard('pageSize=2&pageNo=99');
    expect(beyond.records).toEqual([]);
    expect(beyond.total).toBe(total);
  });

  it('rejects a non-numeric workStatus', async () => {
    const res = await t.api('GET', '/teaching/teachingWork/leaderboard?workStatus=abc');
    expectEnvelope(res, { success: false, status: 400, code: 400, message: 'workStatus必须是数字' });
  });

  it('accepts and ignores the _t parameter', async () => {
    const plain = await leaderboard('orderBy=star&pageSize=100');
    const stamped = await leaderboard(`orderBy=star&pageSize=100&_t=${Math.floor(Date.now() / 1000)}`);
    expect(stamped.records.map((w) => w.id)).toEqual(plain.records.map((w) => w.id));
  });
});

/** What must not reach anyone but the author and admins: the login, class, grade and audit columns. */
const PRIVATE_KEYS = ['score', 'teacherComment', 'departId', 'departId_dictText', 'createBy', 'updateBy', 'additionalId', 'delFlag'];

/** A public work of student1, graded by the teacher with a score and a remark. */
async function gradedPublicWork() {
  const student1 = await t.userId('student1');
  const work = await t.db.selectFrom('teaching_work').selectAll().where('user_id', '=', student1).where('work_status', '>=', 3).orderBy('id').executeTakeFirstOrThrow();
  const graded = await t.db.selectFrom('teaching_work_correct').select('id').where('work_id', '=', work.id).executeTakeFirst();
  if (!graded) await t.db.insertInto('teaching_work_correct').values({ id: newId(), work_id: work.id, score: 87, comment: '颜色再鲜艳些会更好' }).execute();
  else await t.db.updateTable('teaching_work_correct').set({ score: 87, comment: '颜色再鲜艳些会更好' }).where('id', '=', graded.id).execute();
  return work.id;
}

describe('what the public shapes carry', () => {
  const expectPublic = (w: Record<string, unknown>) => {
    for (const key of PRIVATE_KEYS) expect(w, key).not.toHaveProperty(key);
    expect(w.username).toBe('');
    expect(JSON.stringify(w)).not.toMatch(/"student\d"|"teacher"|"admin"/);
    expect(w.realname).toBe(w.userId_dictText);
  };

  it('leaderboard: the display name and avatar, never the username, class, score or remark', async () => {
    const id = await gradedPublicWork();
    for (const token of [undefined, tokens.student3, tokens.student1]) {
      const r = await leaderboard('pageSize=100', token);
      expect(r.records.map((w) => w.id)).toContain(id);
      for (const w of r.records) expectPublic(w as unknown as Record<string, unknown>);
      expect(r.records.find((w) => w.id === id)).toMatchObject({ realname: '小明', userId_dictText: '小明' });
    }
  });

  it('work detail: public shape for visitors and other students, the full record for the author, admins and the class teacher', async () => {
    const id = await gradedPublicWork();
    const detail = async (token?: string) => (await t.api('GET', `/teaching/teachingWork/studentWorkInfo?workId=${id}`, { token })).body.result as Record<string, unknown>;
    for (const token of [undefined, tokens.student3]) {
      const w = await detail(token);
      expectPublic(w);
      expect(w).toMatchObject({ id, realname: '小明', workFileKey_url: expect.stringMatching(/\.sb3$/) });
    }
    for (const token of [tokens.student1, tokens.admin, tokens.teacher]) {
      expect(await detail(token)).toMatchObject({ id, username: 'student1', score: 87, teacherComment: '颜色再鲜艳些会更好', departId_dictText: '一年级一班' });
    }
  });

  it('lists and opens no deleted work', async () => {
    const id = await gradedPublicWork();
    await t.db.updateTable('teaching_work').set({ del_flag: 1 }).where('id', '=', id).execute();
    try {
      expect((await leaderboard('pageSize=100')).records.map((w) => w.id)).not.toContain(id);
      expectFailure(await t.api('GET', `/teaching/teachingWork/studentWorkInfo?workId=${id}`), '作品不存在');
    } finally {
      await t.db.updateTable('teaching_work').set({ del_flag: 0 }).where('id', '=', id).execute();
    }
  });
});

describe('GET /teaching/teachingWork/studentWorkInfo', () => {
  const info = (workId: string, token?: string) =>
    t.api('GET', `/teaching/teachingWork/studentWorkInfo?workId=${encodeURIComponent(workId)}&_t=1700000000`, { token });
  const views = async (id: string) => (await t.db.selectFrom('teaching_work').select('view_num').where('id', '=', id).executeTakeFirstOrThrow()).view_num;

  it('shows a public work to anyone with code 0 and counts the view (once a day per visitor)', async () => {
    // A work no earlier test has opened: a view counts once a day per visitor (work-interactions.test.ts).
    const source = await t.db.selectFrom('teaching_work').selectAll().where('work_status', '=', 4).orderBy('id').executeTakeFirstOrThrow();
    const work = { id: newId(), workName: '今天第一次打开' };
    await t.db.insertInto('teaching_work').values({ ...source, id: work.id, work_name: work.workName }).execute();
    const before = await views(work.id);
    const res = await info(work.id);
    expectEnvelope(res, { success: true, code: 0 });
    expect(res.body.result).toMatchObject({ id: work.id, workName: work.workName, workStatus: '4', viewNum: before + 1 });
    expect(res.body.result.workFileKey_url).toMatch(/^\/api\/sys\/common\/static\/.+\.sb3$/);
    expect(res.body.result).not.toHaveProperty('password');
    expect(await views(work.id)).toBe(before + 1);
    await info(work.id, tokens.student1);
    expect(await views(work.id)).toBe(before + 2);
    await info(work.id, tokens.student1);
    await info(work.id);
    expect(await views(work.id)).toBe(before + 2);
  });

  it('refuses a private work to visitors and other students, without counting a view', async () => {
    const before = await views(privateOfStudent3);
    expectFailure(await info(privateOfStudent3), '作品不存在');
    expectFailure(await info(privateOfStudent3, tokens.student1), '作品不存在');
    expectFailure(await info(privateOfStudent3, 'not-a-valid-token'), '作品不存在');
    expect(await views(privateOfStudent3)).toBe(before);
  });

  it('shows a private work to its author and counts the view', async () => {
    const before = await views(privateOfStudent3);
    const res = await info(privateOfStudent3, tokens.student3);
    expectEnvelope(res, { success: true, code: 0 });
    expect(res.body.result).toMatchObject({ id: privateOfStudent3, workStatus: '0', workName: '私密作品0' });
    expect(await views(privateOfStudent3)).toBe(before + 1);
  });

  it('shows a private work to an administrator and to the teacher of the author\'s class (the grading desk\'s player)', async () => {
    expectEnvelope(await info(privateOfStudent3, tokens.admin), { success: true, code: 0 });
    expectEnvelope(await info(privateOfStudent3, tokens.teacher), { success: true, code: 0 });
    // Not once the student has left the teacher's classes.
    const student3 = (await t.db.selectFrom('sys_user').select('id').where('username', '=', 'student3').executeTakeFirstOrThrow()).id;
    const memberships = await t.db.selectFrom('sys_user_depart').selectAll().where('user_id', '=', student3).execute();
    await t.db.deleteFrom('sys_user_depart').where('user_id', '=', student3).execute();
    try {
      expectFailure(await info(privateOfStudent3, tokens.teacher), '作品不存在');
    } finally {
      await t.db.insertInto('sys_user_depart').values(memberships).execute();
    }
  });

  it('answers an unknown work and a deleted author’s work as not found', async () => {
    expectFailure(await info(newId()), '作品不存在');
    expectFailure(await info('x'.repeat(100)), '作品不存在');
  });

  it('rejects a missing workId', async () => {
    expectEnvelope(await t.api('GET', '/teaching/teachingWork/studentWorkInfo'), { success: false, status: 400 });
    expectEnvelope(await t.api('GET', '/teaching/teachingWork/studentWorkInfo?workId=%20'), { success: false, status: 400 });
  });
});

describe('POST /teaching/teachingWork/countView', () => {
  // The visits of a work page that the page cache answered, when the pages run against this API over HTTP.
  const count = async (workId: string, ip = '10.1.0.1') => {
    const res = await t.app.request(`http://127.0.0.1/api/teaching/teachingWork/countView?workId=${encodeURIComponent(workId)}`, { method: 'POST' }, {
      incoming: { socket: { remoteAddress: ip } },
    } as never);
    return { status: res.status, body: await res.json() };
  };
  const views = async (id: string) => (await t.db.selectFrom('teaching_work').select('view_num').where('id', '=', id).executeTakeFirstOrThrow()).view_num;

  it('counts a view of a public work for anyone, and none of a private or unknown one', async () => {
    const work = (await leaderboard('workStatus=4')).records[0];
    const before = await views(work.id);
    expectEnvelope(await count(work.id), { success: true });
    expect(await views(work.id)).toBe(before + 1);
    // Once per visitor per day, like studentWorkInfo: a repeat is answered but not counted; another visitor is.
    expectEnvelope(await count(work.id), { success: true });
    expect(await views(work.id)).toBe(before + 1);
    expectEnvelope(await count(work.id, '10.1.0.2'), { success: true });
    expect(await views(work.id)).toBe(before + 2);
    const hidden = await views(privateOfStudent3);
    expectFailure(await count(privateOfStudent3), '作品不存在');
    expect(await views(privateOfStudent3)).toBe(hidden);
    expectFailure(await count('no-such-work'), '作品不存在');
    expectEnvelope(await t.api('POST', '/teaching/teachingWork/countView'), { success: false, status: 400 });
  });
});

describe('GET /teaching/teachingCourse/getHomeCourse', () => {
  it('pages only the courses shown on the home page, with their cover url', async () => {
    const hidden = newId();
    const removed = newId();
    const template = await t.db.selectFrom('teaching_course').selectAll().where('show_home', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    await t.db
      .insertInto('teaching_course')
      .values([
        { ...template, id: hidden, course_name: '不上首页的课', show_home: 0 },
        { ...template, id: removed, course_name: '已删除的课', show_home: 1, del_flag: 1 },
      ])
      .execute();
    const res = await t.api('GET', `/teaching/teachingCourse/getHomeCourse?_t=${Math.floor(Date.now() / 1000)}`);
    expectEnvelope(res, { success: true, code: 200 });
    expectPage(res.body.result, 10, 1);
    const records = res.body.result.records as Record<string, unknown>[];
    const expected = await t.db
      .selectFrom('teaching_course')
      .select('id')
      .where('show_home', '=', 1)
      .where('del_flag', '=', 0)
      .execute();
    expect(res.body.result.total).toBe(expected.length);
    expect(records.map((c) => c.id).sort()).toEqual(expected.map((c) => c.id).sort());
    expect(records.map((c) => c.id)).not.toContain(hidden);
    expect(records.map((c) => c.id)).not.toContain(removed);
    for (const c of records) {
      expect(c.showHome).toBe(true);
      expect(c.courseCover_url).toMatch(/^\/api\/sys\/common\/static\/.+\.png$/);
      expect(typeof c.courseName).toBe('string');
    }
    // The cover url serves the picture.
    const cover = await t.request(String(records[0].courseCover_url));
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
  });

  it('orders by order_num and filters by name', async () => {
    const all = (await t.api('GET', '/teaching/teachingCourse/getHomeCourse')).body.result.records as { courseName: string; orderNum: number }[];
    expect(all.map((c) => c.orderNum)).toEqual([...all.map((c) => c.orderNum)].sort((a, b) => a - b));
    const res = await t.api('GET', `/teaching/teachingCourse/getHomeCourse?courseName=${encodeURIComponent('Scratch')}`);
    expectEnvelope(res, { success: true });
    expect(res.body.result.records.length).toBeGreaterThan(0);
    expect(res.body.result.records.every((c: { courseName: string }) => c.courseName.includes('Scratch'))).toBe(true);
    const none = await t.api('GET', `/teaching/teachingCourse/getHomeCourse?courseName=${encodeURIComponent("%' or 1=1 --")}`);
    expect(none.body.result.total).toBe(0);
  });
});

describe('GET /teaching/menu/getUserMenu', () => {
  type Node = { id: string; route: boolean; title: string; url: string; needLogin: number; internalOrExternal: boolean; icon?: string; children?: Node[] };

  it('answers the stored public site menu as a tree, in order, to visitors', async () => {
    // A parent with two children (inserted out of order) and a hidden child, beside the seeded entries.
    const parent = newId();
    const kids = { second: newId(), first: newId(), hidden: newId() };
    const row = (id: string, parentId: string, name: string, sort: number, extra: Record<string, number> = {}) => ({
      id,
      parent_id: parentId,
      name,
      url: `/test/${name}`,
      menu_type: parentId ? 1 : 0,
      sort_no: sort,
      icon: null,
      is_leaf: parentId ? 1 : 0,
      description: null,
      del_flag: 0,
      internal_or_external: 0,
      is_route: 1,
      hidden: 0,
      need_login: 0,
      ...extra,
    });
    await t.db
      .insertInto('teaching_menu')
      .values([
        row(parent, '', '测试栏目', 5),
        row(kids.second, parent, '第二项', 2, { is_route: 0, internal_or_external: 1 }),
        row(kids.first, parent, '第一项', 1, { need_login: 1 }),
        row(kids.hidden, parent, '隐藏项', 3, { hidden: 1 }),
      ])
      .execute();
    try {
      const res = await t.api('GET', `/teaching/menu/getUserMenu?_t=${Math.floor(Date.now() / 1000)}`);
      expectEnvelope(res, { success: true, code: 200 });
      const menu = res.body.result as Node[];
      const roots = await t.db
        .selectFrom('teaching_menu')
        .select(['id', 'name'])
        .where('parent_id', '=', '')
        .where('hidden', '=', 0)
        .where('del_flag', '=', 0)
        .orderBy('sort_no')
        .orderBy('id')
        .execute();
      expect(menu.map((m) => m.title)).toEqual(roots.map((r) => r.name));
      expect(menu[0].title).toBe('首页');
      for (const node of menu.flatMap((m) => [m, ...(m.children ?? [])])) {
        expect(typeof node.id).toBe('string');
        expect(typeof node.route).toBe('boolean');
        expect(typeof node.internalOrExternal).toBe('boolean');
        expect(typeof node.title).toBe('string');
        expect(typeof node.url).toBe('string');
        expect([0, 1]).toContain(node.needLogin);
      }
      const mine = menu.find((m) => m.id === parent)!;
      expect(mine.children!.map((c) => c.title)).toEqual(['第一项', '第二项']);
      expect(mine.children![0]).toMatchObject({ route: true, internalOrExternal: false, needLogin: 1, url: '/test/第一项' });
      expect(mine.children![1]).toMatchObject({ route: false, internalOrExternal: true, needLogin: 0 });
      expect(mine.children![0]).not.toHaveProperty('icon');
    } finally {
      await t.db.deleteFrom('teaching_menu').where('id', 'in', [parent, ...Object.values(kids)]).execute();
    }
  });

  it('leaves out hidden entries', async () => {
    const before = (await t.api('GET', '/teaching/menu/getUserMenu')).body.result as Node[];
    expect(before.map((m) => m.title)).toContain('首页');
    await t.db.updateTable('teaching_menu').set({ hidden: 1 }).where('name', '=', '首页').execute();
    try {
      const menu = (await t.api('GET', '/teaching/menu/getUserMenu')).body.result as Node[];
      expect(menu.map((m) => m.title)).not.toContain('首页');
      expect(menu).toHaveLength(before.length - 1);
    } finally {
      await t.db.updateTable('teaching_menu').set({ hidden: 0 }).where('name', '=', '首页').execute();
    }
  });
});

describe('GET /teaching/teachingWork/userInfo', () => {
  const info = (userId: string, token?: string) => t.api('GET', `/teaching/teachingWork/userInfo?userId=${encodeURIComponent(userId)}`, { token });

  it('answers an author’s display name, avatar and public work count, and nothing private', async () => {
    const id = await t.userId('student3');
    const expected = await publicCount();
    expect(expected).toBeGreaterThan(0);
    const own = Number(
      (
        await t.db
          .selectFrom('teaching_work')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', id)
          .where('work_status', '>=', 3)
          .where('del_flag', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (const token of [undefined, tokens.student1]) {
      const res = await info(id, token);
      expectEnvelope(res, { success: true, code: 200 });
      const r = res.body.result as Record<string, unknown>;
      // The 私密作品 rows of student3 (statuses 0–2) are not counted.
      expect(r).toEqual({ id, realname: expect.any(String), avatar: expect.toBeOneOf([null, expect.any(String)]), avatar_url: expect.toBeOneOf([null, expect.any(String)]), workCount: own });
      expect(JSON.stringify(r)).not.toContain('student3');
    }
  });

  it('names an author without a real name 匿名', async () => {
    const id = await t.userId('student3');
    const before = await t.db.selectFrom('sys_user').select('realname').where('id', '=', id).executeTakeFirstOrThrow();
    await t.db.updateTable('sys_user').set({ realname: '' }).where('id', '=', id).execute();
    try {
      expect((await info(id)).body.result).toMatchObject({ realname: '匿名' });
    } finally {
      await t.db.updateTable('sys_user').set({ realname: before.realname }).where('id', '=', id).execute();
    }
  });

  it('answers 参数错误 for a missing, unknown or deleted user', async () => {
    expectFailure(await t.api('GET', '/teaching/teachingWork/userInfo'), '参数错误');
    expectFailure(await info('nope'), '参数错误');
    const id = await t.userId('student3');
    await t.db.updateTable('sys_user').set({ del_flag: 1 }).where('id', '=', id).execute();
    try {
      expectFailure(await info(id), '参数错误');
    } finally {
      await t.db.updateTable('sys_user').set({ del_flag: 0 }).where('id', '=', id).execute();
    }
  });
});
