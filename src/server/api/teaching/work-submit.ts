// The author's save and submit (/teaching/teachingWork/submit, and the anchor's add): the body's checks; who may save what where, and
// the write, are domain/work-submit.ts's. Registered from work.ts.
import type { Context } from 'hono';
import type { ApiEnv } from '../../context.js';
import { z } from 'zod';
import { workApi } from '../../contracts/works.js';
import { camel } from '../../domain/serialize.js';
import { submitWork } from '../../domain/work-submit.js';
import { LOGGED_IN, type ApiRoutes } from '../access.js';
import { fail, jsonBody, ok } from '../envelope.js';
import { courseViewer } from './course-access.js';
import { MAX_ID } from './work-shared.js';

const submitBody = z.object({
  id: z.string({ message: '作品id格式不正确' }).trim().max(MAX_ID, '作品id格式不正确').nullish(),
  courseId: z.string({ message: '课程单元格式不正确' }).trim().max(MAX_ID, '课程单元格式不正确').nullish(),
  additionalId: z.string({ message: '班级作业格式不正确' }).trim().max(MAX_ID, '班级作业格式不正确').nullish(),
  departId: z.string({ message: '班级格式不正确' }).trim().max(MAX_ID, '班级格式不正确').nullish(),
  workName: z.string({ message: '请输入作品名' }).trim().min(1, '请输入作品名').max(64, '作品名不能超过64个字符'),
  workType: z.coerce.string({ message: '请选择作品类型' }).trim().min(1, '请选择作品类型').max(32, '作品类型格式不正确'),
  workStatus: z.coerce
    .number({ message: '作品状态必须是数字' })
    .int('作品状态必须是整数')
    .refine((v) => v === 0 || v === 1, '作品状态只能是0（保存）或1（提交）')
    .default(0),
  workFile: z.string({ message: '请上传作品文件' }).trim().min(1, '请上传作品文件').max(32, '作品文件格式不正确'),
  workCover: z.string({ message: '作品封面格式不正确' }).trim().max(32, '作品封面格式不正确').nullish(),
  workScene: z.string({ message: '提交场景格式不正确' }).trim().max(20, '提交场景格式不正确').nullish(),
  hasCloudData: z
    .union([z.boolean(), z.number(), z.string()], { message: '是否包含云变量格式不正确' })
    .nullish()
    .transform((v) => (v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0)),
});

// The anchor's add (a master-detail insert its pages call with a new work): the caller's own save, as submit, never
// of a work named by id; the grade and comment lists it may carry are not taken (grades go through 批改).
const addBody = submitBody.omit({ id: true });

/** The caller's own save of a work (a new one, or theirs by id), answered as the anchor does. */
async function saveOwnWork(c: Context<ApiEnv>, data: z.infer<typeof submitBody>) {
  const { db, storage } = c.get('deps');
  const user = c.get('user')!;
  const done = await submitWork(db, storage, { id: user.id, username: user.username, courseViewer: async () => (await courseViewer(c))! }, data);
  if (!done.ok) return fail(c, done.message);
  return ok(c, camel(done.work), done.created ? '添加成功！' : '更新成功！', 200);
}

export function registerWorkSubmitRoute(r: ApiRoutes) {
  r.at(workApi.add, LOGGED_IN, async (c) => {
    const body = await jsonBody(c, addBody);
    return body.ok ? saveOwnWork(c, body.data) : body.response;
  });

  r.at(workApi.submit, LOGGED_IN, async (c) => {
    const body = await jsonBody(c, submitBody);
    return body.ok ? saveOwnWork(c, body.data) : body.response;
  });
}
