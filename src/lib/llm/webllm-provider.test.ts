import { describe, expect, it } from 'vitest';
import { ProviderError } from './errors';
import { detectWebGpu } from './webllm-gpu';
import { WebLlmProvider } from './webllm-provider';
import { FakeEngine, fakeFactory, fakeGpu } from './webllm-fake.test-helpers';
import { ABORT_BOUND_MS, rejection } from './provider.test-helpers';
import type { LoadProgress } from './webllm-engine';
import type { ChatDelta, ChatMessage } from './types';

const MODEL = 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC';
const searchTool = {
  name: 'search_notes',
  description: 'Search the notes',
  inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] }
};
const hello: ChatMessage[] = [
  { role: 'system', content: 'You are Folio.' },
  { role: 'user', content: 'Find my packing list' }
];

function setup(
  outputs: ConstructorParameters<typeof FakeEngine>[0],
  options: { delayMs?: number; features?: string[]; model?: string; native?: boolean } = {}
) {
  const engine = new FakeEngine(outputs, options.delayMs, options.model ?? MODEL);
  const factory = fakeFactory(engine, ['Hermes-3-Llama-3.1-8B-q4f32_1-MLC']);
  const progress: LoadProgress[] = [];
  const provider = new WebLlmProvider(
    { kind: 'webllm', model: options.model ?? MODEL },
    {
      createEngine: factory,
      gpu: fakeGpu(options.features),
      onProgress: (p) => progress.push(p),
      toolMode: options.native ? 'native' : 'prompted'
    }
  );
  return { engine, factory, provider, progress };
}

describe('detectWebGpu', () => {
  it('explains a browser without WebGPU', async () => {
    const support = await detectWebGpu(undefined);
    expect(support).toMatchObject({ ok: false });
    expect(support.ok || support.reason).toContain('does not offer WebGPU');
  });

  it('explains WebGPU without an adapter', async () => {
    const support = await detectWebGpu(fakeGpu([], false));
    expect(support.ok || support.reason).toContain('offers no graphics adapter');
  });

  it('reports whether shader-f16 is there', async () => {
    expect(await detectWebGpu(fakeGpu([]))).toEqual({ ok: true, shaderF16: false, maxBufferSizeMB: 1024 });
    expect(await detectWebGpu(fakeGpu(['shader-f16']))).toMatchObject({ shaderF16: true });
  });
});

describe('WebLlmProvider start-up', () => {
  it('refuses without WebGPU before loading anything', async () => {
    const engine = new FakeEngine([]);
    const factory = fakeFactory(engine);
    const provider = new WebLlmProvider({ kind: 'webllm', model: MODEL }, { createEngine: factory });
    const error = await rejection(provider.load());
    expect(error).toMatchObject({ kind: 'unsupported' });
    expect(error.message).toContain('WebGPU');
    expect(factory.calls).toBe(0);
  });

  it('refuses an f16 model on a device without shader-f16', async () => {
    const { provider, factory } = setup([], { features: [] });
    const error = await rejection(provider.load());
    expect(error.message).toContain('q4f32_1');
    expect(factory.calls).toBe(0);
  });

  it('reports download and load progress, and loads once', async () => {
    const { provider, factory, progress } = setup(['hi', 'again']);
    await provider.chat(hello);
    await provider.chat(hello);
    expect(progress.map((p) => p.phase)).toEqual(['download', 'load']);
    expect(factory.calls).toBe(1);
  });

  it('explains a failed download and can try again', async () => {
    const engine = new FakeEngine(['ok']);
    let attempts = 0;
    const provider = new WebLlmProvider(
      { kind: 'webllm', model: MODEL },
      {
        gpu: fakeGpu(),
        createEngine: async () => {
          attempts += 1;
          if (attempts === 1) throw new TypeError('Failed to fetch');
          return { engine, nativeToolIds: [] };
        }
      }
    );
    const error = await rejection(provider.load());
    expect(error).toMatchObject({ kind: 'network', retryable: true });
    expect(error.message).toContain('works offline');
    expect((await provider.chat(hello)).text).toBe('ok');
  });

  it('frees the engine on unload', async () => {
    const { provider, engine } = setup(['x']);
    await provider.load();
    await provider.unload();
    expect(engine.unloaded).toBe(true);
  });
});

