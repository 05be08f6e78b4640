import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type PanelParam, usePanelParam } from '../panelParams.js';
import { type CategoryNode, useCategoryTree } from '../reference.js';
import { useLocalName } from '../useLocalName.js';

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

/** The parent whose sub-categories a page's category panels rank (empty = level-1 categories). */
export function ParentCategoryPicker({
  value,
  onChange,
  testId,
}: {
  value: number | null;
  onChange(next: number | null): void;
  testId: string;
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
      placeholder={t('analysis.parent.all')}
      aria-label={t('analysis.parent.label')}
      style={{ width: 220 }}
      popupMatchSelectWidth={280}
      data-testid={testId}
    />
  );
}

/** A page's parent category in the URL, checked against the user's granted tree. */
export interface ParentCategory {
  parent: number | null;
  setParent(next: number | null): void;
  /** The parent's node in the granted tree (undefined while loading or when not granted). */
  node: CategoryNode | undefined;
  /** The parent in the URL is not in the user's grant (a shared link). */
  denied: boolean;
  /** The parent's grant is known (or there is no parent): panels wait for it, so a denied parent is never queried. */
  ready: boolean;
}

export function useParentCategory(param: PanelParam<number | null>): ParentCategory {
  const [parent, setParent] = usePanelParam(param);
  const tree = useCategoryTree();
  const node = parent === null ? undefined : findCategory(tree.data, parent);
  return {
    parent,
    setParent,
    node,
    denied: parent !== null && tree.data !== undefined && node === undefined,
    ready: parent === null || tree.data !== undefined || tree.isError,
  };
}
