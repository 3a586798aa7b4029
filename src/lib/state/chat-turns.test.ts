import { describe, expect, it } from 'vitest';
import type { ToolTranscriptEntry, TurnResult } from '$lib/agent';
import {
  chatTitle,
  failedTurn,
  finishedTurn,
  historyOf,
  restoreTurns,
  upsertTool,
  usageText,
  type ChatTurn
} from './chat-turns';

const turn = (patch: Partial<ChatTurn> = {}): ChatTurn => ({
  id: 't',
  user: 'Hi',
  reply: '',
  tools: [],
  status: 'running',
  messages: [],
  ...patch
});
const entry = (patch: Partial<ToolTranscriptEntry> = {}): ToolTranscriptEntry => ({
  kind: 'tool',
  id: 'c1',
  tool: 'read_note',
  arguments: {},
  isError: false,
  durationMs: 0,
  step: 1,
  ...patch
});
const result = (patch: Partial<TurnResult> = {}): TurnResult => ({
  reply: 'Done',
  edits: [],
  messages: [
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: 'Done' }
  ],
  transcript: [entry({ result: { content: [{ type: 'text', text: 'x' }] } })],
  steps: 2,
  usage: { inputTokens: 1200, outputTokens: 34 },
  ...patch
});

describe('chat turns', () => {
  it('builds the history from finished turns and what unfinished ones did', () => {
    const done = finishedTurn(turn({ id: 'a' }), result());
    const failedBeforeAnswer = failedTurn(
      turn({ id: 'b' }),
      'failed',
      'boom',
      result({ messages: [{ role: 'user', content: 'Hi' }] })
    );
    const running = turn({ id: 'c', messages: [{ role: 'user', content: 'now' }] });
    expect(historyOf([done, failedBeforeAnswer, running])).toEqual(result().messages);
  });

  it('keeps a stopped turn’s calls in the history, closed by a note of how it ended', () => {
    const messages: TurnResult['messages'] = [
      { role: 'user', content: 'Make a packing list' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'create_note', arguments: '{}' }] },
      { role: 'tool', toolCallId: 'c1', name: 'create_note', content: '{"id":"n1"}' }
    ];
    const stopped = failedTurn(turn(), 'stopped', undefined, result({ reply: '', messages }));
    expect(stopped.messages.slice(0, 3)).toEqual(messages);
    expect(stopped.messages[3]).toMatchObject({
      role: 'assistant',
      content: expect.stringMatching(/stopped this turn/)
    });
    expect(historyOf([stopped])).toEqual(stopped.messages);
  });

  it('puts the earlier attempts of a retried turn before its own messages', () => {
    const retried = finishedTurn(turn({ earlier: [{ role: 'user', content: 'first try' }] }), result());
    expect(historyOf([retried])).toEqual([{ role: 'user', content: 'first try' }, ...result().messages]);
  });

  it('replaces a running tool entry when its result arrives', () => {
    const running = upsertTool([], entry());
    const finished = upsertTool(running, entry({ result: { content: [] }, durationMs: 5 }));
    expect(finished).toHaveLength(1);
    expect(finished[0].durationMs).toBe(5);
  });

  it('keeps the calls of a failed turn from its partial result', () => {
    const failed = failedTurn(turn(), 'failed', 'The model call failed', result({ reply: '' }));
    expect(failed.tools).toHaveLength(1);
    expect(failed.messages.slice(0, 2)).toEqual(result().messages);
    expect(failed.messages[2].content).toMatch(/ended here with an error: The model call failed/);
    expect(failed.error).toBe('The model call failed');
  });

  it('marks a turn stored while running as interrupted', () => {
    const [restored] = restoreTurns([turn()]);
    expect(restored.status).toBe('failed');
    expect(restored.error).toMatch(/interrupted/);
  });

  it('drops stored entries that are not turns', () => {
    expect(restoreTurns([null, 3, { id: 1 }, turn({ status: 'done' })])).toHaveLength(1);
  });

  it('words the token usage', () => {
    expect(usageText({ inputTokens: 1200, outputTokens: 34 })).toBe('1,200 tokens in, 34 out');
    expect(usageText({ inputTokens: 0, outputTokens: 0 })).toBe('');
    expect(usageText({ inputTokens: 9000, outputTokens: 80, cachedInputTokens: 7500 })).toBe(
      '9,000 tokens in (7,500 from cache), 80 out'
    );
  });

  it('titles a conversation by the start of its first message', () => {
    expect(chatTitle([turn({ user: `  ${'word '.repeat(20)}` })])).toHaveLength(60);
  });
});
