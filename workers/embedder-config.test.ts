import { describe, expect, it } from 'vitest';
import { createEmbedder, validateEmbedderConfig } from './embedder-config';

describe('validateEmbedderConfig', () => {
  it('rejects an unknown kind, naming the choices', () => {
    expect(() => validateEmbedderConfig({ kind: 'magic' })).toThrow(/choose none, hashed-ngram/);
  });

  it('asks for a base URL and a model for an OpenAI-compatible server', () => {
    expect(() =>
      validateEmbedderConfig({ kind: 'openai-compatible', baseUrl: 'localhost:11434', model: 'm' })
    ).toThrow(/base URL/);
    expect(() =>
      validateEmbedderConfig({ kind: 'openai-compatible', baseUrl: 'http://localhost:11434/v1', model: ' ' })
    ).toThrow(/model/);
  });

  it('needs the opt-in for a server that is not on this device', () => {
    const remote = { kind: 'openai-compatible', baseUrl: 'https://embed.example.com/v1', model: 'm' };
    expect(() => validateEmbedderConfig(remote)).toThrow(/embed\.example\.com is not on this device/);
    expect(validateEmbedderConfig({ ...remote, allowRemote: true }).allowRemote).toBe(true);
  });

  it('accepts only WebLLM’s embedding models', () => {
    expect(() => validateEmbedderConfig({ kind: 'webllm', model: 'Llama-3-8B' })).toThrow(
      /Unknown WebLLM embedding model/
    );
    expect(
      validateEmbedderConfig({ kind: 'webllm', model: 'snowflake-arctic-embed-s-q0f32-MLC-b4' }).model
    ).toBe('snowflake-arctic-embed-s-q0f32-MLC-b4');
  });

  it('drops fields the kind does not use', () => {
    expect(validateEmbedderConfig({ kind: 'hashed-ngram', baseUrl: 'http://x', apiKey: 'k' })).toEqual({
      kind: 'hashed-ngram'
    });
  });
});

describe('createEmbedder', () => {
  it('makes no embedder for none, and the local lexical one for hashed-ngram', () => {
    expect(createEmbedder({ kind: 'none' })).toBeNull();
    expect(createEmbedder({ kind: 'hashed-ngram' })?.id).toMatch(/^hashed-ngram/);
  });
});
