// What the private works routes share: id limits, the check that the caller may read a work, and whether they
// may delete others' works at all.
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import type { TeachingWork } from '../../db/schema.js';
import { isSuperUser } from '../../domain/sessions.js';
import { workAccess } from '../../domain/works.js';
import { hasPermission } from '../access.js';
import { fail, type Answer } from '../envelope.js';

export const MAX_ID = 64;
export const idParam = (label = 'id') => z.string({ message: `${label}不能为空` }).trim().min(1, `${label}不能为空`).max(MAX_ID, `${label}格式不正确`);
export const NOT_FOUND = '未找到对应数据';
export const NOT_YOURS = '无权操作该作品';

/** Loads a work the caller may read (author, or staff whose scope holds the author); else the refusal. */
export async function readableWork(c: Context<ApiEnv>, rawId: string | undefined): Promise<{ work: TeachingWork; access: 'author' | 'staff' } | Answer<never>> {
  const id = (rawId ?? '').trim();
  if (!id) return fail(c, '参数错误：缺少id', 400, 400);
  if (id.length > MAX_ID) return fail(c, NOT_FOUND);
  const { db } = c.get('deps');
  const work = await db.selectFrom('teaching_work').selectAll().where('id', '=', id).executeTakeFirst();
  if (!work) return fail(c, NOT_FOUND);
  const access = await workAccess(db, c.get('user')!, work);
  if (!access) return fail(c, NOT_YOURS);
  return { work, access };
}

/** Staff may delete others' works (of authors in their scope): admins, and holders of work:del. */
export const deletesOthersWorks = async (c: Context<ApiEnv>) => isSuperUser(c.get('user')!) || (await hasPermission(c, 'work:del'));
