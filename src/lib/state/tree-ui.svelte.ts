/** The notebook tree's transient UI: which name field is open, which rows are collapsed. */
import { SvelteSet } from 'svelte/reactivity';

/** The one name field the tree shows at a time: creating (under a parent) or renaming. */
export type NameEditing = { kind: 'create'; parentId: string } | { kind: 'rename'; id: string } | null;

/** Drag data types: a notebook being nested, or a note being moved into a notebook. */
export const DRAG_NOTEBOOK = 'application/x-folio-notebook';
export const DRAG_NOTE = 'application/x-folio-note';

/** Shared by the tree and its rows. */
export class NotebookTreeUi {
  editing: NameEditing = $state.raw(null);
  /** Ids of collapsed notebooks (expanded is the default). */
  readonly collapsed = new SvelteSet<string>();

  /** Opens the name field to create a notebook (at the top level with ''). */
  startCreate(parentId = ''): void {
    this.editing = { kind: 'create', parentId };
    if (parentId) this.collapsed.delete(parentId);
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
  }
}
