/**
 * The background indexer of one embedding model. `run()` follows the change log from the model's
 * cursor (see pending-notes.ts), re-embeds in batches only what changed (see embed-notes.ts),
 * passes again while notes changed meanwhile (so `total` can grow), and moves the cursor after each batch, so a reload, a crash or an abort loses at most one batch of
 * work. It reports progress, can be paused between batches and resumed, and aborted with a signal.
 * Where the browser has Web Locks, one tab indexes a model at a time; the others find the work done.
 */
import type { FolioDatabase } from '$lib/db';
import type { ChunkOptions } from './chunk';
import { embedNotes, emptyCounts, type IndexCounts } from './embed-notes';
import { pendingNotes, type PendingWork } from './pending-notes';
import { readCursor, writeCursor } from './store';
import type { Embedder, IndexProgress } from './types';

/** How the indexer works. */
export interface SemanticIndexerOptions {
  db: FolioDatabase;
  embedder: Embedder;
  /** Notes per batch (one embed call, one cursor move). */
  notesPerBatch?: number;
  chunk?: ChunkOptions;
}

/** What a run did; `busy` when another tab was indexing this model and this run did nothing. */
export interface IndexRunResult extends IndexCounts {
  busy: boolean;
}

type Locks = {
  request<T>(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<T>
  ): Promise<T>;
};

/** Keeps the stored vectors of one model in step with the notes. */
export class SemanticIndexer {
  private readonly options: SemanticIndexerOptions;
  private current: Promise<IndexRunResult> | null = null;
  private gate: { promise: Promise<void>; open: () => void } | null = null;
  private state: IndexProgress = { done: 0, total: 0 };
  private readonly progressListeners = new Set<(progress: IndexProgress) => void>();
  private readonly noteListeners = new Set<(noteId: string) => void>();

  constructor(options: SemanticIndexerOptions) {
    this.options = options;
  }

  /** The model this indexer serves. */
  get model(): string {
    return this.options.embedder.id;
  }

  /** Whether a run is in progress (paused or not). */
  get running(): boolean {
    return this.current !== null;
  }

  /** Whether the indexer is paused. */
  get paused(): boolean {
    return this.gate !== null;
  }

  /** Progress of the current (or last) run: notes looked at, of notes to look at. */
  get progress(): IndexProgress {
    return { ...this.state };
  }

  /** Calls `listener` at each step of a run; returns the function that stops it. */
  onProgress(listener: (progress: IndexProgress) => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  /** Calls `listener` with each note whose stored vectors changed; returns the function that stops it. */
  onNoteIndexed(listener: (noteId: string) => void): () => void {
    this.noteListeners.add(listener);
    return () => this.noteListeners.delete(listener);
  }

  /** Holds the run before its next batch (the batch in flight finishes and is saved). */
  pause(): void {
    if (this.gate) return;
    let open!: () => void;
    const promise = new Promise<void>((resolve) => (open = resolve));
    this.gate = { promise, open };
  }

  /** Lets a paused run go on. */
  resume(): void {
    const gate = this.gate;
    this.gate = null;
    gate?.open();
  }

  /** Brings the index up to date; a second call while one runs gets the same run. */
  run(signal?: AbortSignal): Promise<IndexRunResult> {
    if (!this.current) {
      const locks = (globalThis.navigator as { locks?: Locks } | undefined)?.locks;
      const work = locks
        ? locks.request(`folio-semantic-index:${this.model}`, { ifAvailable: true }, (lock) =>
            lock ? this.runUnlocked(signal) : Promise.resolve({ ...emptyCounts(), busy: true })
          )
        : this.runUnlocked(signal);
      this.current = work.finally(() => (this.current = null));
    }
    return this.current;
  }

  /** Passes over the pending notes until none are left: notes changed during a pass get the next one. */
  private async runUnlocked(signal?: AbortSignal): Promise<IndexRunResult> {
    const { db, embedder } = this.options;
    const totals = emptyCounts();
    const progress: IndexProgress = { done: 0, total: 0 };
    for (;;) {
      const cursor = await readCursor(db, embedder.id);
      const work = await pendingNotes(db, embedder.id, cursor);
      if (work.notes.length === 0) {
        if (work.lastSeq !== cursor) await writeCursor(db, embedder.id, work.lastSeq);
        return { ...totals, busy: false };
      }
      progress.total += work.notes.length;
      this.report(progress);
      await this.pass(work, totals, progress, signal);
      await writeCursor(db, embedder.id, work.lastSeq);
    }
  }

  /** One pass over the pending notes, in batches, moving the cursor after each batch where it may. */
  private async pass(
    work: PendingWork,
    totals: IndexCounts,
    progress: IndexProgress,
    signal?: AbortSignal
  ): Promise<void> {
    const { db, embedder } = this.options;
    const size = Math.max(1, this.options.notesPerBatch ?? 8);
    for (let start = 0; start < work.notes.length; start += size) {
      await this.waitWhilePaused(signal);
      signal?.throwIfAborted();
      const batch = work.notes.slice(start, start + size);
      const counts = await embedNotes(
        db,
        embedder,
        batch.map((n) => n.id),
        {
          chunk: this.options.chunk,
          signal,
          changed: (id) => this.noteListeners.forEach((listener) => listener(id))
        }
      );
      for (const key of Object.keys(totals) as (keyof IndexCounts)[]) totals[key] += counts[key];
      if (work.incremental && start + size < work.notes.length)
        await writeCursor(db, embedder.id, batch[batch.length - 1].seq);
      progress.done += batch.length;
      this.report(progress);
    }
  }

  private async waitWhilePaused(signal?: AbortSignal): Promise<void> {
    while (this.gate) {
      if (!signal) {
        await this.gate.promise;
        continue;
      }
      signal.throwIfAborted();
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => reject(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        this.gate!.promise.then(() => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        });
      });
    }
  }

  private report(progress: IndexProgress): void {
    this.state = progress;
    for (const listener of this.progressListeners) listener({ ...progress });
  }
}
