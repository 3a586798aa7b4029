/**
 * A WebDAV sync target (Joplin's sync target 6): PROPFIND to list, GET, PUT, DELETE, MKCOL, with
 * HTTP Basic authentication. Runs wherever `fetch` does (the workspace worker, Node tests).
 *
 * From a browser every request is cross-origin, so the server must answer CORS preflights for
 * Folio's origin (see cors-help.ts). A refused preflight and an unreachable server look the same
 * to `fetch` (a TypeError); `probeReachable` tells them apart for Test connection.
 *
 * Transient failures (network, 5xx, 423) are retried a few times with a growing pause, as Joplin's
 * file API does; 401/403/404/507 are not, since repeating cannot fix them.
 */
import { httpError, SyncError } from './errors';
import type { DriverCallOptions, RemoteEntry, SyncDriver } from './driver';
import { entriesIn, hrefPath, parseMultistatus, toEntry } from './webdav-xml';

/** Where and as whom. */
export interface WebDavOptions {
  /** The target folder's URL, e.g. https://cloud.example.com/remote.php/dav/files/me/Joplin */
  url: string;
  username: string;
  password: string;
  /** The fetch to use (tests pass one; default the global). */
  fetch?: typeof fetch;
  /** Pauses before each retry of a transient failure (default 1 s, 3 s). */
  retryDelaysMs?: number[];
  /** The deadline of one request without a body to move (default 60 s). */
  timeoutMs?: number;
}

const PROPFIND_BODY =
  '<?xml version="1.0" encoding="UTF-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:getlastmodified/><d:getetag/><d:getcontentlength/><d:resourcetype/></d:prop></d:propfind>';
/** Extra time allowed per byte a request moves (a 50 MB attachment gets ~10 more minutes at 100 kB/s). */
const MS_PER_KB = 10;

/** RFC 7617 Basic credentials, UTF-8 (Joplin's latin1 encoding fails on non-ASCII passwords). */
export function basicAuth(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `Basic ${btoa(binary)}`;
}

/** The WebDAV driver. */
export class WebDavDriver implements SyncDriver {
  readonly kind = 'webdav' as const;
  readonly where: string;
  readonly #base: URL;
  readonly #auth: string | null;
  readonly #fetch: typeof fetch;
  readonly #retryDelays: number[];
  readonly #timeoutMs: number;

  constructor(options: WebDavOptions) {
    let base: URL;
    try {
      base = new URL(options.url.trim());
    } catch {
      throw new SyncError(
        'config',
        `"${options.url}" is not a web address. It should look like https://example.com/webdav/Joplin.`
      );
    }
    if (base.protocol !== 'http:' && base.protocol !== 'https:')
      throw new SyncError(
        'config',
        'The Server URL must start with https:// (or http:// for a server on this device).'
      );
    if (!base.pathname.endsWith('/')) base.pathname += '/';
    this.#base = base;
    this.where = base.href;
    this.#auth = options.username || options.password ? basicAuth(options.username, options.password) : null;
    this.#fetch = options.fetch ?? ((...args) => fetch(...args));
    this.#retryDelays = options.retryDelaysMs ?? [1000, 3000];
    this.#timeoutMs = options.timeoutMs ?? 60_000;
  }

