// A user's private tags on the works they may read (标签). Registered from work.ts.
import { workTagApi } from '../../contracts/works.js';
import { deleteTag, MAX_TAG_LENGTH, setWorkTag, TAG_IN_USE, taggedCount, tagNames } from '../../domain/work-tags.js';
import { LOGGED_IN, type ApiRoutes } from '../access.js';
import { fail, ok } from '../envelope.js';
import { readableWork } from './work-shared.js';

export function registerWorkTagRoutes(r: ApiRoutes) {
  r.at(workTagApi.tags, LOGGED_IN, async (c) => ok(c, await tagNames(c.get('deps').db, c.get('user')!.id), '操作成功！', 200));

  // A writing GET of the anchor's contract: listed in WRITING_GETS (token header only, never the cookie).
  r.at(workTagApi.set, LOGGED_IN, async (c) => {
    const tag = (c.req.query('workTag') ?? '').trim();
    if (tag.length > MAX_TAG_LENGTH) return fail(c, `标签不能超过${MAX_TAG_LENGTH}个字符`);
    const found = await readableWork(c, c.req.query('workId'));
    if (found instanceof Response) return found;
    await setWorkTag(c.get('deps').db, c.get('user')!.id, found.work.id, tag);
    return ok(c, null, '标记成功', 200);
  });

  r.at(workTagApi.delete, LOGGED_IN, async (c) => {
    const tag = (c.req.query('tag') ?? '').trim();
    if (!tag) return fail(c, '请选择要删除的标签');
    if (tag.length > MAX_TAG_LENGTH) return fail(c, '标签不存在');
    const { db } = c.get('deps');
    const userId = c.get('user')!.id;
    if (c.req.query('force') !== 'true' && (await taggedCount(db, userId, tag)) > 0) return fail(c, TAG_IN_USE);
    await deleteTag(db, userId, tag);
    return ok(c, null, '删除成功', 200);
  });
}
