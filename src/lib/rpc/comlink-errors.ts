/**
 * Comlink serializes a thrown Error as {message, name, stack}, dropping AppError's `code`, so the
 * main thread could not tell `not_found` from `timeout`. This replaces Comlink's "throw" transfer
 * handler on both ends with one that sends `{name, message, code}` (STYLE.md: errors cross
 * postMessage as plain data) and rebuilds an AppError on arrival.
 */
import * as Comlink from 'comlink';
import { deserializeError, serializeError, type SerializedError } from '$lib/core';

type Thrown = { value: unknown };
type WireThrown = { isError: true; value: SerializedError } | { isError: false; value: unknown };

let installed = false;

/** Installs the AppError-preserving error handler into Comlink. Idempotent; call on both ends. */
export function installComlinkErrors(): void {
  if (installed) return;
  const base = Comlink.transferHandlers.get('throw');
  if (!base) throw new TypeError('Comlink has no "throw" transfer handler to replace');
  Comlink.transferHandlers.set('throw', {
    canHandle: base.canHandle,
    serialize(thrown: unknown): [WireThrown, Transferable[]] {
      const { value } = thrown as Thrown;
      if (value instanceof Error) return [{ isError: true, value: serializeError(value) }, []];
      return [{ isError: false, value }, []];
    },
    deserialize(wire: unknown): never {
      const { isError, value } = wire as WireThrown;
      throw isError ? deserializeError(value as SerializedError) : value;
    }
  });
  installed = true;
}
