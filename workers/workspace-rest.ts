/**
 * The part of the workspace worker loaded after its first chunk (workspace.worker.ts): the shared
 * services and the whole API over them, sharing the database, the cancel registry and the
 * full-text index the first chunk already started.
 */
import type { FolioDatabase } from '$lib/db';
import type { CancelRegistry } from '$lib/rpc';
import type { FullTextService } from './full-text';
import { createWorkspaceServices } from './services';
import { createWorkspaceApi } from './workspace-api';

/** Builds the services and the full workspace API. */
export async function createRestOfWorkspace(
  db: FolioDatabase,
  cancels: CancelRegistry,
  fullText: FullTextService
) {
  return createWorkspaceApi(await createWorkspaceServices(db, { cancels, fullText }));
}
