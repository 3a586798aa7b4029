/**
 * The worker's full-text index: built from the database in the background when the worker starts
 * (so the ready handshake is not held up), then kept current by the change-log follower. Every
 * search first applies what the log gained since (one indexed read when nothing changed), so a
 * search right after a write in any tab sees it, whatever the change watcher has noticed yet.
 */
import type { FolioDatabase } from '$lib/db';
import { IndexFollower, SearchIndex, type SearchOptions, type SearchResponse } from '$lib/search';

/** The full-text index and its follower. */
export class FullTextService {
  readonly index = new SearchIndex();
  readonly follower: IndexFollower;
  #ready: Promise<void>;
  #failed = false;

  constructor(db: FolioDatabase) {
    this.follower = new IndexFollower(db, this.index);
    this.#ready = this.#build();
  }

  /** Resolves once the build finished; rejects with the reason it failed (the next call builds again). */
  get ready(): Promise<void> {
    return this.#ready;
  }

  /** Applies the change log since the last call; resolves to how many changes were applied. */
  async catchUp(): Promise<number> {
    if (this.#failed) this.#ready = this.#build();
    await this.#ready;
    return this.follower.catchUp();
  }

  #build(): Promise<void> {
    this.#failed = false;
    const build = this.follower.start();
    // A failed build is reported by the search that awaited it, and the next search builds again.
    build.catch(() => (this.#failed = true));
    return build;
  }

  /** Searches the notes with the full syntax; never throws for a malformed query (see `warnings`). */
  async search(query: string, options: SearchOptions = {}): Promise<SearchResponse> {
    await this.catchUp();
    return this.index.search(query, options);
  }
}
