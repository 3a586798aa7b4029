// The benchmark's workspace worker: the real worker services (database, registry, built-in tools)
// and the real agent API, with a zero-latency model in place of a provider, so a step costs only
// what the app adds around the model: tool list, prompt, fitting, dispatch of a tool, callbacks.
import * as Comlink from 'comlink';
import { createNote, ensureDefaultNotebook, openDatabase } from '$lib/db';
import type { ChatMessage, ChatOptions, ChatProvider, ChatResult } from '$lib/llm';
import { createCancelRegistry, installComlinkErrors } from '$lib/rpc';
import { createToolRegistry, registerBuiltinTools, type ToolContext } from '$lib/tools';
import { createAgentApi } from '../../../workers/agent-api';
import { FullTextService } from '../../../workers/full-text';

/** How the model writes a session-tool call for the focused-note scenario. */
export interface StreamedEdits {
  /** One anchor per step: each step inserts after its own anchor (proposals never overlap). */
  anchors: string[];
  /** The call's arguments arrive in this many pieces... */
  pieces: number;
  /** ...this far apart, as a model writing at reading speed does (so drafts are drawn between). */
  pieceGapMs: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Answers at once: `read_note` calls until `toolSteps` results are in, then a short text. With
 * `edits`, each step is instead an `insert_after_anchor` on the focused note, its arguments streamed.
 */
class ZeroLatencyModel implements ChatProvider {
  readonly kind = 'openai-compatible' as const;
  readonly model = 'zero-latency';
  /** When each model call started and ended, for the in-worker gaps between them. */
  readonly marks: { start: number; end: number }[] = [];
  constructor(
    private readonly noteIds: string[],
    private readonly toolSteps: number,
    private readonly edits?: StreamedEdits
  ) {}

  async chat(messages: ChatMessage[], options: ChatOptions = {}): Promise<ChatResult> {
    const start = performance.now();
    const lastUser = messages.findLastIndex((m) => m.role === 'user');
    const done = messages.slice(lastUser).filter((m) => m.role === 'tool').length;
    const usage = { inputTokens: 0, outputTokens: 0 };
    let result: ChatResult;
    if (done >= this.toolSteps) {
      options.onDelta?.({ type: 'text', text: 'Done.' });
      result = { text: 'Done.', toolCalls: [], finishReason: 'stop', usage };
    } else if (this.edits) {
      result = await this.streamEdit(done, this.edits, options);
    } else {
      const id = this.noteIds[done % this.noteIds.length];
      const args = JSON.stringify({ id });
      options.onDelta?.({
        type: 'tool_call',
        index: 0,
        id: `call_${done}`,
        name: 'read_note',
        argumentsDelta: args
      });
      result = {
        text: '',
        toolCalls: [{ id: `call_${done}`, name: 'read_note', arguments: args, parsed: { id } }],
        finishReason: 'tool_calls',
        usage
      };
    }
    this.marks.push({ start, end: performance.now() });
    return result;
  }

  /** Step `done`'s insert_after_anchor, sent in pieces (the pauses fall inside the call, so the gaps exclude them). */
  private async streamEdit(done: number, edits: StreamedEdits, options: ChatOptions): Promise<ChatResult> {
    const parsed = {
      anchor: edits.anchors[done % edits.anchors.length],
      text: `A line the model adds in step ${done + 1}, written a few words at a time.`
    };
    const args = JSON.stringify(parsed);
    const id = `call_${done}`;
    const size = Math.ceil(args.length / edits.pieces);
    for (let at = 0; at < args.length; at += size) {
      options.onDelta?.({
        type: 'tool_call',
        index: 0,
        id,
        name: 'insert_after_anchor',
        argumentsDelta: args.slice(at, at + size)
      });
      await pause(edits.pieceGapMs);
    }
    return {
      text: '',
      toolCalls: [{ id, name: 'insert_after_anchor', arguments: args, parsed }],
      finishReason: 'tool_calls',
      usage: { inputTokens: 0, outputTokens: 0 }
    };
  }
}

const NOTE_COUNT = 300;
// A database of its own per run: the browser profile is fresh, but a name can't collide anyway.
const db = openDatabase(`agent-overhead-bench-${Date.now()}`);
let model: ZeroLatencyModel | undefined;

async function seed(): Promise<string[]> {
  await db.open();
  const notebook = await ensureDefaultNotebook(db);
  const ids: string[] = [];
  for (let i = 0; i < NOTE_COUNT; i++) {
    const body = `# Note ${i}\n\n${'Some ordinary text about packing, trips and groceries. '.repeat(40)}\n\n- [ ] item ${i}\n`;
    ids.push((await createNote(db, { parent_id: notebook.id, title: `Note ${i}`, body })).id);
  }
  return ids;
}

installComlinkErrors();
// Not awaited at the top: a module worker drops messages that arrive before expose() listens.
const seeded = seed();
// The worker's registry and full-text service as services.ts builds them (the semantic host is left
// out: no embedder is configured, so the tools' context would not hold it anyway).
const registry = createToolRegistry();
registerBuiltinTools(registry);
const fullText = new FullTextService(db);
const cancels = createCancelRegistry();
const toolContext = ({ source, signal }: Pick<ToolContext, 'source' | 'signal'>): ToolContext => ({
  db,
  search: { search: (query, options) => fullText.search(query, options) },
  source,
  signal
});
const agent = createAgentApi({ cancels, registry, toolContext, createProvider: () => model! });

/** Waits for the notes, then sets how many tool steps each turn takes before the answer (and which). */
async function setUp(toolSteps: number, edits?: StreamedEdits): Promise<void> {
  model = new ZeroLatencyModel(await seeded, toolSteps, edits);
}

Comlink.expose({
  ping: () => 'pong',
  setUp,
  runTurn: agent.runTurn,
  cancel: (callId: string) => cancels.cancel(callId),
  /** Milliseconds between the end of one model call and the start of the next, per turn step. */
  gaps(): number[] {
    const marks = model?.marks ?? [];
    const gaps: number[] = [];
    for (let i = 1; i < marks.length; i++) gaps.push(marks[i].start - marks[i - 1].end);
    marks.length = 0;
    return gaps;
  }
});
