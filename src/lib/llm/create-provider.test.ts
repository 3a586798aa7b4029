import { describe, expect, it } from 'vitest';
import {
  AnthropicProvider,
  createProvider,
  isLocalProvider,
  OpenAiCompatibleProvider,
  ProviderError,
  providerErrorData,
  WebLlmProvider
} from './index';

describe('createProvider', () => {
  it('builds the provider of each kind', () => {
    expect(
      createProvider({ kind: 'openai-compatible', baseUrl: 'http://localhost:11434', model: 'llama3.2' })
    ).toBeInstanceOf(OpenAiCompatibleProvider);
    expect(createProvider({ kind: 'anthropic', apiKey: 'k', model: 'claude-test' })).toBeInstanceOf(
      AnthropicProvider
    );
    expect(createProvider({ kind: 'webllm', model: 'Qwen2.5-1.5B-Instruct-q4f32_1-MLC' })).toBeInstanceOf(
      WebLlmProvider
    );
  });

  it('refuses a config without a model', () => {
    expect(() =>
      createProvider({ kind: 'openai-compatible', baseUrl: 'http://localhost:11434', model: '' })
    ).toThrow('Choose a model');
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() =>
      createProvider({ kind: 'openai-compatible', baseUrl: 'localhost:11434', model: 'm' })
    ).toThrow('not a valid http(s) URL');
  });
});

describe('isLocalProvider', () => {
  it('counts WebLLM and loopback servers as local', () => {
    expect(isLocalProvider({ kind: 'webllm', model: 'x' })).toBe(true);
    expect(
      isLocalProvider({ kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:8080/v1', model: 'x' })
    ).toBe(true);
  });

  it('counts hosted APIs and LAN servers as remote', () => {
    expect(isLocalProvider({ kind: 'anthropic', apiKey: 'k', model: 'x' })).toBe(false);
    expect(
      isLocalProvider({ kind: 'openai-compatible', baseUrl: 'http://192.168.1.20:11434', model: 'x' })
    ).toBe(false);
  });
});

describe('providerErrorData', () => {
  it('keeps kind, status and retryability as plain data', () => {
    const data = providerErrorData(new ProviderError('rate_limit', 'Slow down.', { status: 429 }));
    expect(data).toEqual({
      name: 'ProviderError',
      message: 'Slow down.',
      code: 'internal',
      kind: 'rate_limit',
      status: 429,
      retryable: true
    });
    expect(structuredClone(data)).toEqual(data);
  });

  it('ignores other errors', () => expect(providerErrorData(new Error('x'))).toBeUndefined());
});
