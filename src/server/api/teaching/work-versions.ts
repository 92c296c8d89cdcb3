// 历史版本 (a work's states before each resubmission or restore, and restoring one) and 克隆至其他账号.
// Registered from work.ts.
import { z } from 'zod';
import { workApi, workVersionApi } from '../../contracts/works.js';
import { decorate } from '../../domain/dicts.js';
import { recordDataLog } from '../../domain/data-log.js';
import { newId } from '../../domain/ids.js';
import { camel, fileUrl } from '../../domain/serialize.js';
import { now } from '../../domain/time.js';
import { userScope } from '../../domain/user-scope.js';
import { WORK_DICTS, archiveVersion, managesAuthor, userClassIds } from '../../domain/works.js';
import { WORK_STATUS } from '../../shared/work-status.js';
import { LOGGED_IN, perm, type ApiRoutes } from '../access.js';
import { fail, jsonBody, ok } from '../envelope.js';
import { idParam, MAX_ID, NOT_YOURS, readableWork } from './work-shared.js';

const restoreBody = z.object({ workId: idParam('作品id'), versionId: idParam('版本id') });
const sendBody = z.object({
  sendWorkId: idParam('作品id'),
  userIdList: z
    .array(z.string({ message: '用户格式不正确' }).trim().min(1, '用户格式不正确').max(MAX_ID, '用户格式不正确'), { message: '请选择用户' })
    .min(1, '请选择用户')
    .max(200, '一次最多发送给200个用户'),
});

export function registerWorkVersionRoutes(r: ApiRoutes) {
  // 历史版本: the states a work had before each resubmission or restore, newest first.
  r.at(workVersionApi.list, LOGGED_IN, async (c) => {
    const found = await readableWork(c, c.req.query('workId'));
    if (found instanceof Response) return found;
    const rows = await c.get('deps').db
      .selectFrom('teaching_work_version as v')
      .leftJoin('sys_file as f', 'f.id', 'v.work_file')
      .leftJoin('sys_file as cf', 'cf.id', 'v.work_cover')
      .selectAll('v')
      .select(['f.file_path as work_file_key', 'cf.file_path as cover_file_key'])
      .where('v.work_id', '=', found.work.id)
      .orderBy('v.version_no', 'desc')
      .execute();
    const records = rows.map((row) => ({ ...camel(row), workStatus: String(row.work_status), workFileKey_url: fileUrl(row.work_file_key), coverFileKey_url: fileUrl(row.cover_file_key) }));
    return ok(c, await decorate(c.get('deps').db, records, WORK_DICTS), '操作成功！', 200);
  });

  // Restores a version's content (name, type, files); the current state becomes a version first. The status
  // is not content: a graded or published work stays so.
  r.at(workVersionApi.restore, LOGGED_IN, async (c) => {
    const body = await jsonBody(c, restoreBody);
    if (!body.ok) return body.response;
    const found = await readableWork(c, body.data.workId);
    if (found instanceof Response) return found;
    const { db } = c.get('deps');
    const version = await db.selectFrom('teaching_work_version').selectAll().where('id', '=', body.data.versionId).where('work_id', '=', found.work.id).executeTakeFirst();
    if (!version) return fail(c, '版本不存在');
    const user = c.get('user')!;
    const at = now();
    await db.transaction().execute(async (tx) => {
      await archiveVersion(tx, found.work, at);
      await tx
        .updateTable('teaching_work')
        .set({ work_name: version.work_name, work_type: version.work_type, work_file: version.work_file, work_cover: version.work_cover, has_cloud_data: version.has_cloud_data, update_by: user.username, update_time: at })
        .where('id', '=', found.work.id)
        .execute();
    });
    await recordDataLog(db, 'teaching_work', found.work.id, found.work, user.username);
    const saved = await db.selectFrom('teaching_work').selectAll().where('id', '=', found.work.id).executeTakeFirstOrThrow();
    return ok(c, camel(saved), '恢复成功', 200);
  });

  // 克隆至其他账号: a new draft (status 0, free creation) per target, sharing the files. Source and targets must
  // lie in the caller's scope (the anchor checked nothing and overwrote the targets' works of the same name).
  r.at(workApi.send, perm('work:send'), async (c) => {
    const body = await jsonBody(c, sendBody);
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const user = c.get('user')!;
    const source = await db.selectFrom('teaching_work').selectAll().where('id', '=', body.data.sendWorkId).executeTakeFirst();
    if (!source) return fail(c, '作品不存在');
    const scope = await userScope(db, user);
    if (!(await managesAuthor(db, user, source.user_id, scope))) return fail(c, NOT_YOURS);
    const targetIds = [...new Set(body.data.userIdList)];
    const targets = await db.selectFrom('sys_user').select(['id', 'username', 'realname']).where('id', 'in', targetIds).where('del_flag', '=', 0).execute();
    if (targets.length !== targetIds.length) return fail(c, '用户不存在');
    for (const target of targets) {
      if (!(await managesAuthor(db, user, target.id, scope))) return fail(c, `无权向用户“${target.realname || target.username}”发送作品`);
    }
    const at = now();
    await db.transaction().execute(async (tx) => {
      for (const target of targets) {
        const classes = await userClassIds(tx, target.id);
        await tx
          .insertInto('teaching_work')
          .values({
            id: newId(),
            user_id: target.id,
            depart_id: classes[0] ?? '',
            course_id: null,
            additional_id: '',
            work_name: source.work_name,
            work_type: source.work_type,
            work_file: source.work_file,
            work_cover: source.work_cover,
            work_status: WORK_STATUS.saved,
            work_scene: 'create',
            has_cloud_data: source.has_cloud_data,
            del_flag: 0,
            create_by: target.username,
            create_time: at,
          })
          .execute();
      }
    });
    return ok(c, null, `发送成功，共${targets.length}个用户`, 200);
  });
}