  /** The URL of a path inside the target, each segment percent-encoded. */
  url(path: string, trailingSlash = false): string {
    const encoded = path.split('/').filter(Boolean).map(encodeURIComponent).join('/');
    return new URL(encoded + (trailingSlash && encoded ? '/' : ''), this.#base).href;
  }

  async list(dir: string, options: DriverCallOptions = {}): Promise<RemoteEntry[]> {
    const url = this.url(dir, true);
    const response = await this.#request('PROPFIND', url, {
      headers: { Depth: '1', 'Content-Type': 'application/xml; charset=utf-8' },
      body: PROPFIND_BODY,
      signal: options.signal
    });
    const responses = parseOrThrow(await response.text(), `PROPFIND ${dir || '/'}`);
    if (responses.length === 1 && responses[0].missing) throw httpError(404, `PROPFIND ${dir || '/'}`);
    return entriesIn(responses, hrefPath(url));
  }

  async stat(path: string, options: DriverCallOptions = {}): Promise<RemoteEntry | null> {
    const response = await this.#request('PROPFIND', this.url(path), {
      headers: { Depth: '0', 'Content-Type': 'application/xml; charset=utf-8' },
      body: PROPFIND_BODY,
      signal: options.signal,
      allow404: true
    });
    if (response.status === 404) return null;
    const [first] = parseOrThrow(await response.text(), `PROPFIND ${path}`);
    if (!first || first.missing) return null;
    return toEntry(first, path.split('/').pop() ?? path);
  }

  async getText(path: string, options: DriverCallOptions = {}): Promise<string | null> {
    const response = await this.#request('GET', this.url(path), { signal: options.signal, allow404: true });
    return response.status === 404 ? null : response.text();
  }

  async getBlob(path: string, options: DriverCallOptions = {}): Promise<Blob | null> {
    const response = await this.#request('GET', this.url(path), {
      signal: options.signal,
      allow404: true,
      slow: true
    });
    return response.status === 404 ? null : response.blob();
  }

  async put(path: string, body: string | Blob, options: DriverCallOptions = {}): Promise<string> {
    const size = typeof body === 'string' ? body.length : body.size;
    const response = await this.#request('PUT', this.url(path), {
      headers: { 'Content-Type': 'application/octet-stream' },
      body,
      signal: options.signal,
      bytes: size
    });
    await response.body?.cancel();
    const etag = response.headers.get('ETag');
    return etag ? `e${etag}` : '';
  }

  async delete(path: string, options: DriverCallOptions = {}): Promise<void> {
    const response = await this.#request('DELETE', this.url(path), {
      signal: options.signal,
      allow404: true
    });
    await response.body?.cancel();
  }

  async mkdir(path: string, options: DriverCallOptions = {}): Promise<void> {
    // The trailing slash is what RFC 4918 and nginx want for a collection.
    const response = await this.#request('MKCOL', this.url(path, true), {
      signal: options.signal,
      allowStatus: [405]
    });
    await response.body?.cancel();
  }

  async #request(
    method: string,
    url: string,
    init: {
      headers?: Record<string, string>;
      body?: string | Blob;
      signal?: AbortSignal;
      allow404?: boolean;
      allowStatus?: number[];
      bytes?: number;
      slow?: boolean;
    }
  ): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.#auth) headers.Authorization = this.#auth;
    const what = `${method} ${decodeURIComponent(new URL(url).pathname)}`;
    for (let attempt = 0; ; attempt++) {
      init.signal?.throwIfAborted();
      const deadline = Math.round(
        this.#timeoutMs + ((init.bytes ?? 0) / 1024) * MS_PER_KB + (init.slow ? 10 * 60_000 : 0)
      );
      const signal = init.signal
        ? AbortSignal.any([init.signal, AbortSignal.timeout(deadline)])
        : AbortSignal.timeout(deadline);
      let failure: SyncError;
      try {
        const response = await this.#fetch(url, {
          method,
          headers,
          body: init.body,
          signal,
          credentials: 'omit',
          cache: 'no-store',
          redirect: 'follow'
        });
        if (
          response.ok ||
          (init.allow404 && response.status === 404) ||
          init.allowStatus?.includes(response.status)
        )
          return response;
        await response.body?.cancel();
        failure = httpError(response.status, what);
      } catch (error) {
        if (init.signal?.aborted) throw init.signal.reason ?? error;
        const name = (error as Error)?.name;
        failure =
          name === 'TimeoutError' || name === 'AbortError'
            ? new SyncError(
                'timeout',
                `The server took too long to answer (${what}). Folio will try again.`,
                { cause: error }
              )
            : new SyncError(
                'network',
                `Folio could not reach the server at ${this.#base.origin} (${what}). Check that you are online and the address is right; from a browser, the server must also allow Folio's origin (CORS).`,
                { cause: error }
              );
      }
      if (!failure.transient || attempt >= this.#retryDelays.length) throw failure;
      await pause(this.#retryDelays[attempt], init.signal);
    }
  }
}

function parseOrThrow(xml: string, what: string) {
  try {
    return parseMultistatus(xml);
  } catch (error) {
    throw new SyncError(
      'server',
      `The server's answer is not WebDAV (${what}). Is the Server URL a WebDAV folder?`,
      { cause: error }
    );
  }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true }
    );
  });
}
