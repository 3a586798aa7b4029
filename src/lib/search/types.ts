/** The shapes the search index takes in and gives back. */

/** A note as the index needs it: text, the metadata filters read, and its tags. */
export interface IndexedNote {
  id: string;
  title: string;
  body: string;
  /** The notebook. */
  parent_id: string;
  created_time: number;
  updated_time: number;
  /** Used by `created:` and ranking when present (Joplin's user times); else created_time. */
  user_created_time?: number;
  /** Used by `updated:` and the recency boost when present; else updated_time. */
  user_updated_time?: number;
  is_todo: number | boolean;
  todo_due: number;
  todo_completed: number;
  source_url: string;
  latitude?: number;
  longitude?: number;
  altitude?: number;
  /** Ids of the note's tags (titles come from the catalog, so a rename needs no re-index). */
  tag_ids: string[];
}

/** Notebooks, tags and resources, for resolving `notebook:`, `tag:` and `resource:` by name. */
export interface SearchCatalog {
  notebooks: { id: string; title: string; parent_id: string }[];
  tags: { id: string; title: string }[];
  resources: { id: string; mime: string }[];
}

/** Options of one search. */
export interface SearchOptions {
  /** At most this many results (default 20); `total` still counts them all. */
  limit?: number;
  /** The clock for relative dates and the recency boost (default Date.now()). */
  now?: number;
}

/** A [start, end) range of characters to highlight. */
export type Highlight = [number, number];

/** One found note, best first. */
export interface SearchResult {
  id: string;
  title: string;
  notebook_id: string;
  updated_time: number;
  /** BM25 over title and body plus the recency boost (Joplin's weight). */
  score: number;
  /** Whether a searched word is in the title (those results come first). */
  title_match: boolean;
  /** About 240 characters of the body around the first searched word, with … where cut. */
  snippet: string;
  /** The searched words in `snippet`. */
  highlights: Highlight[];
  /** The searched words in `title`. */
  title_highlights: Highlight[];
}

/** The answer of a search: the best `limit` results and how many matched in all. */
export interface SearchResponse {
  results: SearchResult[];
  total: number;
  /** What the parser had to guess about the query (shown under the search box). */
  warnings: string[];
}
