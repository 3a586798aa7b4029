/**
 * What the workspace worker answers from its first moment, before the rest of its code has loaded:
 * the heartbeat, identity and cancellation (core), and full-text search with its readiness
 * (full-text-api.ts). Kept apart from workspace-api.ts so the worker's first chunk holds none of
 * the agent, tools, MCP or plugin code.
 */
import type { FolioDatabase } from '$lib/db';
import type { CancelRegistry, CoreMethods } from '$lib/rpc';

/** Runs `work` with the AbortSignal of `callId` (none without an id) and forgets the id after. */
export async function runCancellable<T>(
  cancels: CancelRegistry,
  callId: string | undefined,
  work: (signal: AbortSignal | undefined) => Promise<T>
): Promise<T> {
  if (callId === undefined) return work(undefined);
  try {
    return await work(cancels.signal(callId));
  } finally {
    cancels.release(callId);
  }
}

/** The methods every worker answers: heartbeat, identity, cancellation. */
export function createCoreApi(services: { db: FolioDatabase; cancels: CancelRegistry }): CoreMethods {
  const { db, cancels } = services;
  return {
    /** Answers at once: the client's heartbeat and a liveness check. */
    ping(): 'pong' {
      return 'pong';
    },
    /** The database the worker opened. */
    info() {
      return { database: db.name, schemaVersion: db.verno };
    },
    /** Cancels the running call with this id; returns whether one was running. */
    cancel(callId: string): boolean {
      return cancels.cancel(callId);
    }
  };
}
