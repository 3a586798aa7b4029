/** The notebook tree, built from the flat list of notebooks (each points to its parent). */
import type { Notebook } from '$lib/core';

/**
 * Reading order for notebook titles, as the note list's Title order sorts: numbers by value
 * ("Week 2" before "Week 10"), case aside.
 */
const byTitle = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** One notebook in the tree, with its children in title order. */
export interface NotebookNode {
  notebook: Notebook;
  children: NotebookNode[];
  depth: number;
}

/**
 * Nests notebooks by `parent_id`. A notebook whose parent is missing (trashed, or never existed)
 * shows at the root so it is never hidden. A cycle (which the repository refuses, but an import may
 * bring) is broken by showing its first notebook at the root.
 */
export function buildNotebookTree(notebooks: Notebook[]): NotebookNode[] {
  const ids = new Set(notebooks.map((n) => n.id));
  const byParent = new Map<string, Notebook[]>();
  for (const notebook of notebooks) {
    const parent = ids.has(notebook.parent_id) ? notebook.parent_id : '';
    const list = byParent.get(parent) ?? [];
    list.push(notebook);
    byParent.set(parent, list);
  }
  const seen = new Set<string>();
  const build = (parentId: string, depth: number): NotebookNode[] =>
    (byParent.get(parentId) ?? [])
      .filter((n) => !seen.has(n.id) && seen.add(n.id))
      .sort((a, b) => byTitle.compare(a.title, b.title) || a.id.localeCompare(b.id))
      .map((notebook) => ({ notebook, depth, children: build(notebook.id, depth + 1) }));
  const roots = build('', 0);
  // Notebooks caught in a cycle were not reached from the root: show each at the root.
  for (const notebook of notebooks) {
    if (seen.has(notebook.id)) continue;
    seen.add(notebook.id);
    roots.push({ notebook, depth: 0, children: build(notebook.id, 1) });
  }
  return roots;
}

/** The ids of a notebook and every notebook under it, from a built tree. */
export function subtreeIds(nodes: NotebookNode[], id: string): Set<string> {
  const result = new Set<string>();
  const visit = (list: NotebookNode[], inside: boolean) => {
    for (const node of list) {
      const here = inside || node.notebook.id === id;
      if (here) result.add(node.notebook.id);
      visit(node.children, here);
    }
  };
  visit(nodes, false);
  return result;
}

/** The tree flattened in display order, each with its path of titles (for "Move to…"). */
export function flattenTree(nodes: NotebookNode[], prefix = ''): { id: string; label: string }[] {
  return nodes.flatMap((node) => {
    const label = prefix ? `${prefix} / ${node.notebook.title}` : node.notebook.title;
    return [{ id: node.notebook.id, label }, ...flattenTree(node.children, label)];
  });
}
