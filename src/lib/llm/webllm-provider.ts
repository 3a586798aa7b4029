/**
 * The in-browser provider: WebLLM running in the workspace worker on WebGPU. Nothing of web-llm
 * loads until `load()` (or the first chat) runs; the engine then reuses weights cached by the
 * browser, so a model downloaded once works offline.
 *
 * Tools: in each model family's own tool-call format, constrained by a `structural_tag` response
 * format (webllm-structural.ts, tool-formats.ts): the reply is free Markdown, calls are the family's
 * trained form, several per answer. web-llm's native tools exist only for its Hermes models and are
 * not the default even there: they force a tool call on every turn (the model can never just
 * answer, so an agent loop could not finish) and forbid a custom system prompt (which carries the
 * note context). `toolMode: 'native'` still offers them.
 *
 * Errors: web-llm checks a request in `create()` but compiles its grammar in the stream's first
 * chunk (webllm-stream.ts), so both are handled alike; a tool schema XGrammar cannot compile makes
 * the request retry once with loose arguments (validated by the agent before any tool runs).
 *
 * Abort: the signal calls `engine.interruptGenerate()`, the reading loop stops (which also stops a
 * generation that had not started yet), and the call rejects at once; the next call waits for the
 * engine to wind down. `unload()` frees the GPU and stops a download in progress (its finished
 * pieces stay cached, so a later load resumes).
 */
import { raceAbort } from '$lib/core';
import { abortedError, ProviderError, throwIfAborted } from './errors';
import { OpenAiAccumulator, toOpenAiTools } from './openai-wire';
import { detectWebGpu, type GpuLike } from './webllm-gpu';
import {
  createWebLlmEngine,
  loadError,
  type EngineFactory,
  type LoadProgress,
  type WebLlmEngine,
  type WebLlmRequest
} from './webllm-engine';
import { needsShaderF16 } from './webllm-catalog';
import { toNativeMessages } from './webllm-native';
import { chunksOf, isGrammarError, openStream, type OpenedStream } from './webllm-stream';
import {
  FormattedStreamer,
  parseFormattedOutput,
  toFormattedMessages,
  toolStructuralTag
} from './webllm-structural';
import { toolCallFormat, toolFormatFamily, type ToolCallFormat } from './tool-formats';
import type OpenAI from 'openai';
import type { ChatMessage, ChatOptions, ChatProvider, ChatResult, WebLlmConfig } from './types';

/** How the provider is built. */
export interface WebLlmProviderOptions {
  onProgress?: (progress: LoadProgress) => void;
  /** `prompted` (default) for every model, or `native` to use web-llm's tools on Hermes models. */
  toolMode?: 'prompted' | 'native';
  /** Tests pass a fake engine factory and GPU; the defaults are web-llm and `navigator.gpu`. */
  createEngine?: EngineFactory;
  gpu?: GpuLike;
}

/** Any failure inside the engine as a ProviderError. */
function engineError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  return new ProviderError(
    'server',
    `The in-browser model failed: ${(error as Error)?.message ?? String(error)}`,
    { cause: error }
  );
}

/** A ChatProvider running a WebLLM model in this context (the workspace worker). */
export class WebLlmProvider implements ChatProvider {
  readonly kind = 'webllm' as const;
  readonly model: string;
  /** The tool-call format of the model's family. */
  readonly toolFormat: ToolCallFormat;
  private engine: Promise<{ engine: WebLlmEngine; nativeToolIds: readonly string[] }> | undefined;
  /** Stops the load in progress (unload during a download). */
  private loading: AbortController | undefined;
  private idle: Promise<unknown> = Promise.resolve();

  constructor(
    config: WebLlmConfig,
    private readonly options: WebLlmProviderOptions = {}
  ) {
    if (!config.model) throw new ProviderError('config', 'Choose an in-browser model.');
    this.model = config.model;
    this.toolFormat = toolCallFormat(toolFormatFamily(config.model));
  }

  /** Whether the model is loaded or loading (and so holds, or will hold, GPU memory). */
  get active(): boolean {
    return this.engine !== undefined;
  }

  /**
   * Checks WebGPU, then downloads (or reuses) and loads the model, reporting progress. Idempotent.
   * `signal` stops this caller's wait, not the load (others may wait for it too): `unload()` stops it.
   */
  load(signal?: AbortSignal): Promise<void> {
    return this.loaded(signal).then(() => undefined);
  }

  private loaded(signal?: AbortSignal) {
    const pending = (this.engine ??= this.start().catch((error: unknown) => {
      this.engine = undefined;
      throw error;
    }));
    return raceAbort(pending, signal, abortedError);
  }

