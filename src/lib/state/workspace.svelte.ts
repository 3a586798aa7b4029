/**
 * The app's state: the database, what is selected (a notebook, All notes or the trash), the list of
 * note ids shown, the open note, the search seam, the layout (AI sidebar, phone pane). One instance
 * per tab, created by the root page and shared with components through context.
 */
import {
  createNote,
  ensureDefaultNotebook,
  getNote,
  getSetting,
  sortedNoteIds,
  listTags,
  setSetting,
  listNotebooks,
  openDatabase,
  requestPersistentStorage,
  restoreNote,
  trashNote,
  updateNote,
  type FolioDatabase,
  type NoteScope,
  type NoteSort,
  type PersistenceState
} from '$lib/db';
import { Alerts } from './alerts.svelte';
import { LiveQuery } from './live-query.svelte';
import { NoteSession } from './note-session.svelte';
import { NotebookActions } from './notebook-actions';
import { buildNotebookTree } from './notebook-tree';
import { FIRST_IDS_COUNT, firstRows, type FirstRows } from './first-note-ids';
import type { NoteSummary } from './note-summary';
import { recoverDrafts } from './unsaved-drafts';
import { tabId } from './tab-id';
import { browserLinkTarget, openLink } from './open-link';
import { rememberSort, savedSort } from './note-sort';
import { SettingsNavigation } from './settings-nav.svelte';
import { bodyTypeAhead } from './body-type-ahead';

const PERSISTENCE_NOTICE_KEY = 'persistenceNoticeDismissed';
/** This browser's last selection (localStorage: read synchronously at start, per device). */
const LAST_OPEN_KEY = 'folio.lastOpen';
/** What a note list reads: its scope, in an order. */
interface ListInput {
  scope: NoteScope;
  sort: NoteSort;
}

/** The browser history as the workspace records note links in it. */
export interface NoteHistory {
  /** Records a step from one note (or none) to another. */
  push(fromId: string | null, toId: string): void;
}

/** Which pane a phone shows (on wider screens all are visible). */
export type Pane = 'notebooks' | 'notes' | 'note';

/** The state of one Folio tab. */
export class Workspace {
  readonly db: FolioDatabase;
  readonly alerts = new Alerts();
  /** What the note list shows when no search is typed. */
  scope: NoteScope = $state.raw({ kind: 'all' });
  /** The open note, if any. */
  session: NoteSession | null = $state.raw(null);
  /** The search box's text. The search engine watches it and answers with setSearchResults. */
  searchQuery = $state('');
  /** Ranked ids for `searchQuery`, or null until the engine answered. */
  searchResults: string[] | null = $state.raw(null);
  sidebarOpen = $state(false);
  /** The Settings dialog: open or not, and at which section. */
  readonly settings = new SettingsNavigation();
  pane: Pane = $state('notes');
  /** False until the database is open and holds a default notebook. */
  ready = $state(false);
  persistence: PersistenceState | 'unknown' = $state('unknown');
  /** Whether the user dismissed the notice that the browser refused persistent storage. */
  persistenceNoticeDismissed = $state(true);
  readonly notebooks: LiveQuery<Awaited<ReturnType<typeof listNotebooks>>>;
  readonly tree = $derived.by(() => buildNotebookTree(this.notebooks.current));
  /** The order of the Notes list (remembered on this device). */
  noteSort: NoteSort = $state(savedSort());
  readonly scopeNoteIds: LiveQuery<string[], ListInput | null>;
  /** The first screenful of the scope's ids, shown until all of them are read, and its first notes. */
  readonly #scopeFirstIds: LiveQuery<FirstRows, ListInput>;
  /** Every tag, for autocompletion. */
  readonly tags: LiveQuery<Awaited<ReturnType<typeof listTags>>>;
  readonly notebookActions: NotebookActions;
  /** How following a link is recorded in the browser's history (the page sets it; null in tests). */
  noteHistory: NoteHistory | null = null;
  /** The note whose Title should take the focus once shown (a note just created). */
  focusTitleOf: string | null = $state(null);
  /** A new note is being written; `pendingTitle` holds what was typed as its title meanwhile. */
  creatingNote = $state(false);
  pendingTitle = $state('');
  /** Enter was pressed in that stand-in Title: the new note's body takes the focus instead. */
  pendingBodyFocus = false;
  /** The focus left that stand-in for another control (Ctrl+K, a click): the Title must not take it back. */
  pendingTitleLeft = false;

