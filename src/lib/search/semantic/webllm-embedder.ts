/**
 * In-browser embeddings with WebLLM's snowflake-arctic-embed models (WebGPU). The 6.8 MB web-llm
 * module is imported lazily, on the first embed, so nothing loads until the user picks this embedder;
 * it is meant to run in the workspace worker (WebGPU works in dedicated workers).
 *
 * It cannot run on a machine without WebGPU or without access to the weights (Hugging Face): the
 * first embed then fails with an AppError that says which. Its tests use an engine with WebLLM's
 * `embeddings.create` interface; the real engine is never started in Node.
 */
import { AppError } from '$lib/core';
import type { Embedder } from './types';

/** WebLLM's embedding models: m (768 dimensions, ~1.4 GB) and s (384, ~240 MB); b4/b32 = batch size. */
export const WEBLLM_EMBEDDING_MODELS = {
  'snowflake-arctic-embed-m-q0f32-MLC-b4': 768,
  'snowflake-arctic-embed-m-q0f32-MLC-b32': 768,
  'snowflake-arctic-embed-s-q0f32-MLC-b4': 384,
  'snowflake-arctic-embed-s-q0f32-MLC-b32': 384
} as const;

/** One of WebLLM's embedding model ids. */
export type WebLLMEmbeddingModel = keyof typeof WEBLLM_EMBEDDING_MODELS;

/** The part of WebLLM's MLCEngine this embedder uses. */
export interface EmbeddingEngine {
  embeddings: {
    create(request: { input: string[] }): Promise<{ data: { embedding: number[]; index: number }[] }>;
  };
  unload(): Promise<void>;
}

/** Download / compile progress, as WebLLM reports it. */
export interface WebLLMLoadProgress {
  progress: number;
  text: string;
}

/** Settings of the WebLLM embedder. */
export interface WebLLMEmbedderOptions {
  model?: WebLLMEmbeddingModel;
  onLoadProgress?: (report: WebLLMLoadProgress) => void;
  /** Starts the engine; WebLLM's CreateMLCEngine by default. Tests pass an engine of their own. */
  createEngine?: (
    model: string,
    onLoadProgress?: (report: WebLLMLoadProgress) => void
  ) => Promise<EmbeddingEngine>;
}

/** The instruction snowflake-arctic-embed expects before a retrieval query (its model card). */
const ARCTIC_QUERY_PREFIX = 'Represent this sentence for searching relevant passages: ';
/** Texts per engine call, so a cancel takes effect between calls. */
const TEXTS_PER_CALL = 16;

/** Whether WebLLM refused an input for being longer than the model's context window. */
function isTooLong(error: unknown): boolean {
  return (error as Error)?.name === 'EmbeddingExceedContextWindowSizeError';
}

/** Fails clearly when the context has no usable WebGPU adapter. */
async function requireWebGPU(): Promise<void> {
  const gpu = (globalThis.navigator as { gpu?: { requestAdapter(): Promise<unknown> } } | undefined)?.gpu;
  if (!gpu)
    throw new AppError(
      'internal',
      'In-browser embeddings need WebGPU, which this browser does not offer. Choose an OpenAI-compatible embeddings endpoint instead.'
    );
  if (!(await gpu.requestAdapter()))
    throw new AppError(
      'internal',
      'WebGPU is present but found no usable graphics adapter, so in-browser embeddings cannot run. Choose an OpenAI-compatible embeddings endpoint instead.'
    );
}

/** WebLLM's own engine factory, imported on first use. */
async function createWebLLMEngine(
  model: string,
  onLoadProgress?: (report: WebLLMLoadProgress) => void
): Promise<EmbeddingEngine> {
  await requireWebGPU();
  const webllm = await import('@mlc-ai/web-llm');
  try {
    return await webllm.CreateMLCEngine(model, { initProgressCallback: onLoadProgress });
  } catch (error) {
    throw new AppError(
      'internal',
      `Could not load the embedding model ${model}: ${(error as Error)?.message ?? error}`,
      { cause: error }
    );
  }
}

/** An embedder running snowflake-arctic-embed in the browser through WebLLM. */
export class WebLLMEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions: number;
  /** Below the model's 512 to leave room for [CLS]/[SEP] and the chunker's estimate being short. */
  readonly maxTokens = 480;
  readonly queryPrefix = ARCTIC_QUERY_PREFIX;
  private readonly model: WebLLMEmbeddingModel;
  private readonly options: WebLLMEmbedderOptions;
  private engine: Promise<EmbeddingEngine> | undefined;

  constructor(options: WebLLMEmbedderOptions = {}) {
    this.model = options.model ?? 'snowflake-arctic-embed-m-q0f32-MLC-b4';
    if (!Object.hasOwn(WEBLLM_EMBEDDING_MODELS, this.model))
      throw new RangeError(`Unknown WebLLM embedding model "${this.model}".`);
    this.options = options;
    this.id = `webllm:${this.model}`;
    this.dimensions = WEBLLM_EMBEDDING_MODELS[this.model];
  }

  /** Embeds the texts, starting (downloading, compiling) the model on first use. */
  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    signal?.throwIfAborted();
    const engine = await this.load();
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += TEXTS_PER_CALL) {
      signal?.throwIfAborted();
      const input = texts.slice(start, start + TEXTS_PER_CALL);
      try {
        vectors.push(...(await this.call(engine, input)));
      } catch (error) {
        if (!isTooLong(error)) throw error;
        for (const text of input) vectors.push(await this.embedTruncated(engine, text, signal));
      }
    }
    return vectors;
  }

  /**
   * Embeds one text that WebLLM found longer than the model's window (token counts here are
   * estimates, and text full of digits or symbols takes more tokens than it looks): its end is cut
   * by a quarter until it fits, so one odd chunk never stops the whole index.
   */
  private async embedTruncated(
    engine: EmbeddingEngine,
    text: string,
    signal?: AbortSignal
  ): Promise<Float32Array> {
    for (let cut = text; ; cut = cut.slice(0, Math.floor(cut.length * 0.75))) {
      signal?.throwIfAborted();
      try {
        return (await this.call(engine, [cut]))[0];
      } catch (error) {
        if (!isTooLong(error) || cut.length < 8) throw error;
      }
    }
  }

  private async call(engine: EmbeddingEngine, input: string[]): Promise<Float32Array[]> {
    const { data } = await engine.embeddings.create({ input });
    return [...data].sort((a, b) => a.index - b.index).map((d) => Float32Array.from(d.embedding));
  }

  /** Frees the GPU memory; the next embed starts the model again. */
  async dispose(): Promise<void> {
    const engine = this.engine;
    this.engine = undefined;
    if (engine) await (await engine.catch(() => undefined))?.unload();
  }

  private load(): Promise<EmbeddingEngine> {
    if (!this.engine) {
      const create = this.options.createEngine ?? createWebLLMEngine;
      this.engine = create(this.model, this.options.onLoadProgress);
      // A failed start is not cached: the user may fix the cause (network, GPU) and try again.
      this.engine.catch(() => (this.engine = undefined));
    }
    return this.engine;
  }
}
