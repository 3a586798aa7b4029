/**
 * The workspace worker (loaded by workspace.worker.ts, which has started reading the search
 * snapshot already): opens the database, starts the full-text index (from its stored snapshot)
 * at once, and answers search as soon as that index is ready (core-api.ts, full-text-api.ts),
 * while the rest of its code — services.ts and the API areas of workspace-api.ts, most of the
 * worker — loads as a separate chunk in the meantime. Every other method waits for the rest
 * (late-api.ts); the ready handshake that `getWorkspace()` on the page waits for is posted once
 * the database is open.
 */
import { openDatabase, type EarlySnapshot } from '$lib/db';
import { createCancelRegistry, exposeWorkerApi, lateBoundApi } from '$lib/rpc';
import { createCoreApi } from './core-api';
import { FullTextService } from './full-text';
import { createFullTextApi } from './full-text-api';

/** The longest the rest of the worker waits, once the index is ready, for a first search to answer first. */
const REST_WAITS_FOR_SEARCH_MS = 1_000;

/** Opens the database and exposes the worker's API; `early` is the snapshot read begun before this module loaded. */
export function startWorkspace(early: Promise<EarlySnapshot | undefined>): Promise<void> {
  performance.mark('folio:worker-main');
  return exposeWorkerApi(async () => {
    const db = openDatabase();
    // Opened here, not on first query, so a database that cannot open fails the handshake with its reason.
    await db.open();
    performance.mark('folio:db-open');
    const cancels = createCancelRegistry();
    // Used only if Dexie opened the version it was read at: an upgrade in between may have changed it.
    const snapshot = early.then((read) =>
      read && read.version === db.backendDB().version ? read.record : undefined
    );
    const fullText = new FullTextService(db, snapshot);
    // Loaded once the snapshot is restored (or refused) and the first search typed is answered:
    // compiling the rest of the worker (~400 KB) while the snapshot is read and restored was what
    // delayed a 50,000-note start most after the read, and right after it, the first search.
    const rest = fullText
      .restoredAndFirstSearch(REST_WAITS_FOR_SEARCH_MS)
      .then(() => import('./workspace-rest'))
      .then(({ createRestOfWorkspace }) => createRestOfWorkspace(db, cancels, fullText));
    return lateBoundApi(
      { ...createCoreApi({ db, cancels }), ...createFullTextApi({ fullText, cancels }) },
      rest
    );
  });
}
