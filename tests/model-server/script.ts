/**
 * The script a scripted model server plays. Each POST to a chat endpoint (OpenAI Chat Completions or
 * Anthropic Messages) consumes the next turn; the same turn renders in either wire format, streamed or
 * not, whichever the request asked for. Faults (HTTP errors, a dropped connection, a garbage line) are
 * turns too, so a test says exactly when the model misbehaves.
 */

/** One tool call the scripted model makes. `arguments` is raw text, so a test can script malformed JSON. */
export interface ScriptedToolCall {
  id?: string;
  name: string;
  arguments: string;
}

/** Timing shared by the turns that stream: pause before each streamed piece. */
export interface Pacing {
  /** Milliseconds to wait before each streamed piece (and before a non-streamed body). */
  delayMs?: number;
  /** Characters per streamed piece of text or tool arguments (default 8). */
  pieceSize?: number;
}

/** Token counts to report; when absent the server estimates them from the text lengths. */
export interface ScriptedUsage {
  inputTokens: number;
  outputTokens: number;
  /** Anthropic: input read from / written to the prompt cache (not part of inputTokens there). */
  cacheReadTokens?: number;
  cacheCreationTokens?: number;
}

/** A reply of plain text. */
export interface TextTurn extends Pacing {
  type: 'text';
  text: string;
  /** `length` plays a reply cut off by the token limit. Default `stop`. */
  finishReason?: 'stop' | 'length';
  usage?: ScriptedUsage;
  /** Answer with a plain JSON body even when the request asked to stream (servers that don't stream). */
  ignoreStream?: boolean;
}

/** One or more (parallel) tool calls, optionally after some text. */
export interface ToolCallsTurn extends Pacing {
  type: 'tool_calls';
  calls: ScriptedToolCall[];
  text?: string;
  usage?: ScriptedUsage;
  ignoreStream?: boolean;
  /** Report `stop` instead of `tool_calls` as the finish reason, as some local servers do. */
  finishAsStop?: boolean;
}

/** An HTTP error with the provider's JSON error body. */
export interface ErrorTurn {
  type: 'error';
  status: number;
  message: string;
  /** The provider's error type; a default per status is used when absent. */
  errorType?: string;
}

/** Streams the first `afterPieces` pieces of `text`, then destroys the socket. */
export interface DropTurn extends Pacing {
  type: 'drop';
  text: string;
  afterPieces: number;
}

/** Streams `text` in pieces, then a line that is not JSON, then nothing more. */
export interface GarbageTurn extends Pacing {
  type: 'garbage';
  text: string;
  garbage?: string;
}

/** Any answer at all, as given: e.g. an HTML page where a model's answer was expected. */
export interface RawTurn {
  type: 'raw';
  status: number;
  contentType: string;
  body: string;
}

/** One scripted model turn. */
export type Turn = TextTurn | ToolCallsTurn | ErrorTurn | DropTurn | GarbageTurn | RawTurn;

/**
 * A turn decided when its request arrives, from the request body — as a real model reads the tool
 * results it was sent (e.g. the id a create call returned) before it answers.
 */
export type TurnFromRequest = (body: Record<string, unknown>) => Turn;

/** What a script holds: turns, or turns computed from their request. */
export type ScriptEntry = Turn | TurnFromRequest;

/** A model the server lists on GET /v1/models; extra fields go out as they are (e.g. `context_length`). */
export interface ScriptedModel {
  id: string;
  [field: string]: unknown;
}

/** Splits text into pieces of at most `size` characters (at least one piece, even for ''). */
export function splitPieces(text: string, size = 8): string[] {
  if (size < 1) throw new RangeError(`pieceSize must be at least 1, got ${size}`);
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces.length > 0 ? pieces : [''];
}

/** A rough token count (4 characters a token), so usage figures are deterministic and plausible. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** Gives each call a stable id when the script left it out. */
export function withIds(
  calls: ScriptedToolCall[],
  prefix: string,
  turnIndex: number
): Required<ScriptedToolCall>[] {
  return calls.map((call, i) => ({ ...call, id: call.id ?? `${prefix}${turnIndex}_${i}` }));
}

/** The text a turn produces, for usage estimates. */
export function turnOutputText(turn: Turn): string {
  switch (turn.type) {
    case 'text':
    case 'drop':
    case 'garbage':
      return turn.text;
    case 'tool_calls':
      return (turn.text ?? '') + turn.calls.map((c) => c.name + c.arguments).join('');
    case 'error':
    case 'raw':
      return '';
  }
}
