import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { showsQuietFailure } from '../../api/quiet.js';
import { type CategoryNode, useCategoryTree } from '../reference.js';

/** A node of an antd TreeSelect over the granted category tree. */
export interface CategoryTreeNode {
  title: string;
  value: number;
  children: CategoryTreeNode[];
}

export interface CategoryTreeData {
  treeData: CategoryTreeNode[];
  loading: boolean;
  /** The name of any granted category in the page language (a choice outside a brand-narrowed tree too). */
  nameOf(id: number): string | undefined;
  /** docs/product.md §8 "no category data": the project, or the user's grant in it, has no category at all. */
  noCategories: boolean;
  /** docs/product.md §8 "get categories" failed, and the quiet rule (api/quiet.ts) says to tell it. */
  failed: boolean;
}

/**
 * The granted category tree (POST /categories) as TreeSelect data, named in the page language.
 * `brands`: only the categories in which those brands sold (`brands_filtering`); the emptiness that
 * the "no category data" warning is about is the whole granted tree's, not a narrowed one's.
 */
export function useCategoryTreeData(brands: readonly number[] = []): CategoryTreeData {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const tree = useCategoryTree(brands);
  const granted = useCategoryTree();
  const treeData = useMemo(() => {
    const map = (n: CategoryNode): CategoryTreeNode => ({
      title: en ? n.category_name_en : n.category_name,
      value: n.category_id,
      children: n.children.map(map),
    });
    return (tree.data ?? []).map(map);
  }, [tree.data, en]);
  const names = useMemo(() => {
    const out = new Map<number, string>();
    const walk = (nodes: readonly CategoryNode[]) => {
      for (const n of nodes) {
        out.set(n.category_id, en ? n.category_name_en : n.category_name);
        walk(n.children);
      }
    };
    walk(granted.data ?? []);
    return out;
  }, [granted.data, en]);
  return {
    treeData,
    loading: tree.isLoading,
    nameOf: (id) => names.get(id),
    noCategories: granted.data?.length === 0,
    failed: (tree.isError && showsQuietFailure(tree.error)) || (granted.isError && showsQuietFailure(granted.error)),
  };
}
