/**
 * The shape of an eval scenario and the helpers scenarios are written with. A scenario seeds a
 * fresh workspace, may open a note (with a selection), sends one user message, and is scored on
 * the final workspace and the tool calls made — never on the reply's wording, so any model that
 * does the job passes, whatever it says. Each also carries the play a correct model would make, in
 * the scripted model server's terms: CI runs the harness against that play to keep it working.
 */
import { addTagsToNote, createNote, createNotebook, getDefaultNotebookId } from '$lib/db';
import type { ToolTranscriptEntry } from '$lib/agent';
import type { ScriptEntry, ScriptedToolCall, Turn } from '../model-server/script';
import type { EvalWorkspace, FinalNote, FinalState, OpenNote } from './workspace';

/** What the seed made, by name, for the play and the scoring. */
export type SeedIds = Record<string, string>;

/** One check a scenario makes; `ok` false fails the scenario with `what` as the reason. */
export interface Check {
  ok: boolean;
  what: string;
}

/** What scoring sees. */
export interface Outcome {
  final: FinalState;
  calls: ToolTranscriptEntry[];
  ids: SeedIds;
  /** The turn ended with an answer (not a failure or the step limit). */
  finished: boolean;
}

/** An eval scenario. */
export interface Scenario {
  id: string;
  /** What it exercises, in a few words (the table's second column). */
  title: string;
  message: string;
  seed(ws: EvalWorkspace): Promise<SeedIds>;
  /** The note open in the editor (by seed name) and the selected text, if any. */
  open?: (ids: SeedIds) => OpenNote;
  /** Registers extra tools (a plugin's) before the turn. */
  setup?: (ws: EvalWorkspace) => void;
  score(outcome: Outcome): Check[];
  /** The turns a correct model plays, given the seeded ids. */
  play(ids: SeedIds): ScriptEntry[];
}

/** A 32-hex id from a short name, so plays and seeds agree without reading the database. */
export function idOf(name: string): string {
  let hex = '';
  for (const ch of name) hex += ch.charCodeAt(0).toString(16).padStart(2, '0');
  return hex.padEnd(32, '0').slice(0, 32);
}

/** A notebook under `parent` (seed name), or at the top. */
export async function notebook(
  ws: EvalWorkspace,
  name: string,
  title: string,
  parent?: string
): Promise<string> {
  await createNotebook(ws.db, { id: idOf(name), title, ...(parent ? { parent_id: idOf(parent) } : {}) });
  return idOf(name);
}

/** A note; `updated` orders notes in time (larger is later). */
export async function note(
  ws: EvalWorkspace,
  name: string,
  fields: {
    title: string;
    body?: string;
    notebook?: string;
    tags?: string[];
    todo?: boolean;
    updated?: number;
  }
): Promise<string> {
  const at = Date.UTC(2026, 10, 1) + (fields.updated ?? 0) * 86_400_000;
  const parent = fields.notebook ? idOf(fields.notebook) : await getDefaultNotebookId(ws.db);
  await createNote(ws.db, {
    id: idOf(name),
    title: fields.title,
    body: fields.body ?? '',
    parent_id: parent,
    is_todo: fields.todo ? 1 : 0,
    created_time: at,
    updated_time: at,
    user_created_time: at,
    user_updated_time: at
  });
  if (fields.tags?.length) await addTagsToNote(ws.db, idOf(name), fields.tags);
  return idOf(name);
}

/** The seeded ids by name. */
export const ids = (...names: string[]): SeedIds => Object.fromEntries(names.map((n) => [n, idOf(n)]));

/** A check. */
export const check = (ok: boolean, what: string): Check => ({ ok, what });

/** The live (not trashed) note with this title. */
export function byTitle(final: FinalState, title: string): FinalNote | undefined {
  return final.notes.find((n) => !n.trashed && n.title.trim().toLowerCase() === title.toLowerCase());
}

/** The note with this seed id. */
export function byId(final: FinalState, id: string): FinalNote | undefined {
  return final.notes.find((n) => n.id === id);
}

/** Whether any call of the turn used one of these tools. */
export const called = (calls: ToolTranscriptEntry[], ...tools: string[]) =>
  calls.some((c) => tools.includes(c.tool) && !c.isError);

/** The write tools: a turn that must change nothing makes none of these calls. */
export const WRITE_TOOLS = [
  'create_note',
  'update_note',
  'delete_note',
  'manage_tags',
  'create_notebook',
  'rewrite_paragraph',
  'insert_before_anchor',
  'insert_after_anchor',
  'append_to_note',
  'replace_structured_block',
  'edit_selection'
];

/** Checks that nothing was written: no write call succeeded and the notes are as seeded. */
export function nothingWritten(outcome: Outcome, seededNotes: number): Check[] {
  return [
    check(!called(outcome.calls, ...WRITE_TOOLS), 'made no write call'),
    check(
      outcome.final.notes.length === seededNotes && outcome.final.notes.every((n) => !n.trashed),
      'left every note in place'
    )
  ];
}

/** A scripted tool-call turn. */
export function calls(...list: [name: string, args: Record<string, unknown>][]): Turn {
  return {
    type: 'tool_calls',
    calls: list.map(([name, args]): ScriptedToolCall => ({ name, arguments: JSON.stringify(args) }))
  };
}

/** A scripted final answer. */
export function reply(text: string): Turn {
  return { type: 'text', text };
}

/** The text of the last tool result in a request, on either wire (OpenAI `tool`, Anthropic `tool_result`). */
export function lastToolResult(body: Record<string, unknown>): string {
  const messages = (body.messages as { role: string; content: unknown }[]) ?? [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role === 'tool' && typeof m.content === 'string') return m.content;
    if (Array.isArray(m.content)) {
      const result = [...m.content].reverse().find((b: { type?: string }) => b.type === 'tool_result') as
        { content?: unknown } | undefined;
      if (result) return typeof result.content === 'string' ? result.content : JSON.stringify(result.content);
    }
  }
  return '';
}

/** A turn computed from the last tool result's JSON, as a model reads an id it was just given. */
export function afterResult(next: (result: Record<string, any>) => Turn): ScriptEntry {
  return (body) => next(JSON.parse(lastToolResult(body).replace(/^Error: /, '')) as Record<string, any>);
}
