/**
 * The one error type of the app's own failures. `code` is stable and machine-readable; `message` is
 * written for a person (or a model) to act on. Programming mistakes throw TypeError/RangeError instead.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;

  constructor(code: AppErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
  }
}

export type AppErrorCode =
  | 'not_found'
  | 'invalid_argument'
  | 'ambiguous'
  | 'conflict'
  | 'storage_full'
  | 'storage_unavailable'
  | 'aborted'
  | 'timeout'
  | 'internal';

/** How an error crosses postMessage or Comlink: plain data, never a live Error object. */
export interface SerializedError {
  name: string;
  message: string;
  code?: string;
}

/** Turns any thrown value into a SerializedError. */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof AppError) return { name: error.name, message: error.message, code: error.code };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

/** Rebuilds an Error from its serialized form (AppError when it carried a code). */
export function deserializeError(data: SerializedError): Error {
  if (data.code) return new AppError(data.code as AppErrorCode, data.message);
  const error = new Error(data.message);
  error.name = data.name;
  return error;
}

/** Whether the error says the browser's storage is full (IndexedDB QuotaExceededError). */
export function isQuotaError(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const name = (current as { name?: string }).name;
    if (name === 'QuotaExceededError') return true;
    current =
      (current as { inner?: unknown; cause?: unknown }).inner ?? (current as { cause?: unknown }).cause;
  }
  return false;
}