const call = (name: string, args: string) =>
  `<tool_call>\n{"name": "${name}", "arguments": ${args}}\n</tool_call>`;

describe('WebLlmProvider tool calls in the family format', () => {
  it('constrains the answer with a structural tag over the tools, in the Qwen format for a Qwen model', async () => {
    const { provider, engine } = setup(['ok']);
    await provider.chat(hello, { tools: [searchTool] });
    const request = engine.requests[0];
    expect(request.response_format).toEqual({
      type: 'structural_tag',
      structural_tag: {
        type: 'structural_tag',
        format: {
          type: 'triggered_tags',
          triggers: ['<tool_call>'],
          tags: [
            {
              type: 'tag',
              begin: '<tool_call>\n{"name": "search_notes", "arguments": ',
              content: { type: 'json_schema', json_schema: searchTool.inputSchema },
              end: '}\n</tool_call>'
            }
          ]
        }
      }
    });
    expect(request.messages[0].role).toBe('system');
    expect(request.messages[0].content).toContain('You are Folio.');
    expect(request.messages[0].content).toContain('"name":"search_notes","description":"Search the notes"');
  });

  it('uses the Llama 3 JSON format for a Llama 3.2 model', async () => {
    const { provider, engine } = setup(['{"name": "search_notes", "parameters": {"query": "tent"}}'], {
      model: 'Llama-3.2-3B-Instruct-q4f16_1-MLC'
    });
    const result = await provider.chat(hello, { tools: [searchTool] });
    const format = engine.requests[0].response_format as {
      structural_tag: { format: { triggers: string[] } };
    };
    expect(format.structural_tag.format.triggers).toEqual(['{"name": ']);
    expect(result.toolCalls).toEqual([
      { id: 'call_0', name: 'search_notes', arguments: '{"query": "tent"}', parsed: { query: 'tent' } }
    ]);
  });

  it('turns calls in the answer into tool calls, several in one step, with the text around them as the reply', async () => {
    const { provider } = setup([
      `Searching twice.\n${call('search_notes', '{"query": "packing"}')}\n${call('search_notes', '{"query": "socks"}')}`
    ]);
    const result = await provider.chat(hello, { tools: [searchTool] });
    expect(result.finishReason).toBe('tool_calls');
    expect(result.text).toBe('Searching twice.');
    expect(result.toolCalls.map((c) => [c.id, c.parsed])).toEqual([
      ['call_0', { query: 'packing' }],
      ['call_1', { query: 'socks' }]
    ]);
    expect(result.usage.inputTokens).toBe(42);
  });

  it('streams the tool call arguments as they are generated', async () => {
    const { provider } = setup([call('search_notes', '{"query": "packing list for the lakes"}')]);
    const deltas: ChatDelta[] = [];
    const result = await provider.chat(hello, { tools: [searchTool], onDelta: (d) => deltas.push(d) });
    const calls = deltas.filter((d) => d.type === 'tool_call');
    expect(calls.length).toBeGreaterThan(5);
    expect(calls.every((d) => d.name === 'search_notes' && d.id === 'call_0')).toBe(true);
    expect(calls.map((d) => d.argumentsDelta).join('')).toBe(result.toolCalls[0].arguments);
  });

  it('streams a Markdown reply as it is written', async () => {
    const { provider } = setup(['Found **Packing**.\n\n- add socks?']);
    const deltas: ChatDelta[] = [];
    const result = await provider.chat(hello, { tools: [searchTool], onDelta: (d) => deltas.push(d) });
    expect(result).toMatchObject({
      text: 'Found **Packing**.\n\n- add socks?',
      toolCalls: [],
      finishReason: 'stop'
    });
    expect(deltas.map((d) => (d.type === 'text' ? d.text : '')).join('')).toBe(result.text);
    expect(deltas.length).toBeGreaterThan(3);
  });

  it('sends plain chat without a response format when no tools are offered', async () => {
    const { provider, engine } = setup(['Just text.']);
    const result = await provider.chat(hello);
    expect(result.text).toBe('Just text.');
    expect(engine.requests[0].response_format).toBeUndefined();
  });

  it('replays tool calls and results in the family format', async () => {
    const { provider, engine } = setup(['done']);
    await provider.chat(
      [
        ...hello,
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'c', name: 'search_notes', arguments: '{"query":"p"}', parsed: { query: 'p' } }]
        },
        { role: 'tool', toolCallId: 'c', name: 'search_notes', content: '[{"title":"Packing"}]' }
      ],
      { tools: [searchTool] }
    );
    expect(engine.requests[0].messages.slice(1)).toEqual([
      { role: 'user', content: 'Find my packing list' },
      { role: 'assistant', content: call('search_notes', '{"query":"p"}') },
      {
        role: 'user',
        content:
          '<tool_response>\n{"name":"search_notes","content":"[{\\"title\\":\\"Packing\\"}]"}\n</tool_response>'
      }
    ]);
  });

  it('loosens the arguments when the grammar compiler rejects a tool schema in the first chunk', async () => {
    const plugin = {
      name: 'plan_trip',
      description: 'Plan',
      inputSchema: { type: 'object', properties: { code: { type: 'string', pattern: '(?<=A)B' } } }
    };
    const { provider, engine } = setup([call('plan_trip', '{"code": "B"}')]);
    const result = await provider.chat(hello, { tools: [plugin] });
    expect(result.toolCalls[0].parsed).toEqual({ code: 'B' });
    expect(engine.requests).toHaveLength(2);
    const loose = engine.requests[1].response_format as {
      structural_tag: { format: { tags: { content: unknown }[] } };
    };
    expect(loose.structural_tag.format.tags[0].content).toEqual({
      type: 'json_schema',
      json_schema: { type: 'object' }
    });
  });

  it('reports an engine failure in the first chunk as a ProviderError', async () => {
    const { provider } = setup([new Error('device lost')]);
    const error = await rejection(provider.chat(hello));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toContain('device lost');
  });
});

