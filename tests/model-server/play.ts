/**
 * Plays one scripted turn as the answer to one chat request, in the wire format of the endpoint that
 * received it. Streaming honours the turn's pacing and stops as soon as the client goes away.
 */
import type { ServerResponse } from 'node:http';
import {
  anthropicError,
  anthropicMessage,
  anthropicStart,
  anthropicStreamEvents,
  anthropicTextBlock,
  type NamedEvent
} from './anthropic-wire';
import { openAiCompletion, openAiError, openAiStreamChunks, openAiTextChunks } from './openai-wire';
import { PromptCache } from './prompt-cache';
import {
  estimateTokens,
  splitPieces,
  turnOutputText,
  type RawTurn,
  type ScriptedUsage,
  type Turn
} from './script';

/** What the server shares with the players. */
export interface PlayContext {
  nextTurn(body: Record<string, unknown>): { turn: Turn; index: number } | undefined;
  unsupportedParams: string[];
  /** Anthropic's prompt cache, shared by the server's requests. */
  promptCache: PromptCache;
}

const EXHAUSTED = 'The scripted model server has no turn left for this request.';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function usageFor(turn: Turn, body: Record<string, unknown>): ScriptedUsage {
  if ((turn.type === 'text' || turn.type === 'tool_calls') && turn.usage) return turn.usage;
  const input =
    JSON.stringify(body.messages ?? '') +
    JSON.stringify(body.system ?? '') +
    JSON.stringify(body.tools ?? '');
  return { inputTokens: estimateTokens(input), outputTokens: estimateTokens(turnOutputText(turn)) };
}

/** Anthropic's usage: the input split by the prompt cache, as the Messages API reports it. */
function anthropicUsageFor(turn: Turn, body: Record<string, unknown>, ctx: PlayContext): ScriptedUsage {
  const usage = usageFor(turn, body);
  if ((turn.type === 'text' || turn.type === 'tool_calls') && turn.usage) return usage;
  const split = ctx.promptCache.use(body);
  return {
    ...usage,
    inputTokens: split.inputTokens,
    cacheReadTokens: split.cacheReadTokens,
    cacheCreationTokens: split.cacheCreationTokens
  };
}

/** Writes SSE frames one by one with the pause before each; false when the client went away. */
async function stream(res: ServerResponse, frames: string[], delayMs = 0): Promise<boolean> {
  if (!res.headersSent)
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  for (const frame of frames) {
    if (delayMs > 0) await sleep(delayMs);
    if (res.destroyed) return false;
    res.write(frame);
  }
  return true;
}

/** Cuts the connection after what was written has reached the socket (destroy drops unflushed data). */
async function drop(res: ServerResponse): Promise<void> {
  await new Promise<void>((resolve) => res.write('', () => resolve()));
  res.destroy();
}

const dataFrame = (data: object | string) =>
  `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
const namedFrame = (e: NamedEvent) => `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;

function unsupportedParam(body: Record<string, unknown>, ctx: PlayContext): string | undefined {
  return ctx.unsupportedParams.find((p) => p in body);
}

function unsupportedMessage(param: string): string {
  const hint = param === 'max_tokens' ? " Use 'max_completion_tokens' instead." : '';
  return `Unsupported parameter: '${param}' is not supported with this model.${hint}`;
}

/** Sends a raw turn as scripted. */
function playRaw(turn: RawTurn, res: ServerResponse): void {
  res.writeHead(turn.status, { 'Content-Type': turn.contentType });
  res.end(turn.body);
}

/** Answers a POST /v1/chat/completions. */
export async function playOpenAi(
  body: Record<string, unknown>,
  res: ServerResponse,
  ctx: PlayContext
): Promise<void> {
  const rejected = unsupportedParam(body, ctx);
  if (rejected) {
    const error = openAiError(400, unsupportedMessage(rejected), 'invalid_request_error', rejected) as {
      error: Record<string, unknown>;
    };
    error.error.code = 'unsupported_parameter';
    return sendJson(res, 400, error);
  }
  const next = ctx.nextTurn(body);
  if (!next) return sendJson(res, 500, openAiError(500, EXHAUSTED));
  const { turn, index } = next;
  const model = typeof body.model === 'string' ? body.model : 'scripted-model';
  const rc = {
    id: `chatcmpl-scripted-${index}`,
    model,
    created: Math.floor(Date.now() / 1000),
    usage: usageFor(turn, body),
    turnIndex: index
  };
  if (turn.type === 'raw') return playRaw(turn, res);
  if (turn.type === 'error')
    return sendJson(res, turn.status, openAiError(turn.status, turn.message, turn.errorType));
  if (turn.type === 'drop' || turn.type === 'garbage') {
    const chunks = openAiTextChunks(turn.text, rc, turn.pieceSize).map(dataFrame);
    if (turn.type === 'drop') {
      if (await stream(res, chunks.slice(0, turn.afterPieces), turn.delayMs)) await drop(res);
      return;
    }
    if (
      await stream(
        res,
        [...chunks, dataFrame(turn.garbage ?? '{"choices": [ this is not JSON')],
        turn.delayMs
      )
    )
      res.end();
    return;
  }
  if (!body.stream || turn.ignoreStream) {
    if (turn.delayMs) await sleep(turn.delayMs);
    return sendJson(res, 200, openAiCompletion(turn, rc));
  }
  const includeUsage =
    (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
  const frames = [...openAiStreamChunks(turn, rc, includeUsage).map(dataFrame), dataFrame('[DONE]')];
  if (await stream(res, frames, turn.delayMs)) res.end();
}

/** Answers a POST /v1/messages. */
export async function playAnthropic(
  body: Record<string, unknown>,
  res: ServerResponse,
  ctx: PlayContext
): Promise<void> {
  const next = ctx.nextTurn(body);
  if (!next) return sendJson(res, 500, anthropicError(500, EXHAUSTED));
  const { turn, index } = next;
  const model = typeof body.model === 'string' ? body.model : 'scripted-model';
  const rc = {
    id: `msg_scripted_${index}`,
    model,
    usage: anthropicUsageFor(turn, body, ctx),
    turnIndex: index
  };
  if (turn.type === 'raw') return playRaw(turn, res);
  if (turn.type === 'error')
    return sendJson(res, turn.status, anthropicError(turn.status, turn.message, turn.errorType));
  if (turn.type === 'drop' || turn.type === 'garbage') {
    const events = [...anthropicStart(rc), ...anthropicTextBlock(0, turn.text, turn.pieceSize)].map(
      namedFrame
    );
    if (turn.type === 'drop') {
      const keep = 2 + 1 + Math.min(turn.afterPieces, splitPieces(turn.text, turn.pieceSize).length);
      if (await stream(res, events.slice(0, keep), turn.delayMs)) await drop(res);
      return;
    }
    const garbage = `event: content_block_delta\ndata: ${turn.garbage ?? '{"type": this is not JSON'}\n\n`;
    if (await stream(res, [...events, garbage], turn.delayMs)) res.end();
    return;
  }
  if (!body.stream || turn.ignoreStream) {
    if (turn.delayMs) await sleep(turn.delayMs);
    return sendJson(res, 200, anthropicMessage(turn, rc));
  }
  if (await stream(res, anthropicStreamEvents(turn, rc).map(namedFrame), turn.delayMs)) res.end();
}
