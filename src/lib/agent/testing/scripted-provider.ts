/**
 * Test doubles for the agent: a ChatProvider that replays scripted answers in memory (the wire
 * protocols are the llm folder's business and tested there against a scripted HTTP server) and a
 * small in-memory workspace tool host. Both record what they were asked, so tests can check the
 * requests the loop made.
 */
import { invalidArgumentsText, schemaIssues } from '$lib/core';
import type { ChatMessage, ChatOptions, ChatProvider, ChatResult, ToolCall, ToolSpec } from '$lib/llm';
import type { ToolResult, WorkspaceToolHost, WorkspaceToolInfo } from '../types';

/** One scripted tool call; an object `arguments` is sent as its JSON, a string as is (maybe malformed). */
export interface ScriptedCall {
  id?: string;
  name: string;
  arguments: string | Record<string, unknown>;
}

/** One scripted answer of the model. */
export interface ScriptedAnswer {
  text?: string;
  calls?: ScriptedCall[];
  /** Wait this long before answering. */
  delayMs?: number;
  /** Keep waiting when the signal aborts, as a provider that ignores it would. */
  ignoreSignal?: boolean;
  /** Reject with this instead of answering. */
  error?: Error;
  inputTokens?: number;
  /** Finish as cut off by the output limit. */
  cutOff?: boolean;
}

/** What the provider was asked, copied at the time of the call. */
export interface RecordedRequest {
  messages: ChatMessage[];
  tools: ToolSpec[] | undefined;
  toolsRef: ToolSpec[] | undefined;
  /** The output limit the agent asked for. */
  maxOutputTokens: number | undefined;
}

let callCounter = 0;

/** A ChatProvider that plays `script` one answer per call and fails when it runs out. */
export class ScriptedProvider implements ChatProvider {
  readonly kind = 'openai-compatible' as const;
  readonly model = 'scripted';
  readonly requests: RecordedRequest[] = [];
  private readonly script: ScriptedAnswer[];

  constructor(script: ScriptedAnswer[]) {
    this.script = [...script];
  }

  async chat(messages: ChatMessage[], options: ChatOptions = {}): Promise<ChatResult> {
    this.requests.push({
      messages: structuredClone(messages),
      tools: structuredClone(options.tools),
      toolsRef: options.tools,
      maxOutputTokens: options.maxOutputTokens
    });
    const answer = this.script.shift();
    if (!answer) throw new Error('The script has no answer left.');
    if (answer.delayMs) await wait(answer.delayMs, answer.ignoreSignal ? undefined : options.signal);
    if (answer.error) throw answer.error;
    const text = answer.text ?? '';
    if (text) options.onDelta?.({ type: 'text', text });
    const toolCalls = (answer.calls ?? []).map(toToolCall);
    const inputTokens = answer.inputTokens ?? 0;
    return {
      text,
      toolCalls,
      finishReason: answer.cutOff ? 'length' : toolCalls.length ? 'tool_calls' : 'stop',
      usage: { inputTokens, outputTokens: 0 }
    };
  }
}

/** A call as the providers deliver it: raw text, plus the parse or the parse error. */
function toToolCall(call: ScriptedCall): ToolCall {
  const raw = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
  const base = { id: call.id ?? `call_${++callCounter}`, name: call.name, arguments: raw };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return { ...base, parsed: parsed as Record<string, unknown> };
    return { ...base, parseError: 'the arguments are not a JSON object' };
  } catch (error) {
    return { ...base, parseError: (error as Error).message };
  }
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
  });
}

/** A workspace tool of the in-memory host: its listing and a handler. */
export interface FakeTool extends WorkspaceToolInfo {
  run(input: Record<string, unknown>, signal?: AbortSignal): Promise<unknown> | unknown;
}

/**
 * An in-memory WorkspaceToolHost that records the calls it runs. Like the real registry, it checks
 * the arguments against the tool's schema first (core's schema-check, the same words) and runs
 * nothing when they do not match.
 */
export class FakeWorkspace implements WorkspaceToolHost {
  readonly calls: { id: string; input: unknown; source: string }[] = [];
  constructor(private readonly tools: FakeTool[]) {}

  list(): WorkspaceToolInfo[] {
    return this.tools.map(({ id, description, inputSchema, enabled, writesNote, plugin }) => ({
      id,
      description,
      inputSchema,
      enabled,
      ...(writesNote ? { writesNote } : {}),
      ...(plugin ? { plugin } : {})
    }));
  }

  async call(
    id: string,
    input: unknown,
    options: { signal?: AbortSignal; source: 'ai' }
  ): Promise<ToolResult> {
    const tool = this.tools.find((candidate) => candidate.id === id);
    if (!tool) return { content: [{ type: 'text', text: `Unknown tool "${id}".` }], isError: true };
    const issues = schemaIssues(tool.inputSchema, input ?? {});
    if (issues.length > 0)
      return { content: [{ type: 'text', text: invalidArgumentsText(id, issues) }], isError: true };
    this.calls.push({ id, input, source: options.source });
    const payload = await tool.run(input as Record<string, unknown>, options.signal);
    return {
      content: [
        { type: 'text', text: typeof payload === 'string' ? payload : JSON.stringify(payload, null, 2) }
      ]
    };
  }
}

/** A `read_note` and a `search_notes` over a map of note bodies, enough for the loop's tests. */
export function notesWorkspace(notes: Record<string, { title: string; body: string }>): FakeWorkspace {
  return new FakeWorkspace([
    {
      id: 'search_notes',
      description: 'Search notes by words.',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
      run: ({ query }) => ({
        results: Object.entries(notes)
          .filter(([, note]) => `${note.title} ${note.body}`.includes(String(query)))
          .map(([id, note]) => ({ id, title: note.title }))
      })
    },
    {
      id: 'read_note',
      description: 'Read a note.',
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string' }, offset: { type: 'integer', minimum: 0 } },
        required: ['id']
      },
      run: ({ id, offset }) => {
        const note = notes[String(id)];
        if (!note) throw new Error(`No note with id ${String(id)}`);
        return { id, title: note.title, body: note.body.slice(Number(offset ?? 0)) };
      }
    }
  ]);
}
