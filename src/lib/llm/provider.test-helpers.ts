// Set-up shared by the provider tests: a scripted model server per test (closed after it), the
// smallest chat to send, the error a failed call rejects with, and how soon an abort must land.
import { afterEach } from 'vitest';
import { startModelServer, type ModelServer } from '../../../tests/model-server/server';
import type { ProviderError } from './errors';
import type { ChatMessage } from './types';

/** A system prompt and one user greeting: the chat most provider tests send. */
export const HELLO: ChatMessage[] = [
  { role: 'system', content: 'You are Folio.' },
  { role: 'user', content: 'Hello' }
];

/**
 * How soon an aborted call must reject. Each abort test leaves seconds of stream (or of waiting)
 * after the abort, so a provider that waits for the stream fails; the bound is generous because a
 * loaded machine runs timers hundreds of ms late (568 ms was seen at load 16 for an immediate abort).
 */
export const ABORT_BOUND_MS = 2_000;

/**
 * A starter of scripted model servers, one per test: call it at module level; the server a test
 * started is closed after that test.
 */
export function useModelServer(): (options: Parameters<typeof startModelServer>[0]) => Promise<ModelServer> {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return async (options) => (server = await startModelServer(options));
}

/** The error `promise` rejects with; throws when it resolves, so the test fails. */
export async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    return error as ProviderError;
  }
  throw new Error('expected the call to fail');
}
