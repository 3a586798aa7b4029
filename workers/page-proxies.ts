/**
 * Calling back into the page from the worker: listener calls that never slow the caller, and
 * releasing the Comlink proxies the page passed (each holds a MessagePort).
 */
import * as Comlink from 'comlink';

/**
 * Calls a listener method without waiting: a slow page must not slow the turn. Called as a method
 * (never through `.call`), because on a Comlink proxy `.call` would be a remote property path.
 */
export function tell(send: () => unknown): void {
  try {
    Promise.resolve(send()).catch(() => {});
  } catch {
    // A listener that throws synchronously (a page-side test double) must not end the turn.
  }
}

/** Releases a Comlink proxy from the page; plain objects (tests) have no release method. */
export function release(value: unknown): void {
  if (typeof value !== 'object' && typeof value !== 'function') return;
  const releaser = (value as { [Comlink.releaseProxy]?: () => void } | null)?.[Comlink.releaseProxy];
  if (typeof releaser === 'function') releaser.call(value);
}
