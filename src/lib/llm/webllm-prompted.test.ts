import { describe, expect, it } from 'vitest';
import { parsePromptedOutput, PromptedStreamer } from './webllm-prompted';

function feed(text: string, size: number) {
  const streamer = new PromptedStreamer();
  const pieces = [];
  for (let i = 0; i < text.length; i += size) pieces.push(streamer.push(text.slice(i, i + size)));
  return { streamer, pieces: pieces.filter(Boolean) };
}

describe('PromptedStreamer', () => {
  it('decodes a reply whose escapes arrive split across pieces', () => {
    const { pieces } = feed('{"reply":"caf\\u00e9 \\"ok\\"\\n"}', 1);
    expect(pieces.map((p) => (p && 'reply' in p ? p.reply : '')).join('')).toBe('café "ok"\n');
  });

  it('streams tool arguments and holds back the closing brace of the answer', () => {
    const { streamer, pieces } = feed('{ "tool" : "append_to_note", "arguments" : {"text": "- socks"}  }', 3);
    const args = pieces.map((p) => (p && 'argumentsDelta' in p ? p.argumentsDelta : '')).join('');
    expect(args).toBe('{"text": "- socks"}');
    expect(streamer.argumentsText).toBe(args);
  });

  it('reveals nothing for output that is neither shape', () => {
    expect(feed('Sure! Here you go', 4).pieces).toEqual([]);
  });
});

describe('parsePromptedOutput', () => {
  it('keeps a cut-off answer as raw text', () => {
    expect(parsePromptedOutput('{"reply": "unfinis', 0)).toEqual({ text: '{"reply": "unfinis', toolCalls: [] });
  });

  it('reads a reply', () => {
    expect(parsePromptedOutput('{"reply":"hi"}', 0)).toEqual({ text: 'hi', toolCalls: [] });
  });
});
