// GET /sys/dict/getDictItems/{dictCode}: a code dictionary, or an allow-listed table dictionary
// `table,textField,codeField` (teaching-open interpolated any table and field into SQL).
import { dictItems } from '../../domain/dicts.js';
import { tableDictItems, tableDictTexts, tableDictTree, TABLE_DICTS, TREE_TABLE_DICTS } from '../../domain/table-dicts.js';
import { dictSelectApi } from '../../contracts/dicts.js';
import { LOGGED_IN, PUBLIC, type ApiRoutes } from '../access.js';
import { fail, ok } from '../envelope.js';
import { idList } from '../list-query.js';

const BAD_CODE = '字典Code格式不正确！';

export function registerDictRoutes(r: ApiRoutes) {
  r.get('/sys/dict/getDictItems/:dictCode', PUBLIC, async (c) => {
    const code = (c.req.param('dictCode') ?? '').trim();
    const { db } = c.get('deps');
    if (code.includes(',')) {
      const key = code.split(',').map((s) => s.trim()).slice(0, 3).join(',');
      if (!(key in TABLE_DICTS) || code.split(',').length > 3) return fail(c, '字典Code格式不正确！');
      // Table dictionaries name people and classes: only for logged-in users, and only those in their scope.
      const user = c.get('user');
      if (!user) return fail(c, '字典Code格式不正确！');
      return ok(c, await tableDictItems(db, key as keyof typeof TABLE_DICTS, user), '操作成功！', 0);
    }
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(code)) return fail(c, '字典Code格式不正确！');
    return ok(c, await dictItems(db, code), '操作成功！', 0);
  });

  // JTreeSelect: the table, its text, code and parent fields must be one of TREE_TABLE_DICTS (hasChildField is
  // computed, condition is not applied: the rows are those the caller may see anyway).
  r.at(dictSelectApi.loadTreeData, LOGGED_IN, async (c) => {
    const q = (k: string) => (c.req.query(k) ?? '').trim();
    const key = [q('tableName'), q('text'), q('code'), q('pidField')].join(',');
    if (!(key in TREE_TABLE_DICTS)) return fail(c, BAD_CODE);
    const pid = q('pid');
    if (pid.length > 64) return fail(c, '参数不正确');
    return ok(c, await tableDictTree(c.get('deps').db, key as keyof typeof TREE_TABLE_DICTS, c.get('user')!, pid), '操作成功！', 0);
  });

  // JSearchSelectTag and JMultiSelectTag: the texts of stored codes (`key`, a comma list), from an allow-listed
  // table dictionary or a code dictionary.
  r.at(dictSelectApi.loadDictItem, LOGGED_IN, async (c) => {
    const code = (c.req.param('dictCode') ?? '').trim();
    const keys = idList(c.req.query('key'), 500);
    const { db } = c.get('deps');
    if (code.includes(',')) {
      const parts = code.split(',').map((s) => s.trim());
      const key = parts.join(',');
      if (parts.length !== 3 || !(key in TABLE_DICTS)) return fail(c, BAD_CODE);
      return ok(c, await tableDictTexts(db, key as keyof typeof TABLE_DICTS, c.get('user')!, keys), '操作成功！', 0);
    }
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(code)) return fail(c, BAD_CODE);
    const texts = new Map((await dictItems(db, code)).map((o) => [o.value, o.text]));
    return ok(c, keys.flatMap((k) => (texts.has(k) ? [texts.get(k)!] : [])), '操作成功！', 0);
  });
}
