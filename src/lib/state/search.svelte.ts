/**
 * The search engine behind the `Search notes` box: it watches `workspace.searchQuery`, asks the
 * workspace worker (debounced, cancelling stale calls: search-runner.ts) and answers through the
 * shell's seam, `workspace.setSearchResults(ids)`, so the Notes list shows the matches in rank
 * order. It keeps each match's snippet and highlights for the rows, and the parser's warnings.
 * When any tab writes, a typed search runs again, so its results follow edits. A failing worker is
 * reported as an alert. Until the worker's index is ready (a large vault's first moments after a
 * reload), `indexReady` is false and the list says "Preparing search…"; the query typed meanwhile
 * is answered when it is.
 */
import { getContext, setContext, untrack } from 'svelte';
import { liveQuery, latestChangeSeq } from '$lib/db';
import { getWorkspace, newCallId } from '$lib/rpc';
import type { SearchResponse, SearchResult } from '$lib/search';
import { SearchRunner, type SearchCall, type SearchOutcome } from './search-runner';
import type { Workspace } from './workspace.svelte';

/** How many matches the list asks the worker for (the list is virtualised; `total` counts all). */
export const SEARCH_RESULT_LIMIT = 500;

/** How long the page waits for the index to be ready, or a search waiting for it (a rebuild at 100,000 notes takes a while). */
const SEARCH_READY_TIMEOUT_MS = 10 * 60_000;

/** Searches through the workspace worker, cancelling the worker's call when the signal aborts. */
export const workerSearch: SearchCall = (query, signal) => {
  const callId = newCallId();
  // A search waits for the index to catch up (a 20,000-note import on a slow machine: longer than a
  // call's usual deadline); a newer query cancels it, and a hung worker is caught by the heartbeat.
  return getWorkspace().call('search', [query, { limit: SEARCH_RESULT_LIMIT, callId }], {
    signal,
    callId,
    timeoutMs: SEARCH_READY_TIMEOUT_MS
  });
};

/** Resolves once the worker's full-text index is ready (it may take a while to build or restore). */
export const workerSearchReady = (): Promise<void> =>
  getWorkspace().call('searchReady', [], { timeoutMs: SEARCH_READY_TIMEOUT_MS });

/**
 * Starts the worker's full-text index now (restoring a large vault's index takes a moment): the
 * shell calls it once the first screen is shown, so a search typed after that is answered at once.
 * Resolves once the index is ready or failed; a failure is reported by the search that meets it.
 */
export function startSearchIndex(): Promise<void> {
  performance.mark('folio:search-index-start');
  return workerSearchReady().catch(() => undefined);
}

/** The search box's state. */
export class SearchState {
  /** The current matches by note id (snippet, highlights). */
  matches: ReadonlyMap<string, SearchResult> = $state.raw(new Map());
  /** What the parser had to guess about the current query. */
  warnings: string[] = $state.raw([]);
  /** How many notes match in all (the list shows at most SEARCH_RESULT_LIMIT). */
  total = $state(0);
  /** Whether the worker's full-text index is ready; asked for at the first query typed. */
  indexReady = $state(false);
  readonly #ws: Workspace;
  readonly #runner: SearchRunner;
  readonly #whenReady: () => Promise<void>;
  #askedReady = false;

  constructor(
    ws: Workspace,
    call: SearchCall = workerSearch,
    whenReady: () => Promise<void> = workerSearchReady
  ) {
    this.#ws = ws;
    this.#runner = new SearchRunner(call, (outcome) => this.#answer(outcome));
    this.#whenReady = whenReady;
  }

  /** Starts following the query and the database; returns the stop function. */
  start(): () => void {
    const stopEffect = $effect.root(() => {
      // The worker is the outside world: each typed query becomes a (debounced) call.
      $effect(() => {
        const query = this.#ws.searchQuery;
        // Asked only once something is typed: asking starts the worker, which waits for the page to settle otherwise.
        // (untracked: the answer to it must not re-run this effect, which would search again).
        if (query.trim()) untrack(() => this.#askReady());
        this.#runner.request(query);
      });
    });
    // Only a log that moved on means the notes changed: liveQuery also emits the same seq again
    // (the first emission, or a write elsewhere in the table's range), and a refresh then would
    // drop an answer on its way for the same notes.
    let seen: number | undefined;
    const changes = liveQuery(() => latestChangeSeq(this.#ws.db)).subscribe({
      next: (seq) => {
        if (seen !== undefined && seq !== seen) this.#runner.refresh();
        seen = seq;
      },
      error: (error) => this.#ws.alerts.report('Search cannot follow changes to the notes', error)
    });
    return () => {
      stopEffect();
      changes.unsubscribe();
      this.#runner.dispose();
    };
  }

  #askReady(): void {
    if (this.#askedReady || this.indexReady) return;
    this.#askedReady = true;
    // A failed index is reported by the search itself; the next query typed asks again.
    this.#whenReady().then(
      () => (this.indexReady = true),
      () => (this.#askedReady = false)
    );
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
