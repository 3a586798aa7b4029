/**
 * Facts about a provider's URL: whether it is on this machine (the privacy rule: loopback counts as
 * local, anything else needs the user's opt-in), how to normalise what the user typed, and what to
 * say when the browser cannot reach it (usually CORS, which the browser reports as a bare TypeError).
 */
import { ProviderError } from './errors';

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

function isLoopbackIpv4(host: string): boolean {
  const parts = host.split('.');
  return (
    parts.length === 4 && parts[0] === '127' && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)
  );
}

/**
 * Whether a URL points at this machine: `localhost` (and `*.localhost`, which browsers resolve to
 * loopback), 127.0.0.0/8, `[::1]`, or IPv4-mapped loopback. Unparseable URLs are not loopback.
 */
export function isLoopbackUrl(url: string): boolean {
  const host = parse(url)?.hostname.toLowerCase();
  if (!host) return false;
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isLoopbackIpv4(host)) return true;
  if (host === '[::1]') return true;
  // URL serialises ::ffff:127.0.0.1 as [::ffff:7f00:1]; the whole 127/8 maps to ::ffff:7fXX:XXXX.
  return /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host);
}

function requireHttpUrl(baseUrl: string): URL {
  const url = parse(baseUrl.trim());
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ProviderError('config', `"${baseUrl}" is not a valid http(s) URL for the model server.`);
  }
  return url;
}

/**
 * The base URL an OpenAI client wants: trailing slashes and a pasted `/chat/completions` removed,
 * and `/v1` added when the user gave only a host (`http://localhost:11434` → `…/v1`).
 */
export function normalizeOpenAiBaseUrl(baseUrl: string): string {
  const url = requireHttpUrl(baseUrl);
  let path = url.pathname.replace(/\/+$/, '').replace(/\/chat\/completions$/, '');
  if (path === '') path = '/v1';
  return `${url.origin}${path}`;
}

/** The base URL the Anthropic client wants: the origin (plus any proxy path) without `/v1`. */
export function normalizeAnthropicBaseUrl(baseUrl: string | undefined): string {
  if (!baseUrl) return 'https://api.anthropic.com';
  const url = requireHttpUrl(baseUrl);
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1(\/messages)?$/, '');
  return `${url.origin}${path}`;
}

/** Server-specific advice for a blocked cross-origin request, keyed by the usual port. */
function corsHint(url: URL, pageOrigin: string): string {
  const port = url.port;
  if (port === '11434' || url.hostname.includes('ollama')) {
    return ` Ollama only answers pages it knows: start it with OLLAMA_ORIGINS=${pageOrigin} (for example \`OLLAMA_ORIGINS=${pageOrigin} ollama serve\`, or set it for the Ollama app) and restart it.`;
  }
  if (port === '1234') return ' LM Studio: turn on "Enable CORS" in its server settings.';
  if (port === '8000') return ` vLLM: start it with --allowed-origins '["${pageOrigin}"]'.`;
  return ' The server must send Access-Control-Allow-Origin for this app (often a "CORS" or "allowed origins" setting).';
}

/**
 * What to tell the user when a request to `baseUrl` failed before any HTTP answer. Browsers report a
 * refused connection and a CORS rejection the same way (a TypeError), so the message covers both and
 * names the setting that fixes CORS on the usual local servers. `pageOrigin` is this app's origin.
 */
export function explainUnreachable(
  baseUrl: string,
  pageOrigin: string | undefined = globalThis.location?.origin
): string {
  const url = parse(baseUrl);
  if (!url) return `Could not reach the model server at "${baseUrl}".`;
  let message = `Could not reach ${url.origin}.`;
  if (pageOrigin?.startsWith('https:') && url.protocol === 'http:' && !isLoopbackUrl(baseUrl)) {
    return `${message} This page is served over HTTPS, so the browser blocks plain-HTTP servers other than localhost; use an https:// address.`;
  }
  message += ' Check that the server is running and the address is right.';
  if (pageOrigin && parse(pageOrigin)?.origin !== url.origin) {
    message += ` If it is running, it may be refusing requests from this app's origin (${pageOrigin}) — browsers block cross-origin (CORS) requests a server does not allow.`;
    message += corsHint(url, pageOrigin);
  }
  return message;
}
