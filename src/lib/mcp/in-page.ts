/**
 * The in-page MCP transport: a page that embeds Folio in an iframe (or opened it in a window) can
 * be an MCP client of it, over postMessage. Only origins the user allowed in Settings get in.
 *
 * Handshake (Penpal-style): the embedder posts `{folioMcp: 'connect'}` to Folio's window with
 * Folio's origin as the target; Folio accepts it only from its parent or opener (`event.source`)
 * and only from an allowed `event.origin`, then hands over a MessagePort with `{folioMcp:
 * 'connected'}`. After that, each JSON-RPC message is one port message, both ways, for one MCP
 * session; `{folioMcp: 'close'}` on the port ends it from either side.
 */
import { errorResponse, isJsonRpcMessage, parseFrameFromHost, type FrameChannel } from './frames';

/** The control message that ends a port session. */
export const CLOSE_PORT_MESSAGE = { folioMcp: 'close' } as const;

/** Options of `acceptEmbedders`. */
export interface EmbedderOptions {
  /** The origins allowed now (read at each connect, so Settings changes apply at once). */
  allowedOrigins: () => string[];
  /** A fresh channel to the session host, one per embedder session. */
  connectHost: () => FrameChannel;
  win?: Window;
}

const isClose = (data: unknown) => (data as { folioMcp?: unknown } | null)?.folioMcp === 'close';

/** Accepts embedders' connections until the returned function is called (which ends their sessions). */
export function acceptEmbedders(options: EmbedderOptions): () => void {
  const win = options.win ?? window;
  const ends = new Set<() => void>();
  let counter = 0;
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { folioMcp?: unknown } | null)?.folioMcp !== 'connect') return;
    const source = event.source as Window | null;
    const trusted = source !== null && source !== win && (source === win.parent || source === win.opener);
    if (!trusted) return; // Not our embedder: say nothing, so a stranger learns nothing.
    if (!options.allowedOrigins().includes(event.origin)) {
      source.postMessage(
        {
          folioMcp: 'refused',
          reason: `Folio does not allow MCP clients from ${event.origin}. Add it in Folio's Settings → MCP.`
        },
        event.origin
      );
      return;
    }
    const { port1, port2 } = new MessageChannel();
    const end = servePort(port1, options.connectHost(), `embed-${++counter}`, () => ends.delete(end));
    ends.add(end);
    source.postMessage({ folioMcp: 'connected' }, event.origin, [port2]);
  };
  win.addEventListener('message', onMessage);
  return () => {
    win.removeEventListener('message', onMessage);
    for (const end of [...ends]) end();
  };
}

/** Pipes raw JSON-RPC on `port` to one session on `channel`; returns the function that ends it. */
function servePort(
  port: MessagePort,
  channel: FrameChannel,
  sessionId: string,
  forget: () => void
): () => void {
  let ended = false;
  const end = (notifyPort: boolean) => {
    if (ended) return;
    ended = true;
    forget();
    if (notifyPort) port.postMessage(CLOSE_PORT_MESSAGE);
    port.close();
    channel.onclose = undefined;
    channel.close();
  };
  port.onmessage = (event) => {
    if (isClose(event.data)) return end(false);
    if (!isJsonRpcMessage(event.data)) {
      const id = (event.data as { id?: unknown } | null)?.id;
      if (typeof id === 'string' || typeof id === 'number')
        port.postMessage(errorResponse(id, -32600, 'Invalid request: not a JSON-RPC 2.0 message.'));
      return;
    }
    channel.send({ t: 'msg', s: sessionId, m: event.data });
  };
  channel.onmessage = (value) => {
    const frame = parseFrameFromHost(value);
    if (!frame || frame.s !== sessionId) return;
    if (frame.t === 'closed') end(true);
    else port.postMessage(frame.m);
  };
  channel.onclose = () => end(true);
  return () => end(true);
}
