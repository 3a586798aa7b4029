import { describe, expect, it } from 'vitest';
import { fitToContext, MIN_RESULT_CHARS } from './trim';
import type { ChatMessage } from './types';

const system: ChatMessage = { role: 'system', content: 'S'.repeat(350) }; // about 100 tokens
const turn = (n: number, resultChars = 35): ChatMessage[] => [
  { role: 'user', content: `question ${n}` },
  { role: 'assistant', content: '', toolCalls: [{ id: `c${n}`, name: 'read_note', arguments: '{}' }] },
  { role: 'tool', toolCallId: `c${n}`, name: 'read_note', content: 'r'.repeat(resultChars) },
  { role: 'assistant', content: `answer ${n}` }
];
const fit = (history: ChatMessage[][], current: ChatMessage[], budgetTokens: number) =>
  fitToContext({ system, history, current, budgetTokens, charsPerToken: 3.5 });

describe('fitToContext', () => {
  it('sends everything unchanged when it fits', () => {
    const history = [turn(1), turn(2)];
    const current = [{ role: 'user', content: 'now' } as ChatMessage];
    const result = fit(history, current, 10_000);
    expect(result.messages).toEqual([system, ...history.flat(), ...current]);
    expect(result.trim).toBeUndefined();
  });

  it('leaves out the oldest turns first, keeping the system prompt and the current turn', () => {
    const history = [turn(1), turn(2), turn(3)];
    const current: ChatMessage[] = [{ role: 'user', content: 'now' }];
    const result = fit(history, current, 170);
    expect(result.messages[0]).toBe(system);
    expect(result.messages.at(-1)).toBe(current[0]);
    expect(result.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
      'question 3',
      'now'
    ]);
    expect(result.trim).toMatchObject({ droppedTurns: 2, shortenedResults: 0, overBudget: false });
  });

  it('never splits a turn, so no tool result loses its call', () => {
    const result = fit([turn(1), turn(2)], [{ role: 'user', content: 'now' }], 160);
    const calls = new Set(
      result.messages.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []).map((c) => c.id) : []))
    );
    for (const m of result.messages) if (m.role === 'tool') expect(calls.has(m.toolCallId)).toBe(true);
  });

  it('shortens a tool result longer than its share of the budget, with a marker', () => {
    const history = [turn(1, 20_000)];
    const result = fit(history, [{ role: 'user', content: 'now' }], 2000);
    const tool = result.messages.find((m) => m.role === 'tool')!;
    expect(tool.content).toMatch(
      /…\[shortened to fit the model's context: 2800 of 20000 characters shown\]$/
    );
    expect(result.trim).toMatchObject({ droppedTurns: 0, shortenedResults: 1 });
    expect(history[0][2].content).toHaveLength(20_000);
  });

  it("cuts the current turn's tool results further when the current turn alone is too long", () => {
    const current = turn(9, 3000);
    const result = fit([turn(1)], current, 300);
    expect(result.trim?.droppedTurns).toBe(1);
    const tool = result.messages.find((m) => m.role === 'tool')!;
    expect(tool.content.length).toBeLessThan(1000);
    expect(tool.content.length).toBeGreaterThanOrEqual(MIN_RESULT_CHARS);
    expect(tool.content).toContain('characters shown]');
    expect(result.messages.filter((m) => m.role !== 'system')).toHaveLength(current.length);
  });

  it('marks the result over budget when even the current turn cannot fit', () => {
    const current: ChatMessage[] = [{ role: 'user', content: 'u'.repeat(5000) }];
    const result = fit([], current, 200);
    expect(result.trim?.overBudget).toBe(true);
    expect(result.messages).toEqual([system, ...current]);
  });
});
