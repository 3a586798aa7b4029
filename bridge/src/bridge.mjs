// The Folio MCP bridge: MCP Streamable HTTP at http://127.0.0.1:PORT/mcp for desktop MCP clients,
// relayed to the open Folio tab over a WebSocket at ws://127.0.0.1:PORT/tab. The MCP servers run in
// the tab, over the user's notes; the bridge checks, routes and relays, nothing more.
//
// Order of checks on /mcp: Host/Origin (403), bearer token (401), method (405), session (404
// unknown or expired), body and batch size (413/400), tab connected (503), session id (400 missing);
// then the SDK transport takes over. Sessions expire when idle and the least recently used makes
// room for a new client (client-sessions.mjs).
import http from 'node:http';
import {
  ClientSessions,
  BRIDGE_ERROR,
  NO_TAB_MESSAGE,
  MAX_CLIENT_SESSIONS,
  SESSION_IDLE_MS
} from './client-sessions.mjs';
import {
  checkHostAndOrigin,
  loopbackHosts,
  loopbackOrigins,
  presentedToken,
  readJsonBody,
  sameSecret,
  sendJsonError
} from './http-guard.mjs';
import { TabLink } from './tab-link.mjs';

/** The port the bridge listens on unless told otherwise. */
export const DEFAULT_PORT = 7411;
const LOOPBACK = '127.0.0.1';
/** The most messages one POST may batch (the SDK transport's own limit). */
export const MAX_BATCH = 100;
export { MAX_CLIENT_SESSIONS, SESSION_IDLE_MS };

/**
 * Starts the bridge. Resolves once it listens.
 * @param {{ port?: number, clientToken: string, pairingToken: string, allowedOrigins?: string[],
 *   allowedTabOrigins?: string[], log?: (line: string) => void, sessionIdleMs?: number,
 *   maxSessions?: number }} options
 */
export async function startBridge(options) {
  const log = options.log ?? (() => {});
  const server = http.createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, LOOPBACK, resolve);
  });
  const port = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  const allowedHosts = loopbackHosts(port);
  const allowedOrigins = [...loopbackOrigins(port), ...(options.allowedOrigins ?? [])];
  let sessions;
  const tab = new TabLink({
    pairingToken: options.pairingToken,
    allowedHosts,
    allowedTabOrigins: options.allowedTabOrigins,
    onFrame: (frame) => sessions.fromTab(frame),
    onConnect: () => {
      log('Folio tab connected.');
      sessions.tabConnected();
    },
    onDisconnect: () => {
      log('Folio tab disconnected; waiting for it to reconnect.');
      sessions.tabDisconnected();
    }
  });
  sessions = new ClientSessions({
    tab,
    transportOptions: { enableDnsRebindingProtection: true, allowedHosts, allowedOrigins },
    idleMs: options.sessionIdleMs,
    maxSessions: options.maxSessions,
    log
  });
  tab.attach(server);
  const guard = { allowedHosts, allowedOrigins, clientToken: options.clientToken };
  server.on('request', (req, res) => {
    handle(req, res, guard, tab, sessions).catch((error) => {
      log(`Internal error: ${error instanceof Error ? error.message : String(error)}`);
      sendJsonError(res, 500, -32603, 'Internal error in the bridge.');
    });
  });
  return {
    port,
    url: `http://${LOOPBACK}:${port}/mcp`,
    tabUrl: `ws://${LOOPBACK}:${port}/tab`,
    get tabConnected() {
      return tab.connected;
    },
    get sessionCount() {
      return sessions.size;
    },
    async close() {
      await sessions.closeAll();
      tab.close();
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    }
  };
}

async function handle(req, res, guard, tab, sessions) {
  const url = new URL(req.url ?? '/', 'http://bridge');
  const refused = checkHostAndOrigin(req, guard);
  if (refused) return sendJsonError(res, 403, BRIDGE_ERROR, refused);
  if (url.pathname !== '/mcp')
    return sendJsonError(res, 404, BRIDGE_ERROR, 'Not found: the MCP endpoint is /mcp.');
  if (!sameSecret(presentedToken(req, url), guard.clientToken)) {
    return sendJsonError(
      res,
      401,
      BRIDGE_ERROR,
      'Unauthorized: send the bridge token as "Authorization: Bearer TOKEN".',
      null,
      {
        'www-authenticate': 'Bearer realm="folio-bridge"'
      }
    );
  }
  if (!['POST', 'GET', 'DELETE'].includes(req.method ?? '')) {
    return sendJsonError(res, 405, BRIDGE_ERROR, 'Method not allowed: use POST, GET or DELETE.', null, {
      allow: 'POST, GET, DELETE'
    });
  }
  const sessionId = req.headers['mcp-session-id'];
  const session = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
  if (typeof sessionId === 'string' && !session)
    return sendJsonError(
      res,
      404,
      -32001,
      'Session not found (it ended or expired): initialize a new session.'
    );
  if (req.method !== 'POST') {
    if (!session) return sendJsonError(res, 400, BRIDGE_ERROR, 'Bad request: no Mcp-Session-Id header.');
    sessions.use(session, res);
    return session.transport.handleRequest(req, res);
  }
  const { body, error, close } = await readJsonBody(req);
  if (error)
    return sendJsonError(res, error[0], error[1], error[2], null, close ? { connection: 'close' } : {});
  if (Array.isArray(body) && body.length > MAX_BATCH) {
    return sendJsonError(
      res,
      400,
      -32600,
      `Invalid request: a batch holds at most ${MAX_BATCH} messages, this one ${body.length}.`
    );
  }
  const ids = requestIds(body);
  if (!tab.connected && ids.length > 0)
    return sendJsonError(res, 503, BRIDGE_ERROR, NO_TAB_MESSAGE, ids.length === 1 ? ids[0] : null);
  if (!session && isInitialize(body)) await sessions.makeRoom();
  const target = session ?? (isInitialize(body) ? await sessions.create() : undefined);
  if (!target)
    return sendJsonError(
      res,
      400,
      BRIDGE_ERROR,
      'Bad request: no Mcp-Session-Id header; start with initialize.'
    );
  sessions.use(target, res);
  // A client that hangs up before its answers arrive: the tab stops those calls.
  res.on('close', () => target.abandon(ids));
  return target.transport.handleRequest(req, res, body);
}

function requestIds(body) {
  const messages = Array.isArray(body) ? body : [body];
  return messages
    .filter(
      (m) => m && typeof m.method === 'string' && (typeof m.id === 'string' || typeof m.id === 'number')
    )
    .map((m) => m.id);
}

function isInitialize(body) {
  return !Array.isArray(body) && body?.method === 'initialize';
}
