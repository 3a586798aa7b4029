/**
 * The agent loop (spec: "Agent loop"): per turn, build the tool list and the system prompt from the
 * note context, then call the model up to MAX_STEPS times, running the tool calls of each answer in
 * order through the dispatcher, until the model answers without tool calls. The system prompt and the
 * tool list are built once per turn and sent unchanged on every step (prompt caching); the
 * conversation is fitted to the model's context window before each call.
 */
import type { ChatResult, TokenCounter, ToolCall } from '$lib/llm';
import { isAbort, raceAbort, stoppedError } from './abort';
import { dispatchToolCall, type DispatchContext } from './dispatch';
import { AgentError } from './errors';
import { SESSION_TOOL_NAMES } from './session-tool-defs';
import { buildSystemPrompt } from './system-prompt';
import { calibratedCharsPerToken, DEFAULT_CHARS_PER_TOKEN, messageChars } from './tokens';
import { frameToolDescriptions } from './provenance';
import { buildToolList, toolSpecs } from './tool-list';
import { pluginToolTokenBudget, selectTurnTools } from './turn-tools';
import { fitTools, leftOutNote } from './prompt-budget';
import { fitToContext } from './trim';
import { TurnState } from './turn-state';
import type {
  ChatMessage,
  ChatProvider,
  NoteContext,
  ToolSpec,
  TrimInfo,
  TurnHooks,
  TurnResult,
  UserTurnInput,
  WorkspaceToolHost
} from './types';
import { renderUserMessage } from './user-message';

/** Model calls per turn before the turn fails with "exceeded max steps". */
export const MAX_STEPS = 8;

/** The largest default answer reserve: room for a long edit, without starving a big window. */
export const MAX_OUTPUT_RESERVE_TOKENS = 4096;

/** The context window assumed when the model's is unknown. */
export const DEFAULT_CONTEXT_TOKENS = 8192;

/** What an agent runs on. One agent per provider and model. */
export interface AgentOptions {
  provider: ChatProvider;
  tools: WorkspaceToolHost;
  /** The model's context window in tokens (4k for small in-browser models). */
  contextTokens?: number;
  /**
   * Tokens kept free for the answer, and sent as the provider's output limit (`max_tokens`), so the
   * window is planned and enforced with the same figure. Default: a quarter of the window, at most
   * MAX_OUTPUT_RESERVE_TOKENS.
   */
  outputReserveTokens?: number;
  /** The model family's token counter (llm `tokenCounterFor`); characters are counted without one. */
  countTokens?: TokenCounter;
  /** Characters of the note body the system prompt holds. Default: about a quarter of the window. */
  noteBudgetChars?: number;
  maxSteps?: number;
  /** The clock that says what day it is. */
  now?: () => Date;
}

/** A configured agent. */
export interface Agent {
  /**
   * Runs one chat turn. `history` is the earlier turns' messages (the `messages` of their results,
   * concatenated). Rejects with an AgentError carrying the partial turn when stopped, out of steps
   * or when the model call fails; a note context needs `hooks.sessionTools`.
   */
  runNoteChat(
    context: NoteContext,
    history: readonly ChatMessage[],
    userMessage: string | UserTurnInput,
    hooks?: TurnHooks
  ): Promise<TurnResult>;
}

/** The fixed parts of one turn. */
interface TurnSetup {
  system: ChatMessage;
  specs: ToolSpec[];
  /** Tokens of the tool definitions, counted once per turn. */
  specsTokens: number;
  history: ChatMessage[][];
  dispatch: DispatchContext;
  hooks: TurnHooks;
}

/** Characters of note body the system prompt holds at most, whatever the window (cost per step). */
const MAX_NOTE_BUDGET_CHARS = 32_000;

/** Creates an agent over a provider and the workspace tool registry. */
export function createAgent(options: AgentOptions): Agent {
  const loop = new AgentLoop(options);
  return {
    runNoteChat: (context, history, userMessage, hooks) => loop.run(context, history, userMessage, hooks)
  };
}