  /** Enter in the stand-in Title: the body comes next, and keys typed until it is there are held for it. */
  moveToNewNoteBody(): void {
    this.pendingBodyFocus = true;
    bodyTypeAhead.start();
  }
  /** Whether the Notes list has shown its first rows (see `listShown`). */
  #listShown = $state(false);
  /** Whether all of the scope's ids may be read (see `wantAllIds`). */
  #allIdsWanted = $state(false);

  constructor(db: FolioDatabase = openDatabase()) {
    this.db = db;
    this.notebooks = new LiveQuery(
      () => undefined,
      () => listNotebooks(db),
      []
    );
    this.#scopeFirstIds = new LiveQuery(
      () => ({ scope: this.scope, sort: this.noteSort }),
      ({ scope, sort }) => firstRows(db, scope, sort),
      { ids: [], summaries: new Map() }
    );
    // All of the scope's ids are read once the list has shown its first screen, so that reading
    // (10,000 keys) does not compete with it (issue 2), once they are wanted (`wantAllIds`), and
    // not while the list shows a search's results instead: the search's own reads would wait
    // behind it. Until then it stays unloaded. A first read that came back short holds them all.
    this.scopeNoteIds = new LiveQuery(
      () =>
        this.#scopeFirstIds.loaded &&
        ((this.#listShown && this.#allIdsWanted && !this.searching) ||
          this.#scopeFirstIds.current.ids.length < FIRST_IDS_COUNT)
          ? { scope: this.scope, sort: this.noteSort }
          : null,
      (input) => (input ? sortedNoteIds(db, input.scope, input.sort) : new Promise<string[]>(() => {})),
      []
    );
    this.tags = new LiveQuery(
      () => undefined,
      () => listTags(db),
      []
    );
    this.notebookActions = new NotebookActions(this);
  }

  /** Whether a search is typed (the list then shows its results). */
  get searching(): boolean {
    return this.searchQuery.trim() !== '';
  }

  /** The ids the Notes list shows: the search's ranked results, or the scope's notes by update time. */
  get listIds(): string[] {
    if (this.searching) return this.searchResults ?? [];
    return this.scopeNoteIds.loaded ? this.scopeNoteIds.current : this.#scopeFirstIds.current.ids;
  }

  /**
   * The summaries of the scope's first notes, read with its first ids: the Notes list shows them
   * until its own read of the rows in view answers (NoteListWindow), so its first screen waits for
   * one database round trip, not two. Live as any query here: a note changed or deleted re-reads them.
   */
  get firstSummaries(): Map<string, NoteSummary> {
    return this.#scopeFirstIds.current.summaries;
  }

  /**
   * Whether the list's ids are known well enough to say the scope is empty: all of them are read,
   * or the first screenful came back empty (then there are none), which is one read sooner.
   */
  get listKnown(): boolean {
    return (
      this.scopeNoteIds.loaded || (this.#scopeFirstIds.loaded && this.#scopeFirstIds.current.ids.length === 0)
    );
  }

  /** Whether the Notes list has shown its first screen: its first rows are read, or it has none. */
  get firstScreenShown(): boolean {
    return this.#listShown || this.listKnown;
  }

  /** Called by the Notes list once its first rows are read: the rest of its ids may be read now. */
  listShown(): void {
    this.#listShown = true;
  }

  /**
   * Lets the list read all of its scope's ids; until then it shows the first screenful. Reading
   * every id of a large vault holds the database for a long while (50,000 index keys: ~1 s, and
   * IndexedDB serves one request at a time for the whole origin, the worker's too), so at start it
   * waits for the search index to be ready: the shell calls this then (or after a few seconds),
   * and the list calls it as soon as the user scrolls or jumps toward the end of the rows read.
   */
  wantAllIds(): void {
    this.#allIdsWanted = true;
  }

  /** The seam for the search engine: the ranked note ids matching `searchQuery` (null: not known yet). */
  setSearchResults(ids: string[] | null): void {
    this.searchResults = ids;
  }

  /**
   * Types a search (or clears it with ''). While the engine works on the new query, the previous
   * query's results stay, so the list does not flash empty at every keystroke.
   */
  setSearchQuery(query: string): void {
    if (query === this.searchQuery) return;
    this.searchQuery = query;
    if (!query.trim()) this.searchResults = null;
  }

  /** Opens the database, makes sure a notebook exists and asks for persistent storage. */
  async start(): Promise<void> {
    try {
      await ensureDefaultNotebook(this.db);
    } catch (error) {
      this.alerts.report('Folio cannot open its storage', error);
      return;
    }
    try {
      await recoverDrafts(this.db, localStorage);
    } catch (error) {
      this.alerts.report(
        'Edits kept from your last visit could not be saved yet (they are kept for the next start)',
        error
      );
    }
    this.ready = true;
    await this.#restoreLastOpen();
    try {
      this.persistenceNoticeDismissed = await getSetting(this.db, PERSISTENCE_NOTICE_KEY, false);
    } catch {
      // Unreadable: the notice stays hidden rather than nag on every start.
    }
    await this.checkPersistence();
  }

  /** Asks the browser (again, e.g. once the app is installed) to keep Folio's storage persistent. */
  async checkPersistence(): Promise<void> {
    try {
      this.persistence = await requestPersistentStorage();
    } catch {
      this.persistence = 'unsupported';
    }
  }

  /** Reopens the notebook and note that were open when the app was last left. */
  async #restoreLastOpen(): Promise<void> {
    let saved: { scope?: NoteScope; noteId?: string | null } = {};
    try {
      saved = JSON.parse(localStorage.getItem(LAST_OPEN_KEY) ?? '{}');
    } catch {
      return;
    }
    if (saved.scope?.kind === 'notebook') {
      const id = saved.scope.id;
      if ((await listNotebooks(this.db)).some((n) => n.id === id)) this.scope = saved.scope;
    } else if (saved.scope?.kind === 'all') this.scope = saved.scope;
    const note = saved.noteId ? await getNote(this.db, saved.noteId) : undefined;
    if (note && !note.deleted_time && !this.session) {
      this.openNote(note.id);
      this.pane = 'notes';
    }
  }

  #remember(): void {
    try {
      localStorage.setItem(
        LAST_OPEN_KEY,
        JSON.stringify({ scope: this.scope, noteId: this.session?.id ?? null })
      );
    } catch {
      // Remembering the selection is a convenience; without localStorage the app starts at All notes.
    }
  }

