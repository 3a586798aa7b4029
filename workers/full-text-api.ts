/**
 * Full-text search for the search box, and whether its index is ready: the part of the search API
 * the worker answers before its other services exist (core-api.ts), so a search typed right after
 * a reload waits only for the index.
 */
import type { CancelRegistry, SearchCallOptions } from '$lib/rpc';
import type { SearchResponse } from '$lib/search';
import { runCancellable } from './core-api';
import type { FullTextService } from './full-text';

/** Results the search box asks for by default, and at most. */
export const DEFAULT_UI_SEARCH_LIMIT = 200;
const MAX_SEARCH_LIMIT = 1_000;

/** Builds the full-text methods of the workspace API. */
export function createFullTextApi(services: { fullText: FullTextService; cancels: CancelRegistry }) {
  const { fullText, cancels } = services;
  return {
    /** Full-text search with the whole syntax; a malformed query is searched as typed, with `warnings`. */
    search(query: string, options: SearchCallOptions = {}): Promise<SearchResponse> {
      if (typeof query !== 'string') return Promise.reject(new TypeError('search: query must be a string'));
      const limit = Math.min(
        MAX_SEARCH_LIMIT,
        Math.max(1, Math.floor(options.limit ?? DEFAULT_UI_SEARCH_LIMIT))
      );
      return runCancellable(cancels, options.callId, async (signal) => {
        const response = await fullText.search(query, { limit });
        signal?.throwIfAborted();
        return response;
      });
    },

    /**
     * Resolves once the full-text index is loaded from its snapshot or built (searches before then
     * wait for it); rejects with the reason it could not be, which the next search retries.
     */
    async searchReady(): Promise<void> {
      await fullText.ready;
    }
  };
}
