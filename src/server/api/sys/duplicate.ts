// GET /sys/duplicate/check?tableName&fieldName&fieldVal&dataId
import { isCheckable, valueTaken } from '../../domain/duplicates.js';
import { LOGGED_IN, type ApiRoutes } from '../access.js';
import { fail, ok } from '../envelope.js';

export function registerDuplicateRoutes(r: ApiRoutes) {
  r.get('/sys/duplicate/check', LOGGED_IN, async (c) => {
    const { tableName = '', fieldName = '', fieldVal = '', dataId } = c.req.query();
    if (!isCheckable(tableName, fieldName)) return fail(c, '不支持校验该字段', 400, 400);
    if (fieldVal === '') return ok(c, null, '该值可用！', 200);
    if (fieldVal.length > 255) return fail(c, '该值过长');
    const taken = await valueTaken(c.get('deps').db, tableName, fieldName, fieldVal, dataId || undefined);
    return taken ? fail(c, '该值不可用，系统中已存在！') : ok(c, null, '该值可用！', 200);
  });
}
