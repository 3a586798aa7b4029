/**
 * One sync with a target, in Joplin's order, so Folio and Joplin interoperate on the same target:
 *
 *   1. connect: list the root, read and check info.json (encryption, sync version), set up an
 *      empty target (under an exclusive lock), take a sync lock and keep refreshing it;
 *   2. upload: local changes since the last sync, from the change log (upload.ts);
 *   3. download: list the root again and take what changed or went (download.ts);
 *   4. remember how far the change log was read, release the lock.
 *
 * A sync that stops anywhere (connection dropped, server error, lock lost, tab closed) leaves each
 * item either synced and recorded or untouched; the next sync reads the same candidates again and
 * finishes the job without duplicating anything.
 */
import type { FolioDatabase } from '$lib/db';
import { emptyReport, type SyncContext, type SyncProgress, type SyncReport } from './context';
import type { RemoteEntry, SyncDriver } from './driver';
import { downloadChanges } from './download';
import { SyncError, toSyncError } from './errors';
import { localCandidates } from './local-changes';
import { LockType, TargetLocks } from './locks';
import { itemIdOf, itemPath } from './paths';
import { runPool } from './pool';
import { loadSyncState, saveSyncState, type PendingItem } from './state';
import { prepareTarget } from './target-info';
import { uploadChanges } from './upload';

/** Up to this many upload candidates are looked up one by one on the target; more, with one listing. */
const STAT_LIMIT = 50;

/** Options of one sync. */
export interface SyncRunOptions {
  db: FolioDatabase;
  driver: SyncDriver;
  /** Identifies the target (a change of target starts over; see config.ts). */
  targetKey: string;
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  /** How many requests at once (default 6, a browser's limit per host). */
  concurrency?: number;
  /** The device clock (tests skew it). */
  clock?: () => number;
}

/** Runs one sync. Resolves with its report; rejects with a SyncError. */
export async function runSync(options: SyncRunOptions): Promise<SyncReport> {
  const { db, driver, signal } = options;
  const clock = options.clock ?? Date.now;
  const report = emptyReport(clock());
  const state = await loadSyncState(db, options.targetKey);
  const locks = new TargetLocks(driver, state.clientId, clock);
  const ctx: SyncContext = {
    db,
    driver,
    signal,
    report,
    concurrency: options.concurrency ?? 6,
    progress: (phase, done, total) => options.onProgress?.({ phase, done, total }),
    check: () => {
      signal?.throwIfAborted();
      if (locks.lost) throw locks.lost;
    }
  };
  let locked = false;
  try {
    ctx.progress('connecting', 0, 0);
    const syncedBefore = state.cursor !== null || (await db.sync_items.count()) > 0;
    const target = await prepareTarget(driver, syncedBefore, signal, locks);
    report.createdTarget = target.created;
    await locks.acquireSync(signal);
    locked = true;
    locks.startRefresh(LockType.Sync);

    const { candidates, cursor } = await localCandidates(db, state.cursor, state.pending);
    const remote = await remoteStateOf(ctx, candidates, target.entries);
    const retry = await uploadChanges(ctx, candidates, remote);
    ctx.check();
    const resend = await downloadChanges(ctx, await driver.list('', { signal }));
    ctx.check();

    ctx.progress('finishing', 0, 0);
    report.finishedAt = clock();
    await saveSyncState(db, {
      ...state,
      cursor,
      pending: [...retry, ...resend],
      lastSyncTime: report.finishedAt
    });
    return report;
  } catch (error) {
    const failure = toSyncError(error);
    throw failure.kind === 'aborted' && locks.lost ? locks.lost : failure;
  } finally {
    if (locked) await locks.release(LockType.Sync);
    else locks.stopRefresh();
  }
}

/**
 * The target's entries for the upload candidates: from a listing when there are many (one large
 * answer), else one small stat per candidate, as Joplin does (an incremental sync of one note then
 * costs no listing before the upload).
 */
async function remoteStateOf(
  ctx: SyncContext,
  candidates: PendingItem[],
  listed: RemoteEntry[] | null
): Promise<Map<string, RemoteEntry>> {
  if (listed) return itemEntries(listed);
  if (candidates.length > STAT_LIMIT) return itemEntries(await ctx.driver.list('', { signal: ctx.signal }));
  const out = new Map<string, RemoteEntry>();
  await runPool(
    candidates,
    ctx.concurrency,
    async ({ id }) => {
      const entry = await ctx.driver.stat(itemPath(id), { signal: ctx.signal });
      if (entry) out.set(id, entry);
    },
    ctx.signal
  );
  return out;
}

function itemEntries(entries: RemoteEntry[]): Map<string, RemoteEntry> {
  const out = new Map<string, RemoteEntry>();
  for (const entry of entries) {
    const id = entry.isDir ? null : itemIdOf(entry.name);
    if (id) out.set(id, entry);
  }
  return out;
}

export { SyncError };
