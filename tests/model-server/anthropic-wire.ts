/**
 * The Anthropic Messages wire format: a `message` body with content blocks, or named SSE events
 * (message_start, content_block_start/delta/stop, message_delta, message_stop, with pings). Tool calls
 * are `tool_use` blocks whose input streams as `input_json_delta` pieces of raw JSON text.
 */
import { splitPieces, withIds, type ScriptedUsage, type TextTurn, type ToolCallsTurn } from './script';

/** Everything a rendering needs besides the turn. */
export interface AnthropicContext {
  id: string;
  model: string;
  usage: ScriptedUsage;
  turnIndex: number;
}

/** One named SSE event. */
export interface NamedEvent {
  event: string;
  data: object;
}

type Reply = TextTurn | ToolCallsTurn;

function stopReason(turn: Reply): string {
  if (turn.type === 'tool_calls') return turn.finishAsStop ? 'end_turn' : 'tool_use';
  return turn.finishReason === 'length' ? 'max_tokens' : 'end_turn';
}

function usageBody(usage: ScriptedUsage, outputTokens = usage.outputTokens) {
  return {
    input_tokens: usage.inputTokens,
    output_tokens: outputTokens,
    cache_creation_input_tokens: usage.cacheCreationTokens ?? 0,
    cache_read_input_tokens: usage.cacheReadTokens ?? 0
  };
}

/**
 * The non-streamed `message` body. A tool_use block's `input` is a JSON object on this wire, so a
 * scripted call with malformed arguments cannot be sent unstreamed: that throws, naming the call.
 */
export function anthropicMessage(turn: Reply, ctx: AnthropicContext): object {
  const content: object[] = [];
  if (turn.type === 'text' || turn.text) content.push({ type: 'text', text: turn.text ?? '' });
  if (turn.type === 'tool_calls') {
    for (const call of withIds(turn.calls, 'toolu_', ctx.turnIndex)) {
      let input: unknown;
      try {
        input = JSON.parse(call.arguments);
      } catch {
        throw new TypeError(
          `tool call ${call.name} has malformed arguments; Anthropic can only stream those`
        );
      }
      content.push({ type: 'tool_use', id: call.id, name: call.name, input });
    }
  }
  return {
    id: ctx.id,
    type: 'message',
    role: 'assistant',
    model: ctx.model,
    content,
    stop_reason: stopReason(turn),
    stop_sequence: null,
    usage: usageBody(ctx.usage)
  };
}

/** The opening events: message_start (with input usage) and a ping, as the real API sends. */
export function anthropicStart(ctx: AnthropicContext): NamedEvent[] {
  const message = {
    id: ctx.id,
    type: 'message',
    role: 'assistant',
    model: ctx.model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: usageBody(ctx.usage, 1)
  };
  return [
    { event: 'message_start', data: { type: 'message_start', message } },
    { event: 'ping', data: { type: 'ping' } }
  ];
}

/** A text block: start, one text_delta per piece (no stop, so a fault can follow mid-block). */
export function anthropicTextBlock(index: number, text: string, pieceSize?: number): NamedEvent[] {
  const events: NamedEvent[] = [
    {
      event: 'content_block_start',
      data: { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }
    }
  ];
  for (const piece of splitPieces(text, pieceSize)) {
    const delta = { type: 'text_delta', text: piece };
    events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta } });
  }
  return events;
}

function blockStop(index: number): NamedEvent {
  return { event: 'content_block_stop', data: { type: 'content_block_stop', index } };
}

function toolBlocks(turn: ToolCallsTurn, ctx: AnthropicContext, first: number): NamedEvent[] {
  const events: NamedEvent[] = [];
  withIds(turn.calls, 'toolu_', ctx.turnIndex).forEach((call, i) => {
    const index = first + i;
    const block = { type: 'tool_use', id: call.id, name: call.name, input: {} };
    events.push({
      event: 'content_block_start',
      data: { type: 'content_block_start', index, content_block: block }
    });
    for (const piece of splitPieces(call.arguments, turn.pieceSize)) {
      const delta = { type: 'input_json_delta', partial_json: piece };
      events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta } });
    }
    events.push(blockStop(index));
  });
  return events;
}

/** All events of a streamed reply, message_start to message_stop. */
export function anthropicStreamEvents(turn: Reply, ctx: AnthropicContext): NamedEvent[] {
  const events = anthropicStart(ctx);
  let next = 0;
  if (turn.type === 'text' || turn.text) {
    events.push(...anthropicTextBlock(0, turn.text ?? '', turn.pieceSize), blockStop(0));
    next = 1;
  }
  if (turn.type === 'tool_calls') events.push(...toolBlocks(turn, ctx, next));
  const delta = { stop_reason: stopReason(turn), stop_sequence: null };
  events.push({
    event: 'message_delta',
    data: { type: 'message_delta', delta, usage: { output_tokens: ctx.usage.outputTokens } }
  });
  events.push({ event: 'message_stop', data: { type: 'message_stop' } });
  return events;
}

const ANTHROPIC_ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error'
};

/** Anthropic's error body: `{type: 'error', error: {type, message}}`. */
export function anthropicError(status: number, message: string, errorType?: string): object {
  return {
    type: 'error',
    error: { type: errorType ?? ANTHROPIC_ERROR_TYPES[status] ?? 'api_error', message }
  };
}
