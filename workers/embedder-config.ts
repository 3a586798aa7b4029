/**
 * Which embedder the semantic index uses, as stored in settings under EMBEDDER_SETTING_KEY and as
 * the Settings dialog sends it. `none` (the default) means no semantic search at all: the tool says
 * so and the UI hides Related notes. A remote embeddings server gets the notes' text, so it needs
 * the user's explicit opt-in (`allowRemote`), like a remote chat provider (DESIGN.md, privacy).
 */
import { AppError } from '$lib/core';
import type { EmbedderConfig, EmbedderKind } from '$lib/rpc';
import { isLoopbackUrl } from '$lib/llm';
import {
  HashedNgramEmbedder,
  OpenAICompatibleEmbedder,
  WebLLMEmbedder,
  WEBLLM_EMBEDDING_MODELS,
  type Embedder,
  type WebLLMEmbeddingModel,
  type WebLLMLoadProgress
} from '$lib/search/semantic';

/** The settings key of the embedder choice. */
export const EMBEDDER_SETTING_KEY = 'semantic.embedder';

/** The default: no embedder. */
export const NO_EMBEDDER: EmbedderConfig = Object.freeze({ kind: 'none' });

const KINDS: readonly EmbedderKind[] = ['none', 'hashed-ngram', 'openai-compatible', 'webllm'];

/** Checks a config from the page or from storage; throws AppError 'invalid_argument' with what is wrong. */
export function validateEmbedderConfig(value: unknown): EmbedderConfig {
  const config = (value ?? {}) as Partial<EmbedderConfig>;
  if (!KINDS.includes(config.kind as EmbedderKind)) {
    throw new AppError(
      'invalid_argument',
      `Unknown embedder "${String(config.kind)}": choose none, hashed-ngram, openai-compatible or webllm.`
    );
  }
  if (config.kind === 'openai-compatible') {
    const baseUrl = config.baseUrl?.trim() ?? '';
    if (!/^https?:\/\/.+/i.test(baseUrl))
      throw new AppError('invalid_argument', 'Give the embeddings server’s base URL (http:// or https://).');
    if (!config.model?.trim())
      throw new AppError('invalid_argument', 'Give the name of the embedding model.');
    if (!isLoopbackUrl(baseUrl) && !config.allowRemote) {
      throw new AppError(
        'invalid_argument',
        `${new URL(baseUrl).host} is not on this device: allow sending notes to it first.`
      );
    }
    return {
      kind: config.kind,
      baseUrl,
      model: config.model.trim(),
      apiKey: config.apiKey || undefined,
      allowRemote: !!config.allowRemote
    };
  }
  if (config.kind === 'webllm') {
    const model = config.model || undefined;
    if (model && !Object.hasOwn(WEBLLM_EMBEDDING_MODELS, model))
      throw new AppError('invalid_argument', `Unknown WebLLM embedding model "${model}".`);
    return { kind: 'webllm', model };
  }
  return { kind: config.kind as EmbedderKind };
}

/** The embedder a config names, or null for `none`. WebLLM reports its download through `onLoad`. */
export function createEmbedder(
  config: EmbedderConfig,
  onLoad?: (report: WebLLMLoadProgress) => void
): Embedder | null {
  switch (config.kind) {
    case 'hashed-ngram':
      return new HashedNgramEmbedder();
    case 'openai-compatible':
      return new OpenAICompatibleEmbedder({
        baseUrl: config.baseUrl!,
        model: config.model!,
        apiKey: config.apiKey
      });
    case 'webllm':
      return new WebLLMEmbedder({
        model: config.model as WebLLMEmbeddingModel | undefined,
        onLoadProgress: onLoad
      });
    default:
      return null;
  }
}
