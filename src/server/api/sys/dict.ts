// GET /sys/dict/getDictItems/{dictCode}: a code dictionary, or an allow-listed table dictionary
// `table,textField,codeField` (teaching-open interpolated any table and field into SQL).
import { dictItems } from '../../domain/dicts.js';
import { tableDictItems, TABLE_DICTS } from '../../domain/table-dicts.js';
import { PUBLIC, type ApiRoutes } from '../access.js';
import { fail, ok } from '../envelope.js';

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
}
