/**
 * One chat turn's view of the open note: the NoteContext the agent builds its tool list and prompt
 * from, and the session-tool host the worker calls back (through a Comlink proxy) to propose edits.
 * The host is bound to the editor the turn started on: once that note is closed or another one
 * opened, every call is refused with a result saying so, and nothing is proposed.
 */
import type { EditOutcome, NoteContext, SessionToolHost } from '$lib/agent';
import {
  clearDrafts,
  cursorOffset,
  runSessionTool,
  selectionMarkdown,
  showDraft,
  toolError,
  trackRange,
  untrackRange,
  type FolioEditor,
  type SessionToolResult
} from '$lib/editor';
import { SESSION_TOOL_NAMES } from '$lib/agent';
import { newCallId } from '$lib/rpc';
import { OPEN_NOTE_WRITE_TOOLS } from './open-note-writes';

/** The open note as a turn needs it. */
export interface TurnTarget {
  editor: FolioEditor;
  noteId: string;
  title: string;
  /** Whether this editor still shows this note (false once closed or switched). */
  isCurrent(): boolean;
  /** Turns a workspace tool's call on this note into suggestions (open-note-writes.ts). */
  workspaceWrite?(
    name: string,
    args: Record<string, unknown>,
    newId: () => string
  ): Promise<SessionToolResult>;
}

/** A turn's context, session-tool host and clean-up. */
export interface SessionTurnHandle {
  context: NoteContext;
  host: SessionToolHost;
  /** A streamed piece of a tool call's arguments: a session tool's suggestion grows as it is written. */
  onToolDelta(delta: ToolDelta): void;
  /** Stops tracking the turn's selection and removes draft suggestions. */
  end(): void;
}

let proposals = 0;

/** Sets up a turn on `target`: context from the editor now, host that proposes to its review queue. */
export function startSessionTurn(target: TurnTarget): SessionTurnHandle {
  const { editor } = target;
  const state = editor.view.state;
  const { from, to, empty } = state.selection;
  const selectionKey = empty ? undefined : `turn-selection-${newCallId()}`;
  const context: NoteContext = {
    note: { id: target.noteId, title: target.title, body: editor.getMarkdown(), cursor: cursorOffset(state) },
    ...(selectionKey ? { selection: { from, to, text: selectionMarkdown(state) } } : {})
  };
  if (selectionKey) editor.view.dispatch(trackRange(state, selectionKey, from, to));
  const title = target.title || 'Untitled';
  const newId = () => `edit-${++proposals}`;
  const refusal = () =>
    target.isCurrent() && !editor.view.isDestroyed
      ? null
      : `The note “${title}” was closed or switched while the turn ran, so it cannot be edited now.`;
  const live = () => target.isCurrent() && !editor.view.isDestroyed;
  const drafts = new DraftStream(
    (index, name, text) => live() && showDraft(editor.view, index, name, text, { selectionKey })
  );
  const host: SessionToolHost = {
    call: async (name, args) => {
      // The model's message is complete once its calls run: its drafts are done (the call's own
      // proposal, or its refusal, replaces them).
      drafts.finishMessage();
      if (OPEN_NOTE_WRITE_TOOLS.has(name) && target.workspaceWrite) {
        const refused = refusal();
        return refused
          ? toolError(`${refused} Nothing was changed.`)
          : target.workspaceWrite(name, args, newId);
      }
      return runSessionTool(editor.view, name, args, { selectionKey, newId, refusal });
    }
  };
  return {
    context,
    host,
    onToolDelta: (delta) => drafts.push(delta),
    end() {
      drafts.stop();
      if (!live()) return;
      clearDrafts(editor.view);
      if (selectionKey) editor.view.dispatch(untrackRange(editor.view.state, selectionKey));
    }
  };
}

/** A streamed piece of a tool call (the llm's tool_call delta). */
interface ToolDelta {
  index: number;
  /** The call's id; some providers number calls per message, so the same id comes again later. */
  id?: string;
  name: string;
  argumentsDelta: string;
}

