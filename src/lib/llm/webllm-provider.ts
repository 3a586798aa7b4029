/**
 * The in-browser provider: WebLLM running in the workspace worker on WebGPU. Nothing of web-llm
 * loads until `load()` (or the first chat) runs; the engine then reuses weights cached by the
 * browser, so a model downloaded once works offline.
 *
 * Tools: prompted and constrained by default, for every model (webllm-prompted.ts). web-llm's native
 * tools exist only for its Hermes models and are not the default even there: they force a tool call
 * on every turn (the model can never just answer, so an agent loop could not finish) and forbid a
 * custom system prompt (which carries the note context). `toolMode: 'native'` still offers them.
 *
 * Abort: the signal calls `engine.interruptGenerate()` and the call rejects at once, without waiting
 * for the engine to wind down; the next call waits for it before starting.
 */
import { abortedError, ProviderError, throwIfAborted } from './errors';
import { OpenAiAccumulator, toOpenAiTools } from './openai-wire';
import { detectWebGpu, type GpuLike } from './webllm-gpu';
import { createWebLlmEngine, loadError, type EngineFactory, type LoadProgress, type WebLlmChunk, type WebLlmEngine, type WebLlmRequest } from './webllm-engine';
import { needsShaderF16 } from './webllm-catalog';
import { toNativeMessages } from './webllm-native';
import { parsePromptedOutput, PromptedStreamer, promptedResponseSchema, toPromptedMessages } from './webllm-prompted';
import { finishToolCall } from './tool-args';
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

/** Rejects as soon as the signal aborts, whatever `work` is doing. */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  work.catch(() => undefined);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError());
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const GRAMMAR_ERRORS = /GrammarMatcherInitError|InvalidResponseFormat/;

/** Any failure inside the engine as a ProviderError. */
function engineError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  return new ProviderError('server', `The in-browser model failed: ${(error as Error)?.message ?? String(error)}`, { cause: error });
}

/** A ChatProvider running a WebLLM model in this context (the workspace worker). */
export class WebLlmProvider implements ChatProvider {
  readonly kind = 'webllm' as const;
  readonly model: string;
  private engine: Promise<{ engine: WebLlmEngine; nativeToolIds: readonly string[] }> | undefined;
  private idle: Promise<unknown> = Promise.resolve();

  constructor(
    config: WebLlmConfig,
    private readonly options: WebLlmProviderOptions = {}
  ) {
    if (!config.model) throw new ProviderError('config', 'Choose an in-browser model.');
    this.model = config.model;
  }

  /** Checks WebGPU, then downloads (or reuses) and loads the model, reporting progress. Idempotent. */
  load(signal?: AbortSignal): Promise<void> {
    return this.loaded(signal).then(() => undefined);
  }

  private loaded(signal?: AbortSignal) {
    const pending = (this.engine ??= this.start().catch((error: unknown) => {
      this.engine = undefined;
      throw error;
    }));
    return raceAbort(pending, signal);
  }

  private async start() {
    const gpu = await detectWebGpu(this.options.gpu);
    if (!gpu.ok) throw new ProviderError('unsupported', gpu.reason);
    if (!gpu.shaderF16 && needsShaderF16({ model_id: this.model })) {
      throw new ProviderError('unsupported', `${this.model} needs 16-bit GPU shaders, which this device lacks. Pick a model ending in q4f32_1.`);
    }
    const factory = this.options.createEngine ?? createWebLlmEngine;
    try {
      return await factory(this.model, (p) => this.options.onProgress?.(p));
    } catch (error) {
      throw loadError(this.model, error);
    }
  }

  /** Frees the GPU memory; a later chat loads the model again (from the cache). */
  async unload(): Promise<void> {
    const loaded = this.engine;
    this.engine = undefined;
    if (loaded) await (await loaded).engine.unload();
  }

