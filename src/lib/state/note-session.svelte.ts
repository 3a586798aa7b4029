/**
 * The open note. It holds what the user sees (title, to-do state, body via the editor), saves
 * edits through an Autosaver, and follows the stored note with a live query so a change from
 * another tab, the AI or a restored revision shows up. While this tab has unsaved edits, they win
 * (the last save wins) and the stored version is not pushed into the editor, so typing is never
 * interrupted; once saved, any newer stored version is applied.
 */
import { liveQuery } from 'dexie';
import type { Note, Tag } from '$lib/core';
import { addTagsToNote, getNote, getNoteTags, removeTagsFromNote, updateNote, type FolioDatabase, type NotePatch, type WriteOptions } from '$lib/db';
import { Autosaver, type SaveStatus } from './autosave';
import type { NoteEditorHandle } from './editor-handle';
import { LiveQuery } from './live-query.svelte';
import { stashDraft } from './unsaved-drafts';

/** One open note: its visible fields, its save status and its editor. */
export class NoteSession {
  readonly id: string;
  title = $state('');
  isTodo = $state(false);
  completed = $state(false);
  status: SaveStatus = $state.raw({ kind: 'saved' });
  /** Whether the note has been read (the editor mounts then). */
  loaded = $state(false);
  /** Set when the note was deleted or trashed elsewhere. */
  gone = $state(false);
  /** Whether the note is a conflict copy made by sync (then it shows beside the other version). */
  isConflict = $state(false);
  canUndo = $state(false);
  canRedo = $state(false);
  /** The note's tags, live. */
  readonly tags: LiveQuery<Tag[]>;
  /** The latest Markdown of the body (the editor's, or the stored one before it mounts). */
  body = '';
  #db: FolioDatabase;
  #saver: Autosaver<NotePatch>;
  #editor: NoteEditorHandle | null = null;
  #unsubscribe: () => void;
  /** Who the next save writes as (an accepted AI edit), until it succeeds; null for the user. */
  #nextWrite: WriteOptions | null = null;

  constructor(db: FolioDatabase, id: string) {
    this.#db = db;
    this.id = id;
    this.#saver = new Autosaver<NotePatch>({
      save: async (patch) => {
        const write = this.#nextWrite;
        await updateNote(db, id, patch, write ?? {});
        if (this.#nextWrite === write) this.#nextWrite = null;
      },
      onStatus: (status) => (this.status = status)
    });
    this.tags = new LiveQuery(() => undefined, () => getNoteTags(db, id), []);
    const subscription = liveQuery(() => getNote(db, id)).subscribe({
      next: (note) => this.#onStored(note),
      error: (error) => (this.status = { kind: 'failed', reason: String(error), retrying: false })
    });
    this.#unsubscribe = () => subscription.unsubscribe();
  }

  #onStored(note: Note | undefined): void {
    if (!note || note.deleted_time) {
      this.gone = true;
      return;
    }
    this.gone = false;
    this.isConflict = note.is_conflict === 1;
    if (this.#saver.dirty && this.loaded) return;
    this.title = note.title;
    this.isTodo = note.is_todo === 1;
    this.completed = note.todo_completed > 0;
    if (note.body !== this.body) {
      this.body = note.body;
      this.#editor?.setMarkdown(note.body);
    }
    this.loaded = true;
  }

  /** Connects the mounted editor (or disconnects it with null). */
  attachEditor(editor: NoteEditorHandle | null): void {
    this.#editor = editor;
    this.refreshHistoryButtons();
  }

  /** The mounted editor, if any. */
  get editor(): NoteEditorHandle | null {
    return this.#editor;
  }

  /** Re-reads whether undo and redo are possible. */
  refreshHistoryButtons(): void {
    this.canUndo = this.#editor?.canUndo() ?? false;
    this.canRedo = this.#editor?.canRedo() ?? false;
  }

  setTitle(title: string): void {
    this.title = title;
    this.#saver.edit({ title });
  }

  /** Called by the editor on every document change. */
  setBody(markdown: string): void {
    this.body = markdown;
    this.#saver.edit({ body: markdown });
    this.refreshHistoryButtons();
  }

  /** Makes the note a to-do, or a plain note again. Saved at once. */
  setTodo(isTodo: boolean): Promise<void> {
    this.isTodo = isTodo;
    if (!isTodo) this.completed = false;
    this.#saver.edit(isTodo ? { is_todo: 1 } : { is_todo: 0, todo_completed: 0 });
    return this.flush();
  }

  /** Marks the to-do done or open. Saved at once. */
  setCompleted(completed: boolean): Promise<void> {
    this.completed = completed;
    this.#saver.edit({ todo_completed: completed ? Date.now() : 0 });
    return this.flush();
  }

  /** Writes unsaved edits synchronously to `storage`, for when the page is going away. */
  stashUnsaved(storage: Storage): void {
    const patch = this.#saver.unsaved();
    if (patch) stashDraft(storage, this.id, patch);
  }

  /** Saves pending edits now. */
  flush(): Promise<void> {
    return this.#saver.flush();
  }

  /**
   * Saves pending edits now as written by `write.source` (an accepted AI edit: `{source: 'ai',
   * label}`), so the note's history keeps the version before it. A save already running finishes
   * as the user's first; a failed save keeps the source for its retry.
   */
  saveAs(write: WriteOptions): Promise<void> {
    this.#nextWrite = write;
    return this.#saver.flush();
  }

  /** Adds tags by title (missing tags are created). */
  async addTag(title: string): Promise<void> {
    await addTagsToNote(this.#db, this.id, [title]);
  }

  /** Removes a tag by title. */
  async removeTag(title: string): Promise<void> {
    await removeTagsFromNote(this.#db, this.id, [title]);
  }

  /**
   * Saves what is pending and stops following the note. A save that fails keeps retrying in the
   * background (the Autosaver's timer), so switching notes never drops an edit.
   */
  async close(): Promise<void> {
    this.#unsubscribe();
    this.tags.destroy();
    this.#editor = null;
    await this.#saver.flush();
    if (!this.#saver.dirty) this.#saver.dispose();
  }
}
