import { describe, expect, it } from 'vitest';
import type { ToolTranscriptEntry, TurnResult } from '$lib/agent';
import { chatTitle, failedTurn, finishedTurn, historyOf, restoreTurns, upsertTool, usageText, type ChatTurn } from './chat-turns';

const turn = (patch: Partial<ChatTurn> = {}): ChatTurn => ({ id: 't', user: 'Hi', reply: '', tools: [], status: 'running', messages: [], ...patch });
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
  messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Done' }],
  transcript: [entry({ result: { content: [{ type: 'text', text: 'x' }] } })],
  steps: 2,
  usage: { inputTokens: 1200, outputTokens: 34 },
  ...patch
});

describe('chat turns', () => {
  it('builds the history from finished turns only', () => {
    const done = finishedTurn(turn({ id: 'a' }), result());
    const failed = failedTurn(turn({ id: 'b' }), 'failed', 'boom');
    expect(historyOf([done, failed])).toEqual(result().messages);
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
    expect(failed.messages).toEqual([]);
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
    expect(usageText({ inputTokens: 9000, outputTokens: 80, cachedInputTokens: 7500 })).toBe('9,000 tokens in (7,500 from cache), 80 out');
  });

  it('titles a conversation by the start of its first message', () => {
    expect(chatTitle([turn({ user: `  ${'word '.repeat(20)}` })])).toHaveLength(60);
  });
});
