/**
 * Between the neutral conversation and Anthropic Messages: system messages lifted into `system`,
 * tool results as `tool_result` blocks in the next user turn (consecutive turns of one role merged,
 * as the API wants them), and streamed events (text_delta, input_json_delta) accumulated into a
 * ChatResult with neutral deltas. Events are read raw rather than through the SDK's MessageStream
 * helper because that helper parses partial tool JSON itself and would hide malformed arguments.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { finishToolCall } from './tool-args';
import type { ChatDelta, ChatMessage, ChatResult, FinishReason, ToolSpec, Usage } from './types';

type Block = Anthropic.ContentBlockParam;

/**
 * Anthropic prompt caching: a `cache_control` breakpoint caches the prompt up to and including its
 * block, in the order tools → system → messages. Folio marks three of the four allowed: the last
 * tool, the system prompt (both the same on every step of a turn, and across turns of one note),
 * and the last block of the conversation, so each step of a multi-step turn reads everything up to
 * the previous step from the cache instead of paying for it again. The API ignores a breakpoint on a
 * prefix shorter than the model's minimum (1,024 or 2,048 tokens), so marking is always safe.
 */
export const EPHEMERAL: Anthropic.CacheControlEphemeral = { type: 'ephemeral' };

/** The conversation as `{system, messages}` for the Messages API. */
export function toAnthropicMessages(messages: ChatMessage[]): {
  system: Anthropic.TextBlockParam[] | undefined;
  messages: Anthropic.MessageParam[];
} {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const out: Anthropic.MessageParam[] = [];
  const push = (role: 'user' | 'assistant', blocks: Block[]) => {
    if (blocks.length === 0) return;
    const last = out.at(-1);
    if (last?.role === role && Array.isArray(last.content)) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };
  for (const m of messages) {
    if (m.role === 'user') push('user', [{ type: 'text', text: m.content }]);
    else if (m.role === 'tool')
      push('user', [
        { type: 'tool_result', tool_use_id: m.toolCallId, content: m.content, is_error: m.isError ?? false }
      ]);
    else if (m.role === 'assistant') {
      const blocks: Block[] = m.content ? [{ type: 'text', text: m.content }] : [];
      // A call whose arguments never parsed still needs an object here; its error result explains it.
      for (const c of m.toolCalls ?? [])
        blocks.push({ type: 'tool_use', id: c.id, name: c.name, input: c.parsed ?? {} });
      push('assistant', blocks);
    }
  }
  markLastBlock(out);
  return {
    system:
      system.length > 0 ? [{ type: 'text', text: system.join('\n\n'), cache_control: EPHEMERAL }] : undefined,
    messages: out
  };
}

/** Puts a cache breakpoint on the conversation's last content block. */
function markLastBlock(messages: Anthropic.MessageParam[]): void {
  const content = messages.at(-1)?.content;
  const last = Array.isArray(content) ? content.at(-1) : undefined;
  if (last && last.type !== 'thinking' && last.type !== 'redacted_thinking')
    (last as { cache_control?: unknown }).cache_control = EPHEMERAL;
}

/** The tool list as Anthropic tools. */
export function toAnthropicTools(tools: ToolSpec[]): Anthropic.Tool[] {
  return tools.map((t, i) => ({
    name: t.name,
    description: t.description,
    input_schema: t.inputSchema as Anthropic.Tool.InputSchema,
    ...(i === tools.length - 1 ? { cache_control: EPHEMERAL } : {})
  }));
}

/** Anthropic's usage as Usage: its input_tokens leave out what was read from or written to the cache. */
export function anthropicUsage(usage: Partial<Anthropic.Usage> | undefined): Usage {
  const read = usage?.cache_read_input_tokens ?? 0;
  const written = usage?.cache_creation_input_tokens ?? 0;
  return {
    inputTokens: (usage?.input_tokens ?? 0) + read + written,
    outputTokens: usage?.output_tokens ?? 0,
    ...(read ? { cachedInputTokens: read } : {}),
    ...(written ? { cacheWriteTokens: written } : {})
  };
}

