/**
 * The OpenAI Chat Completions wire format (what api.openai.com, Ollama, llama.cpp, vLLM and LM Studio
 * send): a `chat.completion` body, or `chat.completion.chunk` events over SSE ending in `data: [DONE]`.
 * Tool calls stream as deltas keyed by `index`: the first names the call (id, name, empty arguments),
 * later ones append argument text.
 */
import { splitPieces, withIds, type ScriptedUsage, type TextTurn, type ToolCallsTurn } from './script';

/** Everything a rendering needs besides the turn. */
export interface OpenAiContext {
  id: string;
  model: string;
  created: number;
  usage: ScriptedUsage;
  turnIndex: number;
}

type Reply = TextTurn | ToolCallsTurn;

function usageBody(usage: ScriptedUsage) {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens
  };
}

function finishReason(turn: Reply): string {
  if (turn.type === 'text') return turn.finishReason ?? 'stop';
  return turn.finishAsStop ? 'stop' : 'tool_calls';
}

/** The non-streamed `chat.completion` body for a turn. */
export function openAiCompletion(turn: Reply, ctx: OpenAiContext): object {
  const calls = turn.type === 'tool_calls' ? withIds(turn.calls, 'call_', ctx.turnIndex) : [];
  const content = turn.text ?? null;
  const message: Record<string, unknown> = { role: 'assistant', content, refusal: null };
  if (calls.length > 0) {
    message.tool_calls = calls.map((c) => ({
      id: c.id,
      type: 'function',
      function: { name: c.name, arguments: c.arguments }
    }));
  }
  return {
    id: ctx.id,
    object: 'chat.completion',
    created: ctx.created,
    model: ctx.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason(turn) }],
    usage: usageBody(ctx.usage)
  };
}

/** Wraps a delta in a `chat.completion.chunk`. */
export function openAiChunk(ctx: OpenAiContext, delta: object, finish: string | null = null): object {
  return {
    id: ctx.id,
    object: 'chat.completion.chunk',
    created: ctx.created,
    model: ctx.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }]
  };
}

/** The text pieces of a reply as content deltas (the first also carries the role). */
export function openAiTextChunks(text: string, ctx: OpenAiContext, pieceSize?: number): object[] {
  return splitPieces(text, pieceSize).map((piece, i) =>
    openAiChunk(ctx, i === 0 ? { role: 'assistant', content: piece } : { content: piece })
  );
}

function toolCallChunks(turn: ToolCallsTurn, ctx: OpenAiContext): object[] {
  const chunks: object[] = [];
  withIds(turn.calls, 'call_', ctx.turnIndex).forEach((call, index) => {
    chunks.push(
      openAiChunk(ctx, {
        tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }]
      })
    );
    for (const piece of splitPieces(call.arguments, turn.pieceSize)) {
      chunks.push(openAiChunk(ctx, { tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  return chunks;
}

/**
 * The SSE events of a streamed reply, without the final `[DONE]`. `includeUsage` mirrors the request's
 * `stream_options.include_usage`: a last chunk with empty `choices` and the usage.
 */
export function openAiStreamChunks(turn: Reply, ctx: OpenAiContext, includeUsage: boolean): object[] {
  const chunks: object[] = [];
  if (turn.type === 'text' || turn.text)
    chunks.push(...openAiTextChunks(turn.text ?? '', ctx, turn.pieceSize));
  else chunks.push(openAiChunk(ctx, { role: 'assistant', content: null }));
  if (turn.type === 'tool_calls') chunks.push(...toolCallChunks(turn, ctx));
  chunks.push(openAiChunk(ctx, {}, finishReason(turn)));
  if (includeUsage) {
    chunks.push({
      id: ctx.id,
      object: 'chat.completion.chunk',
      created: ctx.created,
      model: ctx.model,
      choices: [],
      usage: usageBody(ctx.usage)
    });
  }
  return chunks;
}

const OPENAI_ERROR_TYPES: Record<number, [type: string, code: string | null]> = {
  400: ['invalid_request_error', null],
  401: ['invalid_request_error', 'invalid_api_key'],
  403: ['invalid_request_error', 'unsupported_country_region_territory'],
  404: ['invalid_request_error', 'model_not_found'],
  429: ['requests', 'rate_limit_exceeded'],
  500: ['server_error', null],
  503: ['server_error', null]
};

/** OpenAI's error body: `{error: {message, type, param, code}}`. */
export function openAiError(
  status: number,
  message: string,
  errorType?: string,
  param: string | null = null
): object {
  const [type, code] = OPENAI_ERROR_TYPES[status] ?? ['server_error', null];
  return { error: { message, type: errorType ?? type, param, code } };
}