  /** Sends the conversation; see ChatProvider. Loads the model first if needed. */
  async chat(messages: ChatMessage[], options: ChatOptions = {}): Promise<ChatResult> {
    throwIfAborted(options.signal);
    const { engine, nativeToolIds } = await this.loaded(options.signal);
    // One generation at a time: wait for the previous one (also an interrupted one) to end.
    const previous = this.idle;
    const work = previous.then(() => this.generate(engine, nativeToolIds, messages, options)).catch((error: unknown) => {
      throw engineError(error);
    });
    this.idle = work.catch(() => undefined);
    const onAbort = () => void engine.interruptGenerate();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await raceAbort(work, options.signal);
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  private generate(engine: WebLlmEngine, nativeToolIds: readonly string[], messages: ChatMessage[], options: ChatOptions): Promise<ChatResult> {
    throwIfAborted(options.signal);
    const tools = options.tools ?? [];
    const native = this.options.toolMode === 'native' && tools.length > 0 && nativeToolIds.includes(this.model);
    return native ? this.native(engine, messages, options) : this.prompted(engine, messages, options);
  }

  private base(options: ChatOptions): Pick<WebLlmRequest, 'stream' | 'stream_options' | 'max_tokens' | 'temperature'> {
    return {
      stream: true,
      stream_options: { include_usage: true },
      ...(options.maxOutputTokens !== undefined ? { max_tokens: options.maxOutputTokens } : {}),
      ...(options.temperature !== undefined ? { temperature: options.temperature } : {})
    };
  }

  private async native(engine: WebLlmEngine, messages: ChatMessage[], options: ChatOptions): Promise<ChatResult> {
    const request: WebLlmRequest = {
      ...this.base(options),
      messages: toNativeMessages(messages),
      tools: toOpenAiTools(options.tools ?? []) as WebLlmRequest['tools']
    };
    const acc = new OpenAiAccumulator(options.onDelta);
    for await (const chunk of await engine.chat.completions.create(request)) acc.add(chunk as unknown as OpenAI.Chat.ChatCompletionChunk);
    return acc.result();
  }

  private async prompted(engine: WebLlmEngine, messages: ChatMessage[], options: ChatOptions): Promise<ChatResult> {
    const tools = options.tools ?? [];
    const request: WebLlmRequest = { ...this.base(options), messages: toPromptedMessages(messages, tools) };
    if (tools.length > 0) request.response_format = { type: 'json_object', schema: promptedResponseSchema(tools) };
    let stream: AsyncIterable<WebLlmChunk>;
    try {
      stream = await engine.chat.completions.create(request);
    } catch (error) {
      // A tool schema the grammar compiler cannot take: keep the shape, loosen the arguments.
      if (!request.response_format || !GRAMMAR_ERRORS.test((error as Error).name ?? '')) throw error;
      request.response_format = { type: 'json_object', schema: promptedResponseSchema(tools, true) };
      stream = await engine.chat.completions.create(request);
    }
    return this.readPrompted(stream, tools.length > 0, options);
  }

  private async readPrompted(stream: AsyncIterable<WebLlmChunk>, withTools: boolean, options: ChatOptions): Promise<ChatResult> {
    const streamer = new PromptedStreamer();
    let finish: string | null = null;
    let usage = { inputTokens: 0, outputTokens: 0 };
    let streamedCall = false;
    for await (const chunk of stream) {
      if (chunk.usage) usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
      const choice = chunk.choices[0];
      if (!choice) continue;
      finish = choice.finish_reason ?? finish;
      const piece = choice.delta.content ?? '';
      const got = streamer.push(piece);
      if (!withTools) {
        if (piece) options.onDelta?.({ type: 'text', text: piece });
      } else if (got && 'reply' in got) {
        options.onDelta?.({ type: 'text', text: got.reply });
      } else if (got && got.argumentsDelta) {
        streamedCall = true;
        options.onDelta?.({ type: 'tool_call', index: 0, id: 'call_0', name: got.tool, argumentsDelta: got.argumentsDelta });
      }
    }
    throwIfAborted(options.signal);
    const length = finish === 'length';
    if (!withTools) return { text: streamer.text, toolCalls: [], finishReason: length ? 'length' : 'stop', usage };
    const parsed = parsePromptedOutput(streamer.text, 0);
    // Keep the arguments exactly as streamed, so the deltas add up to the call's arguments.
    const raw = streamer.argumentsText;
    const toolCalls = parsed.toolCalls.map((c) => (raw === undefined ? c : finishToolCall(c.id, c.name, raw, 0)));
    if (!streamedCall) toolCalls.forEach((c, index) => options.onDelta?.({ type: 'tool_call', index, id: c.id, name: c.name, argumentsDelta: c.arguments }));
    return { text: parsed.text, toolCalls, finishReason: length ? 'length' : toolCalls.length > 0 ? 'tool_calls' : 'stop', usage };
  }
}
