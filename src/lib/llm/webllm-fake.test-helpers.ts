// A fake web-llm engine with the real engine's interface and timing, for tests: no weights can be
// downloaded where tests run. What it imitates is pinned against web-llm's own code by
// webllm-engine-contract.test.ts (the same checks run on both), so it cannot drift:
// - `create()` checks the request at once and rejects for a bad one (tools on a model without
//   native tools, a response format missing its field, a model that is not loaded), but returns
//   the stream without running anything: the generation starts at the stream's first `next()`;
// - prefill (the first `next()`) is where the grammar of a response format is compiled, so a
//   schema XGrammar rejects fails there, as GrammarMatcherInitError, and so does a scripted Error;
// - `interruptGenerate()` stops the generation that is running: its stream ends with a chunk whose
//   finish_reason is `abort`; a generation that starts afterwards clears the flag and runs;
// - generations take turns on one lock; `unload()` drops the model, and `create()` then rejects.
import type { AdapterLike, GpuLike } from './webllm-gpu';
import type { EngineFactory, WebLlmChunk, WebLlmEngine, WebLlmRequest } from './webllm-engine';

/** One scripted generation: raw output text, or chunks as given (for native tool calls), or an Error thrown in prefill. */
export type FakeOutput = string | WebLlmChunk[] | Error;

/** web-llm's function-calling models (its `functionCallingModelIds`). */
export const FAKE_NATIVE_TOOL_MODELS = [
  'Hermes-2-Pro-Llama-3-8B-q4f16_1-MLC',
  'Hermes-2-Pro-Llama-3-8B-q4f32_1-MLC',
  'Hermes-2-Pro-Mistral-7B-q4f16_1-MLC',
  'Hermes-3-Llama-3.1-8B-q4f32_1-MLC',
  'Hermes-3-Llama-3.1-8B-q4f16_1-MLC'
];

/** An Error with web-llm's class name, as its errors carry it. */
export function webLlmError(name: string, message: string): Error {
  return Object.assign(new Error(message), { name });
}

/**
 * Whether XGrammar refuses to compile a response format. The fake knows the refusal that matters
 * to Folio (plugin schemas are arbitrary): regex lookaround in a `pattern`, which XGrammar's regex
 * converter does not support ("Lookbehind is not supported yet").
 */
export function grammarRejects(format: WebLlmRequest['response_format']): boolean {
  return format !== undefined && /\(\?<?[=!]/.test(JSON.stringify(format));
}

/** A fake MLCEngine. */
export class FakeEngine implements WebLlmEngine {
  requests: WebLlmRequest[] = [];
  interrupts = 0;
  /** Generations that reached prefill (a stream nobody iterates never gets there). */
  prefills = 0;
  unloaded = false;
  private interruptSignal = false;
  private lock: Promise<void> = Promise.resolve();

  constructor(
    private outputs: FakeOutput[],
    private delayMs = 0,
    readonly model = 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC'
  ) {}

  chat = {
    completions: {
      create: async (request: WebLlmRequest): Promise<AsyncIterable<WebLlmChunk>> => {
        this.check(request);
        this.requests.push(structuredClone(request));
        return this.generate(request);
      }
    }
  };

  /** The checks web-llm's postInitAndCheckFields makes before anything runs. */
  private check(request: WebLlmRequest): void {
    if (this.unloaded)
      throw webLlmError(
        'ModelNotLoadedError',
        'Model not loaded before trying to complete ChatCompletionRequest. Please ensure you have called MLCEngine.reload(model) to load the model before initiating APIs, or initialize your engine using CreateMLCEngine() with a valid model configuration.'
      );
    const last = request.messages.at(-1)?.role;
    if (last !== 'user' && last !== 'tool')
      throw webLlmError('MessageOrderError', 'Last message should be from either `user` or `tool`.');
    if (request.messages.some((m, i) => m.role === 'system' && i !== 0))
      throw webLlmError(
        'SystemMessageOrderError',
        'System prompt should always be the first message in `messages`.'
      );
    const format = request.response_format as
      { type?: string; schema?: unknown; structural_tag?: unknown } | undefined;
    if (format?.schema !== undefined && format.type !== 'json_object')
      throw webLlmError(
        'InvalidResponseFormatError',
        'JSON schema is only supported with `json_object` response format.'
      );
    if ((format?.type === 'structural_tag') !== (format?.structural_tag !== undefined)) {
      throw webLlmError(
        'InvalidResponseFormatStructuralTagError',
        'When ResponseFormat.type is `structural_tag`, ResponseFormat.structural_tag needs to be specified.\nWhen ResponseFormat.structural_tag is specified, ResponseFormat.type needs to be structural_tag.'
      );
    }
    if (request.tools && !FAKE_NATIVE_TOOL_MODELS.includes(this.model)) {
      throw webLlmError(
        'UnsupportedModelIdError',
        `${this.model} is not supported for ChatCompletionRequest.tools. Currently, models that support function calling are: ${FAKE_NATIVE_TOOL_MODELS.join(', ')}`
      );
    }
  }

  private async *generate(request: WebLlmRequest): AsyncGenerator<WebLlmChunk> {
    const previous = this.lock;
    let release = () => {};
    this.lock = new Promise((resolve) => (release = resolve));
    await previous;
    try {
      this.interruptSignal = false;
      this.prefills += 1;
      if (grammarRejects(request.response_format))
        throw webLlmError(
          'GrammarMatcherInitError',
          'Failed to initialize grammar matcher: Regex parsing error: Lookbehind is not supported yet.'
        );
      const output = this.outputs.shift();
      if (output === undefined) throw new Error('fake engine has no output left');
      if (output instanceof Error) throw output;
      if (Array.isArray(output)) yield* output;
      else yield* this.stream(output, request);
    } finally {
      release();
    }
  }

  private async *stream(text: string, request: WebLlmRequest): AsyncGenerator<WebLlmChunk> {
    let finish = 'stop';
    for (let i = 0; i < text.length; i += 4) {
      if (this.interruptSignal) {
        finish = 'abort';
        break;
      }
      yield { choices: [{ delta: { content: text.slice(i, i + 4) }, finish_reason: null }] };
      if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    }
    yield { choices: [{ delta: {}, finish_reason: finish }] };
    if (request.stream_options?.include_usage)
      yield { choices: [], usage: { prompt_tokens: 42, completion_tokens: Math.ceil(text.length / 4) } };
  }

  interruptGenerate(): void {
    this.interrupts += 1;
    this.interruptSignal = true;
  }

  async unload(): Promise<void> {
    this.unloaded = true;
  }
}

/** A factory handing out one fake engine, counting how often it was asked, reporting progress. */
export function fakeFactory(
  engine: FakeEngine,
  nativeToolIds: string[] = []
): EngineFactory & { calls: number } {
  const factory = Object.assign(
    async (_model: string, onProgress: Parameters<EngineFactory>[1]) => {
      factory.calls += 1;
      onProgress({ fraction: 0.5, phase: 'download', text: 'Fetching param cache[1/2]' });
      onProgress({ fraction: 1, phase: 'load', text: 'Loading model from cache[2/2]' });
      return { engine, nativeToolIds };
    },
    { calls: 0 }
  );
  return factory;
}

/** A fake navigator.gpu. */
export function fakeGpu(features: string[] = ['shader-f16'], adapter = true): GpuLike {
  const value: AdapterLike = {
    features: new Set(features),
    limits: { maxBufferSize: 2 ** 30, maxStorageBufferBindingSize: 2 ** 30 }
  };
  return { requestAdapter: async () => (adapter ? value : null) };
}
