/**
 * The workspace worker's API: the one object Comlink exposes to the page. It is built here from lib
 * modules, so the worker entry only wires things up and tests can call the API directly.
 *
 * Seam for later issues: search, the tool registry and the agent loop join this object as methods
 * built from `deps`. A method that can be cancelled takes `{ callId }` from the caller and asks
 * `cancels.signal(callId)` for its AbortSignal (then `cancels.release(callId)` when done); the page's
 * client calls `cancel(callId)` when its caller aborts or the call times out.
 */
import type { FolioDatabase } from '$lib/db';
import { createCancelRegistry, type CancelRegistry } from '$lib/rpc';

/** What the workspace API is built from. */
export interface WorkspaceDeps {
  db: FolioDatabase;
}

/** What `info()` reports: enough for the page to check it talks to a worker on the right database. */
export interface WorkspaceInfo {
  database: string;
  schemaVersion: number;
}

/** Builds the workspace API. */
export function createWorkspaceApi(deps: WorkspaceDeps, cancels: CancelRegistry = createCancelRegistry()) {
  return {
    /** Answers at once: the client's heartbeat and a liveness check. */
    ping(): 'pong' {
      return 'pong';
    },
    /** The database the worker opened. */
    info(): WorkspaceInfo {
      return { database: deps.db.name, schemaVersion: deps.db.verno };
    },
    /** Cancels the running call with this id; returns whether one was running. */
    cancel(callId: string): boolean {
      return cancels.cancel(callId);
    }
  };
}

/** The workspace worker's API, as the page sees its shape. */
export type WorkspaceApi = ReturnType<typeof createWorkspaceApi>;
