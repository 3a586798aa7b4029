/**
 * Which tools one model request carries. Folio's own tools (built-in workspace tools and the
 * session tools the context allows) always go; plugin tools fill what is left under two caps:
 * MAX_TURN_TOOLS in all (OpenAI refuses a request with more than 128 tools, and small models choose
 * worse among many), and a token budget for the plugin tools' definitions (their descriptions and
 * schemas are the plugins' text, sent on every step of every turn).
 *
 * Relevance, kept simple and predictable: plugin tools are ranked by
 *   1. lexical overlap with the user's message: how many of the message's words (lower-cased, three
 *      letters or more, a final "s" dropped, common words ignored) occur in the tool's id (counted
 *      twice) or description;
 *   2. then recency of use: tools called in the latest earlier turns first;
 *   3. then registration order.
 * and taken in that order while they fit; one that does not fit the budget is skipped, and a
 * smaller one after it may still go.
 */
import { DEFAULT_CHARS_PER_TOKEN } from './tokens';
import type { TurnTool } from './types';

/** The most tools one model request carries. */
export const MAX_TURN_TOOLS = 128;

/** Options of selectTurnTools. */
export interface TurnToolBudget {
  /** Tokens the plugin tools' definitions may take in all. */
  pluginTokens: number;
  /** Tool names called in earlier turns, most recent first. */
  recentlyUsed?: readonly string[];
  /** At most this many tools in all (MAX_TURN_TOOLS by default). */
  maxTools?: number;
}

/** The tools kept, and the plugin tools left out this turn. */
export interface TurnToolSelection {
  tools: TurnTool[];
  leftOut: string[];
}

/** The plugin-tool token budget for a model with `contextTokens` of context: an eighth, 1,000 to 8,000. */
export function pluginToolTokenBudget(contextTokens: number): number {
  return Math.max(1_000, Math.min(8_000, Math.floor(contextTokens / 8)));
}

const STOP_WORDS = new Set(
  'the and for with you your are was were this that what which who how can could would should will from into onto about have has had not but all any our out use using please need want make made get got its his her they them then than there their also just some more most very'.split(
    ' '
  )
);

/**
 * The words of `text` that count for relevance: lower-cased, three letters or more, a final "s"
 * dropped, common words ignored unless `keepCommon` (the prompt budget's hints are question words
 * such as "which" and "about"). The one word rule of both rankings: this file's and prompt-budget.ts's.
 */
export function relevanceWords(text: string, options: { keepCommon?: boolean } = {}): Set<string> {
  const words = new Set<string>();
  for (const raw of text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 3 || (!options.keepCommon && STOP_WORDS.has(raw))) continue;
    words.add(raw.length > 3 && raw.endsWith('s') ? raw.slice(0, -1) : raw);
  }
  return words;
}

/** How many of `message`'s words (relevanceWords) occur among `words`. */
export function sharedWordCount(message: ReadonlySet<string>, words: ReadonlySet<string>): number {
  let count = 0;
  for (const word of words) if (message.has(word)) count++;
  return count;
}

function overlap(message: Set<string>, text: string): number {
  return sharedWordCount(message, relevanceWords(text));
}

/** Estimated tokens of a tool's definition as a provider sends it. */
export function definitionTokens(tool: TurnTool): number {
  return Math.ceil(
    (tool.name.length + tool.description.length + JSON.stringify(tool.inputSchema).length) /
      DEFAULT_CHARS_PER_TOKEN
  );
}

/** Picks the tools of one request from `tools` (see the file comment). Folio's own tools keep their order. */
export function selectTurnTools(
  tools: readonly TurnTool[],
  message: string,
  budget: TurnToolBudget
): TurnToolSelection {
  const maxTools = budget.maxTools ?? MAX_TURN_TOOLS;
  const own = tools.filter((tool) => !tool.plugin).slice(0, maxTools);
  const plugin = tools.filter((tool) => tool.plugin);
  const words = relevanceWords(message);
  const recent = budget.recentlyUsed ?? [];
  const rank = (tool: TurnTool) => {
    const at = recent.indexOf(tool.name);
    return at < 0 ? recent.length : at;
  };
  const ranked = plugin
    .map((tool, order) => ({
      tool,
      order,
      score: 2 * overlap(words, tool.name.replace(/[_.-]+/g, ' ')) + overlap(words, tool.description),
      recency: rank(tool)
    }))
    .sort((a, b) => b.score - a.score || a.recency - b.recency || a.order - b.order);
  const kept = new Set<TurnTool>();
  let tokens = 0;
  for (const { tool } of ranked) {
    if (own.length + kept.size >= maxTools) break;
    const cost = definitionTokens(tool);
    if (tokens + cost > budget.pluginTokens) continue;
    tokens += cost;
    kept.add(tool);
  }
  // Workspace tools keep their registry order (the cached prefix of a request stays stable), then
  // the session tools, as buildToolList put them.
  const selected = tools.filter((tool) => (!tool.plugin ? own.includes(tool) : kept.has(tool)));
  return { tools: selected, leftOut: plugin.filter((tool) => !kept.has(tool)).map((tool) => tool.name) };
}