class AgentLoop {
  private readonly contextTokens: number;
  private readonly outputReserve: number;
  private readonly noteBudgetChars: number;
  private readonly maxSteps: number;
  // Corrected by the input token counts the provider reports; kept across the turns of this agent.
  private charsPerToken = DEFAULT_CHARS_PER_TOKEN;
  private calibrated = false;

  constructor(private readonly options: AgentOptions) {
    this.contextTokens = options.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
    this.outputReserve =
      options.outputReserveTokens ?? Math.min(MAX_OUTPUT_RESERVE_TOKENS, Math.floor(this.contextTokens / 4));
    this.noteBudgetChars =
      options.noteBudgetChars ??
      Math.min(MAX_NOTE_BUDGET_CHARS, Math.floor(this.contextTokens * DEFAULT_CHARS_PER_TOKEN * 0.25));
    this.maxSteps = options.maxSteps ?? MAX_STEPS;
  }

  async run(
    context: NoteContext,
    history: readonly ChatMessage[],
    userMessage: string | UserTurnInput,
    hooks: TurnHooks = {}
  ): Promise<TurnResult> {
    const rendered = renderUserMessage(userMessage);
    const setup = this.setUp(
      context,
      history,
      hooks,
      typeof userMessage === 'string' ? userMessage : userMessage.text
    );
    const state = new TurnState(rendered);
    try {
      while (state.steps < this.maxSteps) {
        state.steps++;
        const result = await this.callModel(setup, state);
        state.addAnswer(result);
        if (result.toolCalls.length === 0) return state.result(result.text, result.finishReason === 'length');
        await this.runCalls(result.toolCalls, setup, state);
      }
    } catch (error) {
      if (!isAbort(error)) throw error;
      state.closeUnanswered();
      throw new AgentError('aborted', 'Stopped.', state.result(''), { cause: error });
    }
    const kept = state.edits.length > 0 ? ' The edits it proposed are kept for review.' : '';
    const message = `The agent loop exceeded max steps: the model was still calling tools after ${this.maxSteps} steps.${kept} Try a narrower request.`;
    throw new AgentError('max_steps', message, state.result(''));
  }

