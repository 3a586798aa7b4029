// The fake engine's contract, checked against web-llm 0.2.86's own MLCEngine: every behaviour the
// WebLLM provider relies on runs here on both, with the same assertions. The real engine runs its
// own code for everything but the GPU forward passes (tests/webllm/real-engine.ts), including the
// grammar compile of prefill through its bundled XGrammar. If the fake drifts from web-llm (or a
// web-llm upgrade changes one of these), a test here fails for one of the two.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { realEngine, REAL_ENGINE_MODEL } from '../../../tests/webllm/real-engine';
import { openWebLlm } from '../../../tests/webllm/open-webllm';
import { FAKE_NATIVE_TOOL_MODELS, FakeEngine } from './webllm-fake.test-helpers';
import type { StructuralTag, WebLlmChunk, WebLlmRequest } from './webllm-engine';

interface Subject {
  create(request: WebLlmRequest): Promise<AsyncIterable<WebLlmChunk>>;
  interruptGenerate(): unknown;
  unload(): Promise<void>;
  /** Generations that reached prefill. */
  prefills(): number;
}

type Make = (outputs: string[], options?: { decodeDelayMs?: number }) => Promise<Subject>;

// web-llm's module is 6.8 MB: opened once, with time to spare on a busy machine.
beforeAll(() => openWebLlm(), 120_000);

const subjects: [name: string, make: Make][] = [
  [
    'web-llm MLCEngine',
    async (outputs, options) => {
      const { engine, log } = await realEngine(outputs, options);
      return {
        create: (request) =>
          engine.chat.completions.create(request as never) as unknown as Promise<AsyncIterable<WebLlmChunk>>,
        interruptGenerate: () => engine.interruptGenerate(),
        unload: () => engine.unload(),
        prefills: () => log.prefills
      };
    }
  ],
  [
    'FakeEngine',
    async (outputs, options) => {
      const engine = new FakeEngine(outputs, options?.decodeDelayMs ?? 0, REAL_ENGINE_MODEL);
      return {
        create: (request) => engine.chat.completions.create(request),
        interruptGenerate: () => engine.interruptGenerate(),
        unload: () => engine.unload(),
        prefills: () => engine.prefills
      };
    }
  ]
];

const request = (extra: Partial<WebLlmRequest> = {}): WebLlmRequest => ({
  messages: [
    { role: 'system', content: 'You are Folio.' },
    { role: 'user', content: 'Hello' }
  ],
  stream: true,
  stream_options: { include_usage: true },
  ...extra
});

/** A tool schema XGrammar cannot compile: regex lookbehind in a pattern. */
const LOOKBEHIND = { type: 'object', properties: { id: { type: 'string', pattern: '(?<=x)y' } } };

async function drain(stream: AsyncIterable<WebLlmChunk>) {
  let text = '';
  let finish: string | null = null;
  let usage: WebLlmChunk['usage'];
  for await (const chunk of stream) {
    text += chunk.choices[0]?.delta.content ?? '';
    finish = chunk.choices[0]?.finish_reason ?? finish;
    usage = chunk.usage ?? usage;
  }
  return { text, finish, usage };
}

async function errorName(work: Promise<unknown>): Promise<string> {
  return work.then(
    () => 'resolved',
    (e: Error) => e.name
  );
}

