import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildCatalog,
  DEFAULT_WEBLLM_MODEL_F16,
  DEFAULT_WEBLLM_MODEL_F32,
  defaultWebLlmModel,
  estimateDownloadMB,
  runnableModels
} from './webllm-catalog';
import { toLoadProgress, webLlmModels } from './webllm-engine';
import { WebLlmProvider } from './webllm-provider';
import { fakeGpu } from './webllm-fake.test-helpers';
import { ProviderError } from './errors';

describe('estimateDownloadMB', () => {
  it('estimates a 4-bit model from its parameter count', () =>
    expect(estimateDownloadMB('Qwen2.5-1.5B-Instruct-q4f16_1-MLC')).toBe(844));
  it('reads millions', () => expect(estimateDownloadMB('SmolLM2-360M-Instruct-q0f32-MLC')).toBe(1440));
  it('gives up on ids without a size', () =>
    expect(estimateDownloadMB('Phi-3.5-mini-instruct-q4f16_1-MLC')).toBeUndefined());
});

describe('the real web-llm catalogue', () => {
  it('holds both default models with memory and context figures', async () => {
    const catalog = await webLlmModels();
    for (const id of [DEFAULT_WEBLLM_MODEL_F16, DEFAULT_WEBLLM_MODEL_F32]) {
      const model = catalog.find((m) => m.id === id);
      expect(model?.memoryMB).toBeGreaterThan(1000);
      expect(model?.memoryMB).toBeLessThan(2500);
      expect(model?.contextLength).toBe(4096);
      expect(model?.downloadSizeMB).toBeGreaterThan(500);
    }
  });

  it('leaves out embedding and vision models', async () => {
    const ids = (await webLlmModels()).map((m) => m.id);
    expect(ids.some((id) => id.startsWith('snowflake-arctic-embed'))).toBe(false);
    expect(ids.some((id) => id.includes('vision'))).toBe(false);
  });

  it('marks the Hermes models as native tool callers', async () => {
    const catalog = await webLlmModels();
    expect(catalog.find((m) => m.id === 'Hermes-3-Llama-3.1-8B-q4f32_1-MLC')?.nativeTools).toBe(true);
    expect(catalog.find((m) => m.id === DEFAULT_WEBLLM_MODEL_F32)?.nativeTools).toBe(false);
  });

  it('offers only f32 builds to a device without shader-f16', async () => {
    const runnable = runnableModels(await webLlmModels(), false);
    expect(runnable.length).toBeGreaterThan(10);
    expect(runnable.every((m) => !/q\df16/.test(m.id))).toBe(true);
    expect(runnable.some((m) => m.id === defaultWebLlmModel(false))).toBe(true);
  });
});

describe('catalogue helpers', () => {
  it('sorts by memory need, smallest first', () => {
    const catalog = buildCatalog(
      [
        { model_id: 'Big-7B-q4f32_1-MLC', vram_required_MB: 5000 },
        { model_id: 'Small-1B-q4f32_1-MLC', vram_required_MB: 900 }
      ],
      []
    );
    expect(catalog.map((m) => m.id)).toEqual(['Small-1B-q4f32_1-MLC', 'Big-7B-q4f32_1-MLC']);
  });

  it('maps web-llm progress lines to download and load phases', () => {
    expect(
      toLoadProgress({ progress: 0.2, text: 'Fetching param cache[3/27]: 310MB fetched.' })
    ).toMatchObject({ phase: 'download', fraction: 0.2 });
    expect(toLoadProgress({ progress: 1.3, text: 'Loading model from cache[27/27]' })).toMatchObject({
      phase: 'load',
      fraction: 1
    });
  });
});

describe('the real web-llm engine start-up (no weights can be fetched here)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gets as far as the download and explains that it failed', async () => {
    // What a worker has and Node lacks: a location, and a Cache API. The cache is offline, as this
    // machine is: every fetch it tries fails the way a browser's does, and is recorded.
    vi.stubGlobal('location', new URL('http://localhost:4173/'));
    const fetched: string[] = [];
    const cache = {
      match: async () => undefined,
      add: async (request: Request) => {
        fetched.push(request.url);
        throw new TypeError('Failed to fetch');
      },
      keys: async () => [],
      delete: async () => false
    };
    vi.stubGlobal('caches', { open: async () => cache, delete: async () => false });
    const provider = new WebLlmProvider(
      { kind: 'webllm', model: DEFAULT_WEBLLM_MODEL_F32 },
      { gpu: fakeGpu([]) }
    );
    const error = await provider.load().then(
      () => undefined,
      (e: unknown) => e as ProviderError
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'network' });
    expect(error?.message).toContain(`Could not download ${DEFAULT_WEBLLM_MODEL_F32}`);
    expect(fetched[0]).toContain(`huggingface.co/mlc-ai/${DEFAULT_WEBLLM_MODEL_F32}`);
  }, 30_000);
});
