/** Notebook commands of the tree (create, rename, nest, trash), each reporting failures as alerts. */
import {
  createNotebook,
  moveNotebook,
  renameNotebook,
  trashNotebook,
  type FolioDatabase,
  type NoteScope
} from '$lib/db';
import type { Alerts } from './alerts.svelte';
import { subtreeIds, type NotebookNode } from './notebook-tree';

/** What the commands need of the workspace (which owns them): a structural part, so no import cycle. */
export interface NotebookActionsHost {
  readonly db: FolioDatabase;
  readonly alerts: Pick<Alerts, 'report'>;
  readonly scope: NoteScope;
  readonly tree: NotebookNode[];
  selectScope(scope: NoteScope): void;
}

/** The tree's commands on notebooks. */
export class NotebookActions {
  #ws: NotebookActionsHost;

  constructor(workspace: NotebookActionsHost) {
    this.#ws = workspace;
  }

  /** Creates a notebook (inside `parentId` when given) and selects it. */
  async create(title: string, parentId = ''): Promise<boolean> {
    try {
      const notebook = await createNotebook(this.#ws.db, { title, parent_id: parentId || undefined });
      this.#ws.selectScope({ kind: 'notebook', id: notebook.id });
      return true;
    } catch (error) {
      this.#ws.alerts.report('Could not create the notebook', error);
      return false;
    }
  }

  /** Renames a notebook. */
  async rename(id: string, title: string): Promise<boolean> {
    try {
      await renameNotebook(this.#ws.db, id, title);
      return true;
    } catch (error) {
      this.#ws.alerts.report('Could not rename the notebook', error);
      return false;
    }
  }

  /** Nests a notebook under another ('' = the top level). */
  async move(id: string, parentId: string): Promise<void> {
    if (id === parentId) return;
    try {
      await moveNotebook(this.#ws.db, id, parentId);
    } catch (error) {
      this.#ws.alerts.report('Could not move the notebook', error);
    }
  }

  /** Moves a notebook, its sub-notebooks and their notes to the trash. */
  async trash(id: string): Promise<void> {
    const scope = this.#ws.scope;
    const inside = scope.kind === 'notebook' && subtreeIds(this.#ws.tree, id).has(scope.id);
    try {
      await trashNotebook(this.#ws.db, id);
      if (inside) this.#ws.selectScope({ kind: 'all' });
    } catch (error) {
      this.#ws.alerts.report('Could not move the notebook to the trash', error);
    }
  }
}
