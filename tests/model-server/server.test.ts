// The scripted server checked by the official clients: if its wire output drifted from the real
// protocols, these SDKs would fail to parse it or would build different results.
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startModelServer, type ModelServer } from './server';
import type { Turn } from './script';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(script: Turn[], extra: Parameters<typeof startModelServer>[0] = {}) {
  server = await startModelServer({ script, ...extra });
  return server;
}

const openai = (s: ModelServer) =>
  new OpenAI({ baseURL: `${s.url}/v1`, apiKey: 'sk-test', maxRetries: 0, logLevel: 'off' });
const anthropic = (s: ModelServer) =>
  new Anthropic({ baseURL: s.url, apiKey: 'sk-ant-test', maxRetries: 0, logLevel: 'off' });

const parallelCalls: Turn = {
  type: 'tool_calls',
  calls: [
    { name: 'search_notes', arguments: '{"query":"packing list","limit":5}' },
    { name: 'list_tags', arguments: '{}' }
  ],
  pieceSize: 5
};

describe('OpenAI Chat Completions wire, read by the openai SDK', () => {
  it('streams text as content deltas that add up to the scripted reply', async () => {
    const s = await start([{ type: 'text', text: 'Hello from the scripted model.', pieceSize: 4 }]);
    const stream = await openai(s).chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true
    });
    const pieces: string[] = [];
    let finish: string | null = null;
    for await (const chunk of stream) {
      pieces.push(chunk.choices[0]?.delta.content ?? '');
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(pieces.join('')).toBe('Hello from the scripted model.');
    expect(pieces.filter(Boolean).length).toBe(8);
    expect(finish).toBe('stop');
  });

  it('streams parallel tool calls that the SDK helper accumulates into whole calls', async () => {
    const s = await start([parallelCalls]);
    const runner = openai(s).chat.completions.stream({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }]
    });
    const final = await runner.finalChatCompletion();
    const calls = final.choices[0].message.tool_calls ?? [];
    expect(calls.map((c) => c.type === 'function' && [c.function.name, c.function.arguments])).toEqual([
      ['search_notes', '{"query":"packing list","limit":5}'],
      ['list_tags', '{}']
    ]);
    expect(final.choices[0].finish_reason).toBe('tool_calls');
  });

  it('sends a final usage chunk when stream_options.include_usage is set', async () => {
    const s = await start([{ type: 'text', text: 'ok', usage: { inputTokens: 12, outputTokens: 3 } }]);
    const stream = await openai(s).chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true }
    });
    let usage: OpenAI.CompletionUsage | undefined | null;
    for await (const chunk of stream) usage = chunk.usage ?? usage;
    expect(usage).toEqual({ prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 });
  });

  it('answers unstreamed requests with a whole chat.completion including tool calls', async () => {
    const s = await start([{ ...parallelCalls, text: 'Let me look.' }]);
    const completion = await openai(s).chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }]
    });
    const message = completion.choices[0].message;
    expect(message.content).toBe('Let me look.');
    expect(message.tool_calls?.map((c) => c.id)).toEqual(['call_1_0', 'call_1_1']);
  });

  it('returns HTTP errors that the SDK maps to its typed errors with the server message', async () => {
    const s = await start([
      { type: 'error', status: 401, message: 'Incorrect API key provided.' },
      { type: 'error', status: 429, message: 'Rate limit reached.' }
    ]);
    const request = () =>
      openai(s).chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    await expect(request()).rejects.toMatchObject({
      constructor: OpenAI.AuthenticationError,
      status: 401,
      message: '401 Incorrect API key provided.'
    });
    await expect(request()).rejects.toBeInstanceOf(OpenAI.RateLimitError);
  });

  it('rejects an unsupported parameter the way OpenAI does, without using up a turn', async () => {
    const s = await start([{ type: 'text', text: 'ok' }], { unsupportedParams: ['max_tokens'] });
    const client = openai(s);
    const base = { model: 'm', messages: [{ role: 'user' as const, content: 'x' }] };
    await expect(client.chat.completions.create({ ...base, max_tokens: 5 })).rejects.toMatchObject({
      status: 400,
      param: 'max_tokens',
      code: 'unsupported_parameter'
    });
    const ok = await client.chat.completions.create({ ...base, max_completion_tokens: 5 });
    expect(ok.choices[0].message.content).toBe('ok');
  });

  it('lists models in the OpenAI shape, keeping extra fields', async () => {
    const s = await start([], { models: [{ id: 'llama3.2', context_length: 8192 }] });
    const page = await openai(s).models.list();
    expect(page.data).toEqual([
      { id: 'llama3.2', object: 'model', created: 1735689600, owned_by: 'scripted', context_length: 8192 }
    ]);
  });
});

