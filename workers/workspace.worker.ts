/**
 * The workspace worker: opens the database, starts the full-text index (from its stored snapshot)
 * at once, and answers search as soon as that index is ready (core-api.ts, full-text-api.ts),
 * while the rest of its code — services.ts and the API areas of workspace-api.ts, most of the
 * worker — loads as a separate chunk in the meantime. Every other method waits for the rest
 * (late-api.ts); the ready handshake that `getWorkspace()` on the page waits for is posted once
 * the database is open.
 */
import { DEFAULT_DB_NAME, openDatabase, readSnapshotBeforeOpen } from '$lib/db';
import { SNAPSHOT_KEY } from '$lib/search';
import { createCancelRegistry, exposeWorkerApi, lateBoundApi } from '$lib/rpc';
import { createCoreApi } from './core-api';
import { FullTextService } from './full-text';
import { createFullTextApi } from './full-text-api';

// Marks of the start (folio:*), read by bench:vault to show where the time to a first answer goes.
performance.mark('folio:worker-start');

void exposeWorkerApi(async () => {
  // The search snapshot is read while Dexie opens the database (it reads nothing before its open).
  const early = readSnapshotBeforeOpen(DEFAULT_DB_NAME, SNAPSHOT_KEY);
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
  const rest = import('./workspace-rest').then(({ createRestOfWorkspace }) =>
    createRestOfWorkspace(db, cancels, fullText)
  );
  return lateBoundApi(
    { ...createCoreApi({ db, cancels }), ...createFullTextApi({ fullText, cancels }) },
    rest
  );
});
