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
  /** Resolves once the first build finished; rejects with the reason it failed. */
  readonly ready: Promise<void>;

  constructor(db: FolioDatabase) {
    this.follower = new IndexFollower(db, this.index);
    this.ready = this.follower.start();
    // A failed build is reported by each search that awaits `ready`; not an unhandled rejection.
    this.ready.catch(() => {});
  }

  /** Applies the change log since the last call; resolves to how many changes were applied. */
  async catchUp(): Promise<number> {
    await this.ready;
    return this.follower.catchUp();
  }

  /** Searches the notes with the full syntax; never throws for a malformed query (see `warnings`). */
  async search(query: string, options: SearchOptions = {}): Promise<SearchResponse> {
    await this.catchUp();
    return this.index.search(query, options);
  }
}
