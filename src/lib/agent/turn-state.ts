/**
 * What one turn has built so far: its messages (user, assistant, tool results, in the order the
 * providers expect), the transcript entries the chat shows, the session edits proposed, usage.
 */
import type { ChatResult, ToolCall } from '$lib/llm';
import { resultText } from './dispatch';
import { framePluginOutput } from './provenance';
import type { ChatMessage, SessionEdit, ToolTranscriptEntry, TrimInfo, TurnResult, Usage } from './types';

const STOPPED_TEXT = 'Not run: the user stopped the turn.';

/** The growing state of a turn. */
export class TurnState {
  readonly messages: ChatMessage[];
  readonly transcript: ToolTranscriptEntry[] = [];
  readonly edits: SessionEdit[] = [];
  readonly usage: Usage = { inputTokens: 0, outputTokens: 0 };
  steps = 0;
  trim?: TrimInfo;

  constructor(userMessage: string) {
    this.messages = [{ role: 'user', content: userMessage }];
  }

  /**
   * Records the model's answer. All the tool calls of one answer go in one assistant message and
   * their results follow in order: the shape both OpenAI and Anthropic expect for parallel calls
   * (the spec's loop writes one assistant message per call, which misstates what the model did).
   */
  addAnswer(result: ChatResult): void {
    this.usage.inputTokens += result.usage.inputTokens;
    this.usage.outputTokens += result.usage.outputTokens;
    for (const field of ['cachedInputTokens', 'cacheWriteTokens'] as const) {
      const value = result.usage[field];
      if (value) this.usage[field] = (this.usage[field] ?? 0) + value;
    }
    const message: ChatMessage = { role: 'assistant', content: result.text };
    if (result.toolCalls.length > 0) message.toolCalls = result.toolCalls;
    this.messages.push(message);
  }

  /** Records a finished tool call: transcript, tool message, and the edit when a session tool proposed one. */
  addToolResult(entry: ToolTranscriptEntry): void {
    const result = entry.result ?? { content: [], isError: true };
    this.transcript.push(entry);
    const text = resultText(result);
    this.messages.push({
      role: 'tool',
      toolCallId: entry.id,
      name: entry.tool,
      // A plugin's answer reaches the model marked as the plugin's, untrusted (provenance.ts).
      content: entry.plugin ? framePluginOutput(entry.plugin.pluginName, entry.tool, text) : text,
      ...(result.isError ? { isError: true } : {})
    });
    if ((entry.tier === 'session' || entry.review) && !entry.isError) {
      this.edits.push({
        callId: entry.id,
        tool: entry.tool,
        arguments: entry.arguments as Record<string, unknown>,
        result
      });
    }
  }

  /**
   * Answers the calls of the last answer that never got a result (the turn was stopped), so the
   * messages stay a valid history: providers reject a tool call without its result.
   */
  closeUnanswered(): void {
    const last = [...this.messages].reverse().find((message) => message.role === 'assistant');
    if (!last || last.role !== 'assistant') return;
    const answered = new Set(this.transcript.map((entry) => entry.id));
    for (const call of last.toolCalls ?? []) {
      if (!answered.has(call.id)) this.addToolResult(stoppedEntry(call, this.steps));
    }
  }

  /** The turn as a result; `reply` is the final text (empty when the turn did not finish). */
  result(reply: string, truncated = false): TurnResult {
    return {
      reply,
      edits: this.edits,
      messages: this.messages,
      transcript: this.transcript,
      steps: this.steps,
      usage: this.usage,
      ...(this.trim ? { trim: this.trim } : {}),
      ...(truncated ? { truncated } : {})
    };
  }
}

function stoppedEntry(call: ToolCall, step: number): ToolTranscriptEntry {
  return {
    kind: 'tool',
    id: call.id,
    tool: call.name,
    arguments: call.parsed ?? call.arguments,
    result: { content: [{ type: 'text', text: STOPPED_TEXT }], isError: true },
    isError: true,
    durationMs: 0,
    step
  };
}
