// The bridge's end of the link to the Folio tab: a WebSocket on the same loopback port (path
// /tab). The tab authenticates with the pairing token in its first message; one tab is served at a
// time (a second is refused until the first goes, and its reconnect loop then takes over). Frames
// after pairing are the session frames of src/lib/mcp/frames.ts, as JSON text.
import { WebSocketServer } from 'ws';
import { sameSecret } from './http-guard.mjs';

/** How long a new connection may take to send its pairing message. */
export const PAIRING_TIMEOUT_MS = 5_000;
/** Ping interval; a tab that misses a whole interval is taken for gone. */
export const TAB_PING_INTERVAL_MS = 15_000;
/** Largest frame accepted from the tab (a long note read in full can be large). */
export const MAX_TAB_FRAME_BYTES = 16 * 1024 * 1024;

/** WebSocket close codes the tab shows to the user. */
export const CLOSE = { badToken: 4001, busy: 4009, noHello: 4008, badFrame: 4002, shutdown: 1001 };

export class TabLink {
  /**
   * @param {{ pairingToken: string, allowedHosts: string[], allowedTabOrigins?: string[],
   *   onFrame: (frame: any) => void, onConnect: () => void, onDisconnect: () => void }} options
   */
  constructor(options) {
    this.options = options;
    /** @type {import('ws').WebSocket | null} */
    this.tab = null;
    this.wss = new WebSocketServer({ noServer: true, maxPayload: MAX_TAB_FRAME_BYTES });
    this.pinger = setInterval(() => this.ping(), TAB_PING_INTERVAL_MS);
    this.pinger.unref();
  }

  get connected() {
    return this.tab !== null;
  }

  /** Takes WebSocket upgrades on /tab from `server`; refuses any other upgrade. */
  attach(server) {
    server.on('upgrade', (req, socket, head) => {
      const url = new URL(req.url ?? '/', 'http://bridge');
      const host = (req.headers.host ?? '').toLowerCase();
      const origin = req.headers.origin;
      const originOk =
        !this.options.allowedTabOrigins?.length ||
        (origin && this.options.allowedTabOrigins.includes(origin));
      if (url.pathname !== '/tab' || !this.options.allowedHosts.includes(host) || !originOk) {
        socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.greet(ws));
    });
  }

  /** Waits for the pairing message, then makes `ws` the tab. */
  greet(ws) {
    const timer = setTimeout(
      () => ws.close(CLOSE.noHello, 'Send the pairing message first'),
      PAIRING_TIMEOUT_MS
    );
    ws.once('message', (data) => {
      clearTimeout(timer);
      let hello;
      try {
        hello = JSON.parse(String(data));
      } catch {
        hello = null;
      }
      if (!hello || hello.t !== 'hello' || !sameSecret(hello.token, this.options.pairingToken)) {
        ws.close(CLOSE.badToken, 'The pairing token does not match this bridge');
        return;
      }
      if (this.tab) {
        ws.close(CLOSE.busy, 'Another Folio tab is connected to this bridge');
        return;
      }
      this.adopt(ws);
    });
  }

  adopt(ws) {
    this.tab = ws;
    ws.alive = true;
    ws.on('pong', () => (ws.alive = true));
    ws.on('message', (data) => {
      let frame;
      try {
        frame = JSON.parse(String(data));
      } catch {
        ws.close(CLOSE.badFrame, 'Frames must be JSON');
        return;
      }
      this.options.onFrame(frame);
    });
    ws.on('close', () => {
      if (this.tab !== ws) return;
      this.tab = null;
      this.options.onDisconnect();
    });
    ws.on('error', () => ws.terminate());
    ws.send(JSON.stringify({ t: 'welcome' }));
    this.options.onConnect();
  }

  /** Sends a frame to the tab; false when no tab is connected. */
  send(frame) {
    if (!this.tab || this.tab.readyState !== this.tab.OPEN) return false;
    this.tab.send(JSON.stringify(frame));
    return true;
  }

  ping() {
    const ws = this.tab;
    if (!ws) return;
    if (!ws.alive) {
      ws.terminate();
      return;
    }
    ws.alive = false;
    ws.ping();
  }

  close() {
    clearInterval(this.pinger);
    for (const client of this.wss.clients) client.close(CLOSE.shutdown, 'The bridge is shutting down');
    this.wss.close();
  }
}
