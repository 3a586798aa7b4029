import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../../tests/model-server/server';
import { testConnection } from './connection';
import { contextLengthFor, listModels, LOCAL_DEFAULT_CONTEXT_TOKENS } from './models';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('listModels', () => {
  it("lists an OpenAI-compatible server's models sorted, with stated context lengths", async () => {
    server = await startModelServer({
      models: [{ id: 'qwen2.5:7b' }, { id: 'llama3.2', max_model_len: 8192 }]
    });
    const models = await listModels({ kind: 'openai-compatible', baseUrl: server.url, model: '' });
    expect(models).toEqual([{ id: 'llama3.2', contextLength: 8192 }, { id: 'qwen2.5:7b' }]);
  });

  it('lists Anthropic models with display names', async () => {
    server = await startModelServer({ models: [{ id: 'claude-test', display_name: 'Claude Test' }] });
    const models = await listModels({ kind: 'anthropic', baseUrl: server.url, apiKey: 'k', model: '' });
    expect(models).toEqual([{ id: 'claude-test', label: 'Claude Test' }]);
    expect(server.requests[0].headers['anthropic-version']).toBeTruthy();
  });

  it('rejects with the unreachable explanation when nothing listens', async () => {
    server = await startModelServer();
    await server.close();
    await expect(
      listModels({ kind: 'openai-compatible', baseUrl: server.url, model: '' })
    ).rejects.toMatchObject({ kind: 'network' });
  });
});

describe('contextLengthFor', () => {
  it('believes what the server stated', () => {
    expect(
      contextLengthFor(
        { kind: 'openai-compatible', baseUrl: 'http://localhost:8000', model: 'x' },
        { id: 'x', contextLength: 32768 }
      )
    ).toBe(32768);
  });
  it('knows hosted families', () => {
    expect(contextLengthFor({ kind: 'anthropic', apiKey: 'k', model: 'claude-sonnet-4-5' })).toBe(200_000);
    expect(
      contextLengthFor({
        kind: 'openai-compatible',
        baseUrl: 'https://openrouter.ai/api/v1',
        model: 'openai/gpt-4o-mini'
      })
    ).toBe(128_000);
  });
  it('assumes a small window for unknown local models', () => {
    expect(
      contextLengthFor({ kind: 'openai-compatible', baseUrl: 'http://localhost:11434', model: 'mistral' })
    ).toBe(LOCAL_DEFAULT_CONTEXT_TOKENS);
  });
});

describe('testConnection', () => {
  it('reports success with the reply', async () => {
    server = await startModelServer({ script: [{ type: 'text', text: 'OK' }] });
    const result = await testConnection({ kind: 'openai-compatible', baseUrl: server.url, model: 'm' });
    expect(result).toMatchObject({ ok: true, model: 'm', reply: 'OK' });
    expect(server.requests[0].body).toMatchObject({
      max_tokens: 16,
      messages: [{ role: 'user', content: 'Reply with OK.' }]
    });
  });

  it('reports the exact failure instead of throwing', async () => {
    server = await startModelServer({
      script: [{ type: 'error', status: 404, message: "model 'nope' not found" }]
    });
    const result = await testConnection({
      kind: 'anthropic',
      baseUrl: server.url,
      apiKey: 'k',
      model: 'nope'
    });
    expect(result).toEqual({
      ok: false,
      kind: 'not_found',
      status: 404,
      message: "Anthropic answered 404: model 'nope' not found. Check the base URL and the model name."
    });
  });
});
