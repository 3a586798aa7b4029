/**
 * The messages rpc-peer.ts exchanges over a Transport. Every message carries `rpc: 'folio/1'` so a
 * peer ignores anything else arriving on the same channel, and the guards below check each field,
 * because the other end may be a plugin we do not trust.
 */
import type { SerializedError } from '$lib/core';

/** Protocol tag on every RPC message. */
export const RPC_PROTOCOL = 'folio/1';

/** Asks the other end to run `method` with `params`. */
export interface RequestMessage {
  rpc: typeof RPC_PROTOCOL;
  kind: 'request';
  id: number;
  method: string;
  params: unknown;
}

/** Answers the request with the same `id`: either `result` or `error`. */
export interface ResponseMessage {
  rpc: typeof RPC_PROTOCOL;
  kind: 'response';
  id: number;
  result?: unknown;
  error?: SerializedError;
}

/** Tells the other end the caller gave up on request `id` (abort or deadline). */
export interface CancelMessage {
  rpc: typeof RPC_PROTOCOL;
  kind: 'cancel';
  id: number;
}

/** Any RPC message. */
export type RpcMessage = RequestMessage | ResponseMessage | CancelMessage;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isSerializedError(value: unknown): value is SerializedError {
  return (
    isRecord(value) &&
    typeof value.name === 'string' &&
    typeof value.message === 'string' &&
    (value.code === undefined || typeof value.code === 'string')
  );
}

/** Returns the message as an RpcMessage when it is a well-formed one, else null. */
export function parseRpcMessage(data: unknown): RpcMessage | null {
  if (!isRecord(data) || data.rpc !== RPC_PROTOCOL || !Number.isSafeInteger(data.id)) return null;
  switch (data.kind) {
    case 'request':
      return typeof data.method === 'string' ? (data as unknown as RequestMessage) : null;
    case 'response':
      if (data.error !== undefined && !isSerializedError(data.error)) return null;
      return data as unknown as ResponseMessage;
    case 'cancel':
      return data as unknown as CancelMessage;
    default:
      return null;
  }
}
