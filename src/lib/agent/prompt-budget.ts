/**
 * The prompt budget of a turn on a small context window. With all sixteen tools a turn's system
 * prompt and tool definitions take about 1,700 tokens: fine for a 128k model, more than a third of
 * a 4k in-browser model's window before any note or history. So the tool definitions get a quarter of
 * the window (TOOL_SHARE of what the answer's reserve leaves), counted with the model family's own
 * tokenizer where there is one, and when they do not fit:
 * 1. descriptions are cut to their first sentence (the schemas stay whole: arguments are still
 *    validated against the full schema, and the model needs their names and types);
 * 2. then only the tools this turn is likely to need are kept: the session tools the editor offers
 *    (the reason the note is open), the tools the conversation already used, then the rest ranked
 *    by how many words of the user's message their name and description share, until the share is
 *    full. What is left out is named in the system prompt, so the model can say so.
 * Large windows never get here: the full list always fits their share.
 */
import { relevanceWords, sharedWordCount } from './turn-tools';
import type { TurnTool } from './types';

/** The share of (window − answer reserve) the tool definitions may take. */
export const TOOL_SHARE = 0.25;

/** Tools kept first, whatever the message says: with them the model can find and read anything. */
const CORE_TOOLS = ['search_notes', 'read_note'];

/** Words that say which built-in tool a request needs, beyond the words of its description. */
const HINTS: Record<string, string[]> = {
  search_notes: ['find', 'where', 'which', 'search', 'look', 'last', 'latest'],
  semantic_search_notes: ['about', 'similar', 'related', 'meaning', 'like'],
  list_notebooks: ['notebook', 'notebooks', 'folder', 'folders'],
  create_notebook: ['notebook', 'folder', 'new'],
  list_tags: ['tag', 'tags', 'tagged', 'label'],
  manage_tags: ['tag', 'tags', 'tagged', 'untag', 'label'],
  create_note: ['create', 'new', 'make', 'write', 'start', 'draft'],
  update_note: [
    'update',
    'add',
    'change',
    'move',
    'rename',
    'append',
    'edit',
    'done',
    'complete',
    'todo',
    'replace'
  ],
  delete_note: ['delete', 'remove', 'trash', 'discard']
};

/** What fitting the tool list did. */
export interface ToolBudget {
  tools: TurnTool[];
  /** Tokens the kept definitions take. */
  tokens: number;
  /** Whether descriptions were cut to their first sentence. */
  shortened: boolean;
  /** Tools left out, in the order they were offered. */
  leftOut: string[];
}

/** What the budget works from. */
export interface ToolBudgetInput {
  tools: readonly TurnTool[];
  contextTokens: number;
  outputReserveTokens: number;
  userMessage: string;
  /** Tools called earlier in the conversation. */
  usedBefore: ReadonlySet<string>;
  /** Tokens of one tool's definition as the provider sends it. */
  countTool: (tool: TurnTool) => number;
}

/** The first sentence of a description (up to the first full stop followed by a space or the end). */
export function firstSentence(text: string): string {
  const end = /[.!?](\s|$)/.exec(text);
  return end ? text.slice(0, end.index + 1) : text;
}

const words = (text: string) => relevanceWords(text, { keepCommon: true });

/** How many of the message's words a tool's name, description and hints share. */
function relevance(tool: TurnTool, message: Set<string>): number {
  return sharedWordCount(
    message,
    words(`${tool.name} ${tool.description} ${(HINTS[tool.name] ?? []).join(' ')}`)
  );
}

/** The tools of a turn fitted to its share of the window. */
export function fitTools(input: ToolBudgetInput): ToolBudget {
  const budget = Math.floor((input.contextTokens - input.outputReserveTokens) * TOOL_SHARE);
  const sum = (tools: readonly TurnTool[]) => tools.reduce((total, tool) => total + input.countTool(tool), 0);
  const full = sum(input.tools);
  if (full <= budget) return { tools: [...input.tools], tokens: full, shortened: false, leftOut: [] };

  const short = input.tools.map((tool) => ({ ...tool, description: firstSentence(tool.description) }));
  const shortTotal = sum(short);
  if (shortTotal <= budget) return { tools: short, tokens: shortTotal, shortened: true, leftOut: [] };

  const message = words(input.userMessage);
  const priority = (tool: TurnTool, index: number) => {
    if (tool.tier === 'session') return [0, index];
    if (input.usedBefore.has(tool.name)) return [1, index];
    if (CORE_TOOLS.includes(tool.name)) return [2, index];
    return [3, -relevance(tool, message), index];
  };
  const ranked = short
    .map((tool, index) => ({ tool, index, key: priority(tool, index) }))
    .sort((a, b) => compareKeys(a.key, b.key));
  const kept = new Set<number>();
  let tokens = 0;
  for (const { tool, index, key } of ranked) {
    const cost = input.countTool(tool);
    // Session tools and the core pair are kept even past the share: without them the turn is moot.
    if (tokens + cost > budget && key[0] > 2) continue;
    kept.add(index);
    tokens += cost;
  }
  return {
    tools: short.filter((_, index) => kept.has(index)),
    tokens,
    shortened: true,
    leftOut: short.filter((_, index) => !kept.has(index)).map((tool) => tool.name)
  };
}

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The system prompt's note on tools left out, or '' when none were. */
export function leftOutNote(leftOut: readonly string[]): string {
  if (leftOut.length === 0) return '';
  return `To fit this model's context, these tools are not offered in this turn: ${leftOut.join(', ')}. If the request needs one, say so and ask the user to ask for it by name.`;
}
