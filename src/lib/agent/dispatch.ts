/**
 * The dispatcher: one tool call of the model in, one result out. It routes by name to the session
 * tools (the editor, through a hook) or the workspace registry, after three gates that each answer
 * with an error result the model can read and act on, so nothing runs and nothing is applied:
 * the tool must be offered this turn, its arguments must be a JSON object, and they must match the
 * tool's schema (checked by the registry for the calls it runs, here for the others, with the same
 * checker and words, core's schema-check). Handler failures become error results too; only Stop propagates, as an abort.
 *
 * A workspace tool's call that would change the note open in the editor (the tool names the note
 * in its `writesNote` argument) is not run on the stored note: it goes to the editor's session host,
 * which turns it into a suggestion in the review queue, so every change to the open note waits for
 * the user's Accept, whichever tool the model picked.
 *
 * A fourth step, the consent gate (consent.ts), holds a destructive call that follows a plugin's
 * output in the same turn until the user allows it.
 */
import { invalidArgumentsText, parseToolArguments, schemaIssues } from '$lib/core';
import type { ToolCall } from '$lib/llm';
import { isAbort, raceAbort } from './abort';
import { declinedText, destructiveAction, type ConsentHook } from './consent';
import type { SessionToolHost, ToolResult, ToolTranscriptEntry, TurnTool, WorkspaceToolHost } from './types';

/** What the dispatcher needs for one turn. */
export interface DispatchContext {
  /** This turn's tools by name: the only ones that may run. */
  offered: ReadonlyMap<string, TurnTool>;
  /** Names that exist but are not offered now (other session tools, disabled workspace tools). */
  known: ReadonlySet<string>;
  workspace: WorkspaceToolHost;
  session?: SessionToolHost;
  /** The note open in the editor this turn, if any. */
  openNoteId?: string;
  signal?: AbortSignal;
  onToolCall?(entry: ToolTranscriptEntry): void;
  /** Asks the user before a destructive call after plugin output; absent → such calls are refused. */
  confirm?: ConsentHook;
  /** The turn's memory of plugin output: set by the first plugin tool call that ran this turn. */
  taint: { pluginName?: string };
}

/** Runs `call` through the gates and its handler; resolves with the finished transcript entry. */
export async function dispatchToolCall(
  call: ToolCall,
  step: number,
  ctx: DispatchContext
): Promise<ToolTranscriptEntry> {
  const started = performance.now();
  const tool = ctx.offered.get(call.name);
  const input = readArguments(call);
  const entry: ToolTranscriptEntry = {
    kind: 'tool',
    id: call.id,
    tool: call.name,
    tier: tool?.tier,
    ...(tool?.plugin ? { plugin: tool.plugin } : {}),
    arguments: 'value' in input ? input.value : call.arguments,
    isError: false,
    durationMs: 0,
    step,
    ...(tool && 'value' in input && writesOpenNote(tool, input.value, ctx) ? { review: true } : {})
  };
  ctx.onToolCall?.({ ...entry });
  const result = await resultOf(tool, call, input, ctx, entry);
  // Whatever a plugin tool answered (its error text too) is the plugin's words in the context now.
  if (tool?.plugin) ctx.taint.pluginName ??= tool.plugin.pluginName;
  entry.result = result;
  entry.isError = result.isError === true;
  entry.durationMs = performance.now() - started;
  return entry;
}

type Arguments = { value: Record<string, unknown> } | { problem: string };