/**
 * How often a streamed draft is redrawn at most. Each redraw re-reads the draft's Markdown and
 * redraws its suggestion (about a millisecond on a 100 KB note, several under load), and a model
 * streams 20–100 tokens a second: at 20 redraws a second each one adds a word or a few, which reads
 * as the same smooth growth as one per animation frame, for a third of the work (streaming chat
 * views throttle the same way). The first piece of a message's call is drawn at the next frame.
 */
export const DRAFT_INTERVAL_MS = 50;

/**
 * Streamed tool-call arguments, drawn at the next animation frame, then at most once per
 * DRAFT_INTERVAL_MS (a model can outpace frames; nothing streamed is dropped, only coalesced).
 * Calls are told apart by their index in the model's message; a later message numbers its calls
 * from 0 again, so a call starts afresh when its id or name changes, and every call is forgotten
 * once the message's calls run (finishMessage), for providers whose ids repeat.
 */
class DraftStream {
  #calls = new Map<number, { id: string; name: string; text: string; dirty: boolean }>();
  #frame: number | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** When a draft was last drawn (performance.now()), -Infinity when none of this message was. */
  #lastDrawn = -Infinity;
  #stopped = false;
  /** `draw` returns whether it drew (a draft it cannot place yet draws nothing). */
  constructor(private readonly draw: (index: number, name: string, text: string) => boolean) {}

  push(delta: ToolDelta): void {
    if (this.#stopped) return;
    const id = delta.id ?? '';
    let call = this.#calls.get(delta.index);
    const another =
      call && ((id && call.id && id !== call.id) || (delta.name && call.name && delta.name !== call.name));
    if (!call || another) this.#calls.set(delta.index, (call = { id, name: '', text: '', dirty: false }));
    call.id ||= id;
    call.name ||= delta.name;
    call.text += delta.argumentsDelta;
    call.dirty = true;
    if (SESSION_TOOL_NAMES.has(call.name)) this.#schedule();
  }

  /** The message's calls are complete and running: nothing of them is drawn as a draft again. */
  finishMessage(): void {
    this.#calls.clear();
    this.#cancel();
    this.#lastDrawn = -Infinity;
  }

  #schedule(): void {
    if (this.#frame !== undefined || this.#timer !== undefined) return;
    const wait = this.#lastDrawn + DRAFT_INTERVAL_MS - performance.now();
    const frame = () => (this.#frame = requestAnimationFrame(() => this.#flush()));
    if (wait <= 0) frame();
    else
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        frame();
      }, wait);
  }

  #cancel(): void {
    if (this.#frame !== undefined) cancelAnimationFrame(this.#frame);
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#frame = this.#timer = undefined;
  }

  #flush(): void {
    this.#frame = undefined;
    for (const [index, call] of this.#calls) {
      if (!call.dirty || !SESSION_TOOL_NAMES.has(call.name)) continue;
      call.dirty = false;
      if (this.draw(index, call.name, call.text)) this.#lastDrawn = performance.now();
    }
  }

  stop(): void {
    this.#stopped = true;
    this.#cancel();
  }
}

/** The review outcomes waiting to be told to the model, per note. */
export class OutcomeQueue {
  #byNote = new Map<string, EditOutcome[]>();

  /** Records how the user resolved an edit. */
  add(noteId: string, outcome: EditOutcome): void {
    this.#byNote.set(noteId, [...(this.#byNote.get(noteId) ?? []), outcome]);
  }

  /** Takes (and forgets) the outcomes of a note, for the next turn's user message. */
  take(noteId: string): EditOutcome[] {
    const outcomes = this.#byNote.get(noteId) ?? [];
    this.#byNote.delete(noteId);
    return outcomes;
  }

  /** Puts outcomes back (their turn failed before the model saw them). */
  restore(noteId: string, outcomes: readonly EditOutcome[]): void {
    if (outcomes.length) this.#byNote.set(noteId, [...outcomes, ...(this.#byNote.get(noteId) ?? [])]);
  }
}
