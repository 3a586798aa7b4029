// The MCP client sessions of the bridge: one SDK StreamableHTTPServerTransport per client session,
// relayed message by message to the tab, where one MCP server session answers each. The bridge
// keeps no MCP state of its own beyond what it needs to survive the tab reloading:
// - each session's `initialize` and `notifications/initialized`, replayed to a newly paired tab so
//   the client's session goes on without re-initialising (the replayed answer is dropped);
// - the requests waiting for the tab, answered with a clear error if the tab goes away, and
//   cancelled in the tab if the client hangs up before its answer.
//
// Many clients never end their session with an HTTP DELETE (the MCP Inspector's CLI, any client
// that crashes), so sessions do not wait for one: a session idle for `idleMs` (no request, no open
// stream) is closed, and when `maxSessions` are open a new client's `initialize` evicts the least
// recently used one. Either way the old client's next request gets 404 "Session not found", on
// which the MCP spec has a client start a new session; a new client always gets in.
import { randomUUID } from 'node:crypto';

/** How long a session may sit unused before the bridge closes it. */
export const SESSION_IDLE_MS = 30 * 60_000;
/** Client sessions kept at once; beyond that the least recently used makes room. */
export const MAX_CLIENT_SESSIONS = 64;
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** The JSON-RPC error code of the bridge's own failures (MCP's "server error" range). */
export const BRIDGE_ERROR = -32000;

export const NO_TAB_MESSAGE =
  'No Folio tab is connected to this bridge. Open Folio in your browser, then Settings → MCP: tick ' +
  '"Allow desktop MCP clients" and paste the pairing token the bridge printed.';
export const TAB_GONE_MESSAGE =
  'The Folio tab closed or reloaded before answering. Nothing is half-written (each change is one ' +
  'transaction), but a write may or may not have happened: check, then retry.';

const keyOf = (id) => `${typeof id}:${id}`;
const isRequest = (m) => typeof m?.method === 'string' && m.id !== undefined && m.id !== null;
const isResponse = (m) => m?.method === undefined && m?.id !== undefined && ('result' in m || 'error' in m);

export class ClientSessions {
  /**
   * @param {{ tab: { send(frame: any): boolean, connected: boolean }, transportOptions: object,
   *   idleMs?: number, maxSessions?: number, log?: (line: string) => void }} options
   */
  constructor({
    tab,
    transportOptions,
    idleMs = SESSION_IDLE_MS,
    maxSessions = MAX_CLIENT_SESSIONS,
    log = () => {}
  }) {
    this.tab = tab;
    this.transportOptions = transportOptions;
    this.idleMs = idleMs;
    this.maxSessions = maxSessions;
    this.log = log;
    /** In order of use, least recent first. @type {Map<string, Session>} */
    this.sessions = new Map();
    this.replayNonce = randomUUID();
    this.replayCount = 0;
    // Checked a few times per idle period; unref'd so it never keeps the process alive.
    this.sweeper = setInterval(() => this.closeIdle(), Math.max(50, Math.min(60_000, idleMs / 4)));
    this.sweeper.unref?.();
  }

  /**
   * Marks a session used by one request until `res` closes (a GET stream stays open for long): a
   * session in use is never idle, and moves to the recent end.
   */
  use(session, res) {
    session.active += 1;
    session.lastUsed = Date.now();
    if (session.id && this.sessions.get(session.id) === session) {
      this.sessions.delete(session.id);
      this.sessions.set(session.id, session);
    }
    res.on('close', () => {
      session.active -= 1;
      session.lastUsed = Date.now();
    });
  }

  /**
   * Makes room for one more session: closes the least recently used (the one whose last request
   * started longest ago; an SSE stream held open without requests does not count as use, or a
   * crashed client's stream would keep its session forever). Sessions already being closed by a
   * concurrent call count as gone, so ten new clients at once close ten old sessions.
   */
  async makeRoom() {
    const closing = (this.closing ??= new Set());
    const open = [...this.sessions.values()].filter((s) => !closing.has(s));
    if (open.length < this.maxSessions) return;
    const victim = open[0];
    closing.add(victim);
    this.log(`Session limit (${this.maxSessions}) reached: closing the least recently used session.`);
    try {
      await victim.transport.close();
    } finally {
      closing.delete(victim);
    }
  }

