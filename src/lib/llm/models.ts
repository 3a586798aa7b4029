/**
 * Which models a remote provider offers (GET /v1/models on both wires) and how long a context each
 * takes, for planning the conversation. What the server says it serves is believed (server-context.ts:
 * vLLM, OpenRouter, llama.cpp's /props, Ollama's /api/show, LM Studio's /api/v0); otherwise a
 * conservative figure by provider and model family is used.
 */
import { createAnthropicClient } from './anthropic-provider';
import { isLoopbackUrl } from './endpoint';
import { createOpenAiClient } from './openai-provider';
import { toProviderError } from './sdk-errors';
import { servedContextLength, statedContextLength, type ModelEntry } from './server-context';
import type { AnthropicConfig, ModelInfo, OpenAiCompatibleConfig, ProviderConfig } from './types';

/** Known windows of hosted model families, by id prefix (checked in order). */
const KNOWN_WINDOWS: [prefix: string, tokens: number][] = [
  ['claude-', 200_000],
  ['gpt-4.1', 1_047_576],
  ['gpt-5', 400_000],
  ['gpt-4o', 128_000],
  ['o1', 200_000],
  ['o3', 200_000],
  ['o4', 200_000],
  ['gpt-4-turbo', 128_000],
  ['gpt-3.5', 16_385]
];

/** Ollama and friends load models with a small window unless configured; assume it when unsure. */
export const LOCAL_DEFAULT_CONTEXT_TOKENS = 4096;
/** A cautious window for hosted models nobody described. */
export const REMOTE_DEFAULT_CONTEXT_TOKENS = 32_000;

/**
 * The context window to plan with for a model: what its server stated (a ModelInfo from listModels),
 * else a known family figure, else a cautious default (small for loopback servers). WebLLM models
 * carry theirs in the catalogue (`webLlmModels`).
 */
export function contextLengthFor(config: ProviderConfig, listed?: ModelInfo): number {
  if (listed?.contextLength) return listed.contextLength;
  const id = config.model.toLowerCase().split('/').pop() ?? '';
  const known = KNOWN_WINDOWS.find(([prefix]) => id.startsWith(prefix));
  if (known) return known[1];
  if (config.kind === 'openai-compatible' && isLoopbackUrl(config.baseUrl))
    return LOCAL_DEFAULT_CONTEXT_TOKENS;
  if (config.kind === 'webllm') return LOCAL_DEFAULT_CONTEXT_TOKENS;
  return REMOTE_DEFAULT_CONTEXT_TOKENS;
}

/** The raw /v1/models entries of an OpenAI-compatible server (extra fields kept). */
async function openAiEntries(config: OpenAiCompatibleConfig, signal?: AbortSignal): Promise<ModelEntry[]> {
  const { client, errors } = await createOpenAiClient(config);
  try {
    const entries: ModelEntry[] = [];
    for await (const entry of client.models.list({ signal })) entries.push(entry as unknown as ModelEntry);
    return entries;
  } catch (error) {
    throw toProviderError(error, {
      label: 'The OpenAI-compatible server',
      baseUrl: config.baseUrl,
      signal,
      sdk: errors
    });
  }
}

async function listOpenAi(config: OpenAiCompatibleConfig, signal?: AbortSignal): Promise<ModelInfo[]> {
  const models = (await openAiEntries(config, signal)).map((entry): ModelInfo => {
    const contextLength = statedContextLength(entry);
    return contextLength ? { id: entry.id, contextLength } : { id: entry.id };
  });
  return models.sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * The context window the server runs `config.model` with (see server-context.ts), or undefined
 * when it does not say. Never rejects: a server without /v1/models is planned for by default.
 */
export async function servedContextTokens(
  config: OpenAiCompatibleConfig,
  options: { signal?: AbortSignal; fetch?: typeof fetch } = {}
): Promise<number | undefined> {
  const entries = await openAiEntries(config, options.signal).catch(() => [] as ModelEntry[]);
  const entry = entries.find((e) => e.id === config.model);
  return servedContextLength(
    { baseUrl: config.baseUrl, apiKey: config.apiKey, signal: options.signal, fetch: options.fetch },
    config.model,
    entry
  );
}

async function listAnthropic(config: AnthropicConfig, signal?: AbortSignal): Promise<ModelInfo[]> {
  const { client, errors } = await createAnthropicClient(config);
  try {
    const models: ModelInfo[] = [];
    for await (const entry of client.models.list({ limit: 100 }, { signal })) {
      const contextLength = statedContextLength(entry as unknown as Record<string, unknown>);
      models.push({ id: entry.id, label: entry.display_name, ...(contextLength ? { contextLength } : {}) });
    }
    return models;
  } catch (error) {
    throw toProviderError(error, {
      label: 'Anthropic',
      baseUrl: config.baseUrl ?? 'https://api.anthropic.com',
      signal,
      sdk: errors
    });
  }
}

/**
 * The models a remote provider lists (GET /v1/models; Anthropic's list is followed across pages).
 * Rejects with a ProviderError; a server that lists nothing gives `[]` (the user types a name then).
 * WebLLM's catalogue is `webLlmModels()`.
 */
export async function listModels(
  config: OpenAiCompatibleConfig | AnthropicConfig,
  options: { signal?: AbortSignal } = {}
): Promise<ModelInfo[]> {
  return config.kind === 'anthropic'
    ? listAnthropic(config, options.signal)
    : listOpenAi(config, options.signal);
}
