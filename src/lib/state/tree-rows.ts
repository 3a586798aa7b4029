/**
 * The notebook tree's rows as shown: their order, and how many a start draws at once. A vault of
 * hundreds of notebooks (an import from Joplin brings 600 and more) drew every row before the
 * first screen: 600 rows doubled it at 10,000 notes (339 -> 630 ms median). The first rows, more
 * than a tall pane shows, are drawn with the first screen, the rest in slices once it is painted.
 */
import type { NotebookNode } from './notebook-tree';

/** The rows drawn with the first screen: more than a pane 2,000 px tall shows (32 px a row). */
export const FIRST_TREE_ROWS = 64;
/** The rows drawn in each slice after it, one slice an animation frame. */
export const TREE_ROWS_PER_SLICE = 100;

/** Each shown notebook's place in the tree as drawn (top to bottom; a collapsed one's children are not shown). */
export function rowOrder(tree: NotebookNode[], collapsed: ReadonlySet<string>): Map<string, number> {
  const order = new Map<string, number>();
  const visit = (nodes: NotebookNode[]) => {
    for (const node of nodes) {
      order.set(node.notebook.id, order.size);
      if (!collapsed.has(node.notebook.id)) visit(node.children);
    }
  };
  visit(tree);
  return order;
}

const COLLAPSED_KEY = 'folio.collapsedNotebooks';

/** The notebooks this device keeps collapsed (none when storage is unavailable). */
export function savedCollapsed(): string[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(COLLAPSED_KEY) ?? '[]');
    return Array.isArray(saved) ? saved.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Remembers the collapsed notebooks, as Joplin does; without localStorage they last until the tab closes. */
export function rememberCollapsed(ids: Iterable<string>): void {
  try {
    localStorage.setItem(COLLAPSED_KEY, JSON.stringify([...ids]));
  } catch {
    // Nothing to keep it in: the tree keeps them collapsed for this tab.
  }
}
