import type { DatasetCategory } from './api.js';

/** A node of the dataset's category tree as the picker holds it. */
export interface PickNode {
  id: number;
  item: DatasetCategory;
  children: PickNode[];
}

/** The dataset's tree: flat list → roots (a node whose parent is unknown is a root), in the list's order. */
export function datasetTree(items: readonly DatasetCategory[]): {
  roots: PickNode[];
  byId: Map<number, PickNode>;
  parentOf: Map<number, number>;
} {
  const byId = new Map<number, PickNode>(
    items.map((c) => [c.category_id, { id: c.category_id, item: c, children: [] }]),
  );
  const parentOf = new Map<number, number>();
  const roots: PickNode[] = [];
  for (const node of byId.values()) {
    const parent = node.item.parent === null ? undefined : byId.get(node.item.parent);
    if (parent) {
      parent.children.push(node);
      parentOf.set(node.id, parent.id);
    } else roots.push(node);
  }
  return { roots, byId, parentOf };
}

function subtree(node: PickNode, out: number[] = []): number[] {
  out.push(node.id);
  for (const c of node.children) subtree(c, out);
  return out;
}

/**
 * Ticks or unticks a node with everything under it ("add all under"); categories already in the
 * project are never picked. Unticking also unticks the node's ancestors: they no longer have all under them.
 */
export function toggle(
  picked: ReadonlySet<number>,
  tree: ReturnType<typeof datasetTree>,
  id: number,
  on: boolean,
): Set<number> {
  const next = new Set(picked);
  const node = tree.byId.get(id);
  if (!node) return next;
  for (const c of subtree(node)) {
    if (on && tree.byId.get(c)!.item.status === null) next.add(c);
    else if (!on) next.delete(c);
  }
  if (!on) for (let p = tree.parentOf.get(id); p !== undefined; p = tree.parentOf.get(p)) next.delete(p);
  return next;
}

/** Nodes not picked themselves with something picked under them (shown half ticked). */
export function halfPicked(picked: ReadonlySet<number>, tree: ReturnType<typeof datasetTree>): number[] {
  const half = new Set<number>();
  for (const id of picked) {
    for (let p = tree.parentOf.get(id); p !== undefined && !half.has(p); p = tree.parentOf.get(p)) {
      if (!picked.has(p)) half.add(p);
    }
  }
  return [...half];
}

/**
 * The tree cut down to a search: the nodes whose id or name (either language) contains the text, with
 * their ancestors (to place them) and everything under them (to pick from). Empty text: the whole tree.
 */
export function searchTree(roots: readonly PickNode[], text: string): PickNode[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...roots];
  const hit = (n: PickNode) =>
    String(n.id).includes(q) ||
    n.item.category_name.toLowerCase().includes(q) ||
    n.item.category_name_en.toLowerCase().includes(q);
  const cut = (n: PickNode): PickNode | null => {
    if (hit(n)) return n;
    const children = n.children.map(cut).filter((c): c is PickNode => c !== null);
    return children.length > 0 ? { ...n, children } : null;
  };
  return roots.map(cut).filter((c): c is PickNode => c !== null);
}

/** Every id of a (cut) tree, to open all its branches while searching. */
export function allIds(roots: readonly PickNode[]): number[] {
  return roots.flatMap((r) => subtree(r));
}