  /** Everything fixed for the turn: built once, so every step sends the same bytes. */
  private setUp(
    context: NoteContext,
    history: readonly ChatMessage[],
    hooks: TurnHooks,
    userMessage: string
  ): TurnSetup {
    if (context.note && !hooks.sessionTools)
      throw new TypeError('runNoteChat: a context with a note needs hooks.sessionTools');
    const workspace = this.options.tools.list();
    // At most 128 tools, plugin tools within a token budget, the most relevant first (turn-tools.ts);
    // then the whole list fitted to a small window (prompt-budget.ts); plugin text framed as
    // untrusted (provenance.ts).
    const { tools: selected } = selectTurnTools(buildToolList(context, workspace), userMessage, {
      pluginTokens: pluginToolTokenBudget(this.contextTokens),
      recentlyUsed: recentToolNames(history)
    });
    const turns = splitTurns(history);
    const budget = fitTools({
      tools: selected,
      contextTokens: this.contextTokens,
      outputReserveTokens: this.outputReserve,
      userMessage,
      usedBefore: new Set(
        turns.flat().flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []).map((c) => c.name) : []))
      ),
      // Counted as sent, with the plugin framing; framed after fitting, so cutting a description to
      // its first sentence never cuts into the frame.
      countTool: (tool) => this.count(JSON.stringify(toolSpecs(frameToolDescriptions([tool]))[0]))
    });
    const tools = budget.tools;
    const specs = toolSpecs(frameToolDescriptions(tools));
    const prompt = buildSystemPrompt(context, {
      today: this.options.now?.() ?? new Date(),
      bodyBudgetChars: this.noteBudgetChars,
      canReadNote: tools.some((tool) => tool.name === 'read_note'),
      pluginTools: tools.some((tool) => tool.plugin)
    });
    const note = leftOutNote(budget.leftOut);
    const content = note ? `${prompt}\n\n${note}` : prompt;
    // The family's tokenizer gives the first step a true ratio; the provider's counts refine it.
    if (this.options.countTokens && !this.calibrated) {
      this.charsPerToken = content.length / Math.max(1, this.options.countTokens(content));
      this.calibrated = true;
    }
    return {
      system: { role: 'system', content },
      specs,
      specsTokens: budget.tokens,
      history: turns,
      dispatch: {
        offered: new Map(tools.map((tool) => [tool.name, tool])),
        known: new Set([...SESSION_TOOL_NAMES, ...workspace.map((tool) => tool.id)]),
        workspace: this.options.tools,
        session: hooks.sessionTools,
        openNoteId: context.note?.id,
        signal: hooks.signal,
        onToolCall: hooks.onToolCall,
        confirm: hooks.confirm,
        taint: {}
      },
      hooks
    };
  }

  /** One model call with the conversation fitted to the context window. */
  private async callModel(setup: TurnSetup, state: TurnState): Promise<ChatResult> {
    const { signal, onDelta } = setup.hooks;
    if (signal?.aborted) throw stoppedError();
    const fit = fitToContext({
      system: setup.system,
      history: setup.history,
      current: state.messages,
      budgetTokens: this.contextTokens - this.outputReserve - setup.specsTokens,
      charsPerToken: this.charsPerToken
    });
    if (fit.trim && !sameTrim(fit.trim, state.trim)) setup.hooks.onTrim?.(fit.trim);
    state.trim = fit.trim ?? state.trim;
    let result: ChatResult;
    try {
      const options = { tools: setup.specs, signal, onDelta, maxOutputTokens: this.outputReserve };
      result = await raceAbort(this.options.provider.chat(fit.messages, options), signal);
    } catch (error) {
      if (isAbort(error) || signal?.aborted) throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw new AgentError('model', `The model call failed: ${message}`, state.result(''), { cause: error });
    }
    const sent = fit.messages.reduce(
      (sum, message) => sum + messageChars(message),
      JSON.stringify(setup.specs).length
    );
    this.charsPerToken = calibratedCharsPerToken(sent, result.usage?.inputTokens ?? 0) ?? this.charsPerToken;
    return result;
  }

  /** Tokens of a text: the family's tokenizer, else the character estimate. */
  private count(text: string): number {
    return this.options.countTokens?.(text) ?? Math.ceil(text.length / this.charsPerToken);
  }

  /** The calls of one answer, one after another, in the order the model made them. */
  private async runCalls(calls: ToolCall[], setup: TurnSetup, state: TurnState): Promise<void> {
    for (const call of calls) {
      const entry = await dispatchToolCall(call, state.steps, setup.dispatch);
      state.addToolResult(entry);
      setup.hooks.onToolResult?.(entry);
    }
  }
}

/** The tools called in `history`, most recent first, each once. */
function recentToolNames(history: readonly ChatMessage[]): string[] {
  const names: string[] = [];
  for (let i = history.length - 1; i >= 0; i--) {
    const message = history[i];
    if (message.role !== 'assistant') continue;
    for (const call of message.toolCalls ?? []) if (!names.includes(call.name)) names.push(call.name);
  }
  return names;
}

/** Splits a history into turns, each starting at a user message. */
export function splitTurns(history: readonly ChatMessage[]): ChatMessage[][] {
  const turns: ChatMessage[][] = [];
  for (const message of history) {
    if (message.role === 'system')
      throw new TypeError('runNoteChat: history must not contain a system message');
    if (message.role === 'user' || turns.length === 0) turns.push([message]);
    else turns[turns.length - 1].push(message);
  }
  return turns;
}

function sameTrim(a: TrimInfo, b: TrimInfo | undefined): boolean {
  return (
    !!b &&
    a.droppedTurns === b.droppedTurns &&
    a.shortenedResults === b.shortenedResults &&
    a.overBudget === b.overBudget
  );
}
