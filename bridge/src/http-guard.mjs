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

/**
 * Reads the body as JSON. Resolves `{ body }`, or `{ error: [status, code, message] }` for a body
 * over the limit (413, without reading the rest), one that is not JSON (400 parse error), or a
 * client that went away mid-body.
 */
export function readJsonBody(req, maxBytes = MAX_BODY_BYTES) {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    return Promise.resolve({ error: [413, -32600, `Request body too large: the limit is ${maxBytes} bytes.`] });
  }
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > maxBytes) {
        resolve({ error: [413, -32600, `Request body too large: the limit is ${maxBytes} bytes.`] });
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', () => resolve({ error: [400, -32700, 'The request body could not be read.'] }));
    req.on('aborted', () => resolve({ error: [400, -32700, 'The client closed the connection while sending.'] }));
    req.on('end', () => {
      try {
        resolve({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      } catch {
        resolve({ error: [400, -32700, 'Parse error: the body is not valid JSON.'] });
      }
    });
  });
}
