/**
 * The page's handle on the workspace worker: one lazily created client for the whole app. The
 * worker starts on the first call (or `getWorkspace().ready`) and is restarted if it crashes.
 */
import type { WorkspaceApi } from './workspace-api';
import { createWorkerClient, type WorkerClient } from './worker-client';

/** The default deadline of a workspace call; long-running methods pass their own `timeoutMs`. */
export const WORKSPACE_CALL_TIMEOUT_MS = 30_000;
/** How long the worker may take to open the database and post its handshake. */
export const WORKSPACE_READY_TIMEOUT_MS = 20_000;
/**
 * Heartbeat: a worker that does not answer `ping` for this long is taken for hung and restarted.
 * Worker code must therefore yield to its event loop at least this often.
 */
export const WORKSPACE_HEARTBEAT_TIMEOUT_MS = 30_000;
const WORKSPACE_HEARTBEAT_INTERVAL_MS = 10_000;

let workspace: WorkerClient<WorkspaceApi> | null = null;

/** The workspace worker client (created on first use). */
export function getWorkspace(): WorkerClient<WorkspaceApi> {
  workspace ??= createWorkerClient<WorkspaceApi>({
    name: 'workspace',
    create: () => {
      performance.mark('folio:worker-create');
      return new Worker(new URL('../../../workers/workspace.worker.ts', import.meta.url), {
        type: 'module',
        name: 'folio-workspace'
      });
    },
    callTimeoutMs: WORKSPACE_CALL_TIMEOUT_MS,
    readyTimeoutMs: WORKSPACE_READY_TIMEOUT_MS,
    heartbeat: {
      method: 'ping',
      intervalMs: WORKSPACE_HEARTBEAT_INTERVAL_MS,
      timeoutMs: WORKSPACE_HEARTBEAT_TIMEOUT_MS
    }
  });
  return workspace;
}
