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
  onToolDelta(delta: { index: number; name: string; argumentsDelta: string }): void;
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
  const host: SessionToolHost = {
    call: async (name, args) => {
      if (OPEN_NOTE_WRITE_TOOLS.has(name) && target.workspaceWrite) {
        const refused = refusal();
        return refused
          ? toolError(`${refused} Nothing was changed.`)
          : target.workspaceWrite(name, args, newId);
      }
      return runSessionTool(editor.view, name, args, { selectionKey, newId, refusal });
    }
  };
  const live = () => target.isCurrent() && !editor.view.isDestroyed;
  const drafts = new DraftStream(
    (index, name, text) => live() && showDraft(editor.view, index, name, text, { selectionKey })
  );
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

/** Streamed tool-call arguments, drawn at most once per animation frame (a model can outpace frames). */
class DraftStream {
  #calls = new Map<number, { name: string; text: string; dirty: boolean }>();
  #frame: number | undefined;
  #stopped = false;
  constructor(private readonly draw: (index: number, name: string, text: string) => void) {}

  push(delta: { index: number; name: string; argumentsDelta: string }): void {
    if (this.#stopped) return;
    const call = this.#calls.get(delta.index) ?? { name: '', text: '', dirty: false };
    call.name ||= delta.name;
    call.text += delta.argumentsDelta;
    call.dirty = true;
    this.#calls.set(delta.index, call);
    if (SESSION_TOOL_NAMES.has(call.name)) this.#frame ??= requestAnimationFrame(() => this.#flush());
  }

  #flush(): void {
    this.#frame = undefined;
    for (const [index, call] of this.#calls) {
      if (!call.dirty || !SESSION_TOOL_NAMES.has(call.name)) continue;
      call.dirty = false;
      this.draw(index, call.name, call.text);
    }
  }

  stop(): void {
    this.#stopped = true;
    if (this.#frame !== undefined) cancelAnimationFrame(this.#frame);
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
