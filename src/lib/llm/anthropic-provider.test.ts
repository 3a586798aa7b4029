import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../tests/model-server/script';
import { AnthropicProvider } from './anthropic-provider';
import { ABORT_BOUND_MS, HELLO as hello, rejection, useModelServer } from './provider.test-helpers';
import type { ChatDelta, ChatMessage } from './types';

const startServer = useModelServer();

async function setup(script: Turn[]) {
  const server = await startServer({ script });
  const provider = new AnthropicProvider({
    kind: 'anthropic',
    baseUrl: server.url,
    apiKey: 'sk-ant-test',
    model: 'claude-test'
  });
  return { server, provider };
}

describe('AnthropicProvider against the scripted server', () => {
  it('streams text deltas and returns the text with usage', async () => {
    const { provider } = await setup([
      { type: 'text', text: 'Hello, I am Claude.', pieceSize: 5, usage: { inputTokens: 30, outputTokens: 7 } }
    ]);
    const deltas: ChatDelta[] = [];
    const result = await provider.chat(hello, { onDelta: (d) => deltas.push(d) });
    expect(deltas.map((d) => (d.type === 'text' ? d.text : '')).join('')).toBe('Hello, I am Claude.');
    expect(result).toEqual({
      text: 'Hello, I am Claude.',
      toolCalls: [],
      finishReason: 'stop',
      usage: { inputTokens: 30, outputTokens: 7 }
    });
  });

  it('assembles parallel tool_use blocks into tool calls with streamed argument deltas', async () => {
    const { provider } = await setup([
      {
        type: 'tool_calls',
        text: 'Let me check.',
        pieceSize: 4,
        calls: [
          { id: 't1', name: 'search_notes', arguments: '{"query":"socks"}' },
          { id: 't2', name: 'list_tags', arguments: '{}' }
        ]
      }
    ]);
    const deltas: ChatDelta[] = [];
    const result = await provider.chat(hello, { onDelta: (d) => deltas.push(d) });
    expect(result.text).toBe('Let me check.');
    expect(result.finishReason).toBe('tool_calls');
    expect(result.toolCalls).toEqual([
      { id: 't1', name: 'search_notes', arguments: '{"query":"socks"}', parsed: { query: 'socks' } },
      { id: 't2', name: 'list_tags', arguments: '{}', parsed: {} }
    ]);
    const first = deltas.filter((d) => d.type === 'tool_call' && d.index === 0);
    expect(first.map((d) => (d.type === 'tool_call' ? d.argumentsDelta : '')).join('')).toBe(
      '{"query":"socks"}'
    );
  });

  it('sends system, merged tool results and tools in the Messages format', async () => {
    const { provider, server } = await setup([{ type: 'text', text: 'ok' }]);
    await provider.chat(
      [
        ...hello,
        {
          role: 'assistant',
          content: 'Searching.',
          toolCalls: [
            { id: 't1', name: 'search_notes', arguments: '{"query":"x"}', parsed: { query: 'x' } },
            { id: 't2', name: 'list_tags', arguments: '{', parseError: 'bad' }
          ]
        },
        { role: 'tool', toolCallId: 't1', name: 'search_notes', content: '[]' },
        {
          role: 'tool',
          toolCallId: 't2',
          name: 'list_tags',
          content: 'arguments are not valid JSON',
          isError: true
        },
        { role: 'user', content: 'And?' }
      ],
      {
        tools: [{ name: 'search_notes', description: 'Search', inputSchema: { type: 'object' } }],
        maxOutputTokens: 500
      }
    );
    const { body, headers } = server.requests[0];
    expect(headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    expect(body).toEqual({
      model: 'claude-test',
      max_tokens: 500,
      stream: true,
      system: [{ type: 'text', text: 'You are Folio.', cache_control: { type: 'ephemeral' } }],
      tools: [
        {
          name: 'search_notes',
          description: 'Search',
          input_schema: { type: 'object' },
          cache_control: { type: 'ephemeral' }
        }
      ],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Hello' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Searching.' },
            { type: 'tool_use', id: 't1', name: 'search_notes', input: { query: 'x' } },
            { type: 'tool_use', id: 't2', name: 'list_tags', input: {} }
          ]
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', content: '[]', is_error: false },
            {
              type: 'tool_result',
              tool_use_id: 't2',
              content: 'arguments are not valid JSON',
              is_error: true
            },
            { type: 'text', text: 'And?', cache_control: { type: 'ephemeral' } }
          ]
        }
      ]
    });
  });

  it('reads the cached prompt on the second step of a turn and reports it in the usage', async () => {
    const { provider } = await setup([
      { type: 'tool_calls', calls: [{ id: 't1', name: 'search_notes', arguments: '{"query":"x"}' }] },
      { type: 'text', text: 'Found it.' }
    ]);
    const system: ChatMessage = { role: 'system', content: 'You are Folio, a notes app. '.repeat(300) };
    const tools = [{ name: 'search_notes', description: 'Search', inputSchema: { type: 'object' } }];
    const step1 = await provider.chat([system, { role: 'user', content: 'Find x' }], { tools });
    const step2 = await provider.chat(
      [
        system,
        { role: 'user', content: 'Find x' },
        { role: 'assistant', content: '', toolCalls: step1.toolCalls },
        { role: 'tool', toolCallId: 't1', name: 'search_notes', content: '[]' }
      ],
      { tools }
    );
    expect(step1.usage.cacheWriteTokens).toBeGreaterThan(1024);
    expect(step1.usage.inputTokens).toBeGreaterThanOrEqual(step1.usage.cacheWriteTokens ?? 0);
    expect(step2.usage.cachedInputTokens).toBe(step1.usage.cacheWriteTokens);
    expect(step2.usage.inputTokens).toBeGreaterThan(step2.usage.cachedInputTokens ?? 0);
  });

  it('keeps malformed streamed tool input raw and marks it', async () => {
    const { provider } = await setup([
      { type: 'tool_calls', calls: [{ id: 't1', name: 'search_notes', arguments: '{"query": ' }] }
    ]);
    const [call] = (await provider.chat(hello)).toolCalls;
    expect(call.arguments).toBe('{"query": ');
    expect(call.parsed).toBeUndefined();
    expect(call.parseError).toMatch(/not valid JSON/);
  });

  it('reads an unstreamed JSON answer', async () => {
    const { provider } = await setup([
      {
        type: 'tool_calls',
        ignoreStream: true,
        calls: [{ id: 't1', name: 'list_tags', arguments: '{"limit":3}' }]
      }
    ]);
    const result = await provider.chat(hello);
    expect(result.toolCalls).toEqual([
      { id: 't1', name: 'list_tags', arguments: '{"limit":3}', parsed: { limit: 3 } }
    ]);
  });

  it('maps max_tokens to length', async () => {
    const { provider } = await setup([{ type: 'text', text: 'cut', finishReason: 'length' }]);
    expect((await provider.chat(hello)).finishReason).toBe('length');
  });

  it('turns 401 into an auth error quoting the API message', async () => {
    const { provider } = await setup([{ type: 'error', status: 401, message: 'invalid x-api-key' }]);
    const error = await rejection(provider.chat(hello));
    expect(error).toMatchObject({ kind: 'auth', status: 401 });
    expect(error.message).toBe('Anthropic answered 401: invalid x-api-key. Check the API key.');
  });

  it('turns 429 and 529 into retryable errors', async () => {
    const { provider } = await setup([
      { type: 'error', status: 429, message: 'Number of requests has exceeded your rate limit' },
      { type: 'error', status: 529, message: 'Overloaded' }
    ]);
    expect(await rejection(provider.chat(hello))).toMatchObject({ kind: 'rate_limit', retryable: true });
    expect(await rejection(provider.chat(hello))).toMatchObject({
      kind: 'server',
      status: 529,
      retryable: true
    });
  });

  it('reports a dropped stream as a network error', async () => {
    const { provider } = await setup([{ type: 'drop', text: 'Half an answer', afterPieces: 1 }]);
    expect(await rejection(provider.chat(hello))).toMatchObject({ kind: 'network', retryable: true });
  });

  it('reports a garbage event as a protocol error', async () => {
    const { provider } = await setup([{ type: 'garbage', text: 'Hm' }]);
    expect(await rejection(provider.chat(hello))).toMatchObject({ kind: 'protocol' });
  });

  it('rejects at once when aborted mid-stream, with no text after the abort', async () => {
    // 100 pieces, 50 ms apart: 5 s of stream left when the first piece aborts it.
    const { provider } = await setup([{ type: 'text', text: 'y'.repeat(100), pieceSize: 1, delayMs: 50 }]);
    const controller = new AbortController();
    let abortedAt = 0;
    let deltasAfterAbort = 0;
    const call = provider.chat(hello, {
      signal: controller.signal,
      onDelta: () => {
        if (abortedAt) return void deltasAfterAbort++;
        abortedAt = performance.now();
        controller.abort();
      }
    });
    expect(await rejection(call)).toMatchObject({ kind: 'aborted', code: 'aborted' });
    expect(performance.now() - abortedAt).toBeLessThan(ABORT_BOUND_MS);
    expect(deltasAfterAbort).toBe(0);
  });

  it('refuses to start without an API key', () => {
    expect(() => new AnthropicProvider({ kind: 'anthropic', apiKey: '', model: 'claude-test' })).toThrow(
      'Enter an Anthropic API key.'
    );
  });
});
