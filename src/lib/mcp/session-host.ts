/**
 * The session host: runs one MCP server session per session id and speaks raw JSON-RPC messages
 * in and out, so any carrier (the bridge's WebSocket relayed by the page, an embedding page's
 * postMessage, WebMCP, a test) can reach the servers without knowing the SDK. It lives where the
 * registry lives (the workspace worker) and is usable as is in Node tests.
 *
 * The server factory is obtained on the first session, so the SDK (about 100 kB gzip) is loaded
 * only once someone connects. Messages that arrive while a session's server is being built wait
 * in order. `attach(channel)` serves frames (frames.ts) over a channel: the sessions opened over
 * it are its own (ids are scoped to the channel) and all close when it closes.
 */
import type {
  Transport as SdkTransport,
  TransportSendOptions
} from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { parseFrameToHost, type FrameChannel, type FrameFromHost, type JsonRpcMessage } from './frames';
import type { McpServerFactory } from './server';

/**
 * Sessions one host runs at once. A new one beyond that closes the least recently used (its carrier
 * is told it closed; the bridge then answers that client 404, and the client starts afresh), since
 * many clients never close their sessions and a new client must always get in.
 */
export const MAX_SESSIONS = 64;

/** Where a session's outgoing messages go. */
export interface SessionSink {
  message(message: JsonRpcMessage, relatedRequestId?: string | number): void;
  /** The server side ended the session. */
  closed(): void;
}

/** The session host's API (see the file comment). */
export interface McpSessionHost {
  /** Opens a session whose output goes to `sink`; a no-op for an open id. */
  open(sessionId: string, sink: SessionSink): void;
  /** Hands one client message to the session (opening it on `sink` if needed). */
  receive(sessionId: string, message: JsonRpcMessage, sink: SessionSink): void;
  /** Ends a session: its in-flight calls are aborted. */
  close(sessionId: string): Promise<void>;
  /** Serves frames over `channel`; returns the function that detaches (closing its sessions). */
  attach(channel: FrameChannel): () => void;
  /** The number of open sessions. */
  readonly size: number;
  /** Ends every session. */
  closeAll(): Promise<void>;
}

interface Session {
  transport: SessionTransport;
  ready: Promise<void>;
}

/** The SDK transport of one session: what the server sends goes to the sink. */
class SessionTransport implements SdkTransport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private closed = false;

  constructor(
    readonly sessionId: string,
    private readonly sink: SessionSink,
    private readonly forget: () => void
  ) {}

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.closed) throw new Error(`MCP session ${this.sessionId} is closed`);
    this.sink.message(message as JsonRpcMessage, options?.relatedRequestId);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.forget();
    this.onclose?.();
    this.sink.closed();
  }
}

/** Creates a session host over a (possibly lazily loaded) server factory. */
export function createMcpSessionHost(
  getFactory: () => McpServerFactory | Promise<McpServerFactory>
): McpSessionHost {
  const sessions = new Map<string, Session>();
  let factory: Promise<McpServerFactory> | undefined;

  const open = (sessionId: string, sink: SessionSink): Session => {
    const existing = sessions.get(sessionId);
    if (existing) {
      // Most recently used last: the Map's order is the eviction order.
      sessions.delete(sessionId);
      sessions.set(sessionId, existing);
      return existing;
    }
    if (sessions.size >= MAX_SESSIONS) void sessions.values().next().value?.transport.close();
    const transport = new SessionTransport(sessionId, sink, () => {
      if (sessions.get(sessionId)?.transport === transport) sessions.delete(sessionId);
    });
    factory ??= Promise.resolve().then(getFactory);
    const ready = factory.then((create) => create().connect(transport));
    const session = { transport, ready };
    sessions.set(sessionId, session);
    // A server that cannot be built ends its session; the client sees it closed.
    ready.catch(() => transport.close());
    return session;
  };

  const receive = (sessionId: string, message: JsonRpcMessage, sink: SessionSink) => {
    const session = open(sessionId, sink);
    session.ready.then(
      () => session.transport.onmessage?.(message as JSONRPCMessage),
      () => undefined
    );
  };

  const close = async (sessionId: string) => {
    await sessions.get(sessionId)?.transport.close();
  };

  return {
    open: (sessionId, sink) => void open(sessionId, sink),
    receive,
    close,
    attach: (channel) => attachChannel({ receive, close, open: (id, sink) => void open(id, sink) }, channel),
    get size() {
      return sessions.size;
    },
    async closeAll() {
      await Promise.all([...sessions.keys()].map(close));
    }
  };
}

let channelCounter = 0;

/** Serves frames over one channel, with its session ids scoped to it. */
function attachChannel(
  host: Pick<McpSessionHost, 'receive' | 'close' | 'open'>,
  channel: FrameChannel
): () => void {
  const scope = `c${++channelCounter}:`;
  const open = new Set<string>();
  const sinkFor = (s: string): SessionSink => ({
    message: (m, r) => post(r === undefined ? { t: 'msg', s, m } : { t: 'msg', s, m, r }),
    closed: () => {
      if (open.delete(s)) post({ t: 'closed', s });
    }
  });
  const post = (frame: FrameFromHost) => {
    try {
      channel.send(frame);
    } catch {
      // The channel closed under us; its onclose ends the sessions.
    }
  };
  channel.onmessage = (value) => {
    const frame = parseFrameToHost(value);
    if (!frame) return;
    if (frame.t === 'close') {
      open.delete(frame.s);
      void host.close(scope + frame.s);
      return;
    }
    open.add(frame.s);
    if (frame.t === 'open') host.open(scope + frame.s, sinkFor(frame.s));
    else host.receive(scope + frame.s, frame.m, sinkFor(frame.s));
  };
  const detach = () => {
    for (const s of open) void host.close(scope + s);
    open.clear();
  };
  channel.onclose = detach;
  return () => {
    detach();
    channel.close();
  };
}
