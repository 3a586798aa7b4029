/**
 * The workspace worker: opens the database, builds the API (workspace-api.ts) and exposes it with
 * Comlink behind the ready handshake that `getWorkspace()` on the page waits for.
 */
import { openDatabase } from '$lib/db';
import { exposeWorkerApi } from '$lib/rpc';
import { createWorkspaceApi } from './workspace-api';

void exposeWorkerApi(async () => {
  const db = openDatabase();
  // Opened here, not on first query, so a database that cannot open fails the handshake with its reason.
  await db.open();
  return createWorkspaceApi({ db });
});
