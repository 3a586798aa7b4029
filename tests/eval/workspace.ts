/**
 * One eval scenario's world: a fresh in-memory workspace (fake-indexeddb under the real Dexie
 * schema, the real workspace services and built-in tools), an open note in a real ProseMirror
 * editor state with the review queue when the scenario opens one (session tools run against it as
 * in the app, without a DOM), and a read-out of the final state for scoring.
 */
import 'fake-indexeddb/auto';
import { TextSelection } from 'prosemirror-state';
import { agentToolHost } from '../../workers/agent-api';
import { createWorkspaceServices, type WorkspaceServices } from '../../workers/services';
import { acceptEdits, pendingProposals, trackRange } from '$lib/editor/review';
import { testEditor, type TestEditor } from '$lib/editor/review/review-testing';
import { cursorOffset, runSessionTool, selectionMarkdown } from '$lib/editor';
import { ensureDefaultNotebook, getNoteTags, openDatabase, type FolioDatabase } from '$lib/db';
import type { Note, Notebook } from '$lib/core';
import type { NoteContext, SessionToolHost, WorkspaceToolHost } from '$lib/agent';

/** A note as scoring reads it. */
export interface FinalNote {
  id: string;
  title: string;
  body: string;
  notebook: string;
  tags: string[];
  isTodo: boolean;
  done: boolean;
  trashed: boolean;
}

/** The workspace after the turn. */
export interface FinalState {
  notes: FinalNote[];
  notebooks: { id: string; title: string; parent: string }[];
  /** The open note's Markdown after the user accepted every suggestion (undefined without one). */
  openNote?: string;
  /** Suggestions the turn left for review. */
  suggestions: number;
}

/** Where the editor starts: the open note, and a selection (a substring of its body) if any. */
export interface OpenNote {
  noteId: string;
  select?: string;
}

let databases = 0;

/** A scenario's live workspace. */
export class EvalWorkspace {
  private editor: TestEditor | undefined;
  private openId: string | undefined;
  private selectionKey: string | undefined;

  private constructor(
    readonly db: FolioDatabase,
    readonly services: WorkspaceServices
  ) {}

  /** A fresh, empty workspace with the default notebook. */
  static async create(): Promise<EvalWorkspace> {
    const db = openDatabase(`folio-eval-${process.pid}-${++databases}`);
    await ensureDefaultNotebook(db);
    return new EvalWorkspace(db, await createWorkspaceServices(db, { watch: false }));
  }

  /** The registry as the agent sees it (with plugin-style tools, if a scenario registered any). */
  get tools(): WorkspaceToolHost {
    return agentToolHost(this.services);
  }

  /** Opens a note in the editor; the turn then runs with its context and session tools. */
  async open(open: OpenNote): Promise<void> {
    const note = await this.db.notes.get(open.noteId);
    if (!note) throw new TypeError(`open: no note ${open.noteId}`);
    this.openId = note.id;
    const editor = (this.editor = testEditor(note.body));
    if (open.select) {
      const range = findText(editor, open.select);
      editor.dispatch(
        editor.state.tr.setSelection(TextSelection.create(editor.state.doc, range.from, range.to))
      );
      this.selectionKey = 'eval-selection';
      editor.dispatch(trackRange(editor.state, this.selectionKey, range.from, range.to));
    }
  }

  /** The turn's note context (empty without an open note). */
  async context(): Promise<NoteContext> {
    if (!this.editor || !this.openId) return {};
    const note = (await this.db.notes.get(this.openId))!;
    const state = this.editor.state;
    const selection = state.selection.empty
      ? undefined
      : { from: state.selection.from, to: state.selection.to, text: selectionMarkdown(state) };
    return {
      note: { id: note.id, title: note.title, body: this.editor.markdown(), cursor: cursorOffset(state) },
      ...(selection ? { selection } : {})
    };
  }

  /** The session tools on the open editor, as the page's host runs them. */
  sessionTools(): SessionToolHost | undefined {
    const editor = this.editor;
    if (!editor) return undefined;
    let ids = 0;
    return {
      call: async (name, args) =>
        runSessionTool(editor.view, name, args, {
          selectionKey: this.selectionKey,
          newId: () => `eval-${++ids}`
        })
    };
  }

  /** Reads everything back; the open note's suggestions are accepted first, as a user would. */
  async final(): Promise<FinalState> {
    let openNote: string | undefined;
    let suggestions = 0;
    if (this.editor) {
      suggestions = pendingProposals(this.editor.state).filter((p) => !p.draft).length;
      acceptEdits('all')(this.editor.state, this.editor.dispatch);
      openNote = this.editor.markdown();
    }
    const folders: Notebook[] = await this.db.folders.toArray();
    const titleOf = new Map(folders.map((f) => [f.id, f.title]));
    const notes: Note[] = await this.db.notes.toArray();
    const read = await Promise.all(
      notes.map(async (n): Promise<FinalNote> => ({
        id: n.id,
        title: n.title,
        body: n.body,
        notebook: titleOf.get(n.parent_id) ?? '',
        tags: (await getNoteTags(this.db, n.id)).map((t) => t.title),
        isTodo: !!n.is_todo,
        done: !!n.todo_completed,
        trashed: !!n.deleted_time
      }))
    );
    return {
      notes: read,
      notebooks: folders
        .filter((f) => !f.deleted_time)
        .map((f) => ({ id: f.id, title: f.title, parent: titleOf.get(f.parent_id) ?? '' })),
      openNote,
      suggestions
    };
  }

  /** Stops the services and deletes the database. */
  async close(): Promise<void> {
    this.services.stop();
    await this.db.delete();
  }
}

/** The document range of the first occurrence of `text` inside one text block. */
function findText(editor: TestEditor, text: string): { from: number; to: number } {
  let found: { from: number; to: number } | undefined;
  editor.state.doc.descendants((node, pos) => {
    if (found || !node.isTextblock) return !found;
    const at = node.textContent.indexOf(text);
    if (at >= 0) found = { from: pos + 1 + at, to: pos + 1 + at + text.length };
    return false;
  });
  if (!found) throw new TypeError(`open: "${text}" is not in the note`);
  return found;
}
