/** What the sync steps share: the database, the target, the report and progress being built. */
import type { FolioDatabase } from '$lib/db';
import type { SyncDriver } from './driver';

/** The phases a sync goes through, for its progress bar. */
export type SyncPhase = 'connecting' | 'uploading' | 'downloading' | 'deleting' | 'finishing';

/** How far a sync is. */
export interface SyncProgress {
  phase: SyncPhase;
  done: number;
  total: number;
}

/** What one sync did. */
export interface SyncReport {
  /** Items sent to the target (including deletions). */
  uploaded: number;
  /** Items taken from the target (including deletions applied here). */
  downloaded: number;
  /** Conflict copies made. */
  conflicts: number;
  /** Whether this sync set the target up (it was empty). */
  createdTarget: boolean;
  /** Items that could not be synced, each in words (the rest synced). */
  problems: string[];
  startedAt: number;
  finishedAt: number;
}

/** The shared state of one sync run. */
export interface SyncContext {
  db: FolioDatabase;
  driver: SyncDriver;
  signal?: AbortSignal;
  report: SyncReport;
  /** How many requests may run at once. */
  concurrency: number;
  progress(phase: SyncPhase, done: number, total: number): void;
  /** Throws when the sync must stop (aborted, or its lock was lost). */
  check(): void;
}

/** A report with nothing done yet. */
export function emptyReport(now: number): SyncReport {
  return {
    uploaded: 0,
    downloaded: 0,
    conflicts: 0,
    createdTarget: false,
    problems: [],
    startedAt: now,
    finishedAt: 0
  };
}