  private async start() {
    const gpu = await detectWebGpu(this.options.gpu);
    if (!gpu.ok) throw new ProviderError('unsupported', gpu.reason);
    if (!gpu.shaderF16 && needsShaderF16({ model_id: this.model })) {
      throw new ProviderError(
        'unsupported',
        `${this.model} needs 16-bit GPU shaders, which this device lacks. Pick a model ending in q4f32_1.`
      );
    }
    const factory = this.options.createEngine ?? createWebLlmEngine;
    const loading = (this.loading = new AbortController());
    try {
      return await factory(this.model, (p) => this.options.onProgress?.(p), loading.signal);
    } catch (error) {
      if (loading.signal.aborted)
        throw new ProviderError('aborted', `Stopped loading ${this.model}.`, { cause: error });
      throw loadError(this.model, error);
    } finally {
      if (this.loading === loading) this.loading = undefined;
    }
  }

  /** Frees the GPU memory, or stops the download in progress; a later chat loads the model again (from the cache). */
  async unload(): Promise<void> {
    const loaded = this.engine;
    this.engine = undefined;
    this.loading?.abort();
    if (!loaded) return;
    const done = await loaded.catch(() => undefined);
    await done?.engine.unload();
  }

  /** Sends the conversation; see ChatProvider. Loads the model first if needed. */
  async chat(messages: ChatMessage[], options: ChatOptions = {}): Promise<ChatResult> {
    throwIfAborted(options.signal);
    const { engine, nativeToolIds } = await this.loaded(options.signal);
    // One generation at a time: wait for the previous one (also an interrupted one) to end.
    const previous = this.idle;
    const work = previous
      .then(() => this.generate(engine, nativeToolIds, messages, options))
      .catch((error: unknown) => {
        throw engineError(error);
      });
    this.idle = work.catch(() => undefined);
    const onAbort = () => void engine.interruptGenerate();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await raceAbort(work, options.signal, abortedError);
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  private generate(
    engine: WebLlmEngine,
    nativeToolIds: readonly string[],
    messages: ChatMessage[],
    options: ChatOptions
  ): Promise<ChatResult> {
    throwIfAborted(options.signal);
    const tools = options.tools ?? [];
    const native =
      this.options.toolMode === 'native' && tools.length > 0 && nativeToolIds.includes(this.model);
    return native ? this.native(engine, messages, options) : this.formatted(engine, messages, options);
  }

  private base(
    options: ChatOptions
  ): Pick<WebLlmRequest, 'stream' | 'stream_options' | 'max_tokens' | 'temperature'> {
    return {
      stream: true,
      stream_options: { include_usage: true },
      ...(options.maxOutputTokens !== undefined ? { max_tokens: options.maxOutputTokens } : {}),
      ...(options.temperature !== undefined ? { temperature: options.temperature } : {})
    };
  }

  private async native(
    engine: WebLlmEngine,
    messages: ChatMessage[],
    options: ChatOptions
  ): Promise<ChatResult> {
    const request: WebLlmRequest = {
      ...this.base(options),
      messages: toNativeMessages(messages),
      tools: toOpenAiTools(options.tools ?? []) as WebLlmRequest['tools']
    };
    const acc = new OpenAiAccumulator(options.onDelta);
    for await (const chunk of chunksOf(await openStream(engine, request), options.signal))
      acc.add(chunk as unknown as OpenAI.Chat.ChatCompletionChunk);
    throwIfAborted(options.signal);
    return acc.result();
  }

  /** The family's own tool-call format under a structural tag (or plain chat without tools). */
  private async formatted(
    engine: WebLlmEngine,
    messages: ChatMessage[],
    options: ChatOptions
  ): Promise<ChatResult> {
    const tools = options.tools ?? [];
    const format = this.toolFormat;
    const request: WebLlmRequest = {
      ...this.base(options),
      messages: toFormattedMessages(messages, tools, format)
    };
    if (tools.length > 0)
      request.response_format = { type: 'structural_tag', structural_tag: toolStructuralTag(format, tools) };
    let opened: OpenedStream;
    try {
      opened = await openStream(engine, request);
    } catch (error) {
      // A tool schema the grammar compiler cannot take: keep the call shapes, loosen the arguments.
      if (!request.response_format || !isGrammarError(error)) throw error;
      throwIfAborted(options.signal);
      request.response_format = {
        type: 'structural_tag',
        structural_tag: toolStructuralTag(format, tools, true)
      };
      opened = await openStream(engine, request);
    }
    const streamer = new FormattedStreamer(format, options.onDelta);
    let finish: string | null = null;
    let usage = { inputTokens: 0, outputTokens: 0 };
    for await (const chunk of chunksOf(opened, options.signal)) {
      if (chunk.usage)
        usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
      const choice = chunk.choices[0];
      if (!choice) continue;
      finish = choice.finish_reason ?? finish;
      if (choice.delta.content) streamer.push(choice.delta.content);
    }
    throwIfAborted(options.signal);
    streamer.end();
    const { text, toolCalls } = parseFormattedOutput(format, streamer.output);
    const finishReason = finish === 'length' ? 'length' : toolCalls.length > 0 ? 'tool_calls' : 'stop';
    return { text, toolCalls, finishReason, usage };
  }
}
