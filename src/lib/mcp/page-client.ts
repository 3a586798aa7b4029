/**
 * A minimal MCP client over one session of a frame channel, for the page's own needs (WebMCP):
 * initialize, then requests with ids and deadlines, and notifications to a listener. The page
 * never loads the SDK for this: the requests are few and fixed, and the server side (the SDK)
 * validates everything it receives.
 */
import type { FrameChannel, JsonRpcMessage } from './frames';
import { parseFrameFromHost } from './frames';

/** The deadline of one request, named in its error. */
export const PAGE_REQUEST_TIMEOUT_MS = 30_000;
/** The protocol version the page client asks for. */
const PROTOCOL_VERSION = '2025-06-18';

/** A JSON-RPC error answered by the server. */
export class McpRemoteError extends Error {
  constructor(
    readonly code: number,
    message: string
  ) {
    super(message);
    this.name = 'McpRemoteError';
  }
}

/** The page's MCP client over one session. */
export interface PageMcpClient {
  request<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>): Promise<T>;
  /** Called with each notification the server sends. */
  onNotification?: (method: string, params: unknown) => void;
  close(): void;
}

/** Opens session `sessionId` on `channel` and initializes it; resolves when ready. */
export async function connectPageClient(
  channel: FrameChannel,
  sessionId: string,
  clientName: string
): Promise<PageMcpClient> {
  const pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void; timer: ReturnType<typeof setTimeout> }
  >();
  let nextId = 0;
  let closed = false;
  const fail = (error: Error) => {
    for (const entry of pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(error);
    }
    pending.clear();
  };
  const client: PageMcpClient = {
    request(method, params = {}) {
      if (closed) return Promise.reject(new Error(`MCP session ${sessionId} is closed (${method})`));
      const id = ++nextId;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`MCP ${method} did not answer within ${PAGE_REQUEST_TIMEOUT_MS} ms`));
        }, PAGE_REQUEST_TIMEOUT_MS);
        pending.set(id, { resolve, reject, timer });
        channel.send({ t: 'msg', s: sessionId, m: { jsonrpc: '2.0', id, method, params } });
      });
    },
    close() {
      if (closed) return;
      closed = true;
      fail(new Error('The MCP session was closed'));
      channel.close();
    }
  };
  channel.onmessage = (value) => {
    const frame = parseFrameFromHost(value);
    if (!frame || frame.s !== sessionId) return;
    if (frame.t === 'closed') return client.close();
    settle(frame.m, pending, client);
  };
  channel.onclose = () => client.close();
  await client.request('initialize', {
    protocolVersion: PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: clientName, version: '1' }
  });
  channel.send({ t: 'msg', s: sessionId, m: { jsonrpc: '2.0', method: 'notifications/initialized' } });
  return client;
}

function settle(
  message: JsonRpcMessage,
  pending: Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void; timer: ReturnType<typeof setTimeout> }
  >,
  client: PageMcpClient
) {
  const { id, method, params, result, error } = message as {
    id?: number;
    method?: string;
    params?: unknown;
    result?: unknown;
    error?: { code: number; message: string };
  };
  if (typeof method === 'string') {
    if (id === undefined) client.onNotification?.(method, params);
    return; // The server sends the page no requests (it declares no client capabilities).
  }
  const entry = id === undefined ? undefined : pending.get(id);
  if (!entry || id === undefined) return;
  pending.delete(id);
  clearTimeout(entry.timer);
  if (error) entry.reject(new McpRemoteError(error.code, error.message));
  else entry.resolve(result);
}
