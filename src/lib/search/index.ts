/**
 * Full-text search (reference.md "Search syntax"): the query parser, the in-memory index and the
 * follower that keeps it current from the database's change log.
 *
 * Use: `const index = new SearchIndex(); const follower = new IndexFollower(db, index);
 * await follower.start(); … await follower.catchUp(); index.search('tag:work "due date"', {limit})`.
 */
export { parseQuery } from './query-parser';
export type {
  ParsedQuery, QueryTerm, QueryToken, TextTerm, PatternTerm, DateTerm, NumberTerm, TypeTerm, CompletedTerm, FilterName
} from './query-types';
export { FILTER_NAMES } from './query-types';
export { SearchIndex, MAX_TEXT_TERMS } from './search-index';
export { IndexFollower, toIndexedNote, CHANGE_BATCH } from './follower';
export { makeSnippet, SNIPPET_CHARS } from './snippet';
export type { Snippet } from './snippet';
export { foldText, tokenize } from './fold';
export { resolveDateValue, isDateValue } from './dates';
export { recencyBoost } from './rank';
export type { IndexedNote, SearchCatalog, SearchOptions, SearchResult, SearchResponse, Highlight } from './types';
