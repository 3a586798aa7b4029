/**
 * The frames that carry MCP sessions between the page and the context that runs the servers (the
 * workspace worker), and between the bridge and the tab. Many sessions share one channel, so
 * each frame names its session; the JSON-RPC message inside is passed through untouched.
 *
 * To the host: `open` (optional: the first `msg` opens a session too), `msg`, `close`.
 * From the host: `msg` (with `r`, the request a notification belongs to, when there is one) and
 * `closed` (the host ended the session, e.g. the server closed it).
 */

/** A JSON-RPC 2.0 message as it crosses a channel (validated by the SDK on arrival). */
export type JsonRpcMessage = Record<string, unknown> & { jsonrpc: '2.0' };

/** A frame sent to the session host. */
export type FrameToHost =
  { t: 'open'; s: string } | { t: 'msg'; s: string; m: JsonRpcMessage } | { t: 'close'; s: string };

/** A frame the session host sends back. */
export type FrameFromHost =
  { t: 'msg'; s: string; m: JsonRpcMessage; r?: string | number } | { t: 'closed'; s: string };

/** The channel shape frames travel on: the same send / onmessage / close as `$lib/rpc`'s Transport. */
export interface FrameChannel {
  send(frame: unknown): void;
  onmessage?: (frame: unknown) => void;
  onclose?: () => void;
  close(): void;
}

/** The longest session id a frame may carry. */
export const MAX_SESSION_ID_LENGTH = 128;

/** Whether `value` is a JSON-RPC 2.0 message object (its details are the SDK's to check). */
export function isJsonRpcMessage(value: unknown): value is JsonRpcMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    (value as { jsonrpc?: unknown }).jsonrpc === '2.0'
  );
}

/** Parses a frame sent to the host; null for anything else (dropped by the receiver). */
export function parseFrameToHost(value: unknown): FrameToHost | null {
  if (typeof value !== 'object' || value === null) return null;
  const frame = value as { t?: unknown; s?: unknown; m?: unknown };
  if (typeof frame.s !== 'string' || frame.s.length === 0 || frame.s.length > MAX_SESSION_ID_LENGTH)
    return null;
  if (frame.t === 'open' || frame.t === 'close') return { t: frame.t, s: frame.s };
  if (frame.t === 'msg' && isJsonRpcMessage(frame.m)) return { t: 'msg', s: frame.s, m: frame.m };
  return null;
}

/** Parses a frame sent by the host; null for anything else. */
export function parseFrameFromHost(value: unknown): FrameFromHost | null {
  if (typeof value !== 'object' || value === null) return null;
  const frame = value as { t?: unknown; s?: unknown; m?: unknown; r?: unknown };
  if (typeof frame.s !== 'string') return null;
  if (frame.t === 'closed') return { t: 'closed', s: frame.s };
  if (frame.t !== 'msg' || !isJsonRpcMessage(frame.m)) return null;
  const related = typeof frame.r === 'string' || typeof frame.r === 'number' ? { r: frame.r } : {};
  return { t: 'msg', s: frame.s, m: frame.m, ...related };
}

/** A JSON-RPC error response to request `id`. */
export function errorResponse(id: string | number | null, code: number, message: string): JsonRpcMessage {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** The id of a JSON-RPC request (a message with `method` and `id`), else undefined. */
export function requestId(message: JsonRpcMessage): string | number | undefined {
  const { id, method } = message as { id?: unknown; method?: unknown };
  return typeof method === 'string' && (typeof id === 'string' || typeof id === 'number') ? id : undefined;
}
