/** The `relevance` presets of `semantic_search_notes` (spec/reference.md). */

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

/**
 * The limits of a search: the preset's, with `k` / `minScore` given explicitly taking precedence.
 * Throws RangeError for an unknown preset or out-of-range numbers (a caller's mistake).
 */
export function resolveLimits(options: { relevance?: Relevance; k?: number; minScore?: number }): SearchLimits {
  const name = options.relevance ?? DEFAULT_RELEVANCE;
  if (!Object.hasOwn(RELEVANCE_PRESETS, name)) throw new RangeError(`Unknown relevance "${name}": use strict, normal or loose.`);
  const preset = RELEVANCE_PRESETS[name];
  const k = options.k ?? preset.k;
  const minScore = options.minScore ?? preset.minScore;
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, got ${k}.`);
  if (!(minScore >= -1 && minScore <= 1)) throw new RangeError(`minScore must be between -1 and 1, got ${minScore}.`);
  return { k, minScore };
}
