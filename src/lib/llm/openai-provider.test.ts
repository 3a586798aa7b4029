import { describe, expect, it, vi } from 'vitest';
import type { Turn } from '../../../tests/model-server/script';
import { ProviderError } from './errors';
import { OpenAiCompatibleProvider } from './openai-provider';
import { ABORT_BOUND_MS, HELLO as hello, rejection, useModelServer } from './provider.test-helpers';
import type { ChatDelta } from './types';

const startServer = useModelServer();

async function setup(script: Turn[], extra: Parameters<typeof startServer>[0] = {}) {
  const server = await startServer({ script, ...extra });
  const provider = new OpenAiCompatibleProvider({
    kind: 'openai-compatible',
    baseUrl: server.url,
    model: 'llama3.2'
  });
  return { server, provider };
}

const searchTool = {
  name: 'search_notes',
  description: 'Search notes',
  inputSchema: { type: 'object', properties: { query: { type: 'string' } } }
};

describe('OpenAiCompatibleProvider against the scripted server', () => {
  it('streams text deltas and returns the whole text with usage', async () => {
    const { provider } = await setup([
      { type: 'text', text: 'Hi there, friend.', pieceSize: 4, usage: { inputTokens: 20, outputTokens: 5 } }
    ]);
    const deltas: ChatDelta[] = [];
    const result = await provider.chat(hello, { onDelta: (d) => deltas.push(d) });
    expect(deltas.map((d) => (d.type === 'text' ? d.text : '')).join('')).toBe('Hi there, friend.');
    expect(deltas.length).toBe(5);
    expect(result).toEqual({
      text: 'Hi there, friend.',
      toolCalls: [],
      finishReason: 'stop',
      usage: { inputTokens: 20, outputTokens: 5 }
    });
  });

  it('assembles streamed parallel tool calls and parses their arguments', async () => {
    const { provider } = await setup([
      {
        type: 'tool_calls',
        pieceSize: 3,
        calls: [
          { id: 'a', name: 'search_notes', arguments: '{"query":"socks"}' },
          { id: 'b', name: 'list_tags', arguments: '' }
        ]
      }
    ]);
    const result = await provider.chat(hello, { tools: [searchTool] });
    expect(result.finishReason).toBe('tool_calls');
    expect(result.toolCalls).toEqual([
      { id: 'a', name: 'search_notes', arguments: '{"query":"socks"}', parsed: { query: 'socks' } },
      { id: 'b', name: 'list_tags', arguments: '', parsed: {} }
    ]);
  });

  it('streams tool-call argument deltas with the call id and name', async () => {
    const { provider } = await setup([
      {
        type: 'tool_calls',
        pieceSize: 6,
        calls: [{ id: 'a', name: 'append_to_note', arguments: '{"text":"- socks"}' }]
      }
    ]);
    const deltas: ChatDelta[] = [];
    await provider.chat(hello, { onDelta: (d) => deltas.push(d) });
    const calls = deltas.filter((d) => d.type === 'tool_call');
    expect(calls.every((d) => d.id === 'a' && d.name === 'append_to_note' && d.index === 0)).toBe(true);
    expect(calls.map((d) => d.argumentsDelta).join('')).toBe('{"text":"- socks"}');
    expect(calls.length).toBeGreaterThan(2);
  });

  it('sends messages, tool results and tools in the Chat Completions format', async () => {
    const { provider, server } = await setup([{ type: 'text', text: 'done' }]);
    await provider.chat(
      [
        ...hello,
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'c1', name: 'search_notes', arguments: '{"query":"x"}', parsed: { query: 'x' } }]
        },
        { role: 'tool', toolCallId: 'c1', name: 'search_notes', content: 'no such note', isError: true }
      ],
      { tools: [searchTool] }
    );
    expect(server.requests[0].body).toMatchObject({
      model: 'llama3.2',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'You are Folio.' },
        { role: 'user', content: 'Hello' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'search_notes', arguments: '{"query":"x"}' } }
          ]
        },
        { role: 'tool', tool_call_id: 'c1', content: 'Error: no such note' }
      ],
      tools: [
        {
          type: 'function',
          function: { name: 'search_notes', description: 'Search notes', parameters: searchTool.inputSchema }
        }
      ]
    });
  });

  it('sends only the headers a strict CORS server must allow: no telemetry, no empty key', async () => {
    const { provider, server } = await setup([
      { type: 'text', text: 'a' },
      { type: 'text', text: 'b' }
    ]);
    await provider.chat(hello);
    const keyed = new OpenAiCompatibleProvider({
      kind: 'openai-compatible',
      baseUrl: server.url,
      model: 'm',
      apiKey: 'sk-local'
    });
    await keyed.chat(hello);
    const [anonymous, withKey] = server.requests.map((r) => Object.keys(r.headers));
    expect(anonymous.filter((h) => h.startsWith('x-stainless') || h === 'authorization')).toEqual([]);
    expect(server.requests[1].headers.authorization).toBe('Bearer sk-local');
    expect(withKey.filter((h) => h.startsWith('x-stainless'))).toEqual([]);
  });

  it('reads a server that answers a streamed request with plain JSON', async () => {
    const { provider } = await setup([
      {
        type: 'tool_calls',
        ignoreStream: true,
        text: 'Looking.',
        calls: [{ id: 'a', name: 'list_tags', arguments: '{}' }]
      }
    ]);
    const deltas: ChatDelta[] = [];
    const result = await provider.chat(hello, { onDelta: (d) => deltas.push(d) });
    expect(result.text).toBe('Looking.');
    expect(result.toolCalls.map((c) => c.name)).toEqual(['list_tags']);
    expect(deltas[0]).toEqual({ type: 'text', text: 'Looking.' });
  });

  it('keeps malformed tool-call JSON raw and says what is wrong', async () => {
    const { provider } = await setup([
      { type: 'tool_calls', calls: [{ id: 'a', name: 'search_notes', arguments: '{"query": "socks"' }] }
    ]);
    const [call] = (await provider.chat(hello)).toolCalls;
    expect(call.arguments).toBe('{"query": "socks"');
    expect(call.parsed).toBeUndefined();
    expect(call.parseError).toMatch(/not valid JSON/);
  });

  it('reports tool calls as such when the server says stop', async () => {
    const { provider } = await setup([
      { type: 'tool_calls', finishAsStop: true, calls: [{ name: 'list_tags', arguments: '{}' }] }
    ]);
    expect((await provider.chat(hello)).finishReason).toBe('tool_calls');
  });

  it('reports a reply cut by the token limit as length', async () => {
    const { provider } = await setup([{ type: 'text', text: 'Once upon', finishReason: 'length' }]);
    expect((await provider.chat(hello)).finishReason).toBe('length');
  });

  it('turns 401 into an auth error quoting the server', async () => {
    const { provider } = await setup([
      { type: 'error', status: 401, message: 'Incorrect API key provided: sk-abc.' }
    ]);
    const error = await rejection(provider.chat(hello));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'auth', status: 401, retryable: false });
    expect(error.message).toContain('Incorrect API key provided: sk-abc.');
  });

  it('turns 429 into a retryable rate-limit error and succeeds on retry', async () => {
    const { provider } = await setup([
      { type: 'error', status: 429, message: 'Slow down.' },
      { type: 'text', text: 'ok' }
    ]);
    const error = await rejection(provider.chat(hello));
    expect(error).toMatchObject({ kind: 'rate_limit', status: 429, retryable: true });
    expect((await provider.chat(hello)).text).toBe('ok');
  });

  it('turns 500 into a server error', async () => {
    const { provider } = await setup([{ type: 'error', status: 500, message: 'model crashed' }]);
    expect(await rejection(provider.chat(hello))).toMatchObject({ kind: 'server', status: 500 });
  });

  it('reports a connection dropped mid-stream as a retryable network error', async () => {
    const { provider } = await setup([{ type: 'drop', text: 'This answer will be cut', afterPieces: 2 }]);
    const error = await rejection(provider.chat(hello));
    expect(error).toMatchObject({ kind: 'network', retryable: true });
    expect(error.message).toMatch(/closed before the answer was complete|ended before the model finished/);
  });

  it('reports a garbage stream line as a protocol error', async () => {
    const { provider } = await setup([{ type: 'garbage', text: 'Partial' }]);
    const error = await rejection(provider.chat(hello));
    expect(error).toMatchObject({ kind: 'protocol', retryable: true });
    expect(error.message).toContain('malformed');
  });

  it('says the base URL is wrong when an HTML page answers', async () => {
    const { provider } = await setup([
      { type: 'raw', status: 200, contentType: 'text/html', body: '<!doctype html><title>Folio</title>' }
    ]);
    const error = await rejection(provider.chat(hello));
    expect(error).toMatchObject({ kind: 'protocol' });
    expect(error.message).toContain("answered with text/html, not a model's answer. Check the base URL");
  });

  it('reports an error carried in a 200 JSON body', async () => {
    const { provider } = await setup([
      {
        type: 'raw',
        status: 200,
        contentType: 'application/json',
        body: '{"error":{"message":"model is loading"}}'
      }
    ]);
    expect((await rejection(provider.chat(hello))).message).toContain('model is loading');
  });

  it('explains an unreachable server', async () => {
    const { provider, server } = await setup([]);
    await server.close();
    const error = await rejection(provider.chat(hello));
    expect(error.kind).toBe('network');
    expect(error.message).toContain(`Could not reach ${server.url}`);
  });
});

