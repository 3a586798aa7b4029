/**
 * Racing an await against a Stop signal. Stop must take effect at once (issue 4: within 200 ms) even
 * when the thing awaited cannot see the signal, as a Comlink proxy to the main thread cannot: the
 * agent loop, the in-browser provider and the tool registry all race their awaits with this one
 * helper, each with the error its callers recognise.
 */

/**
 * Settles like `promise`, or rejects with `abortError()` as soon as `signal` aborts (at once when it
 * already has). The losing promise keeps running; its later rejection is not reported as unhandled.
 */
export function raceAbort<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  abortError: () => Error
): Promise<T> {
  if (!signal) return promise;
  promise.catch(() => undefined); // if it loses the race, its own rejection is not news
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      }
    );
  });
}
