// Shared by the course, unit and class-course endpoints: who the caller is as a course viewer, and the
// validation pieces of their bodies (stored file keys, 0/1 flags, dictionary values).
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import type { CourseViewer } from '../../domain/courses.js';
import { dictItems } from '../../domain/dicts.js';
import { isSuperUser } from '../../domain/sessions.js';
import { userScope } from '../../domain/user-scope.js';
import { COURSE_ROUTE, UNIT_ROUTE } from '../../resources/courses.js';
import type { FieldRule } from '../../resources/fields.js';
import { tooLongMessage } from '../../resources/rules.js';
import { grants } from '../access.js';

/** Course administrators: admin/dev, or a role holding the course screens. */
export async function managesCourses(c: Context<ApiEnv>): Promise<boolean> {
  const user = c.get('user');
  if (!user) return false;
  if (isSuperUser(user)) return true;
  const g = await grants(c);
  return g.menus.has(COURSE_ROUTE) || g.menus.has(UNIT_ROUTE);
}

/**
 * Who may change a course and its units: an administrator every course; anyone else holding the course
 * buttons (teachers) only the courses they created — `create_by` is the account name, which never changes.
 * Whose units are whose follows their course.
 */
export function authorsCourse(c: Context<ApiEnv>, createdBy: string | null | undefined): boolean {
  const user = c.get('user');
  return !!user && (isSuperUser(user) || (!!createdBy && createdBy === user.username));
}

/** Whether any of these courses is one the caller may not change (an unknown id counts as not theirs). */
export async function othersCourses(c: Context<ApiEnv>, courseIds: string[]): Promise<boolean> {
  const user = c.get('user');
  if (user && isSuperUser(user)) return false;
  const ids = [...new Set(courseIds)];
  if (!ids.length) return false;
  const rows = await c.get('deps').db.selectFrom('teaching_course').select('create_by').where('id', 'in', ids).execute();
  return rows.length !== ids.length || rows.some((r) => !authorsCourse(c, r.create_by));
}

/** The caller as the course visibility rule sees them (null when not logged in). */
export async function courseViewer(c: Context<ApiEnv>): Promise<CourseViewer | null> {
  const user = c.get('user');
  if (!user) return null;
  const seesAll = await managesCourses(c);
  let managedOrgCodes: string[] = [];
  if (!seesAll && user.userIdentity === 2) {
    const scope = await userScope(c.get('deps').db, user);
    managedOrgCodes = scope.all ? [] : scope.orgCodes;
  }
  return { id: user.id, userIdentity: user.userIdentity, seesAll, managedOrgCodes };
}

/** 0/1 flags as the anchor's clients send them: booleans, numbers or strings. */
export const flag = (label: string) =>
  z
    .union([z.boolean(), z.number(), z.string()], { message: `${label}格式不正确` })
    .transform((v, ctx) => {
      if (v === true || v === 1 || v === '1' || v === 'true') return 1;
      if (v === false || v === 0 || v === '0' || v === 'false' || v === '') return 0;
      ctx.addIssue({ code: 'custom', message: `${label}只能是“是”或“否”` });
      return z.NEVER;
    });

/**
 * A list of ids (a comma list or an array; a declared `choices` field's limit would hold the whole comma list
 * to one id's length) → the distinct ids, at most 200 (they are looked up in one IN query), each at most the
 * field's `max`; `请选择…` when the field is required and none is given.
 */
export const idsField = (rule: FieldRule) =>
  z
    .union([z.string(), z.array(z.string())], { message: rule.required ? `请选择${rule.label}` : `${rule.label}格式不正确` })
    .nullish()
    .transform((v) => [...new Set((Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter(Boolean))])
    .refine((v) => !rule.required || v.length > 0, `请选择${rule.label}`)
    .refine((v) => v.length <= 200 && v.every((x) => x.length <= (rule.max ?? 64)), `${rule.label}格式不正确`);

/**
 * A comma list (or array) of stored-file keys (several files), at most `maxFiles`, and as a comma list at most
 * the declared field's length (its column's size), refused in the declaration's words.
 */
export const fileKeys = (rule: FieldRule, maxFiles = 10) =>
  z
    .union([z.string(), z.array(z.string())], { message: `${rule.label}格式不正确` })
    .nullish()
    .transform((v, ctx) => {
      const keys = (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter(Boolean);
      if (keys.length > maxFiles) {
        ctx.addIssue({ code: 'custom', message: `${rule.label}最多${maxFiles}个文件` });
        return z.NEVER;
      }
      const joined = keys.join(',');
      if (rule.max !== undefined && joined.length > rule.max) {
        ctx.addIssue({ code: 'custom', message: tooLongMessage(rule.label, rule.max) });
        return z.NEVER;
      }
      return keys.length ? joined : null;
    });

/** Keys that do not name a stored file (so a form cannot point at files that were never uploaded). */
export async function unknownKeys(c: Context<ApiEnv>, keys: (string | null | undefined)[]): Promise<string[]> {
  const wanted = [...new Set(keys.flatMap((k) => (k ?? '').split(',')).map((s) => s.trim()).filter(Boolean))];
  if (!wanted.length) return [];
  const rows = await c.get('deps').db.selectFrom('sys_file').select('file_path').where('file_path', 'in', wanted).where('del_flag', '=', 0).execute();
  const found = new Set(rows.map((r) => r.file_path));
  return wanted.filter((k) => !found.has(k));
}

/** Whether `value` is an item of the dictionary (empty is allowed). */
export async function inDict(c: Context<ApiEnv>, code: string, value: string | number | null | undefined): Promise<boolean> {
  if (value === null || value === undefined || value === '') return true;
  return (await dictItems(c.get('deps').db, code)).some((o) => o.value === String(value));
}
