import { describe, expect, it, vi } from 'vitest';
import { createAgent } from './agent';
import { FakeWorkspace, ScriptedProvider } from './testing/scripted-provider';
import type { ChatMessage } from './types';

const longTurn = (n: number): ChatMessage[] => [
  { role: 'user', content: `question ${n} ${'q'.repeat(1500)}` },
  { role: 'assistant', content: `answer ${n} ${'a'.repeat(1500)}` }
];
const history = Array.from({ length: 10 }, (_, n) => longTurn(n)).flat();

describe('context window', () => {
  it('trims the oldest turns to a 4k model and says so', async () => {
    const provider = new ScriptedProvider([{ text: 'ok' }]);
    const agent = createAgent({ provider, tools: new FakeWorkspace([]), contextTokens: 4096 });
    const onTrim = vi.fn();
    const result = await agent.runNoteChat({}, history, 'latest question', { onTrim });
    const sent = provider.requests[0].messages;
    expect(onTrim).toHaveBeenCalledTimes(1);
    expect(onTrim.mock.calls[0][0].droppedTurns).toBeGreaterThan(0);
    expect(result.trim).toEqual(onTrim.mock.calls[0][0]);
    expect(sent[0].role).toBe('system');
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'latest question' });
    expect(sent[1].content).toMatch(/^question [1-9]/);
    const chars = sent.reduce((sum, m) => sum + m.content.length, 0);
    expect(chars / 3.5).toBeLessThan(4096);
  });

  it('sends the whole history to a model with a large window', async () => {
    const provider = new ScriptedProvider([{ text: 'ok' }]);
    const agent = createAgent({ provider, tools: new FakeWorkspace([]), contextTokens: 128_000 });
    const onTrim = vi.fn();
    await agent.runNoteChat({}, history, 'latest', { onTrim });
    expect(provider.requests[0].messages).toHaveLength(history.length + 2);
    expect(onTrim).not.toHaveBeenCalled();
  });

  it('reports trimming once per change, not on every step', async () => {
    const tools = new FakeWorkspace([
      { id: 'ping', description: 'Ping.', inputSchema: { type: 'object' }, run: () => 'pong' }
    ]);
    const provider = new ScriptedProvider([{ calls: [{ name: 'ping', arguments: {} }] }, { text: 'ok' }]);
    const agent = createAgent({ provider, tools, contextTokens: 4096 });
    const onTrim = vi.fn();
    await agent.runNoteChat({}, history, 'latest', { onTrim });
    expect(provider.requests).toHaveLength(2);
    expect(onTrim).toHaveBeenCalledTimes(1);
  });

  it('learns the characters per token from the usage the provider reports', async () => {
    // The provider says each request cost far more tokens than 3.5 chars/token predicts, so the
    // second turn must trim harder than the first did.
    const provider = new ScriptedProvider([{ text: 'ok', inputTokens: 20_000 }, { text: 'ok' }]);
    const agent = createAgent({ provider, tools: new FakeWorkspace([]), contextTokens: 16_000 });
    await agent.runNoteChat({}, history, 'first');
    await agent.runNoteChat({}, history, 'second');
    const [first, second] = provider.requests.map((r) => r.messages.length);
    expect(second).toBeLessThan(first);
  });
});
