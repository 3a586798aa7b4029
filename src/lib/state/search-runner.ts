/**
 * The search box's request logic, free of runes so it can be tested with fake timers: a typed
 * query waits SEARCH_DEBOUNCE_MS for more keys, a newer query cancels the call in flight, and an
 * answer to anything but the latest request is dropped, so results never arrive out of order.
 */
import type { SearchResponse } from '$lib/search';

/** How long the search box waits after a key before searching. */
export const SEARCH_DEBOUNCE_MS = 150;

/** Runs one search; must reject (or never resolve) once `signal` aborts. */
export type SearchCall = (query: string, signal: AbortSignal) => Promise<SearchResponse>;

/** What the runner reports for the latest request. */
export type SearchOutcome = { query: string; response: SearchResponse } | { query: string; error: unknown };

/** Debounces, cancels and orders search requests. */
export class SearchRunner {
  #query = '';
  #timer: ReturnType<typeof setTimeout> | undefined;
  #inFlight: AbortController | null = null;
  #generation = 0;

  constructor(
    private readonly call: SearchCall,
    private readonly onOutcome: (outcome: SearchOutcome) => void,
    private readonly debounceMs = SEARCH_DEBOUNCE_MS
  ) {}

  /** The query typed; an empty one cancels whatever is pending and reports nothing. */
  request(query: string): void {
    this.#query = query;
    this.#cancel();
    if (!query.trim()) return;
    this.#timer = setTimeout(() => this.#execute(query), this.debounceMs);
  }

  /** Searches the current query again at once (the notes changed); no-op when none is typed. */
  refresh(): void {
    if (!this.#query.trim()) return;
    this.#cancel();
    this.#execute(this.#query);
  }

  /** Cancels everything; later answers are dropped. */
  dispose(): void {
    this.#query = '';
    this.#cancel();
  }

  #cancel(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#generation++;
    this.#inFlight?.abort();
    this.#inFlight = null;
  }

  #execute(query: string): void {
    const generation = ++this.#generation;
    const controller = new AbortController();
    this.#inFlight = controller;
    const current = () => generation === this.#generation;
    this.call(query, controller.signal).then(
      (response) => current() && this.onOutcome({ query, response }),
      (error) => current() && !controller.signal.aborted && this.onOutcome({ query, error })
    );
  }
}
