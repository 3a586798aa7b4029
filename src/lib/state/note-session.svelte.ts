/**
 * The open note. It holds what the user sees (title, to-do state, body via the editor), saves
 * edits through an Autosaver, and follows the stored note with a live query.
 *
 * Nothing anyone else stores is written over, and typing is never interrupted: the session keeps
 * `base`, the stored version its text was made from. Every save goes through db's `saveNoteEdit`
 * with that base, which merges the edit into whatever was stored meanwhile (another tab, an MCP
 * client, a plugin) inside the save's transaction; the merged version then comes into the editor
 * around what the user typed during the save (`applyStored`). A stored change that arrives while
 * the user has unsaved typing makes the session save at once, so it merges (and shows) soon; one
 * that arrives with nothing unsaved is brought into the editor directly. This tab saves only its
 * user's edits and merge results, so two tabs on one note settle after one exchange: no echo.
 */
import type { Note, Tag } from '$lib/core';
import {
  liveQuery,
  addTagsToNote,
  getNote,
  getNoteTags,
  removeTagsFromNote,
  saveNoteEdit,
  type FolioDatabase,
  type NoteEditResult,
  type NotePatch,
  type WriteOptions
} from '$lib/db';
import { Autosaver, type SaveStatus } from './autosave';
import { bodyTypeAhead } from './body-type-ahead';
import type { NoteEditorHandle } from './editor-handle';
import { LiveQuery } from './live-query.svelte';
import { tabId } from './tab-id';
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
  /** Set while the note is in the trash (it can be restored from here). */
  inTrash = $state(false);
  /** Set when an edit of this note was saved after it went to the trash (kept with it there). */
  keptInTrash = $state(false);
  canUndo = $state(false);
  canRedo = $state(false);
  /** The note's tags, live. */
  readonly tags: LiveQuery<Tag[]>;
  /** The latest Markdown of the body (the editor's, or the stored one before it mounts). */
  body = '';
  /** Told after the editor took a stored version in (the review queue places conflicts then). */
  onSynced: (() => void) | null = null;
  #db: FolioDatabase;
  #saver: Autosaver<NotePatch>;
  #editor: NoteEditorHandle | null = null;
  #unsubscribe: () => void;
  /** Who the next save writes as (an accepted AI edit), until it succeeds; null for the user. */
  #nextWrite: WriteOptions | null = null;
  /** The stored version the session's text was made from (see the module comment). */
  #base = { title: '', body: '' };
  /** Stored changes are looked at one after another. */
  #reconciling: Promise<void> = Promise.resolve();

  constructor(db: FolioDatabase, id: string) {
    this.#db = db;
    this.id = id;
    this.#saver = new Autosaver<NotePatch>({
      save: (patch) => this.#save(patch),
      onStatus: (status) => (this.status = status)
    });
    this.tags = new LiveQuery(
      () => undefined,
      () => getNoteTags(db, id),
      []
    );
    const subscription = liveQuery(() => getNote(db, id)).subscribe({
      next: (note) => this.#onStored(note),
      error: (error) => (this.status = { kind: 'failed', reason: String(error), retrying: false })
    });
    this.#unsubscribe = () => subscription.unsubscribe();
  }

  /** The version the session's text derives from (for a stash that survives a reload). */
  get base(): { title: string; body: string } {
    return this.#base;
  }

  async #save(patch: NotePatch): Promise<void> {
    const write = this.#nextWrite;
    const editor = this.#editor;
    const snapshot = editor?.snapshot();
    const sent = editor?.getMarkdown() ?? this.body;
    let result: NoteEditResult;
    try {
      result = await saveNoteEdit(
        this.#db,
        this.id,
        { base: this.#base, patch },
        { source: 'user', tab: tabId(), ...(write ?? {}) }
      );
    } catch (error) {
      if (snapshot) editor?.release(snapshot);
      throw error;
    }
    if (this.#nextWrite === write) this.#nextWrite = null;
    this.keptInTrash = result.trashed;
    this.#takeStored(result.note, sent, snapshot);
  }

  /**
   * Brings a stored version in: into the editor (around the typing since `snapshot`, when the
   * editor's text was `sent` then) and the fields the user has no pending edit of.
   */
  #takeStored(note: Note, sent: string, snapshot: object | undefined): void {
    const pending = this.#saver.unsaved();
    const editor = this.#editor;
    let body = note.body;
    if (note.body !== sent) {
      if (editor && snapshot) {
        if (!editor.applyStored(snapshot, note.body)) {
          // It could not be fitted around the typing since: keep the text, and let the next save
          // merge the stored version, with the text sent as the common ancestor.
          this.#base = { title: note.title, body: sent };
          this.#saver.edit({ body: editor.getMarkdown() });
          return;
        }
        body = editor.getMarkdown();
      } else if (!editor && pending?.body !== undefined) {
        body = pending.body; // not mounted: the next save merges
        this.#base = { title: note.title, body: sent };
        this.#fields(note, pending);
        return;
      }
    } else if (snapshot) {
      editor?.release(snapshot);
      body = editor?.getMarkdown() ?? this.body;
    }
    this.#base = { title: note.title, body: note.body };
    if (body !== this.body) this.body = body;
    // The editor may hold typing newer than the stored version: it must be saved on top of it.
    if (body !== note.body) this.#saver.edit({ body });
    this.#fields(note, this.#saver.unsaved());
    this.onSynced?.();
  }

  /** The stored title and to-do state, where the user has no edit of them pending. */
  #fields(note: Note, pending: NotePatch | null): void {
    if (pending?.title === undefined) this.title = note.title;
    if (pending?.is_todo === undefined) this.isTodo = note.is_todo === 1;
    if (pending?.todo_completed === undefined) this.completed = note.todo_completed > 0;
  }

  #onStored(note: Note | undefined): void {
    this.inTrash = !!note && note.deleted_time > 0;
    if (!note || note.deleted_time) {
      this.gone = true;
      return;
    }
    this.gone = false;
    this.isConflict = note.is_conflict === 1;
    if (!this.loaded) {
      this.#base = { title: note.title, body: note.body };
      this.body = note.body;
      // A title typed before the note was first read (right after New note) is kept.
      this.#fields(note, this.#saver.unsaved());
      this.loaded = true;
      return;
    }
    this.#reconciling = this.#reconciling
      .then(() => this.#reconcile())
      .catch(() => {
        // The save reports its own failure in the status and retries; nothing else can fail here.
      });
  }

  /** Looks at the stored note once the save in flight (if any) is done; see the module comment. */
  async #reconcile(): Promise<void> {
    if (this.#saver.dirty) {
      await this.#saver.flush(); // the save merges the stored version
      // A save that failed keeps its edit pending and retries (and merges) then.
      if (this.#saver.dirty) return;
    }
    const note = await getNote(this.#db, this.id);
    if (!note || note.deleted_time || this.#saver.dirty) return;
    if (note.body === this.#base.body && note.title === this.#base.title) {
      this.#fields(note, null);
      return;
    }
    const editor = this.#editor;
    const text = editor?.getMarkdown() ?? this.body;
    if (text !== this.#base.body) {
      // Typing the save has not seen yet: save it, merged.
      this.#saver.edit({ body: text });
      await this.#saver.flush();
      return;
    }
    const snapshot = editor?.snapshot();
    if (editor && snapshot && !editor.applyStored(snapshot, note.body)) editor.setMarkdown(note.body);
    this.body = editor?.getMarkdown() ?? note.body;
    this.#takeStored(note, note.body, undefined);
  }

  /** Set when the body should take the focus as soon as its editor is there (Enter in the Title). */
  bodyFocusPending = $state(false);

  /** Focuses the body now, or once its editor has loaded; keys typed meanwhile are held for it. */
  requestBodyFocus(): void {
    if (this.#editor) return this.#editor.focus();
    this.bodyFocusPending = true;
    bodyTypeAhead.start();
  }

  /** The body will not come (its editor failed to load): stop holding keys for it. */
  cancelBodyFocus(): void {
    if (!this.bodyFocusPending) return;
    this.bodyFocusPending = false;
    bodyTypeAhead.take();
  }

  /** Connects the mounted editor (or disconnects it with null). */
  attachEditor(editor: NoteEditorHandle | null): void {
    this.#editor = editor;
    if (editor && this.bodyFocusPending) {
      this.bodyFocusPending = false;
      editor.focus();
      editor.replayTyping(bodyTypeAhead.take());
    }
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

  /**
   * Shows `title`, already stored, before the note is first read: for a note just created, whose
   * Title appears at once, so what the user types next continues the title instead of replacing it.
   */
  presetTitle(title: string): void {
    if (!this.loaded && this.#saver.unsaved()?.title === undefined) this.title = title;
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

  /** Writes unsaved edits synchronously to `storage` (with their base), for when the page is going away. */
  stashUnsaved(storage: Storage): void {
    const patch = this.#saver.unsaved();
    if (patch) stashDraft(storage, this.id, patch, Date.now(), this.#base);
  }

  /** Saves pending edits now. */
  flush(): Promise<void> {
    return this.#saver.flush();
  }

  /**
   * Saves pending edits now as written by `write` (an accepted AI edit: `{source: 'ai', label}`;
   * a resolved conflict: `{keepRevision: true, label}`), so the note's history keeps the version
   * before it. A save already running finishes as the user's first; a failed save keeps the
   * writer for its retry.
   */
  saveAs(write: WriteOptions): Promise<void> {
    this.#nextWrite = write;
    return this.#saver.flush();
  }

  /** Adds tags by title (missing tags are created). */
  async addTag(title: string): Promise<void> {
    await addTagsToNote(this.#db, this.id, [title], { source: 'user', tab: tabId() });
  }

  /** Removes a tag by title. */
  async removeTag(title: string): Promise<void> {
    await removeTagsFromNote(this.#db, this.id, [title], { source: 'user', tab: tabId() });
  }

  /**
   * Saves what is pending and stops following the note. A save that fails keeps retrying in the
   * background (the Autosaver's timer), so switching notes never drops an edit.
   */
  async close(): Promise<void> {
    // Keys held for a body that never appeared (the note was left within the moment its editor
    // took to load) are dropped with the capture, so they cannot land in the next note.
    if (this.bodyFocusPending) bodyTypeAhead.take();
    this.#unsubscribe();
    this.tags.destroy();
    this.#editor = null;
    await this.#saver.flush();
    if (!this.#saver.dirty) this.#saver.dispose();
  }
}
