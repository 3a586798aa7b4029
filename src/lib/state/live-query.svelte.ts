/**
 * Dexie's liveQuery, wrapped once into runes. A LiveQuery re-runs its query whenever the tables
 * and keys it read change — in this tab, another tab (Dexie relays changes over BroadcastChannel)
 * or a worker — and whenever the reactive inputs read by `deps` change. `current` holds the latest
 * result; components read it like any other state. While a bulk write (an import) runs it re-reads
 * at a bounded rate instead of after each of its batches (bulk-writes.svelte.ts).
 */
import { untrack } from 'svelte';
import { liveQuery } from '$lib/db';
import { bulkWrites } from './bulk-writes.svelte';
import { pacedRefresh } from './paced-refresh';

/** A live query result as rune state. Call `destroy()` when its owner goes away. */
export class LiveQuery<T, D = void> {
  /** The latest result (the initial value until the first one arrives). */
  current: T = $state.raw() as T;
  /** The latest failure, cleared by the next result. */
  error: unknown = $state.raw(undefined);
  /** Whether a result for the current inputs has arrived. */
  loaded = $state(false);
  #stop: () => void;

  /**
   * @param deps reads the reactive inputs (tracked); its value is passed to `query`
   * @param query reads IndexedDB (untracked: it runs inside Dexie's liveQuery)
   * @param initial the value of `current` before the first result
   */
  constructor(deps: () => D, query: (input: D) => Promise<T>, initial: T) {
    this.current = initial;
    this.#stop = $effect.root(() => {
      $effect(() => {
        const input = deps();
        this.loaded = false;
        const next = (value: T) => {
          this.current = value;
          this.error = undefined;
          this.loaded = true;
        };
        const fail = (error: unknown) => {
          this.error = error;
        };
        // Its own effect: a bulk write starting or ending switches how the same input is followed,
        // without counting as new input (the list keeps its rows and stays loaded).
        $effect(() => {
          if (bulkWrites.active)
            return pacedRefresh(() => query(input), next, fail, { delayFirst: untrack(() => this.loaded) });
          const subscription = liveQuery(() => query(input)).subscribe({ next, error: fail });
          return () => subscription.unsubscribe();
        });
      });
    });
  }

  /** Stops listening. */
  destroy(): void {
    this.#stop();
  }
}
