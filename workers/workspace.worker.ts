/**
 * The workspace worker: opens the database, builds the shared services (indexes, tool registry;
 * services.ts) and the API (workspace-api.ts), and exposes it with Comlink behind the ready
 * handshake that `getWorkspace()` on the page waits for. The full-text index builds after the
 * handshake, so a large database does not delay it; searches wait for the build.
 */
import { openDatabase } from '$lib/db';
import { exposeWorkerApi } from '$lib/rpc';
import { createWorkspaceServices } from './services';
import { createWorkspaceApi } from './workspace-api';

void exposeWorkerApi(async () => {
  const db = openDatabase();
  // Opened here, not on first query, so a database that cannot open fails the handshake with its reason.
  await db.open();
  return createWorkspaceApi(await createWorkspaceServices(db));
});
