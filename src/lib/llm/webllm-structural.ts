/**
 * Tool calls for in-browser models in their own family's format (tool-formats.ts), constrained by a
 * web-llm `structural_tag` response format: XGrammar lets the model write free text until the
 * family's trigger (`<tool_call>`, or `{"name": ` for Llama 3), and then only a call to one of this
 * turn's tools, with arguments valid against that tool's schema, then free text again — so a reply
 * is plain Markdown, and an answer may hold several calls.
 *
 * The conversation is replayed in the same format: the tools in the system prompt, a past call as
 * the text the model wrote, a tool result in the family's result wrapper inside a user turn (web-llm's
 * templates have no tool role outside native Hermes mode).
 */
import { finishToolCall } from './tool-args';
import { jsonValueEnd, type ToolCallFormat } from './tool-formats';
import type { ChatDelta, ChatMessage, ToolCall, ToolSpec } from './types';
import type { StructuralTag } from './webllm-engine';

/** A chat message as web-llm takes it without native tools. */
export interface PlainMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * The response format for a turn's tools: one tag per tool, each the family's call with that tool's
 * schema as the arguments. `looseArguments` gives every tool `{type: object}` instead, for when the
 * grammar compiler rejects some tool's schema (a plugin's regex, say): the calls keep their shape,
 * and the agent validates the arguments before running anything.
 */
export function toolStructuralTag(
  format: ToolCallFormat,
  tools: ToolSpec[],
  looseArguments = false
): StructuralTag {
  return {
    type: 'structural_tag',
    format: {
      type: 'triggered_tags',
      triggers: [format.trigger],
      tags: tools.map((tool) => ({
        type: 'tag',
        begin: format.begin(tool.name),
        content: { type: 'json_schema', json_schema: looseArguments ? { type: 'object' } : tool.inputSchema },
        end: format.end(tool.name)
      }))
    }
  };
}

/** A call as the model wrote it, for replaying the history. */
function callText(format: ToolCallFormat, call: ToolCall): string {
  return `${format.begin(call.name)}${JSON.stringify(call.parsed ?? {})}${format.end(call.name)}`;
}

/** The conversation for web-llm: one leading system message, roles merged where adjacent. */
export function toFormattedMessages(
  messages: ChatMessage[],
  tools: ToolSpec[],
  format: ToolCallFormat
): PlainMessage[] {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  if (tools.length > 0) system.push(format.instructions(tools));
  const out: PlainMessage[] = system.length > 0 ? [{ role: 'system', content: system.join('\n\n') }] : [];
  const push = (role: PlainMessage['role'], content: string) => {
    const last = out.at(-1);
    if (last && last.role === role && role !== 'system') last.content += `\n\n${content}`;
    else out.push({ role, content });
  };
  for (const m of messages) {
    if (m.role === 'user') push('user', m.content);
    else if (m.role === 'assistant')
      push(
        'assistant',
        [m.content, ...(m.toolCalls ?? []).map((c) => callText(format, c))].filter(Boolean).join('\n')
      );
    else if (m.role === 'tool') push('user', format.result(m.name, m.content, m.isError ?? false));
  }
  return out;
}

/** A finished answer: the reply text (calls cut out) and the calls. */
export function parseFormattedOutput(
  format: ToolCallFormat,
  raw: string
): { text: string; toolCalls: ToolCall[] } {
  const found = format.findCalls(raw);
  let text = '';
  let at = 0;
  for (const call of found) {
    text += raw.slice(at, call.start);
    at = call.end;
  }
  text += raw.slice(at);
  const toolCalls = found.map((c, index) => finishToolCall(`call_${index}`, c.name, c.arguments, index));
  return { text: found.length > 0 ? text.replace(/\n{3,}/g, '\n\n').trim() : text, toolCalls };
}

/**
 * Streams a growing answer as neutral deltas: text outside calls as it comes (holding back what may
 * be the start of the trigger), and each call's arguments as they are written once its name is
 * known. Hermes writes the name after the arguments: its calls are announced when complete. The
 * deltas of a call add up to its arguments in `parseFormattedOutput`.
 */
export class FormattedStreamer {
  private raw = '';
  /** Characters of `raw` already accounted for (sent as text, or part of a finished call). */
  private done = 0;
  private calls = 0;
  /** Argument characters already sent for the open call. */
  private sentArgs = 0;

  constructor(
    private readonly format: ToolCallFormat,
    private readonly onDelta?: (delta: ChatDelta) => void
  ) {}

  /** Adds generated text. */
  push(piece: string): void {
    this.raw += piece;
    for (;;) {
      const rest = this.raw.slice(this.done);
      const trigger = rest.indexOf(this.format.trigger);
      if (trigger < 0) {
        this.text(rest.slice(0, rest.length - this.partialTrigger(rest)));
        return;
      }
      this.text(rest.slice(0, trigger));
      const callStart = this.done;
      const found = this.format.findCalls(this.raw.slice(callStart))[0];
      if (!found || found.start !== 0) {
        this.streamOpenCall(this.raw.slice(callStart));
        return;
      }
      this.finishCall(found.name, found.arguments);
      this.done = callStart + found.end;
    }
  }

  private text(text: string): void {
    if (!text) return;
    this.done += text.length;
    this.onDelta?.({ type: 'text', text });
  }

  /** How many characters at the end of `text` could begin the trigger. */
  private partialTrigger(text: string): number {
    const trigger = this.format.trigger;
    for (let n = Math.min(trigger.length - 1, text.length); n > 0; n--)
      if (trigger.startsWith(text.slice(-n))) return n;
    return 0;
  }

  /** Sends the arguments written so far of a call whose begin (with its name) is complete. */
  private streamOpenCall(open: string): void {
    const name = this.openName(open);
    if (name === undefined) return;
    const begin = this.format.begin(name);
    if (!open.startsWith(begin)) return;
    const written = open.slice(begin.length);
    // Stop at the end of the arguments' JSON: what follows belongs to the call's closing text.
    const close = jsonValueEnd(written, 0);
    const args = close < 0 ? written : written.slice(0, close);
    if (args.length > this.sentArgs) {
      this.onDelta?.({
        type: 'tool_call',
        index: this.calls,
        id: `call_${this.calls}`,
        name,
        argumentsDelta: args.slice(this.sentArgs)
      });
      this.sentArgs = args.length;
    }
  }

  /** The name of the call being written, when the format puts it before the arguments. */
  private openName(open: string): string | undefined {
    const match = /^(?:<tool_call>\s*)?\{\s*"name"\s*:\s*("(?:[^"\\]|\\.)*")\s*,/.exec(open);
    if (!match) return undefined;
    try {
      return JSON.parse(match[1]) as string;
    } catch {
      return undefined;
    }
  }

  private finishCall(name: string, args: string): void {
    const rest = args.slice(Math.min(this.sentArgs, args.length));
    if (rest || this.sentArgs === 0)
      this.onDelta?.({
        type: 'tool_call',
        index: this.calls,
        id: `call_${this.calls}`,
        name,
        argumentsDelta: rest
      });
    this.calls += 1;
    this.sentArgs = 0;
  }

  /** Sends text held back as a possible trigger once the answer is over. */
  end(): void {
    const rest = this.raw.slice(this.done);
    if (!rest.includes(this.format.trigger)) this.text(rest);
  }

  /** Everything received so far. */
  get output(): string {
    return this.raw;
  }
}
