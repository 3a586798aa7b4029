/** The trash view's state: what is in the trash (live), restore, and emptying it for good. */
import { emptyTrash, listTrash, restoreNote, restoreNotebook } from '$lib/db';
import { LiveQuery } from './live-query.svelte';
import type { Workspace } from './workspace.svelte';

type TrashContents = Awaited<ReturnType<typeof listTrash>>;

/** The trash, live. Create it when the trash view mounts; destroy it when it unmounts. */
export class TrashState {
  readonly contents: LiveQuery<TrashContents>;
  #ws: Workspace;

  constructor(workspace: Workspace) {
    this.#ws = workspace;
    this.contents = new LiveQuery(
      () => undefined,
      () => listTrash(workspace.db),
      { notes: [], notebooks: [] }
    );
  }

  /** Whether the trash holds nothing. */
  get empty(): boolean {
    return this.contents.current.notes.length === 0 && this.contents.current.notebooks.length === 0;
  }

  /** Puts a note back in its notebook. */
  async restoreNote(id: string): Promise<void> {
    try {
      await restoreNote(this.#ws.db, id);
    } catch (error) {
      this.#ws.alerts.report('Could not restore the note', error);
    }
  }

  /** Puts a notebook back, with what was trashed along with it. */
  async restoreNotebook(id: string): Promise<void> {
    try {
      await restoreNotebook(this.#ws.db, id);
    } catch (error) {
      this.#ws.alerts.report('Could not restore the notebook', error);
    }
  }

  /** Deletes everything in the trash for good. */
  async emptyTrash(): Promise<void> {
    try {
      await emptyTrash(this.#ws.db);
    } catch (error) {
      this.#ws.alerts.report('Could not empty the trash', error);
    }
  }

  destroy(): void {
    this.contents.destroy();
  }
}
