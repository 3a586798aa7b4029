import { describe, expect, it } from 'vitest';
import {
  explainUnreachable,
  isLoopbackUrl,
  normalizeAnthropicBaseUrl,
  normalizeOpenAiBaseUrl
} from './endpoint';

describe('isLoopbackUrl', () => {
  it.each([
    'http://localhost:11434',
    'http://LOCALHOST',
    'http://app.localhost:3000',
    'http://127.0.0.1:8080/v1',
    'http://127.45.3.2',
    'http://[::1]:1234',
    'http://[::ffff:127.0.0.1]:80'
  ])('counts %s as local', (url) => expect(isLoopbackUrl(url)).toBe(true));

  it.each([
    'https://api.openai.com/v1',
    'http://192.168.1.5:11434',
    'http://10.0.0.1',
    'http://0.0.0.0:8080',
    'http://localhost.example.com',
    'http://128.0.0.1',
    'http://[::2]',
    'not a url'
  ])('counts %s as remote', (url) => expect(isLoopbackUrl(url)).toBe(false));
});

describe('normalizeOpenAiBaseUrl', () => {
  it('adds /v1 to a bare host', () =>
    expect(normalizeOpenAiBaseUrl('http://localhost:11434/')).toBe('http://localhost:11434/v1'));
  it('keeps a given path', () =>
    expect(normalizeOpenAiBaseUrl('https://openrouter.ai/api/v1/')).toBe('https://openrouter.ai/api/v1'));
  it('strips a pasted /chat/completions', () =>
    expect(normalizeOpenAiBaseUrl('http://localhost:8080/v1/chat/completions')).toBe(
      'http://localhost:8080/v1'
    ));
  it('rejects a non-http URL', () =>
    expect(() => normalizeOpenAiBaseUrl('ftp://x')).toThrow('is not a valid http(s) URL'));
});

describe('normalizeAnthropicBaseUrl', () => {
  it('defaults to the public API', () =>
    expect(normalizeAnthropicBaseUrl(undefined)).toBe('https://api.anthropic.com'));
  it('drops a trailing /v1', () =>
    expect(normalizeAnthropicBaseUrl('https://proxy.example/anthropic/v1/')).toBe(
      'https://proxy.example/anthropic'
    ));
});

describe('explainUnreachable', () => {
  it('names OLLAMA_ORIGINS with the page origin for an Ollama port', () => {
    const message = explainUnreachable('http://localhost:11434/v1', 'https://folio.example');
    expect(message).toContain('Could not reach http://localhost:11434.');
    expect(message).toContain('CORS');
    expect(message).toContain('OLLAMA_ORIGINS=https://folio.example');
  });

  it('points LM Studio users at its CORS switch', () => {
    expect(explainUnreachable('http://127.0.0.1:1234/v1', 'http://localhost:4173')).toContain('LM Studio');
  });

  it('explains mixed content for a plain-HTTP remote server from an HTTPS page', () => {
    expect(explainUnreachable('http://192.168.1.9:11434', 'https://folio.example')).toContain(
      'served over HTTPS'
    );
  });

  it('leaves CORS out when the page has no origin (Node) or the same origin', () => {
    expect(explainUnreachable('http://localhost:11434')).not.toContain('CORS');
    expect(explainUnreachable('http://localhost:4173/v1', 'http://localhost:4173')).not.toContain('CORS');
  });
});
