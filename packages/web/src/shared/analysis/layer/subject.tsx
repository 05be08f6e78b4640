import type { ChartNoteEntity } from '@marketlens/shared';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { CategoryNode } from '../reference.js';
import { useCategoryTree } from '../reference.js';
import { useAnalysisFilter } from '../useAnalysisFilter.js';

/** What the trend charts of a page are about: a note is written about it; own events about it show. */
export interface ChartSubject {
  readonly kind: ChartNoteEntity;
  readonly id: number;
  readonly name: string;
}

const SubjectContext = createContext<ChartSubject | null | undefined>(undefined);

/** Names the subject of the charts inside (Brand Detail: the brand); without it, the filter's one category. */
export function ChartSubjectProvider({ value, children }: { value: ChartSubject | null; children: ReactNode }) {
  return <SubjectContext.Provider value={value}>{children}</SubjectContext.Provider>;
}

function findNode(nodes: readonly CategoryNode[], id: number): CategoryNode | undefined {
  for (const n of nodes) {
    if (n.category_id === id) return n;
    const inner = findNode(n.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** The page's subject: the provider's, else the one category the filter chose (none: no notes can be added). */
export function useChartSubject(): ChartSubject | null {
  const given = useContext(SubjectContext);
  const { filter } = useAnalysisFilter();
  const tree = useCategoryTree();
  const chosen = filter.category.enable && filter.category.value.length === 1 ? filter.category.value[0] : undefined;
  return useMemo(() => {
    if (given !== undefined) return given;
    if (chosen === undefined || !tree.data) return null;
    const node = findNode(tree.data, chosen);
    return node ? { kind: 'category', id: chosen, name: node.category_name } : null;
  }, [given, chosen, tree.data]);
}
