/**
 * Stop must take effect at once (issue 4: within 200 ms) even when the thing awaited cannot see the
 * signal, as a Comlink proxy to the main thread cannot. So the loop races every await against it.
 */
import { AppError } from '$lib/core';

/** The error a stopped turn rejects with. */
export function stoppedError(): AppError {
  return new AppError('aborted', 'Stopped.');
}

/** Whether `error` means the turn was stopped (ours, a provider's, or a DOM AbortError). */
export function isAbort(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'aborted';
  return error instanceof Error && error.name === 'AbortError';
}

/** Settles like `promise`, or rejects with `stoppedError()` as soon as `signal` aborts. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => {}); // it lost the race; its own rejection is not news
    return Promise.reject(stoppedError());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(stoppedError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      }
    );
  });
}
