/**
 * The `relevance` presets of semantic search (spec/reference.md): one table, read by the
 * `semantic_search_notes` tool (its enum and its limits) and by the semantic index (its defaults).
 */

/** A named relevance level. */
export type Relevance = 'strict' | 'normal' | 'loose';

/** How many chunks to return at most, and the lowest cosine score kept. */
export interface SearchLimits {
  k: number;
  minScore: number;
}

/** strict: k 5, min 0.55; normal (the default): k 10, min 0.40; loose: k 20, min 0.25. */
export const RELEVANCE_PRESETS: Readonly<Record<Relevance, Readonly<SearchLimits>>> = Object.freeze({
  strict: Object.freeze({ k: 5, minScore: 0.55 }),
  normal: Object.freeze({ k: 10, minScore: 0.4 }),
  loose: Object.freeze({ k: 20, minScore: 0.25 })
});

/** The preset used when a search names none. */
export const DEFAULT_RELEVANCE: Relevance = 'normal';
