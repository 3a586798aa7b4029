/**
 * Between the neutral conversation and OpenAI Chat Completions: request messages and tools out,
 * streamed chunks (or a whole completion) in. The SDK parses SSE and errors; what stays ours is the
 * accumulation of tool-call deltas by `index` into whole calls, because the agent needs its neutral
 * deltas as they arrive and the SDK's own stream helper would also hold the answer a second time.
 */
import type OpenAI from 'openai';
import { finishToolCall } from './tool-args';
import type { ChatDelta, ChatMessage, ChatResult, FinishReason, ToolSpec, Usage } from './types';

type MessageParam = OpenAI.Chat.ChatCompletionMessageParam;

/** The conversation as Chat Completions messages. Tool errors are marked in the text (no flag exists). */
export function toOpenAiMessages(messages: ChatMessage[]): MessageParam[] {
  return messages.map((m): MessageParam => {
    switch (m.role) {
      case 'system':
      case 'user':
        return { role: m.role, content: m.content };
      case 'assistant':
        if (!m.toolCalls?.length) return { role: 'assistant', content: m.content };
        return {
          role: 'assistant',
          content: m.content || null,
          tool_calls: m.toolCalls.map((c) => ({
            id: c.id,
            type: 'function',
            function: { name: c.name, arguments: c.arguments }
          }))
        };
      case 'tool':
        return {
          role: 'tool',
          tool_call_id: m.toolCallId,
          content: m.isError ? `Error: ${m.content}` : m.content
        };
    }
  });
}

/** The tool list as Chat Completions function tools. */
export function toOpenAiTools(tools: ToolSpec[]): OpenAI.Chat.ChatCompletionFunctionTool[] {
  return tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.inputSchema }
  }));
}

/** Maps a Chat Completions finish reason; tool calls win over a plain `stop` (some servers send that). */
export function mapOpenAiFinish(reason: string | null | undefined, hasToolCalls: boolean): FinishReason {
  if (reason === 'length') return 'length';
  if (reason === 'content_filter') return 'error';
  return hasToolCalls ? 'tool_calls' : 'stop';
}

function toUsage(usage: OpenAI.CompletionUsage | null | undefined): Usage | undefined {
  if (!usage) return undefined;
  // OpenAI (and vLLM with prefix caching) report the part of the prompt served from their cache.
  const cached = usage.prompt_tokens_details?.cached_tokens ?? 0;
  return {
    inputTokens: usage.prompt_tokens ?? 0,
    outputTokens: usage.completion_tokens ?? 0,
    ...(cached ? { cachedInputTokens: cached } : {})
  };
}

interface Slot {
  id: string;
  name: string;
  arguments: string;
}

/** Collects streamed chunks into a ChatResult, passing neutral deltas on as they arrive. */
export class OpenAiAccumulator {
  private text = '';
  private slots: Slot[] = [];
  private finish: string | null = null;
  private usage: Usage | undefined;

  constructor(private onDelta?: (delta: ChatDelta) => void) {}

  /** Whether the stream has said why it stopped (a stream without it was cut short). */
  get finished(): boolean {
    return this.finish !== null;
  }

  /** Takes one `chat.completion.chunk`. */
  add(chunk: OpenAI.Chat.ChatCompletionChunk): void {
    this.usage = toUsage(chunk.usage) ?? this.usage;
    const choice = chunk.choices?.[0];
    if (!choice) return;
    const content = choice.delta?.content;
    if (content) {
      this.text += content;
      this.onDelta?.({ type: 'text', text: content });
    }
    for (const call of choice.delta?.tool_calls ?? []) this.addToolDelta(call);
    if (choice.finish_reason) this.finish = choice.finish_reason;
  }

  private addToolDelta(call: OpenAI.Chat.ChatCompletionChunk.Choice.Delta.ToolCall): void {
    const index = typeof call.index === 'number' ? call.index : this.slots.length;
    const slot = (this.slots[index] ??= { id: '', name: '', arguments: '' });
    if (call.id) slot.id = call.id;
    // The name arrives whole with the first delta; some servers repeat it, so never append.
    if (call.function?.name && !slot.name) slot.name = call.function.name;
    const piece = call.function?.arguments ?? '';
    slot.arguments += piece;
    this.onDelta?.({ type: 'tool_call', index, id: slot.id, name: slot.name, argumentsDelta: piece });
  }

  /** The answer so far as a ChatResult. */
  result(): ChatResult {
    const toolCalls = this.slots.filter(Boolean).map((s, i) => finishToolCall(s.id, s.name, s.arguments, i));
    return {
      text: this.text,
      toolCalls,
      finishReason: mapOpenAiFinish(this.finish, toolCalls.length > 0),
      usage: this.usage ?? { inputTokens: 0, outputTokens: 0 }
    };
  }
}

/** A whole (unstreamed) completion as a ChatResult, replayed as deltas so listeners see it too. */
export function fromOpenAiCompletion(
  completion: OpenAI.Chat.ChatCompletion,
  onDelta?: (delta: ChatDelta) => void
): ChatResult {
  const acc = new OpenAiAccumulator(onDelta);
  const choice = completion.choices?.[0];
  const message = choice?.message;
  acc.add({
    id: completion.id,
    object: 'chat.completion.chunk',
    created: completion.created,
    model: completion.model,
    usage: completion.usage,
    choices: [
      {
        index: 0,
        finish_reason: choice?.finish_reason ?? 'stop',
        delta: {
          content: message?.content ?? null,
          tool_calls: (message?.tool_calls ?? []).flatMap((c, index) =>
            c.type === 'function'
              ? [{ index, id: c.id, type: 'function' as const, function: c.function }]
              : []
          )
        }
      }
    ]
  });
  return acc.result();
}
