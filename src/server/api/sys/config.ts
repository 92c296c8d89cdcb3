// GET /sys/config/getCurrentConfig (public): the site settings visitors need.
import { publicConfig } from '../../domain/site-config.js';
import { PUBLIC, type ApiRoutes } from '../access.js';
import { ok } from '../envelope.js';

export function registerConfigRoutes(r: ApiRoutes) {
  r.get('/sys/config/getCurrentConfig', PUBLIC, async (c) => ok(c, await publicConfig(c.get('deps').db), '操作成功！', 0));
}
