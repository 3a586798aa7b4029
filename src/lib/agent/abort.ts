/**
 * Stop must take effect at once (issue 4: within 200 ms) even when the thing awaited cannot see the
 * signal, as a Comlink proxy to the main thread cannot. So the loop races every await against it
 * (core's raceAbort), rejecting with the turn's own 'Stopped.' error.
 */
import { AppError, raceAbort as raceCoreAbort } from '$lib/core';

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
  return raceCoreAbort(promise, signal, stoppedError);
}
