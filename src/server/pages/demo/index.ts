// 开发示例: the developer gallery of Xuetang's own list and form machinery (menu group 开发示例, admin only).
// The exception pages of the group (异常页) are registered by pages/exception.tsx.
import type { Hono } from 'hono';
import type { PageEnv } from '../context.js';
import { registerGalleryForms } from './forms.js';
import { registerGalleryLists } from './lists.js';

export function registerGalleryPages(app: Hono<PageEnv>) {
  registerGalleryForms(app);
  registerGalleryLists(app);
}
