// Who may save or hand in which work where (domain/work-submit.ts): only the author overwrites a work, a graded or
// published work keeps its status, and a hand-in goes only to a homework or unit the author may reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import type { CourseViewer } from './courses.js';
import { canOverwrite, statusAfterSave, submissionPlacement, type SubmitActor, type SubmitInput } from './work-submit.js';
import { WORK_STATUS } from '../shared/work-status.js';

let t: TestApp;
const ids: Record<string, string> = {};
const student = async (username: string, viewer: Partial<CourseViewer> = {}): Promise<SubmitActor> => {
  const id = await t.userId(username);
  return { id, username, courseViewer: async () => ({ id, userIdentity: 1, seesAll: false, ...viewer }) };
};
const input = (more: Partial<SubmitInput>): SubmitInput => ({ workName: '作品', workType: '2', workStatus: 1, workFile: 'f', hasCloudData: 0, ...more });

beforeAll(async () => {
  t = await startTestApp();
  for (const d of await t.db.selectFrom('sys_depart').select(['id', 'org_code']).execute()) ids[d.org_code] = d.id;
  ids.homework = (await t.db.selectFrom('teaching_additional_work').select('id').where('work_name', '=', '画一只小动物').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

describe('canOverwrite and statusAfterSave', () => {
  it('lets only the author overwrite a work', () => {
    expect(canOverwrite({ id: 'u1' }, { user_id: 'u1' })).toBe(true);
    expect(canOverwrite({ id: 'u1' }, { user_id: 'u2' })).toBe(false);
  });

  it('keeps a graded or published status; otherwise the save or hand-in decides', () => {
    expect(statusAfterSave(undefined, 1)).toBe(1);
    expect(statusAfterSave({ work_status: 1 }, 0)).toBe(0);
    for (const kept of [WORK_STATUS.graded, WORK_STATUS.public, WORK_STATUS.featured]) expect(statusAfterSave({ work_status: kept }, 0)).toBe(kept);
  });
});

describe('submissionPlacement', () => {
  it('places a homework in the author’s assigned class, and refuses one not assigned to them', async () => {
    const placed = await submissionPlacement(t.db, await student('student2'), input({ additionalId: ids.homework, departId: ids.A01A01A02 }));
    // The forged class (not one of theirs) gives way to their own assigned one.
    expect(placed).toEqual({ scene: 'additional', departId: ids.A01A01A01, courseId: null, additionalId: ids.homework });
    expect(await submissionPlacement(t.db, await student('student2'), input({ additionalId: 'nope' }))).toEqual({ refused: '班级作业不存在' });
    await t.db.deleteFrom('teaching_additional_work_dept').where('additional_id', '=', ids.homework).where('dept_id', '=', ids.A01A01A01).execute();
    expect(await submissionPlacement(t.db, await student('student2'), input({ additionalId: ids.homework }))).toEqual({ refused: '该作业没有布置给你的班级' });
  });

  it('refuses a unit of a course the author may not study, and free creation goes to one of their classes', async () => {
    const hidden = await t.db.selectFrom('teaching_course').select('id').where('is_shared', '=', 0).executeTakeFirstOrThrow();
    await t.db.deleteFrom('teaching_course_dept').where('course_id', '=', hidden.id).execute();
    const unit = await t.db.selectFrom('teaching_course_unit').select('id').where('course_id', '=', hidden.id).executeTakeFirstOrThrow();
    expect(await submissionPlacement(t.db, await student('student1'), input({ courseId: unit.id }))).toEqual({ refused: '无课程权限' });
    expect(await submissionPlacement(t.db, await student('student1', { seesAll: true }), input({ courseId: unit.id }))).toMatchObject({ scene: 'course', courseId: unit.id });
    expect(await submissionPlacement(t.db, await student('student1'), input({ courseId: 'nope' }))).toEqual({ refused: '课程单元不存在' });
    expect(await submissionPlacement(t.db, await student('student3'), input({ departId: ids.A01A01A01, workScene: 'course' }))).toEqual({ scene: 'create', departId: ids.A01A01A02, courseId: null, additionalId: '' });
  });
});
