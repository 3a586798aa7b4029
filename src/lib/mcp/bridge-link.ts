/**
 * The tab's link to the desktop bridge (bridge/): a WebSocket to the bridge's `/tab`, opened when
 * the user allows desktop MCP clients. It sends the pairing token first, then pipes session frames
 * both ways between the bridge and the session host (in the workspace worker, through the channel
 * `connectHost` gives; a fresh channel per connection, so the tab-side sessions end with it).
 *
 * It reconnects with exponential backoff when the bridge is not running or restarts, and gives up
 * only when the bridge says the pairing token is wrong (the user must paste the right one).
 */
import type { FrameChannel } from './frames';

/** The first reconnect delay; it doubles up to MAX_RECONNECT_MS. */
export const FIRST_RECONNECT_MS = 500;
/** The longest wait between reconnect attempts. */
export const MAX_RECONNECT_MS = 10_000;
/** How long the bridge may take to accept the pairing token. */
export const WELCOME_TIMEOUT_MS = 5_000;

/** Close codes the bridge uses (bridge/src/tab-link.mjs). */
const CLOSE_BAD_TOKEN = 4001;
const CLOSE_BUSY = 4009;

/** What the link is doing, for the Settings section. */
export type BridgeLinkStatus =
  | { state: 'connecting' }
  | { state: 'connected' }
  | { state: 'retrying'; message: string; inMs: number }
  | { state: 'refused'; message: string }
  | { state: 'stopped' };

/** The WebSocket constructor (the browser's; `ws` in Node tests). */
export type WebSocketConstructor = new (url: string) => WebSocket;

/** Options of `connectBridge`. */
export interface BridgeLinkOptions {
  /** The Bridge URL the user pasted: `http://127.0.0.1:7411` (or the `ws://…/tab` form). */
  url: string;
  pairingToken: string;
  /** A new channel to the session host, one per connection. */
  connectHost: () => FrameChannel;
  onStatus?: (status: BridgeLinkStatus) => void;
  WebSocket?: WebSocketConstructor;
}

/**
 * The WebSocket URL of a Bridge URL, or null when it is not a loopback http(s)/ws URL (the
 * bridge listens on 127.0.0.1 only; anything else is a typo or someone else's server).
 */
export function bridgeSocketUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return null;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return null;
  const secure = url.protocol === 'https:' || url.protocol === 'wss:';
  return `${secure ? 'wss' : 'ws'}://${url.host}/tab`;
}

/** Connects to the bridge and keeps reconnecting until `stop()`. */
export function connectBridge(options: BridgeLinkOptions): { stop(): void } {
  const socketUrl = bridgeSocketUrl(options.url);
  const status = (s: BridgeLinkStatus) => options.onStatus?.(s);
  if (!socketUrl) {
    status({
      state: 'refused',
      message: 'The Bridge URL must be the loopback address the bridge printed, like http://127.0.0.1:7411.'
    });
    return { stop: () => status({ state: 'stopped' }) };
  }
  const Socket = options.WebSocket ?? globalThis.WebSocket;
  let stopped = false;
  let delay = FIRST_RECONNECT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let socket: WebSocket | undefined;

  const retry = (message: string) => {
    if (stopped) return;
    status({ state: 'retrying', message, inMs: delay });
    timer = setTimeout(connect, delay);
    delay = Math.min(delay * 2, MAX_RECONNECT_MS);
  };

  function connect() {
    if (stopped) return;
    status({ state: 'connecting' });
    const ws = new Socket(socketUrl!);
    socket = ws;
    pipe(ws, options, {
      welcomed: () => {
        delay = FIRST_RECONNECT_MS;
        status({ state: 'connected' });
      },
      closed: (code, reason) => {
        if (stopped || socket !== ws) return;
        if (code === CLOSE_BAD_TOKEN)
          status({
            state: 'refused',
            message: 'The bridge refused the pairing token: paste the one it printed.'
          });
        else if (code === CLOSE_BUSY)
          retry('Another Folio tab is connected to the bridge; this tab takes over when that one closes.');
        else retry(reason || 'The bridge is not reachable: is it running (npm run bridge)?');
      }
    });
  }

  connect();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      socket?.close(1000, 'MCP access turned off');
      status({ state: 'stopped' });
    }
  };
}

/** Pairs on `ws`, then pipes frames between it and a fresh host channel until either closes. */
function pipe(
  ws: WebSocket,
  options: BridgeLinkOptions,
  events: { welcomed(): void; closed(code: number, reason: string): void }
): void {
  let channel: FrameChannel | undefined;
  const welcomeTimer = setTimeout(
    () => ws.close(4008, 'The bridge did not answer the pairing message'),
    WELCOME_TIMEOUT_MS
  );
  ws.onopen = () => ws.send(JSON.stringify({ t: 'hello', token: options.pairingToken, app: 'folio' }));
  ws.onmessage = (event) => {
    let frame: unknown;
    try {
      frame = JSON.parse(String(event.data));
    } catch {
      return; // Not a frame; the bridge never sends such a thing.
    }
    if (!channel) {
      if ((frame as { t?: unknown })?.t !== 'welcome') return;
      clearTimeout(welcomeTimer);
      channel = options.connectHost();
      channel.onmessage = (out) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(out));
      };
      channel.onclose = () => ws.close(1000, 'The session host closed');
      events.welcomed();
      return;
    }
    channel.send(frame);
  };
  ws.onclose = (event) => {
    clearTimeout(welcomeTimer);
    const open = channel;
    channel = undefined;
    if (open) {
      open.onclose = undefined;
      open.close();
    }
    events.closed(event.code, event.reason);
  };
}
