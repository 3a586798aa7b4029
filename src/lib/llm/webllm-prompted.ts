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

/**
 * Streams the reply text out of a growing `{"reply": "…"}` answer, so in-browser replies appear word
 * by word like the others. Tool-call answers produce nothing here (their call is reported whole).
 */
export class ReplyStreamer {
  private raw = '';
  private sent = 0;

  /** Adds output text; returns the newly decoded reply text ('' if none yet). */
  push(piece: string): string {
    this.raw += piece;
    const opening = REPLY_OPENING.exec(this.raw);
    if (!opening) return '';
    const decoded = decodePartialString(this.raw.slice(opening[0].length));
    const fresh = decoded.slice(this.sent);
    this.sent = decoded.length;
    return fresh;
  }

  /** Everything received so far. */
  get text(): string {
    return this.raw;
  }
}
