/** The limits of a semantic search from the `relevance` presets (core/relevance.ts, spec/reference.md). */
import { DEFAULT_RELEVANCE, RELEVANCE_PRESETS, type Relevance, type SearchLimits } from '$lib/core';

export { DEFAULT_RELEVANCE, RELEVANCE_PRESETS };
export type { Relevance, SearchLimits };

/**
 * The limits of a search: the preset's, with `k` / `minScore` given explicitly taking precedence.
 * Throws RangeError for an unknown preset or out-of-range numbers (a caller's mistake).
 */
export function resolveLimits(options: {
  relevance?: Relevance;
  k?: number;
  minScore?: number;
}): SearchLimits {
  const name = options.relevance ?? DEFAULT_RELEVANCE;
  if (!Object.hasOwn(RELEVANCE_PRESETS, name))
    throw new RangeError(`Unknown relevance "${name}": use strict, normal or loose.`);
  const preset = RELEVANCE_PRESETS[name];
  const k = options.k ?? preset.k;
  const minScore = options.minScore ?? preset.minScore;
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, got ${k}.`);
  if (!(minScore >= -1 && minScore <= 1))
    throw new RangeError(`minScore must be between -1 and 1, got ${minScore}.`);
  return { k, minScore };
}
