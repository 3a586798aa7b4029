/**
 * Prompted tool calls for in-browser models without native tool support. The model is told about the
 * tools in the system prompt and must answer with one JSON object: `{"tool": name, "arguments": {…}}`
 * to call a tool, or `{"reply": "…"}` to answer. web-llm's `response_format` (`json_object` with a
 * JSON schema, enforced by XGrammar while decoding) makes every answer one of those shapes, with the
 * arguments valid against the tool's own schema, so even a 1B model emits calls the agent can run.
 *
 * The history is replayed in the same format (a past tool call as its JSON, a tool result as a user
 * message), so the model sees its own earlier answers as it is asked to write them.
 */
import { finishToolCall } from './tool-args';
import type { ChatMessage, ChatResult, ToolCall, ToolSpec } from './types';

/** A chat message as web-llm takes it in prompted mode (no tool roles). */
export interface PlainMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * The schema every answer must match: one branch per tool (its name as a constant, its input schema
 * for the arguments) and the reply branch. `looseArguments` replaces each input schema with a plain
 * object, for when the grammar compiler rejects a tool's schema.
 */
export function promptedResponseSchema(tools: ToolSpec[], looseArguments = false): string {
  const callBranches = tools.map((t) => ({
    type: 'object',
    properties: { tool: { const: t.name }, arguments: looseArguments ? { type: 'object' } : t.inputSchema },
    required: ['tool', 'arguments'],
    additionalProperties: false
  }));
  const reply = { type: 'object', properties: { reply: { type: 'string' } }, required: ['reply'], additionalProperties: false };
  return JSON.stringify({ anyOf: [...callBranches, reply] });
}

/** The instructions appended to the system prompt in prompted mode. */
export function promptedToolInstructions(tools: ToolSpec[]): string {
  const list = tools.map((t) => `- ${t.name}: ${t.description}\n  arguments schema: ${JSON.stringify(t.inputSchema)}`).join('\n');
  return [
    'You can use tools. Answer with exactly one JSON object and nothing else:',
    '{"tool": "<tool name>", "arguments": {…}} to call a tool (you will get its result in the next message), or',
    '{"reply": "<your answer to the user>"} when you are done.',
    'Tools:',
    list
  ].join('\n');
}

function assistantContent(m: Extract<ChatMessage, { role: 'assistant' }>): string {
  const calls = (m.toolCalls ?? []).map((c) => JSON.stringify({ tool: c.name, arguments: c.parsed ?? {} }));
  if (calls.length > 0) return calls.join('\n');
  return JSON.stringify({ reply: m.content });
}

/** The conversation in prompted form: one leading system message, roles merged where adjacent. */
export function toPromptedMessages(messages: ChatMessage[], tools: ToolSpec[]): PlainMessage[] {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  if (tools.length > 0) system.push(promptedToolInstructions(tools));
  const out: PlainMessage[] = system.length > 0 ? [{ role: 'system', content: system.join('\n\n') }] : [];
  const push = (role: PlainMessage['role'], content: string) => {
    const last = out.at(-1);
    if (last && last.role === role && role !== 'system') last.content += `\n\n${content}`;
    else out.push({ role, content });
  };
  for (const m of messages) {
    if (m.role === 'user') push('user', m.content);
    else if (m.role === 'assistant') push('assistant', tools.length > 0 ? assistantContent(m) : m.content);
    else if (m.role === 'tool') push('user', `${m.isError ? 'Error from' : 'Result of'} tool ${m.name}:\n${m.content}`);
  }
  return out;
}

/** Reads a finished prompted answer: a tool call, a reply, or (if cut short) the raw text. */
export function parsePromptedOutput(raw: string, callIndex: number): Pick<ChatResult, 'text' | 'toolCalls'> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { text: raw, toolCalls: [] };
  }
  const object = (value ?? {}) as { tool?: unknown; arguments?: unknown; reply?: unknown };
  if (typeof object.tool === 'string') {
    const call: ToolCall = finishToolCall(`call_${callIndex}`, object.tool, JSON.stringify(object.arguments ?? {}), callIndex);
    return { text: '', toolCalls: [call] };
  }
  if (typeof object.reply === 'string') return { text: object.reply, toolCalls: [] };
  return { text: raw, toolCalls: [] };
}

const REPLY_OPENING = /^\s*\{\s*"reply"\s*:\s*"/;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Decodes a JSON string body up to its closing quote or the last complete escape. */
function decodePartialString(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '"') break;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = body[i + 1];
    if (next === undefined) break;
    if (next === 'u') {
      const hex = body.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) break;
      out += String.fromCharCode(parseInt(hex, 16));
      i += 5;
    } else {
      out += ESCAPES[next] ?? next;
      i += 1;
    }
  }
  return out;
}

const CALL_OPENING = /^\s*\{\s*"tool"\s*:\s*"((?:[^"\\]|\\.)*)"\s*,\s*"arguments"\s*:\s*/;
/** What may still close the outer object: held back until the answer is complete. */
const OUTER_CLOSE = /\s*\}?\s*$/;

/** What a piece of prompted output adds: reply text, or a tool call's name and argument text. */
export type PromptedPiece = { reply: string } | { tool: string; argumentsDelta: string } | null;

/**
 * Streams a growing prompted answer: the reply text out of `{"reply": "…"}` (decoded, word by word),
 * or the raw argument text out of `{"tool": …, "arguments": …}` (the schema fixes the key order, so
 * the arguments run to the outer closing brace, which is held back until the end). The argument
 * pieces add up to exactly `argumentsText` once the answer is complete.
 */
export class PromptedStreamer {
  private raw = '';
  private sent = 0;

  /** Adds output text; returns what it newly reveals (null when nothing yet). */
  push(piece: string): PromptedPiece {
    this.raw += piece;
    const reply = REPLY_OPENING.exec(this.raw);
    if (reply) {
      const decoded = decodePartialString(this.raw.slice(reply[0].length));
      const fresh = decoded.slice(this.sent);
      this.sent = decoded.length;
      return fresh ? { reply: fresh } : null;
    }
    const call = CALL_OPENING.exec(this.raw);
    if (!call) return null;
    const body = this.raw.slice(call[0].length);
    const safe = body.slice(0, body.length - (OUTER_CLOSE.exec(body)?.[0].length ?? 0));
    const fresh = safe.slice(this.sent);
    this.sent = Math.max(this.sent, safe.length);
    return { tool: JSON.parse(`"${call[1]}"`) as string, argumentsDelta: fresh };
  }

  /** The raw argument text of a complete tool answer (what the pieces added up to), if it is one. */
  get argumentsText(): string | undefined {
    const call = CALL_OPENING.exec(this.raw);
    if (!call) return undefined;
    const body = this.raw.slice(call[0].length);
    return body.slice(0, body.length - (OUTER_CLOSE.exec(body)?.[0].length ?? 0));
  }

  /** Everything received so far. */
  get text(): string {
    return this.raw;
  }
}
