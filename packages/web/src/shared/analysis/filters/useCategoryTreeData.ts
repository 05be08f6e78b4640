import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type CategoryNode, useCategoryTree } from '../reference.js';

/** A node of an antd TreeSelect over the granted category tree. */
export interface CategoryTreeNode {
  title: string;
  value: number;
  children: CategoryTreeNode[];
}

/** The granted category tree (POST /categories) as TreeSelect data, named in the page language, and whether it is loading. */
export function useCategoryTreeData(): { treeData: CategoryTreeNode[]; loading: boolean } {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const tree = useCategoryTree();
  const treeData = useMemo(() => {
    const map = (n: CategoryNode): CategoryTreeNode => ({
      title: en ? n.category_name_en : n.category_name,
      value: n.category_id,
      children: n.children.map(map),
    });
    return (tree.data ?? []).map(map);
  }, [tree.data, en]);
  return { treeData, loading: tree.isLoading };
}
