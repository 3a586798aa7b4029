// A fake web-llm engine with the real engine's interface, for tests: no weights can be downloaded
// where tests run. It streams scripted outputs in small pieces and honours interruptGenerate.
import type { AdapterLike, GpuLike } from './webllm-gpu';
import type { EngineFactory, WebLlmChunk, WebLlmEngine, WebLlmRequest } from './webllm-engine';

/** One scripted generation: raw output text, or chunks as given (for native tool calls), or a throw. */
export type FakeOutput = string | WebLlmChunk[] | Error;

/** A fake MLCEngine. */
export class FakeEngine implements WebLlmEngine {
  requests: WebLlmRequest[] = [];
  interrupts = 0;
  unloaded = false;
  private interrupted = false;

  constructor(
    private outputs: FakeOutput[],
    private delayMs = 0
  ) {}

  chat = {
    completions: {
      create: async (request: WebLlmRequest): Promise<AsyncIterable<WebLlmChunk>> => {
        this.requests.push(structuredClone(request));
        const output = this.outputs.shift();
        if (output === undefined) throw new Error('fake engine has no output left');
        if (output instanceof Error) throw output;
        this.interrupted = false;
        return Array.isArray(output) ? this.replay(output) : this.stream(output);
      }
    }
  };

  private async *replay(chunks: WebLlmChunk[]): AsyncIterable<WebLlmChunk> {
    yield* chunks;
  }

  private async *stream(text: string): AsyncIterable<WebLlmChunk> {
    for (let i = 0; i < text.length; i += 4) {
      if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
      if (this.interrupted) {
        yield { choices: [{ delta: {}, finish_reason: 'abort' }] };
        return;
      }
      yield { choices: [{ delta: { content: text.slice(i, i + 4) }, finish_reason: null }] };
    }
    yield { choices: [{ delta: {}, finish_reason: 'stop' }] };
    yield { choices: [], usage: { prompt_tokens: 42, completion_tokens: Math.ceil(text.length / 4) } };
  }

  interruptGenerate(): void {
    this.interrupts += 1;
    this.interrupted = true;
  }

  async unload(): Promise<void> {
    this.unloaded = true;
  }
}

/** A factory handing out one fake engine, counting how often it was asked, reporting progress. */
export function fakeFactory(engine: FakeEngine, nativeToolIds: string[] = []): EngineFactory & { calls: number } {
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
  const value: AdapterLike = { features: new Set(features), limits: { maxBufferSize: 2 ** 30, maxStorageBufferBindingSize: 2 ** 30 } };
  return { requestAdapter: async () => (adapter ? value : null) };
}