describe('OpenAiCompatibleProvider abort', () => {
  it('rejects at once when aborted mid-stream, with no text after the abort, and closes the connection', async () => {
    // 100 pieces, 50 ms apart: 5 s of stream left when the first piece aborts it.
    const { provider, server } = await setup([
      { type: 'text', text: 'x'.repeat(100), pieceSize: 1, delayMs: 50 }
    ]);
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
    const error = await rejection(call);
    expect(performance.now() - abortedAt).toBeLessThan(ABORT_BOUND_MS);
    expect(deltasAfterAbort).toBe(0);
    expect(error).toMatchObject({ kind: 'aborted', code: 'aborted' });
    // The server sees the close when its socket does: waited for, not guessed.
    await vi.waitFor(() => expect(server.requests[0].closedEarly).toBe(true));
  });

  it('rejects at once when aborted while waiting for the first byte', async () => {
    const { provider } = await setup([{ type: 'text', text: 'late', ignoreStream: true, delayMs: 10_000 }]);
    const controller = new AbortController();
    const call = provider.chat(hello, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 100));
    const abortedAt = performance.now();
    controller.abort();
    expect(await rejection(call)).toMatchObject({ kind: 'aborted' });
    expect(performance.now() - abortedAt).toBeLessThan(ABORT_BOUND_MS);
  });
});