async function resultOf(
  tool: TurnTool | undefined,
  call: ToolCall,
  input: Arguments,
  ctx: DispatchContext,
  entry: ToolTranscriptEntry
): Promise<ToolResult> {
  if (!tool) return errorResult(notOffered(call.name, ctx));
  if ('problem' in input) {
    return errorResult(
      `The arguments of ${call.name} are not a JSON object (${input.problem}); nothing was done. Call it again with a JSON object matching its schema.`
    );
  }
  // The registry checks the calls it runs; the ones the editor takes are checked here, alike.
  const problems = servedByRegistry(tool, input.value, ctx)
    ? []
    : schemaIssues(tool.inputSchema, input.value);
  if (problems.length > 0) return errorResult(invalidArgumentsText(call.name, problems));
  const refusal = await consentGate(tool, input.value, ctx, entry);
  if (refusal) return refusal;
  try {
    return await raceAbort(run(tool, input.value, ctx), ctx.signal);
  } catch (error) {
    if (isAbort(error)) throw error;
    return errorResult(`${call.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Whether the call would change the note open in the editor (see the module comment). */
function writesOpenNote(tool: TurnTool, args: Record<string, unknown>, ctx: DispatchContext): boolean {
  return (
    tool.tier === 'workspace' &&
    !!tool.writesNote &&
    !!ctx.openNoteId &&
    args[tool.writesNote] === ctx.openNoteId &&
    !!ctx.session
  );
}

/**
 * The consent step: after plugin output this turn, a destructive call waits for the user. Resolves
 * with the refusal when they decline (or cannot be asked), undefined when the call may run.
 */
async function consentGate(
  tool: TurnTool,
  args: Record<string, unknown>,
  ctx: DispatchContext,
  entry: ToolTranscriptEntry
): Promise<ToolResult | undefined> {
  const pluginName = ctx.taint.pluginName;
  const action = pluginName ? destructiveAction(tool.name, args) : undefined;
  if (!pluginName || !action) return undefined;
  entry.consent = { action, pluginName };
  if (!ctx.confirm) {
    entry.consent.answer = 'declined';
    return errorResult(declinedText(tool.name, pluginName, false));
  }
  ctx.onToolCall?.({ ...entry, consent: { ...entry.consent } });
  const allowed = await raceAbort(
    ctx.confirm({ callId: entry.id, tool: tool.name, arguments: args, action, pluginName }),
    ctx.signal
  );
  entry.consent.answer = allowed ? 'allowed' : 'declined';
  ctx.onToolCall?.({ ...entry, consent: { ...entry.consent } });
  return allowed ? undefined : errorResult(declinedText(tool.name, pluginName, true));
}

/** Whether the workspace registry runs the call (and so checks its arguments itself). */
function servedByRegistry(tool: TurnTool, args: Record<string, unknown>, ctx: DispatchContext): boolean {
  return tool.tier === 'workspace' && !writesOpenNote(tool, args, ctx);
}

function run(tool: TurnTool, args: Record<string, unknown>, ctx: DispatchContext): Promise<ToolResult> {
  if (writesOpenNote(tool, args, ctx)) return ctx.session!.call(tool.name, args, { signal: ctx.signal });
  if (servedByRegistry(tool, args, ctx))
    return ctx.workspace.call(tool.name, args, { signal: ctx.signal, source: 'ai' });
  if (!ctx.session) return Promise.reject(new Error('the editor is not connected.'));
  return ctx.session.call(tool.name, args, { signal: ctx.signal });
}

function notOffered(name: string, ctx: DispatchContext): string {
  const offered = [...ctx.offered.keys()].join(', ');
  const what = ctx.known.has(name)
    ? `${name} is not offered in this turn`
    : `There is no tool named "${name}"`;
  return `${what}; nothing was done. The tools you can call now: ${offered}.`;
}

/** The call's arguments as an object: the provider's parse when it made one, else core's. */
function readArguments(call: ToolCall): Arguments {
  const { parsed, parseError } = call.parsed || call.parseError ? call : parseToolArguments(call.arguments);
  return parseError !== undefined ? { problem: parseError } : { value: parsed ?? {} };
}

/** A tool result that tells the model what went wrong. */
export function errorResult(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** The text the model reads for a result: its text blocks, or its structured content as JSON. */
export function resultText(result: ToolResult): string {
  const text = result.content
    .filter((block) => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
  if (text || !result.structuredContent) return text;
  return JSON.stringify(result.structuredContent);
}
