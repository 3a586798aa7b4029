/**
 * The worker's semantic search: the embedder chosen in settings, its background indexer and the
 * status the page shows. The indexer runs whenever the change log grows (`kick()`); a kick during a
 * run asks for one more run after it, so the index always ends caught up. Pause holds the run
 * between batches. Choosing another embedder aborts the run of the old one; the old model's vectors
 * stay stored (keyed by model), so switching back does not re-embed everything. Other tabs' workers
 * hear of a new choice on a BroadcastChannel and load it from settings.
 */
import { getSetting, setSetting, type FolioDatabase } from '$lib/db';
import { createSemanticSearch, type SemanticSearch, type WebLLMLoadProgress } from '$lib/search/semantic';
import type { EmbedderConfig, SemanticSnapshot, SemanticStatusReport } from '$lib/rpc';
import { createEmbedder, EMBEDDER_SETTING_KEY, NO_EMBEDDER, validateEmbedderConfig } from './embedder-config';

/** The channel on which a worker tells the others the embedder choice changed. */
export const EMBEDDER_CHANNEL = 'folio-semantic-config';

/** Owns the configured semantic search and runs its indexer. */
export class SemanticHost {
  #config: EmbedderConfig = NO_EMBEDDER;
  #search: SemanticSearch | null = null;
  #run: AbortController | null = null;
  #again = false;
  #error: string | null = null;
  #loading: SemanticSnapshot['loading'] = null;
  #stopProgress: () => void = () => {};
  #channel: BroadcastChannel | null = null;
  readonly #listeners = new Set<(snapshot: SemanticSnapshot) => void>();

  constructor(private readonly db: FolioDatabase) {}

  /** The semantic search, or null when no embedder is configured. */
  get search(): SemanticSearch | null {
    return this.#search;
  }

  /** Loads the stored choice, starts indexing, and listens for choices made in other tabs. */
  async start(): Promise<void> {
    await this.#loadStored();
    if (typeof BroadcastChannel === 'function') {
      this.#channel = new BroadcastChannel(EMBEDDER_CHANNEL);
      this.#channel.addEventListener(
        'message',
        () => void this.#loadStored().catch((error) => this.#fail(error))
      );
    }
  }

  /** Validates, stores and applies a new choice; tells the other tabs. */
  async configure(value: unknown): Promise<SemanticSnapshot> {
    const config = validateEmbedderConfig(value);
    await setSetting(this.db, EMBEDDER_SETTING_KEY, config);
    this.#apply(config);
    this.#channel?.postMessage('changed');
    return this.snapshot();
  }

  /** Runs the indexer now, or once more after the current run. */
  kick(): void {
    if (!this.#search) return;
    if (this.#run) {
      this.#again = true;
      return;
    }
    this.#startRun(this.#search);
  }

  /** Holds indexing before its next batch. */
  pause(): void {
    this.#search?.indexer.pause();
    this.#notify();
  }

  /** Lets paused indexing go on. */
  resume(): void {
    this.#search?.indexer.resume();
    this.#notify();
  }

  /** The current state, cheap (no index read). */
  snapshot(): SemanticSnapshot {
    const { apiKey, ...config } = this.#config;
    const indexer = this.#search?.indexer;
    return {
      config: { ...config, hasApiKey: !!apiKey },
      available: this.#search !== null,
      model: this.#search?.embedder.id ?? null,
      indexing: this.#run !== null,
      paused: indexer?.paused ?? false,
      progress: indexer?.progress ?? { done: 0, total: 0 },
      loading: this.#loading,
      error: this.#error
    };
  }

  /** The state with the index's size (loads the stored vectors on first use). */
  async status(): Promise<SemanticStatusReport> {
    const status = await this.#search?.status();
    return { ...this.snapshot(), chunks: status?.chunks ?? 0, notes: status?.notes ?? 0 };
  }

  /** Calls `listener` with a snapshot whenever the state changes; returns the unsubscribe function. */
  subscribe(listener: (snapshot: SemanticSnapshot) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stops indexing and listening. */
  stop(): void {
    this.#run?.abort();
    this.#stopProgress();
    this.#channel?.close();
  }

  async #loadStored(): Promise<void> {
    const stored = await getSetting<unknown>(this.db, EMBEDDER_SETTING_KEY, NO_EMBEDDER);
    try {
      this.#apply(validateEmbedderConfig(stored));
    } catch (error) {
      this.#apply(NO_EMBEDDER);
      this.#fail(error);
    }
  }

  #apply(config: EmbedderConfig): void {
    this.#run?.abort();
    this.#run = null;
    this.#again = false;
    this.#stopProgress();
    this.#config = config;
    this.#error = null;
    this.#loading = null;
    const embedder = createEmbedder(config, (report) => this.#onLoad(report));
    this.#search = embedder ? createSemanticSearch({ db: this.db, embedder }) : null;
    this.#stopProgress = this.#search?.indexer.onProgress(() => this.#notify()) ?? (() => {});
    this.#notify();
    this.kick();
  }

  #startRun(search: SemanticSearch): void {
    const run = new AbortController();
    this.#run = run;
    this.#error = null;
    this.#notify();
    search.indexer
      .run(run.signal)
      .catch((error) => {
        if (!run.signal.aborted) this.#error = messageOf(error);
      })
      .finally(() => {
        if (this.#run !== run) return;
        this.#run = null;
        this.#notify();
        if (this.#again) {
          this.#again = false;
          this.kick();
        }
      });
  }

  #onLoad(report: WebLLMLoadProgress): void {
    this.#loading = report.progress >= 1 ? null : { text: report.text, progress: report.progress };
    this.#notify();
  }

  #fail(error: unknown): void {
    this.#error = messageOf(error);
    this.#notify();
  }

  #notify(): void {
    const snapshot = this.snapshot();
    for (const listener of [...this.#listeners]) listener(snapshot);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
