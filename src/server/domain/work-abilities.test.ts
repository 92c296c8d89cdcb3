// Row abilities of works (domain/work-abilities.ts), on the seeded school: a teacher of 一年级 grades and (as staff)
// deletes the works of its students, never those of another school's; an author deletes only their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { addClass, addUser } from '../api/teaching/work-fixtures.js';
import { loadRoles } from './sessions.js';
import { workAbilities } from './work-abilities.js';
import { managesAuthor } from './works.js';

let t: TestApp;
const actor = async (username: string) => {
  const id = await t.userId(username);
  return { id, username, roles: await loadRoles(t.db, id) };
};
const work = async (username: string) => ({ id: `work-of-${username}`, user_id: await t.userId(username) });

beforeAll(async () => {
  t = await startTestApp();
  const school = await t.db.selectFrom('sys_depart').select('depart_name').where('org_code', '=', 'A01').executeTakeFirstOrThrow();
  // A class outside the teacher's 一年级 (the school's other branch), with a student of its own.
  await addClass(t, '别的班', school.depart_name, 'A01A09');
  const other = await t.db.selectFrom('sys_depart').select('id').where('org_code', '=', 'A01A09').executeTakeFirstOrThrow();
  await addUser(t, 'outsider', '外人', 'student', [other.id]);
});
afterAll(async () => {
  await t?.close();
});

describe('workAbilities', () => {
  it('lets a teacher grade the works of the students they manage, and delete them only as staff', async () => {
    const teacher = await actor('teacher');
    const works = [await work('student1'), await work('student3'), await work('outsider'), await work('teacher')];
    const asStaff = await workAbilities(t.db, teacher, works, true);
    expect(asStaff.get('work-of-student1')).toEqual({ canGrade: true, canDelete: true });
    expect(asStaff.get('work-of-student3')).toEqual({ canGrade: true, canDelete: true });
    expect(asStaff.get('work-of-outsider')).toEqual({ canGrade: false, canDelete: false });
    expect(asStaff.get('work-of-teacher')?.canDelete).toBe(true);
    const notStaff = await workAbilities(t.db, teacher, works, false);
    expect(notStaff.get('work-of-student1')).toEqual({ canGrade: true, canDelete: false });
    // Their own work stays theirs to delete.
    expect(notStaff.get('work-of-teacher')?.canDelete).toBe(true);
  });

  it('answers as the per-work rule does (managesAuthor), for every work of a page at once', async () => {
    const teacher = await actor('teacher');
    const works = await Promise.all(['student1', 'student2', 'student3', 'outsider', 'admin'].map(work));
    const abilities = await workAbilities(t.db, teacher, works, false);
    for (const w of works) expect(abilities.get(w.id)?.canGrade, w.id).toBe(await managesAuthor(t.db, teacher, w.user_id));
  });

  it('lets a student delete their own work only, and grade none; an admin may do both everywhere', async () => {
    const student = await actor('student1');
    const abilities = await workAbilities(t.db, student, [await work('student1'), await work('student2')], true);
    expect(abilities.get('work-of-student1')).toEqual({ canGrade: false, canDelete: true });
    expect(abilities.get('work-of-student2')).toEqual({ canGrade: false, canDelete: false });
    const admin = await workAbilities(t.db, await actor('admin'), [await work('outsider')], true);
    expect(admin.get('work-of-outsider')).toEqual({ canGrade: true, canDelete: true });
    expect((await workAbilities(t.db, student, [], true)).size).toBe(0);
  });
});
