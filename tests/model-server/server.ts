/**
 * A scripted model server for tests: plain Node `http`, no framework. It speaks the real OpenAI Chat
 * Completions and Anthropic Messages wire formats (streamed and not, with tool calls), plays the
 * turns of a script one per chat request, and records every request so a test can assert what the
 * client sent. Its output is checked against the official `openai` and `@anthropic-ai/sdk` clients
 * (server.test.ts), so it cannot drift from the protocols the providers meet in the wild.
 *
 * It sends permissive CORS headers, so the built app on another port can call it from a browser in
 * Playwright tests (start it in a fixture or globalSetup; it is an ordinary ES module):
 *
 *   const model = await startModelServer({ script: [
 *     { type: 'tool_calls', calls: [{ name: 'search_notes', arguments: '{"query":"packing"}' }] },
 *     { type: 'text', text: 'Added socks to your packing list.' }
 *   ] });
 *   // settings: Provider "OpenAI-compatible", Base URL `${model.url}/v1` (or Anthropic at model.url)
 *   // … drive the UI …; then assert on model.requests[i].body; await model.close();
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ScriptEntry, ScriptedModel } from './script';
import { playAnthropic, playOpenAi, type PlayContext } from './play';
import { PromptCache } from './prompt-cache';
import { flavorModel, flavorRoute, type FlavorOptions } from './flavors';

/** How to start the server. */
export interface ModelServerOptions {
  /** Turns to play, one per chat request, in order. More can be added with `enqueue`. */
  script?: ScriptEntry[];
  /** Models listed on GET /v1/models (default: one model, `scripted-model`). */
  models?: ScriptedModel[];
  /**
   * Chat Completions parameters this "model" rejects with OpenAI's 400 `unsupported_parameter` error
   * (e.g. `max_tokens`, as OpenAI's reasoning models do). The turn is not consumed.
   */
  unsupportedParams?: string[];
  /** Answer the endpoints of llama.cpp, Ollama, LM Studio or vLLM that say the served context window. */
  flavor?: FlavorOptions;
  /** Anthropic's minimum cacheable prompt in tokens (default 1,024, as for Sonnet and Opus). */
  cacheMinTokens?: number;
  /** Port to listen on (default: any free port). Always binds 127.0.0.1. */
  port?: number;
}

/** A request as the server received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (undefined for GET). */
  body: unknown;
  /** Set when the client closed the connection before the server finished its answer. */
  closedEarly: boolean;
}

/** A running scripted model server. */
export interface ModelServer {
  /** Base URL without a path, e.g. `http://127.0.0.1:41234`. OpenAI clients want `${url}/v1`. */
  url: string;
  /** Every request received, in order (OPTIONS preflights excluded). */
  requests: RecordedRequest[];
  /** Appends turns to the script. */
  enqueue(...turns: ScriptEntry[]): void;
  /** How many turns are left to play. */
  remaining(): number;
  /** Stops listening and cuts open connections (again: no-op). */
  close(): Promise<void>;
}

const DEFAULT_MODELS: ScriptedModel[] = [{ id: 'scripted-model' }];

function setCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  // `*` does not cover Authorization in the Fetch spec, so echo what the preflight asks for.
  const asked = req.headers['access-control-request-headers'];
  res.setHeader('Access-Control-Allow-Headers', asked ?? '*');
  res.setHeader('Access-Control-Max-Age', '600');
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

function listModels(req: IncomingMessage, models: ScriptedModel[]): object {
  if (req.headers['anthropic-version']) {
    const data = models.map((m) => ({
      type: 'model',
      display_name: m.id,
      created_at: '2025-01-01T00:00:00Z',
      ...m
    }));
    return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
  }
  return {
    object: 'list',
    data: models.map((m) => ({ object: 'model', created: 1735689600, owned_by: 'scripted', ...m }))
  };
}

/** Starts a scripted model server on 127.0.0.1. */
export async function startModelServer(options: ModelServerOptions = {}): Promise<ModelServer> {
  const script: ScriptEntry[] = [...(options.script ?? [])];
  const requests: RecordedRequest[] = [];
  const flavor = options.flavor;
  const models = (options.models ?? DEFAULT_MODELS).map((m) => (flavor ? flavorModel(m, flavor) : m));
  let turnIndex = 0;

  const ctx: PlayContext = {
    nextTurn: (body) => {
      const entry = script.shift();
      if (!entry) return undefined;
      turnIndex += 1;
      return { turn: typeof entry === 'function' ? entry(body) : entry, index: turnIndex };
    },
    unsupportedParams: options.unsupportedParams ?? [],
    promptCache: new PromptCache(options.cacheMinTokens)
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(res, 500, { error: { message: `scripted server failed: ${String(error)}` } });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    setCors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const path = (req.url ?? '/').split('?')[0];
    const text = req.method === 'POST' ? await readBody(req) : '';
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path,
      headers: req.headers,
      body: undefined,
      closedEarly: false
    };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.closedEarly = true;
    });
    if (req.method === 'GET' && path === '/v1/models') return sendJson(res, 200, listModels(req, models));
    if (flavor && path !== '/v1/chat/completions' && path !== '/v1/messages') {
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        return sendJson(res, 400, { error: 'request body is not valid JSON' });
      }
      const routed = flavorRoute(req.method ?? 'GET', path, parsed, models, flavor);
      if (routed) return sendJson(res, routed.status, routed.body);
    }
    if (req.method !== 'POST' || (path !== '/v1/chat/completions' && path !== '/v1/messages')) {
      return sendJson(res, 404, { error: { message: `no route for ${req.method} ${path}` } });
    }
    try {
      record.body = JSON.parse(text);
    } catch {
      return sendJson(res, 400, { error: { message: 'request body is not valid JSON' } });
    }
    const body = record.body as Record<string, unknown>;
    if (path === '/v1/chat/completions') await playOpenAi(body, res, ctx);
    else await playAnthropic(body, res, ctx);
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...turns) => void script.push(...turns),
    remaining: () => script.length,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (!server.listening) return resolve();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      })
  };
}
