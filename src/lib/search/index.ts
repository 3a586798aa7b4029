/**
 * Full-text search (reference.md "Search syntax"), used by `search_notes` and the search box.
 *
 * - `parseQuery(q)`: pure, never throws; malformed parts become `warnings`.
 * - `SearchIndex`: in-memory inverted index. `upsert(note)`, `remove(id)`, `setCatalog({notebooks,
 *   tags, resources})` (names for `notebook:`, `tag:`, `resource:`), `search(query, {limit, now})`
 *   → `{results: [{id, title, notebook_id, updated_time, score, title_match, snippet, highlights,
 *   title_highlights}], total, warnings}`, best first (Joplin's ranking).
 * - `IndexFollower(db, index)`: `start()` loads the stored snapshot or builds from the database,
 *   `catchUp()` applies the change log after its cursor, `save()` stores a snapshot,
 *   `follow(onError)` catches up whenever any tab writes.
 *
 * Typical worker wiring:
 *   const index = new SearchIndex();
 *   const follower = new IndexFollower(db, index);
 *   await follower.start();
 *   const stop = follower.follow(reportError);
 *   // per request: await follower.catchUp(); return index.search(query, { limit });
 */
export { SearchIndex, withSnippets } from './search-index';
export { IndexFollower } from './follower';
export type { SearchOptions, SearchResult, SearchResponse } from './types';
