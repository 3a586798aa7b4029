import { beforeAll, describe, expect, it } from 'vitest';
import { builtinTools } from '$lib/tools';
import { loadTokenCounter } from '$lib/llm';
import { ANCHOR_TOOLS } from './session-tool-defs';
import { fitTools, firstSentence, leftOutNote, TOOL_SHARE } from './prompt-budget';
import { toolSpecs } from './tool-list';
import type { TurnTool } from './types';

const workspace: TurnTool[] = builtinTools().map((t) => ({
  name: t.id,
  description: t.description,
  inputSchema: t.inputSchema,
  tier: 'workspace'
}));
const session: TurnTool[] = ANCHOR_TOOLS.map((t) => ({ ...t, tier: 'session' }));
const all = [...workspace, ...session];

async function input(userMessage: string, contextTokens: number, usedBefore: string[] = []) {
  const count = await loadTokenCounter('qwen');
  return {
    tools: all,
    contextTokens,
    outputReserveTokens: 1024,
    userMessage,
    usedBefore: new Set(usedBefore),
    countTool: (t: TurnTool) => count(JSON.stringify(toolSpecs([t])[0]))
  };
}

// The Qwen tokenizer is a module of several MB: loaded once, with time to spare on a busy machine.
beforeAll(() => loadTokenCounter('qwen'), 120_000);

describe('fitTools', () => {
  it('keeps every tool, descriptions whole, on a large window', async () => {
    const budget = fitTools(await input('Find my packing list', 32_000));
    expect(budget).toMatchObject({ shortened: false, leftOut: [] });
    expect(budget.tools).toHaveLength(all.length);
  });

  it('fits a 4k window within its share, counted with the Qwen tokenizer', async () => {
    const fitted = await input('Find my last packing list and add socks to it', 4096);
    const budget = fitTools(fitted);
    expect(budget.tokens).toBeLessThanOrEqual(Math.floor((4096 - 1024) * TOOL_SHARE));
    expect(budget.tokens).toBe(budget.tools.reduce((sum, t) => sum + fitted.countTool(t), 0));
    expect(budget.shortened).toBe(true);
  });

  it('keeps the session tools, the core pair and the tools the message names on a 4k window', async () => {
    const budget = fitTools(await input('Tag my packing note with travel', 4096));
    const kept = budget.tools.map((t) => t.name);
    for (const name of ['append_to_note', 'rewrite_paragraph', 'search_notes', 'read_note', 'manage_tags'])
      expect(kept).toContain(name);
    expect(budget.leftOut.length).toBeGreaterThan(0);
    expect(budget.leftOut.every((name) => !kept.includes(name))).toBe(true);
  });

  it('keeps a tool the conversation used before', async () => {
    const budget = fitTools(await input('and the other one too', 4096, ['delete_note']));
    expect(budget.tools.map((t) => t.name)).toContain('delete_note');
  });

  it('cuts descriptions to their first sentence', () => {
    expect(firstSentence('Finds notes. Returns ids.')).toBe('Finds notes.');
    expect(firstSentence('No full stop')).toBe('No full stop');
  });

  it('names what was left out for the model', () => {
    expect(leftOutNote([])).toBe('');
    expect(leftOutNote(['delete_note'])).toContain('delete_note');
  });
});
