/**
 * The open note's pending conflicts, drawn in its editor. The conflict record (db) is the truth: a
 * save that found one wrote it, in the same transaction as the merged note, so it survives a reload
 * and reaches every tab that has the note open. Each tab follows the record and shows each of its
 * places as a `Conflict` group (a review-queue proposal of kind 'conflict') where the user's lines
 * are found again in the document. Keep mine / theirs / both changes the document in one undo step,
 * marks the place resolved in the record (the other tabs drop it then), and saves the note keeping
 * a revision of the version it replaces, so both versions stay recoverable.
 *
 * A place whose lines are gone (the user rewrote them meanwhile, e.g. in another tab) is shown at
 * the end of the note once the editor holds the stored version, with Keep mine and Keep both (which
 * appends theirs): nothing is dropped without the user saying so.
 */
import { changedRange, describeWriter, spliceLines, splitLines } from '$lib/core';
import {
  liveQuery,
  getConflict,
  locateHunk,
  resolveConflicts,
  type ConflictHunk,
  type ConflictRecord,
  type FolioDatabase
} from '$lib/db';
import {
  exactMarkdownChange,
  parseMarkdown,
  pendingProposals,
  proposeEdit,
  rejectEdits,
  resolveConflict,
  type ConflictChoice,
  type FolioEditor
} from '$lib/editor';
import type { NoteSession } from './note-session.svelte';
import { tabId } from './tab-id';

const PREFIX = 'conflict-';

/** Lines a Markdown list or table row starts with: two of them join without a blank line. */
const ITEM = /^\s*([-+*]|\d+[.)]|\|)\s?/;

/** Mine, then theirs, as lines: separated by a blank line unless both are list items or table rows. */
function bothLines(mine: readonly string[], theirs: readonly string[]): string[] {
  if (!mine.length || !theirs.length) return [...mine, ...theirs];
  const joins = ITEM.test(mine[mine.length - 1]) && ITEM.test(theirs[0]);
  return joins ? [...mine, ...theirs] : [...mine, '', ...theirs];
}

/** One open note's conflicts in its editor; see the module comment. */
export class ConflictView {
  #record: ConflictRecord | undefined;
  #stop: () => void;

  constructor(
    private readonly db: FolioDatabase,
    private readonly editor: FolioEditor,
    private readonly session: NoteSession,
    private readonly report: (what: string, error: unknown) => void
  ) {
    const subscription = liveQuery(() => getConflict(db, session.id)).subscribe({
      next: (record) => {
        this.#record = record;
        this.place(false);
      },
      error: (error) => report('Could not read this note’s conflicts', error)
    });
    this.#stop = () => subscription.unsubscribe();
  }

  /**
   * Shows the record's places not shown yet and drops the ones resolved elsewhere. `synced`: the
   * editor just took the stored version in, so a place not found now is truly gone (see above).
   */
  place(synced: boolean): void {
    const view = this.editor.view;
    if (view.isDestroyed) return;
    const hunks = this.#record?.hunks ?? [];
    const shown = pendingProposals(view.state).filter((p) => p.kind === 'conflict');
    const gone = shown.filter((p) => !hunks.some((h) => PREFIX + h.id === p.id)).map((p) => p.id);
    if (gone.length) rejectEdits(gone)(view.state, view.dispatch);
    for (const hunk of hunks) {
      if (shown.some((p) => p.id === PREFIX + hunk.id)) continue;
      this.#show(hunk, synced);
    }
  }

  #show(hunk: ConflictHunk, synced: boolean): void {
    const view = this.editor.view;
    const markdown = this.editor.getMarkdown();
    const lines = splitLines(markdown);
    let at = locateHunk(markdown, hunk);
    const placed = at >= 0;
    if (!placed && !synced) return;
    if (!placed) at = lines.length;
    const mine = placed ? hunk.mine : [];
    const theirs = placed ? hunk.theirs : lines[lines.length - 1] ? ['', ...hunk.theirs] : hunk.theirs;
    const edit = (replacement: string[]) => {
      const range = changedRange(markdown, spliceLines(lines, at, mine.length, replacement));
      return range && exactMarkdownChange(view.state.doc, range);
    };
    const change = edit(theirs);
    if (!change) {
      // Both versions read the same now: nothing to choose.
      void resolveConflicts(this.db, this.session.id, [hunk.id], { source: 'user', tab: tabId() }).catch(
        (e) => this.report('Could not update the note’s conflicts', e)
      );
      return;
    }
    view.dispatch(
      proposeEdit(view.state, {
        id: PREFIX + hunk.id,
        tool: 'conflict',
        summary: hunk.theirs.join('\n').slice(0, 80),
        change,
        kind: 'conflict',
        both: placed ? edit(bothLines(mine, theirs)) : change,
        shown: parseMarkdown(hunk.theirs.join('\n')).content,
        detail: {
          mine: hunk.mineAuthor ? describeWriter(hunk.mineAuthor, tabId()) : 'you',
          theirs: hunk.theirsAuthor ? describeWriter(hunk.theirsAuthor, tabId()) : 'another writer'
        },
        stale: !placed
      })
    );
  }

  /** Resolves one conflict as the user chose. */
  async keep(id: string, choice: ConflictChoice): Promise<void> {
    const view = this.editor.view;
    if (!resolveConflict(id, choice)(view.state, view.dispatch)) {
      this.report(
        'Could not apply that version here',
        new Error(
          'The text changed too much around it; edit it by hand. Both versions are in the note’s History.'
        )
      );
      return;
    }
    try {
      await resolveConflicts(this.db, this.session.id, [id.slice(PREFIX.length)], {
        source: 'user',
        tab: tabId()
      });
      if (choice !== 'mine') {
        await this.session.saveAs({
          keepRevision: true,
          label: choice === 'theirs' ? 'Before keeping the other version' : 'Before keeping both versions'
        });
      }
    } catch (error) {
      this.report('Could not save the resolved conflict', error);
    }
    this.session.refreshHistoryButtons();
  }

  stop(): void {
    this.#stop();
  }
}
