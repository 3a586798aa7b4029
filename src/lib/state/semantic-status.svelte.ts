/**
 * The page's view of the worker's semantic index: one subscription per tab (a Comlink proxy
 * callback the worker calls with every change), renewed when the worker restarts. Components read
 * `snapshot` (indexing progress, pause, the embedder choice) and call `pause`, `resume`,
 * `configure` and `related`.
 */
import * as Comlink from 'comlink';
import { getWorkspace, type EmbedderConfig, type RelatedNotesAnswer, type SemanticSnapshot } from '$lib/rpc';

/** The semantic index's state for the UI. */
export class SemanticStatus {
  /** The latest state from the worker; null until it answered. */
  snapshot: SemanticSnapshot | null = $state.raw(null);
  /** Why the worker could not be reached, if it could not. */
  failure: string | null = $state(null);
  #started = false;

  /** Subscribes (once per tab; later calls do nothing). */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    const workspace = getWorkspace();
    const listener = Comlink.proxy((snapshot: SemanticSnapshot) => {
      this.snapshot = snapshot;
    });
    const subscribe = () =>
      workspace.api.subscribeSemantic(listener).then(
        () => (this.failure = null),
        (error: Error) => (this.failure = error.message)
      );
    workspace.onRestart(() => void subscribe());
    void subscribe();
  }

  /** Whether an embedder is configured. */
  get available(): boolean {
    return this.snapshot?.available ?? false;
  }

  /** Holds background indexing. */
  async pause(): Promise<void> {
    this.snapshot = await getWorkspace().api.pauseIndexing();
  }

  /** Lets background indexing go on. */
  async resume(): Promise<void> {
    this.snapshot = await getWorkspace().api.resumeIndexing();
  }

  /** Stores and applies an embedder choice; rejects with the reason it is refused. */
  async configure(config: EmbedderConfig): Promise<void> {
    this.snapshot = await getWorkspace().api.configureEmbedder(config);
  }

  /** The notes related to `noteId` by meaning. */
  related(noteId: string, k = 5): Promise<RelatedNotesAnswer> {
    return getWorkspace().api.relatedNotes(noteId, k);
  }
}

let shared: SemanticStatus | null = null;

/** The tab's semantic status (one per tab, like the worker it mirrors), subscribed on first use. */
export function semanticStatus(): SemanticStatus {
  const status = semanticStatusView();
  status.start();
  return status;
}

/**
 * The same status without subscribing: for views shown at start (the list pane's progress bar),
 * which must not start the worker before the first screen (issue 2). It fills in once anything
 * subscribes (the background start, a note's related notes, Settings).
 */
export function semanticStatusView(): SemanticStatus {
  shared ??= new SemanticStatus();
  return shared;
}