  /** Hides the "storage is not persistent" notice for good. */
  async dismissPersistenceNotice(): Promise<void> {
    this.persistenceNoticeDismissed = true;
    try {
      await setSetting(this.db, PERSISTENCE_NOTICE_KEY, true);
    } catch (error) {
      this.alerts.report('Could not save this choice', error);
    }
  }

  /**
   * Follows a link from a note (open-link.ts): a note opens here, recorded in the history so Back
   * returns to this one; attachments and web pages open in a new tab.
   */
  openLink(href: string, resourceUrl: (id: string) => Promise<string | undefined>): Promise<void> {
    const tell = (message: string) => this.alerts.push(message);
    return openLink(
      browserLinkTarget(this.db, (id) => this.followToNote(id), tell, resourceUrl),
      href
    );
  }

  /** Opens a note reached by a link: the history gets a step, so Back comes back here. */
  followToNote(id: string): void {
    if (this.session?.id === id) return;
    this.noteHistory?.push(this.session?.id ?? null, id);
    this.openNote(id);
  }

  /** Sorts the Notes list (and remembers the order on this device). */
  setNoteSort(sort: NoteSort): void {
    this.noteSort = sort;
    rememberSort(sort);
  }

  /** Shows a notebook, All notes or the trash. */
  selectScope(scope: NoteScope): void {
    this.scope = scope;
    this.setSearchQuery('');
    if (scope.kind === 'trash') void this.closeNote();
    this.pane = 'notes';
    this.#remember();
  }

  /** Opens a note in the editor (saving the previous one). */
  openNote(id: string): void {
    this.pane = 'note';
    if (this.session?.id === id) return;
    const previous = this.session;
    this.session = new NoteSession(this.db, id);
    this.#remember();
    void previous?.close();
  }

