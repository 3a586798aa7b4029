/**
 * The context window an OpenAI-compatible server really runs a model with, which is often not the
 * model's training window: llama.cpp serves `--ctx-size` (its /v1/models `meta.n_ctx_train` is the
 * training window, not the served one), Ollama loads models with `num_ctx` (its default unless the
 * Modelfile says otherwise), LM Studio with the length chosen when loading, vLLM with
 * `--max-model-len`. Each server says so on an endpoint of its own:
 *
 * | server    | where                                    | field                                           |
 * |-----------|------------------------------------------|-------------------------------------------------|
 * | vLLM      | GET /v1/models                           | `max_model_len`                                 |
 * | OpenRouter| GET /v1/models                           | `context_length`                                |
 * | llama.cpp | GET /props                               | `default_generation_settings.n_ctx` (per slot)  |
 * | Ollama    | POST /api/show {model}                   | `num_ctx` in `parameters`, else Ollama's default, at most `<arch>.context_length` |
 * | LM Studio | GET /api/v0/models/{id}                  | `loaded_context_length`, else `max_context_length` capped by its default |
 */
import { isLoopbackUrl, normalizeOpenAiBaseUrl } from './endpoint';

/** Ollama's `num_ctx` when a Modelfile does not set it (Ollama ≥ 0.6), and LM Studio's load default. */
export const OLLAMA_DEFAULT_NUM_CTX = 4096;

/** A /v1/models entry as servers send it (fields beyond the OpenAI shape included). */
export type ModelEntry = Record<string, unknown> & { id: string };

/** How a lookup reaches the server (the page's fetch; tests pass their own). */
export interface ContextLookup {
  baseUrl: string;
  apiKey?: string;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

const positive = (value: unknown): number | undefined =>
  typeof value === 'number' && value > 0 ? value : undefined;

/** The window a /v1/models entry states for the served model (vLLM, OpenRouter, LM Studio, Anthropic). */
export function statedContextLength(entry: Record<string, unknown>): number | undefined {
  for (const field of [
    'max_model_len',
    'context_length',
    'context_window',
    'loaded_context_length',
    'max_input_tokens'
  ]) {
    const value = positive(entry[field]);
    if (value) return value;
  }
  return undefined;
}

async function getJson(
  lookup: ContextLookup,
  path: string,
  body?: unknown
): Promise<Record<string, unknown> | undefined> {
  const origin = new URL(normalizeOpenAiBaseUrl(lookup.baseUrl)).origin;
  const headers: Record<string, string> = {};
  if (lookup.apiKey) headers.Authorization = `Bearer ${lookup.apiKey}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await (lookup.fetch ?? fetch)(`${origin}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: lookup.signal
    });
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return undefined;
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** llama.cpp: the per-slot window of the running server. */
async function llamaCppContext(lookup: ContextLookup): Promise<number | undefined> {
  const props = await getJson(lookup, '/props');
  const settings = props?.default_generation_settings as Record<string, unknown> | undefined;
  return positive(settings?.n_ctx) ?? positive(props?.n_ctx);
}

/** Ollama: `num_ctx` of the model's parameters, else Ollama's default, never above the model's own window. */
async function ollamaContext(lookup: ContextLookup, model: string): Promise<number | undefined> {
  const show = await getJson(lookup, '/api/show', { model });
  if (!show) return undefined;
  const numCtx = /(?:^|\n)\s*num_ctx\s+(\d+)/.exec(String(show.parameters ?? ''))?.[1];
  const info = (show.model_info ?? {}) as Record<string, unknown>;
  const trained = Object.entries(info).find(([key]) => key.endsWith('.context_length'))?.[1];
  const configured = numCtx ? Number(numCtx) : OLLAMA_DEFAULT_NUM_CTX;
  return Math.min(configured, positive(trained) ?? configured);
}

/** LM Studio: the length the model was loaded with, else what loading it by default would give. */
async function lmStudioContext(lookup: ContextLookup, model: string): Promise<number | undefined> {
  const entry = await getJson(lookup, `/api/v0/models/${encodeURIComponent(model)}`);
  if (!entry) return undefined;
  const loaded = positive(entry.loaded_context_length);
  if (loaded) return loaded;
  const max = positive(entry.max_context_length);
  return max ? Math.min(max, OLLAMA_DEFAULT_NUM_CTX) : undefined;
}

/**
 * The served window of `model`, from its /v1/models entry and the server's own endpoint; undefined
 * when nothing says (the caller then plans with a cautious default). Only servers on loopback are
 * asked beyond /v1/models: the others are hosted APIs, which state it there or not at all.
 */
export async function servedContextLength(
  lookup: ContextLookup,
  model: string,
  entry: ModelEntry | undefined
): Promise<number | undefined> {
  if (entry && (positive(entry.max_model_len) || positive(entry.context_length)))
    return statedContextLength(entry);
  if (!isLoopbackUrl(lookup.baseUrl)) return entry ? statedContextLength(entry) : undefined;
  if (entry && (entry.owned_by === 'llamacpp' || typeof entry.meta === 'object'))
    return llamaCppContext(lookup);
  if (await getJson(lookup, '/api/version')) return ollamaContext(lookup, model);
  return (
    (await lmStudioContext(lookup, model)) ??
    (entry ? statedContextLength(entry) : undefined) ??
    llamaCppContext(lookup)
  );
}
