/**
 * Provider failures as one error type the UI can show as an alert. `kind` says what went wrong in
 * terms a person can act on; `code` (from AppError) is what survives postMessage, so aborts and
 * timeouts stay recognisable across the worker boundary.
 */
import { AppError, type AppErrorCode } from '$lib/core';

/** What went wrong talking to a model. */
export type ProviderErrorKind =
  | 'aborted'
  | 'timeout'
  | 'auth'
  | 'rate_limit'
  | 'bad_request'
  | 'not_found'
  | 'server'
  | 'network'
  | 'protocol'
  | 'unsupported'
  | 'config';

const CODES: Record<ProviderErrorKind, AppErrorCode> = {
  aborted: 'aborted',
  timeout: 'timeout',
  auth: 'internal',
  rate_limit: 'internal',
  bad_request: 'invalid_argument',
  not_found: 'not_found',
  server: 'internal',
  network: 'internal',
  protocol: 'internal',
  unsupported: 'invalid_argument',
  config: 'invalid_argument'
};

/** Failures worth retrying as they are (the others need a change of settings first). */
const RETRYABLE = new Set<ProviderErrorKind>(['timeout', 'rate_limit', 'server', 'network', 'protocol']);

/** A model provider's failure, with a message written for the user. */
export class ProviderError extends AppError {
  readonly kind: ProviderErrorKind;
  /** The HTTP status, when the server answered with one. */
  readonly status?: number;
  /** Whether trying again unchanged may succeed. */
  readonly retryable: boolean;

  constructor(kind: ProviderErrorKind, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(CODES[kind], message, { cause: options.cause });
    this.name = 'ProviderError';
    this.kind = kind;
    this.status = options.status;
    this.retryable = RETRYABLE.has(kind);
  }
}

/** The error every provider rejects with when its signal aborts. */
export function abortedError(): ProviderError {
  return new ProviderError('aborted', 'Stopped.');
}

/** Rejects with `abortedError()` right away if the signal has already fired. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortedError();
}

/** A ProviderError as plain data for postMessage/Comlink (serializeError keeps only name, message, code). */
export interface ProviderErrorData {
  name: 'ProviderError';
  message: string;
  code: AppErrorCode;
  kind: ProviderErrorKind;
  status?: number;
  retryable: boolean;
}

/** Turns a ProviderError into ProviderErrorData; other values give undefined. */
export function providerErrorData(error: unknown): ProviderErrorData | undefined {
  if (!(error instanceof ProviderError)) return undefined;
  const { message, code, kind, status, retryable } = error;
  return {
    name: 'ProviderError',
    message,
    code,
    kind,
    retryable,
    ...(status !== undefined ? { status } : {})
  };
}
