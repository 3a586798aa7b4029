/**
 * The notice that the browser may clear Folio's notes, shown only when it matters: the browser
 * did not make storage persistent, there is at least one note to lose, and the user has not
 * dismissed it (for good). It says what helps: installing the app (Chromium then usually makes
 * storage persistent, so persistence is asked again after an install), or keeping a backup.
 */
import { appInstall, type AppInstall } from '$lib/pwa';
import { LiveQuery } from './live-query.svelte';
import type { Workspace } from './workspace.svelte';

/** What the notice can offer, given where the app runs. */
export type StorageAdvice = 'install-prompt' | 'install-from-menu' | 'backup-only';

/** Whether the notice shows, from the facts it depends on. */
export function storageNoticeShown(facts: {
  persistence: string;
  dismissed: boolean;
  hasNotes: boolean;
}): boolean {
  return noticeMayShow(facts) && facts.hasNotes;
}

/** Whether the notice could show, before asking the database for a note. */
function noticeMayShow(facts: { persistence: string; dismissed: boolean }): boolean {
  return facts.persistence === 'denied' && !facts.dismissed;
}

/** What the notice suggests: an installed app can only be backed up; a tab can also be installed. */
export function storageAdvice(install: Pick<AppInstall, 'installed' | 'canPrompt'>): StorageAdvice {
  if (install.installed) return 'backup-only';
  return install.canPrompt ? 'install-prompt' : 'install-from-menu';
}

/** The notice's state for one shell. */
export class StorageNotice {
  readonly install: AppInstall;
  readonly #hasNotes: LiveQuery<boolean, boolean>;
  readonly #stopInstalled: () => void;

  constructor(
    private readonly ws: Workspace,
    install: AppInstall = appInstall()
  ) {
    this.install = install;
    // Trashed notes count too: they can be restored, so they can be lost. One key is read, not a
    // count: IndexedDB counts by walking every record (0.4 s at 50,000 notes), and the origin's
    // database answers one request at a time, so a count at start held the worker's open and
    // search behind it. Nothing is read while the notice cannot show anyway.
    this.#hasNotes = new LiveQuery(
      () => noticeMayShow({ persistence: ws.persistence, dismissed: ws.persistenceNoticeDismissed }),
      async (mayShow) => mayShow && (await ws.db.notes.limit(1).primaryKeys()).length > 0,
      false
    );
    this.#stopInstalled = install.onInstalled(() => void ws.checkPersistence());
  }

  get shown(): boolean {
    return storageNoticeShown({
      persistence: this.ws.persistence,
      dismissed: this.ws.persistenceNoticeDismissed,
      hasNotes: this.#hasNotes.current
    });
  }

  get advice(): StorageAdvice {
    return storageAdvice(this.install);
  }

  /** Hides the notice for good (stored, so it does not come back). */
  dismiss(): Promise<void> {
    return this.ws.dismissPersistenceNotice();
  }

  destroy(): void {
    this.#hasNotes.destroy();
    this.#stopInstalled();
  }
}
