// The per-family tool-call formats: the structural tag each family's requests carry, checked with
// web-llm's own XGrammar (the compiler a browser runs), and reading the answers back.
import { beforeAll, describe, expect, it } from 'vitest';
import { openWebLlm } from '../../../tests/webllm/open-webllm';
import { toolCallFormat, toolFormatFamily, type ToolFormatFamily } from './tool-formats';
import {
  FormattedStreamer,
  parseFormattedOutput,
  toFormattedMessages,
  toolStructuralTag
} from './webllm-structural';
import type { ChatDelta, ToolSpec } from './types';

// web-llm's module is 6.8 MB: opened once, with time to spare on a busy machine.
beforeAll(() => openWebLlm(), 120_000);

const search: ToolSpec = {
  name: 'search_notes',
  description: 'Search',
  inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] }
};
const append: ToolSpec = {
  name: 'append_to_note',
  description: 'Append',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }
};
const FAMILIES: ToolFormatFamily[] = ['qwen', 'hermes', 'llama3', 'generic'];

/** A call as a model of the family writes it. */
const written = (family: ToolFormatFamily, name: string, args: string) => {
  const format = toolCallFormat(family);
  return `${format.begin(name)}${args}${format.end(name)}`;
};

describe('toolFormatFamily', () => {
  it('maps web-llm model ids to their families', () => {
    expect(toolFormatFamily('Qwen2.5-1.5B-Instruct-q4f16_1-MLC')).toBe('qwen');
    expect(toolFormatFamily('Qwen3-4B-q4f16_1-MLC')).toBe('qwen');
    expect(toolFormatFamily('Hermes-3-Llama-3.1-8B-q4f32_1-MLC')).toBe('hermes');
    expect(toolFormatFamily('Llama-3.2-3B-Instruct-q4f16_1-MLC')).toBe('llama3');
    expect(toolFormatFamily('Phi-3.5-mini-instruct-q4f16_1-MLC')).toBe('generic');
    expect(toolFormatFamily('SmolLM2-1.7B-Instruct-q4f16_1-MLC')).toBe('generic');
  });

  it('writes each family as its chat template does', () => {
    expect(written('qwen', 'search_notes', '{"query": "x"}')).toBe(
      '<tool_call>\n{"name": "search_notes", "arguments": {"query": "x"}}\n</tool_call>'
    );
    expect(written('hermes', 'search_notes', '{"query": "x"}')).toBe(
      '<tool_call>\n{"arguments": {"query": "x"}, "name": "search_notes"}\n</tool_call>'
    );
    expect(written('llama3', 'search_notes', '{"query": "x"}')).toBe(
      '{"name": "search_notes", "parameters": {"query": "x"}}'
    );
  });
});

for (const family of FAMILIES) {
  describe(`${family} format under web-llm's XGrammar`, () => {
    const format = toolCallFormat(family);
    const accepts = async (text: string, loose = false) => {
      const { __xgrammar: xg } = await openWebLlm();
      return xg.Testings.isGrammarAcceptString(
        await xg.Grammar.fromStructuralTag(toolStructuralTag(format, [search, append], loose)),
        text
      );
    };

    it('lets a reply be free Markdown', async () =>
      expect(await accepts('Sure: **three** items\n\n- socks\n- tent')).toBe(true));
    it('accepts a call to an offered tool, with text before it', async () =>
      expect(await accepts(`Let me look.\n${written(family, 'search_notes', '{"query": "packing"}')}`)).toBe(
        true
      ));
    it('accepts several calls in one answer', async () => {
      expect(
        await accepts(
          `${written(family, 'search_notes', '{"query": "a"}')}\n${written(family, 'append_to_note', '{"text": "- socks"}')}`
        )
      ).toBe(true);
    });
    it('refuses a tool that is not offered', async () =>
      expect(await accepts(written(family, 'delete_note', '{"query": "a"}'))).toBe(false));
    it('refuses arguments against the tool schema', async () =>
      expect(await accepts(written(family, 'search_notes', '{"text": 1}'))).toBe(false));
    it('takes any object as arguments when loosened', async () =>
      expect(await accepts(written(family, 'search_notes', '{"text": 1}'), true)).toBe(true));

    it('reads the calls and the reply text back', () => {
      const out = `I'll check.\n${written(family, 'search_notes', '{"query": "a \\"b\\" {c}"}')}\n${written(family, 'append_to_note', '{"text": "x"}')}`;
      const parsed = parseFormattedOutput(format, out);
      expect(parsed.text).toBe("I'll check.");
      expect(parsed.toolCalls.map((c) => [c.name, c.parsed])).toEqual([
        ['search_notes', { query: 'a "b" {c}' }],
        ['append_to_note', { text: 'x' }]
      ]);
    });

    it('streams text and call arguments that add up to the parsed answer', () => {
      const out = `Looking.\n${written(family, 'search_notes', '{"query": "lake district packing"}')}\nDone.`;
      for (const size of [1, 3, 7]) {
        const deltas: ChatDelta[] = [];
        const streamer = new FormattedStreamer(format, (d) => deltas.push(d));
        for (let i = 0; i < out.length; i += size) streamer.push(out.slice(i, i + size));
        streamer.end();
        const parsed = parseFormattedOutput(format, out);
        const text = deltas.flatMap((d) => (d.type === 'text' ? [d.text] : [])).join('');
        const args = deltas.flatMap((d) => (d.type === 'tool_call' ? [d.argumentsDelta] : [])).join('');
        expect(text.replace(/\s+/g, ' ').trim()).toBe(parsed.text.replace(/\s+/g, ' ').trim());
        expect(args).toBe(parsed.toolCalls[0].arguments);
        expect(
          deltas
            .filter((d) => d.type === 'tool_call')
            .every((d) => d.type === 'tool_call' && d.name === 'search_notes')
        ).toBe(true);
      }
    });
  });
}

describe('toFormattedMessages', () => {
  it('lists the tools in the system prompt and replays calls and results in the family format', () => {
    const format = toolCallFormat('qwen');
    const messages = toFormattedMessages(
      [
        { role: 'system', content: 'You are Folio.' },
        { role: 'user', content: 'Find it' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'c', name: 'search_notes', arguments: '{"query":"p"}', parsed: { query: 'p' } }]
        },
        { role: 'tool', toolCallId: 'c', name: 'search_notes', content: '[]' }
      ],
      [search],
      format
    );
    expect(messages[0].content).toContain('You are Folio.');
    expect(messages[0].content).toContain('<tools>\n{"type":"function","function":{"name":"search_notes"');
    expect(messages.slice(1)).toEqual([
      { role: 'user', content: 'Find it' },
      {
        role: 'assistant',
        content: '<tool_call>\n{"name": "search_notes", "arguments": {"query":"p"}}\n</tool_call>'
      },
      { role: 'user', content: '<tool_response>\n{"name":"search_notes","content":"[]"}\n</tool_response>' }
    ]);
  });
});
