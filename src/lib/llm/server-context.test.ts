// The served context window, read from each local server's own endpoint (the scripted server in
// that server's shapes; Ollama's checked with the official `ollama` client).
import { describe, expect, it } from 'vitest';
import { Ollama } from 'ollama';
import { servedContextTokens } from './models';
import { useModelServer } from './provider.test-helpers';
import type { OpenAiCompatibleConfig } from './types';

const start = useModelServer();
const config = (url: string, model = 'qwen2.5:1.5b'): OpenAiCompatibleConfig => ({
  kind: 'openai-compatible',
  baseUrl: `${url}/v1`,
  model
});

describe('servedContextTokens', () => {
  it('takes llama.cpp’s n_ctx from /props, not the training window its /v1/models shows', async () => {
    const server = await start({
      models: [{ id: 'qwen2.5-1.5b' }],
      flavor: { flavor: 'llamacpp', servedContextTokens: 8192, trainContextTokens: 32_768 }
    });
    expect(await servedContextTokens(config(server.url, 'qwen2.5-1.5b'))).toBe(8192);
    expect(server.requests.map((r) => r.path)).toContain('/props');
  });

  it('takes Ollama’s num_ctx from /api/show', async () => {
    const server = await start({
      models: [{ id: 'qwen2.5:1.5b' }],
      flavor: { flavor: 'ollama', servedContextTokens: 16_384, trainContextTokens: 32_768 }
    });
    expect(await servedContextTokens(config(server.url))).toBe(16_384);
  });

  it('assumes Ollama’s default num_ctx when the Modelfile sets none', async () => {
    const server = await start({
      models: [{ id: 'qwen2.5:1.5b' }],
      flavor: { flavor: 'ollama', setsNumCtx: false, trainContextTokens: 32_768 }
    });
    expect(await servedContextTokens(config(server.url))).toBe(4096);
  });

  it('takes LM Studio’s loaded context length', async () => {
    const server = await start({
      models: [{ id: 'qwen2.5-7b-instruct' }],
      flavor: { flavor: 'lmstudio', servedContextTokens: 12_000, trainContextTokens: 32_768 }
    });
    expect(await servedContextTokens(config(server.url, 'qwen2.5-7b-instruct'))).toBe(12_000);
  });

  it('takes vLLM’s max_model_len', async () => {
    const server = await start({
      models: [{ id: 'Qwen/Qwen2.5-7B-Instruct' }],
      flavor: { flavor: 'vllm', servedContextTokens: 20_000 }
    });
    expect(await servedContextTokens(config(server.url, 'Qwen/Qwen2.5-7B-Instruct'))).toBe(20_000);
  });

  it('says nothing for a server that states nothing', async () => {
    const server = await start({ models: [{ id: 'plain' }] });
    expect(await servedContextTokens(config(server.url, 'plain'))).toBeUndefined();
  });
});

describe('the scripted Ollama endpoints, read by the official ollama client', () => {
  it('answers show() and version() in the shapes the client types', async () => {
    const server = await start({
      models: [{ id: 'qwen2.5:1.5b' }],
      flavor: { flavor: 'ollama', servedContextTokens: 8192 }
    });
    const client = new Ollama({ host: server.url });
    const shown = await client.show({ model: 'qwen2.5:1.5b' });
    expect(shown.parameters).toMatch(/num_ctx\s+8192/);
    // Typed as a Map by the client, sent as a JSON object by Ollama.
    expect((shown.model_info as unknown as Record<string, number>)['qwen2.context_length']).toBe(32_768);
    expect(shown.capabilities).toContain('tools');
    expect((await client.version()).version).toBe('0.12.3');
    await expect(client.show({ model: 'missing' })).rejects.toThrow(/not found/);
  });
});
