/**
 * Embeddings from any server speaking OpenAI's `POST /v1/embeddings` (OpenAI, Ollama, llama.cpp
 * server, vLLM, LM Studio, OpenRouter...). It is one small JSON request, so it uses fetch directly
 * rather than a client library: `{model, input: [...]}` in, `{data: [{embedding, index}]}` out.
 */
import { AppError } from '$lib/core';
import type { Embedder } from './types';

/** Where and what to ask. `baseUrl` includes the version path, e.g. `http://127.0.0.1:11434/v1`. */
export interface OpenAICompatibleEmbedderOptions {
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** The vector length, when known in advance; otherwise learnt from the first answer. */
  dimensions?: number;
  /** The model's input limit in tokens (512 by default, the common size of small embedders). */
  maxTokens?: number;
  /** Texts per request (servers cap the batch; 32 is safe for all the common ones). */
  batchSize?: number;
  /** Give up on a request after this long. */
  timeoutMs?: number;
  /** The storage key's model part; `openai-compatible:<model>` by default. */
  id?: string;
  /** See Embedder.queryPrefix. */
  queryPrefix?: string;
  /** For tests and workers with a custom fetch. */
  fetch?: typeof fetch;
}

interface EmbeddingsResponse {
  data?: { embedding?: unknown; index?: number }[];
}

/** An embedder backed by an OpenAI-compatible `/embeddings` endpoint. */
export class OpenAICompatibleEmbedder implements Embedder {
  readonly id: string;
  readonly maxTokens: number;
  readonly queryPrefix?: string;
  private knownDimensions: number;
  private readonly options: OpenAICompatibleEmbedderOptions;

  constructor(options: OpenAICompatibleEmbedderOptions) {
    if (!options.baseUrl) throw new TypeError('OpenAICompatibleEmbedder needs a baseUrl.');
    if (!options.model) throw new TypeError('OpenAICompatibleEmbedder needs a model.');
    this.options = options;
    this.id = options.id ?? `openai-compatible:${options.model}`;
    this.maxTokens = options.maxTokens ?? 512;
    this.queryPrefix = options.queryPrefix;
    this.knownDimensions = options.dimensions ?? 0;
  }

  /** The vector length: as configured, or as seen in the first answer (0 before it). */
  get dimensions(): number {
    return this.knownDimensions;
  }

  /** Embeds the texts in batches of `batchSize`, one request each. */
  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const size = this.options.batchSize ?? 32;
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += size) {
      vectors.push(...(await this.request(texts.slice(start, start + size), signal)));
    }
    return vectors;
  }

  private async request(input: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}/embeddings`;
    const timeoutMs = this.options.timeoutMs ?? 60_000;
    const signals = [AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])];
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: this.options.model, input }),
        signal: AbortSignal.any(signals)
      });
    } catch (error) {
      if (signal?.aborted) throw new AppError('aborted', 'Embedding was cancelled.', { cause: error });
      if ((error as Error)?.name === 'TimeoutError')
        throw new AppError(
          'timeout',
          `The embeddings endpoint ${url} did not answer within ${timeoutMs} ms.`,
          { cause: error }
        );
      throw new AppError(
        'internal',
        `Could not reach the embeddings endpoint ${url}: ${(error as Error)?.message ?? error}.`,
        { cause: error }
      );
    }
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      throw new AppError(
        'internal',
        `The embeddings endpoint ${url} answered ${response.status} for model "${this.options.model}"${detail ? `: ${detail}` : '.'}`
      );
    }
    return this.parse((await response.json()) as EmbeddingsResponse, input.length, url);
  }

  /** Checks the answer's shape: one numeric vector per input, all of one length. */
  private parse(body: EmbeddingsResponse, expected: number, url: string): Float32Array[] {
    const data = Array.isArray(body?.data) ? [...body.data] : [];
    if (data.length !== expected)
      throw new AppError(
        'internal',
        `The embeddings endpoint ${url} returned ${data.length} vectors for ${expected} inputs.`
      );
    data.sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    return data.map(({ embedding }) => {
      if (
        !Array.isArray(embedding) ||
        embedding.length === 0 ||
        !embedding.every((x) => typeof x === 'number')
      ) {
        throw new AppError(
          'internal',
          `The embeddings endpoint ${url} returned a vector that is not a list of numbers (base64 answers are not supported).`
        );
      }
      if (this.knownDimensions === 0) this.knownDimensions = embedding.length;
      if (embedding.length !== this.knownDimensions) {
        throw new AppError(
          'internal',
          `The embeddings endpoint ${url} returned a vector of ${embedding.length} dimensions, expected ${this.knownDimensions}.`
        );
      }
      return Float32Array.from(embedding as number[]);
    });
  }
}