describe('Anthropic Messages wire, read by the @anthropic-ai/sdk', () => {
  const base = {
    model: 'claude-test',
    max_tokens: 100,
    messages: [{ role: 'user' as const, content: 'hi' }]
  };

  it('streams text that the SDK message stream assembles', async () => {
    const s = await start([
      {
        type: 'text',
        text: 'Bonjour, I am scripted.',
        pieceSize: 3,
        usage: { inputTokens: 9, outputTokens: 6 }
      }
    ]);
    const texts: string[] = [];
    const final = await anthropic(s)
      .messages.stream(base)
      .on('text', (t) => texts.push(t))
      .finalMessage();
    expect(texts.join('')).toBe('Bonjour, I am scripted.');
    expect(final.stop_reason).toBe('end_turn');
    expect(final.usage).toMatchObject({ input_tokens: 9, output_tokens: 6 });
  });

  it('streams parallel tool_use blocks whose JSON input the SDK parses', async () => {
    const s = await start([{ ...parallelCalls, text: 'Searching.' }]);
    const final = await anthropic(s).messages.stream(base).finalMessage();
    expect(final.content).toEqual([
      { type: 'text', text: 'Searching.' },
      { type: 'tool_use', id: 'toolu_1_0', name: 'search_notes', input: { query: 'packing list', limit: 5 } },
      { type: 'tool_use', id: 'toolu_1_1', name: 'list_tags', input: {} }
    ]);
    expect(final.stop_reason).toBe('tool_use');
  });

  it('answers unstreamed requests with a whole message', async () => {
    const s = await start([parallelCalls]);
    const message = await anthropic(s).messages.create(base);
    expect(message.content.map((b) => b.type)).toEqual(['tool_use', 'tool_use']);
  });

  it('returns errors in Anthropic shape that the SDK types by status', async () => {
    const s = await start([
      { type: 'error', status: 401, message: 'invalid x-api-key' },
      { type: 'error', status: 529, message: 'Overloaded' }
    ]);
    await expect(anthropic(s).messages.create(base)).rejects.toMatchObject({
      status: 401,
      apiMessage: 'invalid x-api-key',
      type: 'authentication_error'
    });
    await expect(anthropic(s).messages.create(base)).rejects.toMatchObject({
      status: 529,
      type: 'overloaded_error'
    });
  });

  it('lists models in the Anthropic shape when asked with anthropic-version', async () => {
    const s = await start([], { models: [{ id: 'claude-test' }] });
    const page = await anthropic(s).models.list();
    expect(page.data.map((m) => [m.id, m.type])).toEqual([['claude-test', 'model']]);
  });
});

