/**
 * Why a sync stopped, as a kind the app can act on (retry later, ask for a password, show the CORS
 * snippets) and a message written for the person who set up the sync target. Drivers turn HTTP
 * statuses and File System Access errors into these; the engine adds its own (encryption, version,
 * fail-safe, locks).
 */

/** The kinds of sync failure. */
export type SyncErrorKind =
  | 'auth'
  | 'forbidden'
  | 'not_found'
  | 'locked'
  | 'server'
  | 'full'
  | 'too_large'
  | 'network'
  | 'cors'
  | 'insecure'
  | 'timeout'
  | 'encrypted'
  | 'version'
  | 'damaged'
  | 'failsafe'
  | 'lock_expired'
  | 'permission'
  | 'storage'
  | 'config'
  | 'aborted';

/** A sync failure with a kind and a message for the user. */
export class SyncError extends Error {
  readonly kind: SyncErrorKind;
  /** The HTTP status, when a server answered. */
  readonly status?: number;

  constructor(kind: SyncErrorKind, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'SyncError';
    this.kind = kind;
    this.status = options.status;
  }

  /** Whether trying again later may succeed without the user changing anything. */
  get transient(): boolean {
    return ['locked', 'server', 'network', 'timeout', 'lock_expired', 'storage'].includes(this.kind);
  }
}

/** The error of an HTTP answer `status` to `what` (e.g. "PUT notes/abc.md"), in plain words. */
export function httpError(status: number, what: string): SyncError {
  const tail = ` (${what}: HTTP ${status})`;
  switch (status) {
    case 401:
      return new SyncError(
        'auth',
        `The server refused the user name or password. Check them in Settings → Sync${tail}.`,
        { status }
      );
    case 403:
      return new SyncError(
        'forbidden',
        `The server does not let this account use that folder. Check its permissions on the server${tail}.`,
        { status }
      );
    case 404:
    case 409:
      return new SyncError(
        'not_found',
        `The server has no folder at this address. Check the Server URL${tail}.`,
        { status }
      );
    case 413:
      return new SyncError(
        'too_large',
        `The server refused a file as too large. Raise its upload limit (e.g. client_max_body_size in nginx)${tail}.`,
        { status }
      );
    case 423:
      return new SyncError(
        'locked',
        `The server says the files are locked, probably by another app using them. Folio will try again${tail}.`,
        { status }
      );
    case 507:
      return new SyncError(
        'full',
        `The server has no space left. Free some space on it; nothing was lost here${tail}.`,
        { status }
      );
    default:
      if (status >= 500)
        return new SyncError(
          'server',
          `The server had an internal error. Folio will try again; if it goes on, look at the server's logs${tail}.`,
          { status }
        );
      return new SyncError('server', `The server gave an unexpected answer${tail}.`, { status });
  }
}

/** Turns anything thrown during a sync into a SyncError (an abort becomes kind `aborted`). */
export function toSyncError(error: unknown): SyncError {
  if (error instanceof SyncError) return error;
  const name = (error as { name?: string })?.name ?? '';
  const code = (error as { code?: string })?.code ?? '';
  if (name === 'AbortError') return new SyncError('aborted', 'Sync was stopped.', { cause: error });
  if (name === 'TimeoutError')
    return new SyncError('timeout', 'The server took too long to answer. Folio will try again.', {
      cause: error
    });
  if (code === 'storage_full' || code === 'storage_unavailable')
    return new SyncError('storage', (error as Error).message, { cause: error });
  const message = error instanceof Error ? error.message : String(error);
  return new SyncError('server', `Sync failed: ${message}`, { cause: error });
}
