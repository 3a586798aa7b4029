/**
 * The worker's full-text index: started from its stored snapshot, or built from the database, in
 * the background when the worker starts (so the ready handshake is not held up), then kept current
 * by the change-log follower. Every search first applies what the log gained since (one indexed read
 * when nothing changed), so a search right after a write in any tab sees it.
 *
 * The index keeps no note bodies (at 50,000 notes they would be most of its memory): a search reads
 * the bodies of the results it returns and cuts their snippets then.
 *
 * A snapshot is saved SAVE_SOON_MS after a rebuild, or after the last of many changes (an import,
 * a sync), whose replay at the next start would take seconds; after a few changes, SAVE_DELAY_MS
 * after the last of them (so typing does not save at every keystroke); never two at once. With one
 * delay for all, a user who imported 10,000 notes and reloaded within its 5 s rebuilt the index
 * from every note at the next start (6 s before a first answer), and again at each start that did
 * not last 5 s past its rebuild.
 */
import type { FolioDatabase, SearchIndexRecord } from '$lib/db';
import {
  IndexFollower,
  SearchIndex,
  withSnippets,
  type SearchOptions,
  type SearchResponse
} from '$lib/search';

/** How long after the last applied change the snapshot is saved, when few changes are unsaved. */
export const SAVE_DELAY_MS = 5_000;
/** Unsaved changes that make the snapshot worth saving soon (their replay at a start takes seconds). */
export const MANY_CHANGES = 500;
/** How soon the snapshot is saved after a rebuild, or after the last of MANY_CHANGES. */
export const SAVE_SOON_MS = 1_000;

/** The full-text index and its follower. */
export class FullTextService {
  readonly index = new SearchIndex({ keepBodies: false });
  readonly follower: IndexFollower;
  readonly #db: FolioDatabase;
  #ready: Promise<void>;
  #failed = false;
  #saveTimer: ReturnType<typeof setTimeout> | undefined;
  #saving: Promise<unknown> = Promise.resolve();
  #savedSeq = -1;
  #restoreTriedNow: () => void = () => {};
  readonly #restoreTried = new Promise<void>((resolve) => (this.#restoreTriedNow = resolve));
  /** Whether a search was answered yet (its time is marked once, for bench:vault). */
  #answered = false;
  #firstAnsweredNow: () => void = () => {};
  readonly #firstAnswered = new Promise<void>((resolve) => (this.#firstAnsweredNow = resolve));

  /** `snapshot`: the stored snapshot record when it was read already (see workspace.worker.ts). */
  constructor(db: FolioDatabase, snapshot?: Promise<SearchIndexRecord | undefined>) {
    this.#db = db;
    this.follower = new IndexFollower(db, this.index);
    this.#ready = this.#build(snapshot);
  }

  /** Resolves once the index is loaded or built; rejects with the reason it failed (the next call builds again). */
  get ready(): Promise<void> {
    return this.#ready;
  }

  /**
   * Resolves once the stored snapshot was restored or refused (before any rebuild): the worker
   * loads the rest of its code after that, so compiling it does not hold up the first search.
   */
  get restoreTried(): Promise<void> {
    return this.#restoreTried;
  }

  /**
   * Resolves once the snapshot was restored or refused and then either the first search was
   * answered or `waitMs` passed without one: the worker compiles the rest of its code after that.
   * A search typed at start reaches the worker about when the index is ready, and compiling the
   * rest then (~400 KB, 0.1–0.3 s on a loaded machine, on this thread) held it up.
   */
  restoredAndFirstSearch(waitMs: number): Promise<void> {
    return this.#restoreTried.then(
      () =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          void this.#firstAnswered.then(() => {
            clearTimeout(timer);
            resolve();
          });
        })
    );
  }

  /** Applies the change log since the last call; resolves to how many changes were applied. */
  async catchUp(): Promise<number> {
    if (this.#failed) this.#ready = this.#build();
    await this.#ready;
    const applied = await this.follower.catchUp();
    if (applied > 0) {
      // Change-log sequence numbers count the changes since the snapshot (nothing saved: all of them).
      const unsaved = this.follower.cursor - Math.max(this.#savedSeq, 0);
      this.#scheduleSave(unsaved >= MANY_CHANGES ? SAVE_SOON_MS : SAVE_DELAY_MS);
    }
    return applied;
  }

  /** Saves the snapshot now if the index moved on since the last one (tests, and the page going away). */
  saveNow(): Promise<unknown> {
    clearTimeout(this.#saveTimer);
    this.#saveTimer = undefined;
    this.#saving = this.#saving.then(async () => {
      if (this.follower.cursor === this.#savedSeq) return;
      this.#savedSeq = await this.follower.save();
    });
    return this.#saving;
  }

  /** Stops a pending save (the worker is ending). */
  stop(): void {
    clearTimeout(this.#saveTimer);
  }

  #scheduleSave(delayMs: number): void {
    clearTimeout(this.#saveTimer);
    // A failed save only means the next start rebuilds or applies more changes.
    this.#saveTimer = setTimeout(() => void this.saveNow().catch(() => {}), delayMs);
  }

  #build(snapshot?: Promise<SearchIndexRecord | undefined>): Promise<void> {
    this.#failed = false;
    const build = this.follower.start(snapshot, this.#restoreTriedNow).then(() => {
      performance.mark('folio:index-ready');
      if (this.follower.started?.kind === 'snapshot') this.#savedSeq = this.follower.cursor;
      else this.#scheduleSave(SAVE_SOON_MS);
    });
    // A failed build is reported by the search that awaited it, and the next search builds again.
    build.catch(() => (this.#failed = true));
    return build;
  }

  /** Searches the notes with the full syntax; never throws for a malformed query (see `warnings`). */
  async search(query: string, options: SearchOptions = {}): Promise<SearchResponse> {
    await this.catchUp();
    const response = this.index.search(query, options);
    if (!this.#answered) performance.mark('folio:first-search');
    this.#answered = true;
    const notes = await this.#db.notes.bulkGet(response.results.map((r) => r.id));
    const bodies = new Map(notes.flatMap((n) => (n ? [[n.id, n.body] as const] : [])));
    const answer = withSnippets(response, query, (id) => bodies.get(id));
    this.#firstAnsweredNow();
    return answer;
  }
}