describe('WebLlmProvider native tools and abort', () => {
  it('uses web-llm tools for a Hermes model in native mode, with the system prompt folded into the user turn', async () => {
    const chunks = [
      {
        choices: [
          {
            delta: {
              tool_calls: [
                { index: 0, id: 'h0', function: { name: 'search_notes', arguments: '{"query":"x"}' } }
              ]
            },
            finish_reason: 'tool_calls'
          }
        ]
      }
    ];
    const { provider, engine } = setup([chunks], {
      model: 'Hermes-3-Llama-3.1-8B-q4f32_1-MLC',
      native: true
    });
    const result = await provider.chat(hello, { tools: [searchTool] });
    expect(result.toolCalls).toEqual([
      { id: 'h0', name: 'search_notes', arguments: '{"query":"x"}', parsed: { query: 'x' } }
    ]);
    expect(engine.requests[0].tools?.[0].function.name).toBe('search_notes');
    expect(engine.requests[0].messages).toEqual([
      { role: 'user', content: 'You are Folio.\n\nFind my packing list' }
    ]);
  });

  it('rejects at once on abort, with no text after it, and interrupts the engine', async () => {
    // 200 pieces, 40 ms apart: 8 s of stream left when the first piece aborts it.
    const { provider, engine } = setup(['word '.repeat(200)], { delayMs: 40 });
    const controller = new AbortController();
    let abortedAt = 0;
    let deltasAfterAbort = 0;
    const call = provider.chat(hello, {
      tools: [searchTool],
      signal: controller.signal,
      onDelta: () => {
        if (abortedAt) return void deltasAfterAbort++;
        abortedAt = performance.now();
        controller.abort();
      }
    });
    expect(await rejection(call)).toMatchObject({ kind: 'aborted' });
    expect(performance.now() - abortedAt).toBeLessThan(ABORT_BOUND_MS);
    expect(deltasAfterAbort).toBe(0);
    expect(engine.interrupts).toBe(1);
  });
});
