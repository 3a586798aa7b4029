/**
 * The chat transcript as the sidebar shows and stores it: one entry per user turn, holding the
 * streamed reply, the tool calls in order, the token usage, and the agent messages the turn added.
 *
 * Every turn's messages go into the next turn's history, also a turn that was stopped, failed or ran
 * out of steps: its tool calls happened (a note was created, an edit proposed), and a model that is
 * not told so does them again. The agent closes such a turn's messages properly for every wire
 * format (each tool call answered, a call that never ran answered as not run), and a last assistant
 * message says how the turn ended. Retry replaces the turn on screen but keeps its messages as the
 * `earlier` part of the new one, so the model sees the first attempt and does not repeat its writes.
 */
import type { ToolTranscriptEntry, TurnResult } from '$lib/agent';
import type { ChatMessage, Usage } from '$lib/llm';

/** Where a turn is. */
export type ChatTurnStatus = 'running' | 'done' | 'failed' | 'stopped';

/** One user turn and what came of it. */
export interface ChatTurn {
  id: string;
  /** What the user typed. */
  user: string;
  /** The reply so far (streamed) or in full. */
  reply: string;
  /** The turn's tool calls, in the order they were made. */
  tools: ToolTranscriptEntry[];
  status: ChatTurnStatus;
  /** Why it failed, in words for the user. */
  error?: string;
  /** It failed on the provider settings (none chosen, or not allowed): only Settings can fix it. */
  needsSettings?: boolean;
  usage?: Usage;
  /** The agent messages of the turn (finished or not), for the history of the next. */
  messages: ChatMessage[];
  /** The messages of earlier attempts at this turn, replaced by Retry (oldest first). */
  earlier?: ChatMessage[];
  /** The reply was cut off by the model's output limit. */
  truncated?: boolean;
  /** Whole earlier turns left out to fit the model's context window. */
  droppedTurns?: number;
}

/** The history the next turn sends: every turn's messages (earlier attempts first), in order. */
export function historyOf(turns: readonly ChatTurn[]): ChatMessage[] {
  return turns.filter((t) => t.status !== 'running').flatMap((t) => [...(t.earlier ?? []), ...t.messages]);
}

/** The messages a retry of `turn` keeps from it: its own earlier attempts, then this one. */
export function attemptsOf(turn: ChatTurn): ChatMessage[] {
  return [...(turn.earlier ?? []), ...turn.messages];
}

/** Adds a tool entry, or replaces the one with the same call id (its result arrived). */
export function upsertTool(
  tools: readonly ToolTranscriptEntry[],
  entry: ToolTranscriptEntry
): ToolTranscriptEntry[] {
  const at = tools.findIndex((t) => t.id === entry.id && t.step === entry.step);
  return at < 0 ? [...tools, entry] : tools.map((t, i) => (i === at ? entry : t));
}

/** The turn after the agent finished it. */
export function finishedTurn(turn: ChatTurn, result: TurnResult): ChatTurn {
  return {
    ...turn,
    status: 'done',
    reply: result.reply,
    tools: result.transcript,
    usage: result.usage,
    messages: result.messages,
    truncated: result.truncated,
    droppedTurns: result.trim?.droppedTurns || undefined
  };
}

/** The turn after it failed or was stopped; `partial` (when known) holds the calls it made. */
export function failedTurn(
  turn: ChatTurn,
  status: 'failed' | 'stopped',
  error: string | undefined,
  partial?: TurnResult
): ChatTurn {
  return {
    ...turn,
    status,
    error,
    tools: partial && partial.transcript.length >= turn.tools.length ? partial.transcript : turn.tools,
    usage: partial?.usage ?? turn.usage,
    messages: unfinishedMessages(partial, status, error)
  };
}

/**
 * The messages of a turn that did not finish, for later history: what it did, then a note of how it
 * ended. Nothing when the model never answered (the user's message alone tells the model nothing,
 * and Retry sends it again).
 */
function unfinishedMessages(
  partial: TurnResult | undefined,
  status: 'failed' | 'stopped',
  error: string | undefined
): ChatMessage[] {
  const messages = partial?.messages ?? [];
  if (!messages.some((m) => m.role === 'assistant')) return [];
  const how =
    status === 'stopped'
      ? 'The user stopped this turn here.'
      : `This turn ended here with an error: ${error ?? 'unknown'}.`;
  return [
    ...messages,
    { role: 'assistant', content: `[${how} The tool calls above were made; their results stand.]` }
  ];
}

/** Turns read back from storage; a turn still marked running was cut off by a reload or a crash. */
export function restoreTurns(stored: readonly unknown[]): ChatTurn[] {
  return stored
    .filter(
      (t): t is ChatTurn =>
        typeof t === 'object' &&
        t !== null &&
        typeof (t as ChatTurn).id === 'string' &&
        typeof (t as ChatTurn).user === 'string'
    )
    .map((t) =>
      t.status === 'running'
        ? { ...t, status: 'failed', error: 'This turn was interrupted before it finished.', messages: [] }
        : t
    );
}

/** "1,234 tokens in (1,000 from cache), 56 out" for a turn's usage. */
export function usageText(usage: Usage | undefined): string {
  if (!usage || (usage.inputTokens === 0 && usage.outputTokens === 0)) return '';
  const n = (value: number) => value.toLocaleString('en');
  const cached = usage.cachedInputTokens ? ` (${n(usage.cachedInputTokens)} from cache)` : '';
  return `${n(usage.inputTokens)} tokens in${cached}, ${n(usage.outputTokens)} out`;
}

/** A conversation's title: the start of its first message. */
export function chatTitle(turns: readonly ChatTurn[]): string {
  const first = turns[0]?.user.trim().replace(/\s+/g, ' ') ?? '';
  return first.length > 60 ? `${first.slice(0, 59)}…` : first;
}