  /** Closes the open note (saving it). */
  async closeNote(): Promise<void> {
    const previous = this.session;
    this.session = null;
    if (this.pane === 'note') this.pane = 'notes';
    this.#remember();
    await previous?.close();
  }

  /** Creates a note in the selected notebook (or the default one) and opens it. */
  async newNote(): Promise<string | null> {
    const parent_id = this.scope.kind === 'notebook' ? this.scope.id : undefined;
    // Close the open note first: while the new one is being written, keystrokes must not land in
    // the previous note's title or body, which would otherwise still be on screen.
    const previous = this.session;
    this.session = null;
    void previous?.close();
    // Until the note is written, a Title field stands in for it, so what is typed right after
    // New note (or Alt+N) is not lost (see NewNotePending.svelte).
    this.pendingTitle = '';
    this.pendingBodyFocus = false;
    this.pendingTitleLeft = false;
    this.creatingNote = true;
    try {
      const note = await createNote(this.db, parent_id ? { parent_id } : {}, {
        source: 'user',
        tab: tabId()
      });
      if (this.scope.kind === 'trash') this.scope = { kind: 'all' };
      this.setSearchQuery('');
      let written = '';
      while (this.pendingTitle !== written) {
        written = this.pendingTitle;
        await updateNote(this.db, note.id, { title: written }, { source: 'user', tab: tabId() });
      }
      // Enter in the stand-in moved on to the body, or the user went elsewhere meanwhile: the
      // Title must not take the focus back.
      if (!this.pendingBodyFocus && !this.pendingTitleLeft) this.focusTitleOf = note.id;
      this.openNote(note.id);
      // (TypeScript still thinks session is the null set above; openNote has set it.)
      const session = this.session as NoteSession | null;
      // The real Title shows before the note is read: it starts from what the stand-in held.
      session?.presetTitle(written);
      if (this.pendingBodyFocus) session?.requestBodyFocus();
      return note.id;
    } catch (error) {
      bodyTypeAhead.take();
      this.alerts.report('Could not create a note', error);
      return null;
    } finally {
      this.creatingNote = false;
    }
  }

  /** Moves the open note to the trash. */
  async deleteOpenNote(): Promise<void> {
    const session = this.session;
    if (!session) return;
    try {
      await session.flush();
      await trashNote(this.db, session.id, { source: 'user', tab: tabId() });
      await this.closeNote();
    } catch (error) {
      this.alerts.report('Could not move the note to the trash', error);
    }
  }

  /** Takes the open note out of the trash (it was trashed elsewhere while open here). */
  async restoreOpenNote(): Promise<void> {
    const session = this.session;
    if (!session) return;
    try {
      await restoreNote(this.db, session.id, { source: 'user', tab: tabId() });
    } catch (error) {
      this.alerts.report('Could not restore the note', error);
    }
  }

  /** Moves a note to another notebook (drag and drop onto the tree). */
  async moveNote(noteId: string, notebookId: string): Promise<void> {
    try {
      if (this.session?.id === noteId) await this.session.flush();
      await updateNote(this.db, noteId, { parent_id: notebookId }, { source: 'user', tab: tabId() });
    } catch (error) {
      this.alerts.report('Could not move the note', error);
    }
  }

  /** Phone layout: goes one pane back (note → list → notebooks). */
  back(): void {
    this.pane = this.pane === 'note' ? 'notes' : 'notebooks';
  }

  /** Saves what the open note has pending (blur, tab hidden). */
  flush(): Promise<void> {
    return this.session?.flush() ?? Promise.resolve();
  }

  /**
   * The page is going away: stash unsaved edits synchronously (an IndexedDB write started now may
   * be aborted by the unload), then try to save them as usual.
   */
  pageHide(): void {
    try {
      this.session?.stashUnsaved(localStorage);
    } catch {
      // localStorage unavailable (some private modes): the flush below is all we can do.
    }
    void this.flush();
  }

  /** Stops all live queries. */
  destroy(): void {
    void this.session?.close();
    this.notebooks.destroy();
    this.scopeNoteIds.destroy();
    this.#scopeFirstIds.destroy();
    this.tags.destroy();
  }
}