  /** Closes the sessions unused for longer than idleMs. */
  closeIdle(now = Date.now()) {
    for (const session of [...this.sessions.values()]) {
      if (session.active === 0 && now - session.lastUsed > this.idleMs) void session.transport.close();
    }
  }

  get size() {
    return this.sessions.size;
  }

  get(id) {
    return this.sessions.get(id);
  }

  /** A transport for a new session; it joins the map once the SDK accepted its `initialize`. */
  async create() {
    const transport = new StreamableHTTPServerTransport({
      ...this.transportOptions,
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => this.sessions.set(id, session)
    });
    const session = new Session(transport, this);
    transport.onmessage = (message) => session.fromClient(message);
    transport.onclose = () => session.ended();
    await transport.start();
    return session;
  }

  /** A frame from the tab: a message for a session, or the tab ending a session. */
  fromTab(frame) {
    const session = frame && typeof frame.s === 'string' ? this.sessions.get(frame.s) : undefined;
    if (!session) {
      if (frame?.t === 'msg') this.tab.send({ t: 'close', s: frame.s });
      return;
    }
    if (frame.t === 'closed') void session.transport.close();
    else if (frame.t === 'msg' && frame.m?.jsonrpc === '2.0') session.toClient(frame.m, frame.r);
  }

  /** A tab paired: replays every session's handshake so the sessions go on where they were. */
  tabConnected() {
    for (const session of this.sessions.values()) session.replayHandshake();
  }

  /** The tab went away: every waiting request gets a clear error. */
  tabDisconnected() {
    for (const session of this.sessions.values()) session.failPending(TAB_GONE_MESSAGE);
  }

  nextReplayId() {
    return `folio-bridge-replay:${this.replayNonce}:${++this.replayCount}`;
  }

  async closeAll() {
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.values()].map((s) => s.transport.close()));
  }
}

class Session {
  constructor(transport, owner) {
    this.transport = transport;
    this.owner = owner;
    this.handshake = [];
    /** request key → id, for the requests the tab has not answered yet */
    this.pending = new Map();
    this.replayIds = new Set();
    /** Requests (and open streams) of this session being served now. */
    this.active = 0;
    this.lastUsed = Date.now();
  }

  get id() {
    return this.transport.sessionId;
  }

  fromClient(message) {
    if (message.method === 'initialize' || message.method === 'notifications/initialized')
      this.handshake.push(message);
    if (isRequest(message)) this.pending.set(keyOf(message.id), message.id);
    const sent = this.owner.tab.send({ t: 'msg', s: this.id, m: message });
    if (!sent && isRequest(message)) this.answerError(message.id, NO_TAB_MESSAGE);
  }

  toClient(message, relatedRequestId) {
    if (isResponse(message)) {
      if (this.replayIds.delete(message.id)) return;
      if (!this.pending.delete(keyOf(message.id))) return; // answered already (cancelled, or the tab went away)
      this.deliver(message);
      return;
    }
    this.deliver(message, relatedRequestId === undefined ? undefined : { relatedRequestId });
  }

  deliver(message, options) {
    // The client's stream may be gone (it hung up); its answer then has nowhere to go.
    this.transport.send(message, options).catch(() => undefined);
  }

  answerError(id, text) {
    this.pending.delete(keyOf(id));
    this.deliver({ jsonrpc: '2.0', id, error: { code: BRIDGE_ERROR, message: text } });
  }

  /** The client hung up on these requests: the tab stops working on them. */
  abandon(ids) {
    for (const id of ids) {
      if (!this.pending.delete(keyOf(id))) continue;
      const cancel = {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: id, reason: 'The MCP client disconnected.' }
      };
      this.owner.tab.send({ t: 'msg', s: this.id, m: cancel });
    }
  }

  failPending(text) {
    for (const id of [...this.pending.values()]) this.answerError(id, text);
    this.replayIds.clear();
  }

  replayHandshake() {
    for (const message of this.handshake) {
      let replay = message;
      if (message.method === 'initialize') {
        replay = { ...message, id: this.owner.nextReplayId() };
        this.replayIds.add(replay.id);
      }
      this.owner.tab.send({ t: 'msg', s: this.id, m: replay });
    }
  }

  ended() {
    if (this.id && this.owner.sessions.get(this.id) === this) {
      this.owner.sessions.delete(this.id);
      this.owner.tab.send({ t: 'close', s: this.id });
    }
    this.failPending('The MCP session was closed.');
  }
}
