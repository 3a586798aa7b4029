// Checks every HTTP request to the bridge before any MCP work: DNS-rebinding protection (Host and
// Origin must be this loopback server), the client's bearer token, and a bounded JSON body.
// The SDK transport repeats the Host/Origin check (defence in depth); this one also covers the
// requests that never reach a transport (no session, unknown session, no tab connected).
import { timingSafeEqual, createHash } from 'node:crypto';

/** Largest request body the bridge reads, in bytes (the SDK's own default limit is 4 MiB). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The Host header values a loopback server on `port` answers to. */
export function loopbackHosts(port) {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

/** The Origin header values allowed by default: the bridge's own loopback origins. */
export function loopbackOrigins(port) {
  return loopbackHosts(port).map((host) => `http://${host}`);
}

/**
 * A JSON-RPC error body. `id` is null when the request could not be read, as JSON-RPC says.
 * @param {number} status @param {number} code @param {string} message
 */
export function sendJsonError(res, status, code, message, id = null, headers = {}) {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }));
}

/** Null when Host and Origin are allowed, else the reason (the caller answers 403). */
export function checkHostAndOrigin(req, { allowedHosts, allowedOrigins }) {
  const host = req.headers.host;
  if (!host || !allowedHosts.includes(host.toLowerCase())) return `Invalid Host header: ${host ?? '(none)'}`;
  const origin = req.headers.origin;
  if (origin !== undefined && !allowedOrigins.includes(origin)) return `Invalid Origin header: ${origin}`;
  return null;
}

/** Compares secrets in constant time (hashing first makes the lengths equal). */
export function sameSecret(given, expected) {
  if (typeof given !== 'string' || given.length === 0) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * The client's token: `Authorization: Bearer TOKEN`, or `?token=TOKEN` for clients that can only
 * be given a URL (the conformance runner is one). Null when neither is present.
 */
export function presentedToken(req, url) {
  const header = req.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? match[1] : '';
  }
  return url.searchParams.get('token');
}

/** Bytes of an oversized body read and dropped after answering 413, before the connection is cut. */
const DRAIN_LIMIT_BYTES = 8 * MAX_BODY_BYTES;

/**
 * Reads the body as JSON. Resolves `{ body }`, or `{ error: [status, code, message] }` for a body
 * over the limit (413), one that is not JSON (400 parse error), or a client that went away
 * mid-body. Bytes are counted as they arrive, so a chunked body (no Content-Length) is stopped at
 * the limit too. An oversized body is not destroyed at once: a client still sending would see a
 * connection reset instead of the 413. The rest is read and dropped (up to DRAIN_LIMIT_BYTES) while
 * the answer goes out with `Connection: close` (see `closeAfterAnswer`).
 */
export function readJsonBody(req, maxBytes = MAX_BODY_BYTES) {
  const tooLarge = {
    error: [413, -32600, `Request body too large: the limit is ${maxBytes} bytes.`],
    close: true
  };
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    drain(req, 0);
    return Promise.resolve(tooLarge);
  }
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    const onData = (chunk) => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData);
      chunks.length = 0;
      drain(req, size);
      resolve(tooLarge);
    };
    req.on('data', onData);
    req.on('error', () => resolve({ error: [400, -32700, 'The request body could not be read.'] }));
    req.on('aborted', () =>
      resolve({ error: [400, -32700, 'The client closed the connection while sending.'] })
    );
    req.on('end', () => {
      if (size > maxBytes) return;
      try {
        resolve({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      } catch {
        resolve({ error: [400, -32700, 'Parse error: the body is not valid JSON.'] });
      }
    });
  });
}

/** Reads and drops the rest of a refused body; cuts the connection once DRAIN_LIMIT_BYTES went by. */
function drain(req, alreadyRead) {
  let dropped = alreadyRead;
  req.on('data', (chunk) => {
    dropped += chunk.length;
    if (dropped > DRAIN_LIMIT_BYTES) req.destroy();
  });
  req.resume();
}
