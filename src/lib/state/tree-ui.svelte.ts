/**
 * The notebook tree's UI state: which name field is open, which rows are collapsed (remembered on
 * this device), and how many rows are drawn yet (tree-rows.ts: a large tree is drawn in slices
 * after the first screen).
 */
import { SvelteSet } from 'svelte/reactivity';
import type { NotebookNode } from './notebook-tree';
import {
  FIRST_TREE_ROWS,
  rememberCollapsed,
  rowOrder,
  savedCollapsed,
  TREE_ROWS_PER_SLICE
} from './tree-rows';

/** The one name field the tree shows at a time: creating (under a parent) or renaming. */
export type NameEditing = { kind: 'create'; parentId: string } | { kind: 'rename'; id: string } | null;

/** Drag data types: a notebook being nested, or a note being moved into a notebook. */
export const DRAG_NOTEBOOK = 'application/x-folio-notebook';
export const DRAG_NOTE = 'application/x-folio-note';

/** Shared by the tree and its rows. */
export class NotebookTreeUi {
  editing: NameEditing = $state.raw(null);
  /** Ids of collapsed notebooks (expanded is the default). */
  readonly collapsed = new SvelteSet<string>(savedCollapsed());
  /** How many rows, from the top, are drawn. */
  drawnRows = $state(FIRST_TREE_ROWS);
  readonly #order: Map<string, number> = $derived.by(() => rowOrder(this.#tree(), this.collapsed));
  #tree: () => NotebookNode[];

  constructor(tree: () => NotebookNode[]) {
    this.#tree = tree;
  }

  /** Whether a notebook's row is drawn yet (rows are drawn from the top). */
  drawn(id: string): boolean {
    return (this.#order.get(id) ?? 0) < this.drawnRows;
  }

  /**
   * Draws the remaining rows, a slice a frame, each after the frame before it was painted (a
   * timer set in an animation frame runs after that frame's paint), so the first slice does not
   * join the frame that paints the first screen. Returns the function that stops it.
   */
  drawRest(): () => void {
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const afterPaint = () => {
      frame = requestAnimationFrame(() => (timer = setTimeout(slice)));
    };
    const slice = () => {
      // All drawn: rows shown later (a notebook expanded, created or imported) are drawn at once.
      if (this.drawnRows >= this.#order.size) return void (this.drawnRows = Infinity);
      this.drawnRows += TREE_ROWS_PER_SLICE;
      afterPaint();
    };
    afterPaint();
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }

  /** Opens the name field to create a notebook (at the top level with ''). */
  startCreate(parentId = ''): void {
    this.editing = { kind: 'create', parentId };
    if (parentId && this.collapsed.delete(parentId)) rememberCollapsed(this.collapsed);
  }

  startRename(id: string): void {
    this.editing = { kind: 'rename', id };
  }

  stopEditing(): void {
    this.editing = null;
  }

  toggle(id: string): void {
    if (this.collapsed.has(id)) this.collapsed.delete(id);
    else this.collapsed.add(id);
    // Only notebooks that still exist are kept: a deleted one's id would stay forever.
    const shown = rowOrder(this.#tree(), new Set());
    rememberCollapsed([...this.collapsed].filter((c) => shown.has(c)));
  }
}
