/**
 * The worker side of the handshake worker-client.ts waits for. Comlink has no notion of "ready", so
 * the worker builds its API (opening the database may fail), exposes it, and only then posts
 * `folio-ready`; if building fails it posts `folio-failed` with the error, so the page shows why
 * instead of waiting for a timeout.
 */
import * as Comlink from 'comlink';
import { serializeError, type SerializedError } from '$lib/core';
import { installComlinkErrors } from './comlink-errors';

/** Posted by the worker once its API is exposed. */
export const READY_MESSAGE = 'folio-ready';
/** Posted by the worker when its API could not be built. */
export const FAILED_MESSAGE = 'folio-failed';

/** The handshake messages a worker posts to its page. */
export type HandshakeMessage =
  { type: typeof READY_MESSAGE } | { type: typeof FAILED_MESSAGE; error: SerializedError };

/** What the worker needs from its global scope (a DedicatedWorkerGlobalScope, or a test port). */
export type WorkerScope = Comlink.Endpoint;

/** Builds the API, exposes it with Comlink on `scope`, and posts the ready (or failed) handshake. */
export async function exposeWorkerApi(
  build: () => object | Promise<object>,
  scope: WorkerScope = globalThis as unknown as WorkerScope
): Promise<void> {
  installComlinkErrors();
  let api: object;
  try {
    api = await build();
  } catch (error) {
    scope.postMessage({ type: FAILED_MESSAGE, error: serializeError(error) } satisfies HandshakeMessage);
    return;
  }
  Comlink.expose(api, scope);
  scope.postMessage({ type: READY_MESSAGE } satisfies HandshakeMessage);
}

/** Returns the handshake message carried by `data`, or null for any other message. */
export function parseHandshake(data: unknown): HandshakeMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, error } = data as { type?: unknown; error?: SerializedError };
  if (type === READY_MESSAGE) return { type };
  if (type === FAILED_MESSAGE && typeof error?.message === 'string') return { type, error };
  return null;
}
