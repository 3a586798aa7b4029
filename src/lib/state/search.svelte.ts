/**
 * The search engine behind the `Search notes` box: it watches `workspace.searchQuery`, asks the
 * workspace worker (debounced, cancelling stale calls: search-runner.ts) and answers through the
 * shell's seam, `workspace.setSearchResults(ids)`, so the Notes list shows the matches in rank
 * order. It keeps each match's snippet and highlights for the rows, and the parser's warnings.
 * When any tab writes, a typed search runs again, so its results follow edits. A failing worker is
 * reported as an alert.
 */
import { getContext, setContext } from 'svelte';
import { liveQuery } from 'dexie';
import { latestChangeSeq } from '$lib/db';
import { getWorkspace, newCallId } from '$lib/rpc';
import type { SearchResponse, SearchResult } from '$lib/search';
import { SearchRunner, type SearchCall, type SearchOutcome } from './search-runner';
import type { Workspace } from './workspace.svelte';

/** How many matches the list asks the worker for (the list is virtualised; `total` counts all). */
export const SEARCH_RESULT_LIMIT = 500;

/** Searches through the workspace worker, cancelling the worker's call when the signal aborts. */
export const workerSearch: SearchCall = (query, signal) => {
  const callId = newCallId();
  return getWorkspace().call('search', [query, { limit: SEARCH_RESULT_LIMIT, callId }], { signal, callId });
};

/** The search box's state. */
export class SearchState {
  /** The current matches by note id (snippet, highlights). */
  matches: ReadonlyMap<string, SearchResult> = $state.raw(new Map());
  /** What the parser had to guess about the current query. */
  warnings: string[] = $state.raw([]);
  /** How many notes match in all (the list shows at most SEARCH_RESULT_LIMIT). */
  total = $state(0);
  readonly #ws: Workspace;
  readonly #runner: SearchRunner;

  constructor(ws: Workspace, call: SearchCall = workerSearch) {
    this.#ws = ws;
    this.#runner = new SearchRunner(call, (outcome) => this.#answer(outcome));
  }

  /** Starts following the query and the database; returns the stop function. */
  start(): () => void {
    const stopEffect = $effect.root(() => {
      // The worker is the outside world: each typed query becomes a (debounced) call.
      $effect(() => this.#runner.request(this.#ws.searchQuery));
    });
    let first = true;
    const changes = liveQuery(() => latestChangeSeq(this.#ws.db)).subscribe({
      next: () => {
        if (!first) this.#runner.refresh();
        first = false;
      },
      error: (error) => this.#ws.alerts.report('Search cannot follow changes to the notes', error)
    });
    return () => {
      stopEffect();
      changes.unsubscribe();
      this.#runner.dispose();
    };
  }

  #answer(outcome: SearchOutcome): void {
    if (outcome.query !== this.#ws.searchQuery) return;
    if ('error' in outcome) {
      this.#ws.alerts.report('Search failed', outcome.error);
      this.#show({ results: [], total: 0, warnings: [] });
      return;
    }
    this.#show(outcome.response);
  }

  #show(response: SearchResponse): void {
    this.matches = new Map(response.results.map((r) => [r.id, r]));
    this.warnings = response.warnings;
    this.total = response.total;
    this.#ws.setSearchResults(response.results.map((r) => r.id));
  }
}

const KEY = Symbol('folio.search');

/** Makes the search state available to the components below (the list pane). */
export function provideSearch(search: SearchState): SearchState {
  return setContext(KEY, search);
}

/** The search state, or undefined outside a list pane (a row rendered on its own). */
export function useSearch(): SearchState | undefined {
  return getContext<SearchState | undefined>(KEY);
}
