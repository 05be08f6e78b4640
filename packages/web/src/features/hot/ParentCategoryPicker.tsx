import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type CategoryNode, useCategoryTree } from '../../shared/analysis/index.js';
import { useLocalName } from './names.js';

interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}

/** Levels 1 and 2 only: a level-3 category has no sub-categories to rank. */
function toOptions(nodes: readonly CategoryNode[], name: (n: CategoryNode) => string): TreeOption[] {
  return nodes
    .filter((n) => n.level < 3)
    .map((n) => {
      const children = toOptions(n.children, name);
      return { value: n.category_id, title: name(n), ...(children.length ? { children } : {}) };
    });
}

/** The node of a category id in the granted tree, or undefined (not granted or unknown). */
export function findCategory(nodes: readonly CategoryNode[] | undefined, id: number): CategoryNode | undefined {
  for (const n of nodes ?? []) {
    if (n.category_id === id) return n;
    const hit = findCategory(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}

/** The parent whose sub-categories the trend and rising panels rank (empty = level-1 categories). */
export function ParentCategoryPicker({
  value,
  onChange,
}: {
  value: number | null;
  onChange(next: number | null): void;
}) {
  const { t } = useTranslation();
  const local = useLocalName();
  const tree = useCategoryTree();
  const options = useMemo(
    () => toOptions(tree.data ?? [], (n) => local(n.category_name, n.category_name_en)),
    [tree.data, local],
  );
  return (
    <TreeSelect<number>
      size="small"
      allowClear
      showSearch
      treeNodeFilterProp="title"
      loading={tree.isPending}
      value={value ?? undefined}
      onChange={(v) => onChange(v ?? null)}
      treeData={options}
      placeholder={t('hot.parent.all')}
      aria-label={t('hot.parent.label')}
      style={{ width: 220 }}
      popupMatchSelectWidth={280}
      data-testid="hot-parent"
    />
  );
}
