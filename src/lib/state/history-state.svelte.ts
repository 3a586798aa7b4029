/** A note's history: its saved revisions (live, newest first) and restoring one. */
import { describeWriter, type Revision } from '$lib/core';
import { listRevisions, restoreRevision } from '$lib/db';
import { LiveQuery } from './live-query.svelte';
import { tabId } from './tab-id';
import type { NoteSession } from './note-session.svelte';
import type { Workspace } from './workspace.svelte';

/** The history dialog's state. Create it when the dialog opens; destroy it when it closes. */
export class HistoryState {
  readonly revisions: LiveQuery<Revision[]>;
  selectedId: string | null = $state(null);
  readonly selected = $derived.by(() => this.revisions.current.find((r) => r.id === this.selectedId) ?? null);
  #ws: Workspace;
  #session: NoteSession;

  constructor(workspace: Workspace, session: NoteSession) {
    this.#ws = workspace;
    this.#session = session;
    this.revisions = new LiveQuery(
      () => undefined,
      () => listRevisions(workspace.db, session.id),
      []
    );
  }

  /**
   * Puts the selected version back. Pending edits are saved first, so the version being replaced
   * becomes a revision too and restoring can itself be undone.
   */
  async restoreSelected(): Promise<boolean> {
    const revision = this.selected;
    if (!revision) return false;
    try {
      await this.#session.flush();
      await restoreRevision(this.#ws.db, revision.id, { source: 'user', tab: tabId() });
      return true;
    } catch (error) {
      this.#ws.alerts.report('Could not restore this version', error);
      return false;
    }
  }

  /** Who wrote a revision's version, for the list: "By you", "By MCP client “Claude”", or '' when unknown. */
  authorOf(revision: Revision): string {
    if (!revision.author) return '';
    const who = describeWriter(revision.author, tabId());
    return `By ${who}`;
  }

  destroy(): void {
    this.revisions.destroy();
  }
}
