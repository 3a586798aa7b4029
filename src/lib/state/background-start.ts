/**
 * When the tab's background work starts: the workspace worker (its full-text index build, semantic
 * indexing) and the enabled plugins. None of it is needed for the first screen, and loading and
 * starting the worker there cost a third of it at 10,000 notes (issue 2). So it waits until the
 * page has shown the list and gone idle, or runs at once when the user reaches for it first
 * (focuses search, opens the AI sidebar or Settings). The service worker's registration waits for
 * it too: its precache downloads the whole app, which should not compete with the first screen.
 */

/** How long after the app mounts the background work waits before looking for idle time. */
export const BACKGROUND_START_DELAY_MS = 2_000;
/** The most that idle-time waiting may add on a page that is never idle. */
export const BACKGROUND_IDLE_TIMEOUT_MS = 1_000;

/** Runs its tasks once: at the first `now()`, or after a delay and an idle period. */
export class BackgroundStart {
  #tasks = new Set<() => void>();
  #started = false;
  #cancel: (() => void) | null = null;

  /** Adds a task, run at the start (at once if it has started). Returns the function that drops it. */
  add(task: () => void): () => void {
    if (this.#started) {
      task();
      return () => {};
    }
    this.#tasks.add(task);
    return () => void this.#tasks.delete(task);
  }

  /** Starts the work `delayMs` from now, at the next idle time. Returns the cancel function. */
  schedule(delayMs = BACKGROUND_START_DELAY_MS): () => void {
    if (this.#started) return () => {};
    this.#cancel?.();
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback !== 'function') return this.now();
      const idle = requestIdleCallback(() => this.now(), { timeout: BACKGROUND_IDLE_TIMEOUT_MS });
      this.#cancel = () => cancelIdleCallback(idle);
    }, delayMs);
    this.#cancel = () => clearTimeout(timer);
    return () => {
      this.#cancel?.();
      this.#cancel = null;
    };
  }

  /** Starts the work now, tasks in the order added (once; later calls do nothing). */
  now(): void {
    if (this.#started) return;
    this.#started = true;
    this.#cancel?.();
    this.#cancel = null;
    const tasks = [...this.#tasks];
    this.#tasks.clear();
    for (const task of tasks) task();
  }

  /** Whether the work has started. */
  get started(): boolean {
    return this.#started;
  }
}

let shared: BackgroundStart | null = null;

/** The tab's background start (one per tab, like the worker it starts). */
export function backgroundStart(): BackgroundStart {
  shared ??= new BackgroundStart();
  return shared;
}
