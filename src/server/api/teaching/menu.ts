// GET /teaching/menu/getUserMenu (public): the public site's navigation.
import { frontMenu } from '../../domain/front-menu.js';
import { PUBLIC, type ApiRoutes } from '../access.js';
import { ok } from '../envelope.js';

export function registerTeachingMenuRoutes(r: ApiRoutes) {
  r.get('/teaching/menu/getUserMenu', PUBLIC, async (c) => ok(c, await frontMenu(c.get('deps').db), '操作成功！', 200));
}