for (const [name, make] of subjects) {
  describe(`engine contract: ${name}`, () => {
    it('returns the stream from create() before generating anything', async () => {
      const engine = await make(['Hi there.']);
      const stream = await engine.create(request());
      expect(engine.prefills()).toBe(0);
      expect(await drain(stream)).toMatchObject({ text: 'Hi there.', finish: 'stop' });
      expect(engine.prefills()).toBe(1);
    });

    it('ends a stream with a usage chunk when include_usage is set', async () => {
      const engine = await make(['Hi.']);
      const { usage } = await drain(await engine.create(request()));
      expect(usage?.prompt_tokens).toBeGreaterThan(0);
      expect(usage?.completion_tokens).toBeGreaterThan(0);
    });

    it('rejects tools for a model without native tool calls from create()', async () => {
      const engine = await make(['x']);
      const tools = [
        {
          type: 'function' as const,
          function: { name: 'search_notes', description: 'Search', parameters: { type: 'object' } }
        }
      ];
      expect(await errorName(engine.create(request({ tools })))).toBe('UnsupportedModelIdError');
      expect(engine.prefills()).toBe(0);
    });

    it('rejects a structural_tag format without its definition from create()', async () => {
      const engine = await make(['x']);
      const format = { type: 'structural_tag' } as unknown as WebLlmRequest['response_format'];
      expect(await errorName(engine.create(request({ response_format: format })))).toBe(
        'InvalidResponseFormatStructuralTagError'
      );
    });

    it('fails a schema the grammar compiler rejects at the first next(), not in create()', async () => {
      const engine = await make(['{}']);
      const stream = await engine.create(
        request({ response_format: { type: 'json_object', schema: JSON.stringify(LOOKBEHIND) } })
      );
      expect(await errorName(drain(stream))).toBe('GrammarMatcherInitError');
    });

    it('compiles a structural tag with free text outside the tags', async () => {
      const engine = await make(['Plain **Markdown** reply.']);
      const structural_tag: StructuralTag = {
        type: 'structural_tag',
        format: {
          type: 'triggered_tags',
          triggers: ['<tool_call>'],
          tags: [
            {
              type: 'tag',
              begin: '<tool_call>\n{"name": "list_tags", "arguments": ',
              content: { type: 'json_schema', json_schema: { type: 'object' } },
              end: '}\n</tool_call>'
            }
          ]
        }
      };
      const stream = await engine.create(
        request({ response_format: { type: 'structural_tag', structural_tag } })
      );
      expect(await drain(stream)).toMatchObject({ text: 'Plain **Markdown** reply.', finish: 'stop' });
    });

    it('ends the running stream with finish_reason abort on interruptGenerate()', async () => {
      const engine = await make(['word '.repeat(40)], { decodeDelayMs: 2 });
      const stream = (await engine.create(request()))[Symbol.asyncIterator]();
      const first = await stream.next();
      expect(first.value?.choices[0]?.delta.content).toBeTruthy();
      await engine.interruptGenerate();
      const rest = await drain({ [Symbol.asyncIterator]: () => stream });
      expect(rest.finish).toBe('abort');
      expect(rest.text.length).toBeLessThan('word '.repeat(40).length);
    });

    it('clears an interrupt that came before the generation started', async () => {
      const engine = await make(['Complete answer.']);
      const stream = await engine.create(request());
      await engine.interruptGenerate();
      expect(await drain(stream)).toMatchObject({ text: 'Complete answer.', finish: 'stop' });
    });

    it('refuses requests after unload()', async () => {
      const engine = await make(['x']);
      await engine.unload();
      expect(await errorName(engine.create(request()))).toBe('ModelNotLoadedError');
    });
  });
}

describe('web-llm itself (pinned facts the provider relies on)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('returns quietly from reload() when unload() stops the download', async () => {
    // A browser's Cache.add rejects with an AbortError when the request's signal aborts; this
    // cache waits for exactly that (no weights are fetched on this machine).
    const started: string[] = [];
    const cache = {
      match: async () => undefined,
      add: (request: Request) =>
        new Promise((_, reject) => {
          started.push(request.url);
          request.signal.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError'))
          );
        }),
      keys: async () => [],
      delete: async () => false
    };
    vi.stubGlobal('caches', { open: async () => cache, delete: async () => false });
    const webllm = await openWebLlm();
    const engine = new webllm.MLCEngine({ logLevel: 'SILENT' });
    const reload = engine.reload(REAL_ENGINE_MODEL);
    await vi.waitFor(() => expect(started.length).toBe(1));
    await engine.unload();
    // No error: whoever started the load must check for itself that it was stopped.
    await expect(reload).resolves.toBeUndefined();
  });

  it('lists only the Hermes models as native tool callers', async () => {
    const webllm = await openWebLlm();
    expect(webllm.functionCallingModelIds.every((id) => id.startsWith('Hermes-'))).toBe(true);
  });

  it('has the fake take native tools on exactly the models web-llm does', async () => {
    const webllm = await openWebLlm();
    expect(FAKE_NATIVE_TOOL_MODELS).toEqual(webllm.functionCallingModelIds);
  });

  it('accepts native tool calls, several calls and free Markdown under a Qwen-style structural tag', async () => {
    const { __xgrammar: xg } = await openWebLlm();
    const tag = (tool: string) => ({
      type: 'tag',
      begin: `<tool_call>\n{"name": "${tool}", "arguments": `,
      content: {
        type: 'json_schema',
        json_schema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] }
      },
      end: '}\n</tool_call>'
    });
    const grammar = await xg.Grammar.fromStructuralTag({
      type: 'structural_tag',
      format: {
        type: 'triggered_tags',
        triggers: ['<tool_call>'],
        tags: [tag('search_notes'), tag('semantic_search_notes')]
      }
    });
    const call = (tool: string, args: string) =>
      `<tool_call>\n{"name": "${tool}", "arguments": ${args}}\n</tool_call>`;
    expect(await xg.Testings.isGrammarAcceptString(grammar, 'Just **Markdown**, no call.')).toBe(true);
    expect(
      await xg.Testings.isGrammarAcceptString(
        grammar,
        `Looking.\n${call('search_notes', '{"query": "a"}')}\n${call('semantic_search_notes', '{"query": "b"}')}`
      )
    ).toBe(true);
    expect(await xg.Testings.isGrammarAcceptString(grammar, call('delete_note', '{"query": "a"}'))).toBe(
      false
    );
    expect(await xg.Testings.isGrammarAcceptString(grammar, call('search_notes', '{"q": 1}'))).toBe(false);
  });
});
