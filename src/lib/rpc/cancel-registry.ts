/**
 * Comlink cannot cancel remote work, so cancellable worker methods take a `callId` from the caller
 * and get an AbortSignal for it here; the client sends `cancel(callId)` when its caller aborts or the
 * call times out. Ids are the caller's (see `newCallId`), so a cancel may arrive before the method
 * starts: it is remembered briefly and the method starts already aborted.
 */
import { AppError } from '$lib/core';

/** How long a cancel for an id the worker has not seen yet is remembered. */
const EARLY_CANCEL_TTL_MS = 60_000;

/** The worker side of call cancellation. */
export interface CancelRegistry {
  /** A signal for this call; aborted when `cancel(callId)` arrives. Call `release` when done. */
  signal(callId: string): AbortSignal;
  /** Aborts the call's signal; returns whether a running call was found. */
  cancel(callId: string): boolean;
  /** Forgets the call once its method has finished. */
  release(callId: string): void;
}

/** Creates the registry a worker API uses to hand out per-call AbortSignals. */
export function createCancelRegistry(): CancelRegistry {
  const running = new Map<string, AbortController>();
  const early = new Map<string, ReturnType<typeof setTimeout>>();
  return {
    signal(callId) {
      let controller = running.get(callId);
      if (!controller) {
        controller = new AbortController();
        running.set(callId, controller);
      }
      const earlyTimer = early.get(callId);
      if (earlyTimer !== undefined) {
        clearTimeout(earlyTimer);
        early.delete(callId);
        controller.abort(cancelled(callId));
      }
      return controller.signal;
    },
    cancel(callId) {
      const controller = running.get(callId);
      if (controller) {
        controller.abort(cancelled(callId));
        return true;
      }
      if (!early.has(callId))
        early.set(
          callId,
          setTimeout(() => early.delete(callId), EARLY_CANCEL_TTL_MS)
        );
      return false;
    },
    release(callId) {
      running.delete(callId);
    }
  };
}

function cancelled(callId: string): AppError {
  return new AppError('aborted', `Call ${callId} was cancelled`);
}

/** A fresh id for a cancellable worker call. */
export function newCallId(): string {
  return crypto.randomUUID();
}
