// 分类字典 (/sys/category): the select helpers other screens read the coded category tree through (Scratch素材库's
// tags live under A03 素材库标签).
import { GET } from './endpoint.js';

/** A category as the tree selects read it (TreeSelectModel). */
export interface CategoryTreeNode {
  key: string;
  title: string;
  value: string;
  code: string;
  /** 分类值; null when the category has none (its code stands for it). */
  itemValue: string | null;
  parentId: string;
  isLeaf: boolean;
  children?: CategoryTreeNode[];
}

export const categoryTreeApi = {
  /** The children of the category coded `pcode` ('0' or absent: the roots): the whole subtree, one level with `async=true`. */
  subtree: GET<CategoryTreeNode[], { pcode?: string; async?: 'true' }>('/sys/category/loadTreeRoot'),
};