/** Maps Anthropic's stop_reason. */
export function mapAnthropicStop(reason: string | null | undefined, hasToolCalls: boolean): FinishReason {
  if (reason === 'max_tokens' || reason === 'model_context_window_exceeded') return 'length';
  if (reason === 'refusal') return 'error';
  return hasToolCalls ? 'tool_calls' : 'stop';
}

interface Slot {
  id: string;
  name: string;
  arguments: string;
}

/** Collects raw stream events into a ChatResult, passing neutral deltas on as they arrive. */
export class AnthropicAccumulator {
  private text = '';
  private slots: Slot[] = [];
  /** Content block index → tool call index. */
  private blockToCall = new Map<number, number>();
  private stop: string | null = null;
  private usage: Usage = { inputTokens: 0, outputTokens: 0 };
  private done = false;

  constructor(private onDelta?: (delta: ChatDelta) => void) {}

  /** Whether message_stop arrived (a stream without it was cut short). */
  get finished(): boolean {
    return this.done;
  }

  /** Takes one raw stream event. */
  add(event: Anthropic.RawMessageStreamEvent): void {
    switch (event.type) {
      case 'message_start':
        this.usage = anthropicUsage(event.message.usage);
        break;
      case 'content_block_start':
        if (event.content_block.type === 'tool_use') this.startCall(event.index, event.content_block);
        break;
      case 'content_block_delta':
        this.addDelta(event.index, event.delta);
        break;
      case 'message_delta':
        this.stop = event.delta.stop_reason ?? this.stop;
        this.usage.outputTokens = event.usage.output_tokens ?? this.usage.outputTokens;
        break;
      case 'message_stop':
        this.done = true;
        break;
    }
  }

  private startCall(blockIndex: number, block: Anthropic.ToolUseBlock): void {
    const index = this.slots.length;
    this.slots.push({ id: block.id, name: block.name, arguments: '' });
    this.blockToCall.set(blockIndex, index);
    this.onDelta?.({ type: 'tool_call', index, id: block.id, name: block.name, argumentsDelta: '' });
  }

  private addDelta(blockIndex: number, delta: Anthropic.RawContentBlockDelta): void {
    if (delta.type === 'text_delta') {
      this.text += delta.text;
      this.onDelta?.({ type: 'text', text: delta.text });
    } else if (delta.type === 'input_json_delta') {
      const index = this.blockToCall.get(blockIndex);
      if (index === undefined) return;
      const slot = this.slots[index];
      slot.arguments += delta.partial_json;
      this.onDelta?.({
        type: 'tool_call',
        index,
        id: slot.id,
        name: slot.name,
        argumentsDelta: delta.partial_json
      });
    }
  }

  /** The answer so far as a ChatResult. */
  result(): ChatResult {
    const toolCalls = this.slots.map((s, i) => finishToolCall(s.id, s.name, s.arguments, i));
    return {
      text: this.text,
      toolCalls,
      finishReason: mapAnthropicStop(this.stop, toolCalls.length > 0),
      usage: { ...this.usage }
    };
  }
}

/** A whole (unstreamed) message as a ChatResult, replayed as deltas so listeners see it too. */
export function fromAnthropicMessage(
  message: Anthropic.Message,
  onDelta?: (delta: ChatDelta) => void
): ChatResult {
  let text = '';
  const calls: Anthropic.ToolUseBlock[] = [];
  for (const block of message.content ?? []) {
    if (block.type === 'text') text += block.text;
    else if (block.type === 'tool_use') calls.push(block);
  }
  if (text) onDelta?.({ type: 'text', text });
  const toolCalls = calls.map((c, i) => {
    const raw = JSON.stringify(c.input ?? {});
    onDelta?.({ type: 'tool_call', index: i, id: c.id, name: c.name, argumentsDelta: raw });
    return finishToolCall(c.id, c.name, raw, i);
  });
  return {
    text,
    toolCalls,
    finishReason: mapAnthropicStop(message.stop_reason, toolCalls.length > 0),
    usage: anthropicUsage(message.usage)
  };
}