describe('OpenAiCompatibleProvider output limit parameter', () => {
  it('sends no output limit unless asked', async () => {
    const { provider, server } = await setup([{ type: 'text', text: 'ok' }]);
    await provider.chat(hello);
    expect(server.requests[0].body).not.toHaveProperty('max_tokens');
    expect(server.requests[0].body).not.toHaveProperty('max_completion_tokens');
  });

  it('switches to max_completion_tokens once when the server rejects max_tokens, then keeps it', async () => {
    const { provider, server } = await setup(
      [
        { type: 'text', text: 'one' },
        { type: 'text', text: 'two' }
      ],
      { unsupportedParams: ['max_tokens'] }
    );
    expect((await provider.chat(hello, { maxOutputTokens: 64 })).text).toBe('one');
    expect((await provider.chat(hello, { maxOutputTokens: 64 })).text).toBe('two');
    expect(
      server.requests.map((r) =>
        'max_tokens' in (r.body as object) ? 'max_tokens' : 'max_completion_tokens'
      )
    ).toEqual(['max_tokens', 'max_completion_tokens', 'max_completion_tokens']);
    expect(provider.maxTokensParam).toBe('max_completion_tokens');
  });

  it('switches back to max_tokens when a server rejects max_completion_tokens', async () => {
    const { server } = await setup([{ type: 'text', text: 'ok' }], {
      unsupportedParams: ['max_completion_tokens']
    });
    const provider = new OpenAiCompatibleProvider({
      kind: 'openai-compatible',
      baseUrl: server.url,
      model: 'm',
      maxTokensParam: 'max_completion_tokens'
    });
    expect((await provider.chat(hello, { maxOutputTokens: 10 })).text).toBe('ok');
    expect(server.requests[1].body).toMatchObject({ max_tokens: 10 });
  });

  it('drops stream_options for a server that rejects it, then keeps it off', async () => {
    const { provider, server } = await setup(
      [
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' }
      ],
      { unsupportedParams: ['stream_options'] }
    );
    expect((await provider.chat(hello)).text).toBe('a');
    expect((await provider.chat(hello)).text).toBe('b');
    expect(server.requests.map((r) => 'stream_options' in (r.body as object))).toEqual([true, false, false]);
  });

  it('gives up with the server message when the parameter it rejects is not one it can change', async () => {
    const { provider } = await setup([{ type: 'text', text: 'never' }], { unsupportedParams: ['stream'] });
    const error = await rejection(provider.chat(hello));
    expect(error).toMatchObject({ kind: 'bad_request', status: 400 });
    expect(error.message).toContain("Unsupported parameter: 'stream'");
  });

  it('starts with max_completion_tokens for api.openai.com', () => {
    const provider = new OpenAiCompatibleProvider({
      kind: 'openai-compatible',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-5'
    });
    expect(provider.maxTokensParam).toBe('max_completion_tokens');
  });
});
