// 分类字典 (/isys/category): the declared list in code order, each category indented under its parent, with
// 添加下级 (the add form with the parent chosen) beside 编辑 — the shared tree list (ListSpec.tree, list-tree.tsx);
// import/export by 上级编码.
import type { Hono } from 'hono';
import { categoriesList, categoryForm } from '../../resources/categories.js';
import type { PageEnv } from '../context.js';
import { registerListPage } from '../list-page.js';

export function registerCategoryPages(app: Hono<PageEnv>) {
  registerListPage(app, { spec: categoriesList, form: categoryForm });
}