describe('Anthropic prompt caching, read by the @anthropic-ai/sdk', () => {
  const longSystem = 'You are Folio. '.repeat(400);
  const params = (text: string) => ({
    model: 'claude-test',
    max_tokens: 64,
    system: [{ type: 'text' as const, text: longSystem, cache_control: { type: 'ephemeral' as const } }],
    messages: [{ role: 'user' as const, content: text }]
  });

  it('writes a long prefix to the cache on the first request and reads it on the next', async () => {
    const s = await start([
      { type: 'text', text: 'one' },
      { type: 'text', text: 'two' }
    ]);
    const first = await anthropic(s).messages.create(params('hi'));
    const second = await anthropic(s).messages.create(params('and again'));
    expect(first.usage.cache_creation_input_tokens).toBeGreaterThan(1024);
    expect(first.usage.cache_read_input_tokens).toBe(0);
    expect(second.usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
    expect(second.usage.input_tokens).toBeLessThan(first.usage.cache_creation_input_tokens ?? 0);
  });

  it('caches nothing below the minimum length or without cache_control', async () => {
    const s = await start([
      { type: 'text', text: 'one' },
      { type: 'text', text: 'two' }
    ]);
    const short = await anthropic(s).messages.create({
      model: 'm',
      max_tokens: 8,
      system: [{ type: 'text', text: 'Short.', cache_control: { type: 'ephemeral' } }],
      messages: [{ role: 'user', content: 'hi' }]
    });
    const unmarked = await anthropic(s).messages.create({
      model: 'm',
      max_tokens: 8,
      system: longSystem,
      messages: [{ role: 'user', content: 'hi' }]
    });
    for (const m of [short, unmarked])
      expect([m.usage.cache_creation_input_tokens, m.usage.cache_read_input_tokens]).toEqual([0, 0]);
  });

  it('reports the split in the streamed message_start as well', async () => {
    const s = await start([
      { type: 'text', text: 'one' },
      { type: 'text', text: 'two' }
    ]);
    await anthropic(s).messages.create(params('hi'));
    const stream = anthropic(s).messages.stream(params('more'));
    const final = await stream.finalMessage();
    expect(final.usage.cache_read_input_tokens).toBeGreaterThan(1024);
  });
});

describe('scripted faults, as the SDKs meet them', () => {
  const drain = async (iterable: AsyncIterable<unknown>) => {
    for await (const _ of iterable);
  };

  it('drops the connection mid-stream so the OpenAI SDK stream fails', async () => {
    const s = await start([{ type: 'drop', text: 'cut short here', afterPieces: 1 }]);
    const stream = await openai(s).chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      stream: true
    });
    await expect(drain(stream)).rejects.toThrow();
  });

  it('sends a garbage event that the Anthropic SDK cannot parse', async () => {
    const s = await start([{ type: 'garbage', text: 'Hm' }]);
    const stream = await anthropic(s).messages.create({
      model: 'c',
      max_tokens: 5,
      messages: [{ role: 'user', content: 'x' }],
      stream: true
    });
    await expect(drain(stream)).rejects.toBeInstanceOf(SyntaxError);
  });

  it('holds a non-streamed answer back for delayMs', async () => {
    const s = await start([{ type: 'text', text: 'late', ignoreStream: true, delayMs: 150 }]);
    const started = performance.now();
    await openai(s).chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });
});

describe('scripted server bookkeeping', () => {
  it('records each request body and the browser-access header', async () => {
    const s = await start([{ type: 'text', text: 'ok' }]);
    await new Anthropic({
      baseURL: s.url,
      apiKey: 'k',
      dangerouslyAllowBrowser: true,
      maxRetries: 0
    }).messages.create({
      model: 'claude-test',
      max_tokens: 10,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'hi' }]
    });
    expect(s.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/messages',
      body: { system: 'Be brief.', max_tokens: 10 }
    });
    expect(s.requests[0].headers['anthropic-dangerous-direct-browser-access']).toBe('true');
  });

  it('answers 500 with a clear message when the script has run out', async () => {
    const s = await start([]);
    await expect(
      openai(s).chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] })
    ).rejects.toThrow('no turn left');
  });

  it('answers CORS preflights with the asked headers allowed', async () => {
    const s = await start([]);
    const res = await fetch(`${s.url}/v1/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:4173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type'
      }
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
  });

  it('marks a request closed early when the client aborts a slow stream', async () => {
    const s = await start([{ type: 'text', text: 'x'.repeat(200), pieceSize: 1, delayMs: 20 }]);
    const controller = new AbortController();
    const stream = await openai(s).chat.completions.create(
      { model: 'm', messages: [{ role: 'user', content: 'x' }], stream: true },
      { signal: controller.signal }
    );
    for await (const _ of stream) {
      controller.abort();
    }
    // The server sees the close when its socket does: waited for, not guessed.
    await vi.waitFor(() => expect(s.requests[0].closedEarly).toBe(true));
  });
});
