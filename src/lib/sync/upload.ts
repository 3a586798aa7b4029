/**
 * Step 1 of a sync (Joplin's "update remote" and "delete remote"): send what changed here. For
 * each candidate from the change log, its sync record says whether it changed since the last sync
 * (its updated_time differs); the target's listing from the start of the sync says whether the
 * other side changed too (the file's fingerprint differs, and then its content's updated_time).
 * Changed on both sides is a conflict, resolved as Joplin does: notes keep the target's version
 * and a local conflict copy when their text differs; other items take the target's version.
 *
 * Changes are compared for equality, never ordered by time, so devices whose clocks disagree still
 * sync; an upload whose updated_time is not past the last synced one (this clock is behind) is
 * moved just past it, so Joplin, which keeps the newer of two versions, takes it.
 */
import { ItemType, type Note } from '$lib/core';
import { getSyncItems, type FolioDatabase, type SyncedRecord, type SyncItemRecord } from '$lib/db';
import type { InteropType } from '$lib/interop';
import { applyConflict, applyRemoteItems, forgetSynced, recordSynced } from './apply-remote';
import type { SyncContext } from './context';
import type { RemoteEntry } from './driver';
import { SyncError } from './errors';
import { itemPath, resourceBlobPath } from './paths';
import { runPool } from './pool';
import { blobChanged, itemText, readRemoteItem, textDiffers } from './remote-items';
import type { PendingItem } from './state';

const PAGE = 200;

type Local = SyncedRecord & { deleted_time?: number; is_conflict?: number };

/** Reads the local records of `items` (absent: deleted here). */
export async function readLocal(db: FolioDatabase, items: PendingItem[]): Promise<Map<string, Local>> {
  const tables: Record<number, typeof db.notes> = {
    [ItemType.Note]: db.notes,
    [ItemType.Folder]: db.folders as never,
    [ItemType.Tag]: db.tags as never,
    [ItemType.NoteTag]: db.note_tags as never,
    [ItemType.Resource]: db.resources as never
  };
  const out = new Map<string, Local>();
  const byType = new Map<number, string[]>();
  for (const item of items) byType.set(item.type, [...(byType.get(item.type) ?? []), item.id]);
  for (const [type, ids] of byType) {
    const records = await tables[type].bulkGet(ids);
    records.forEach((r, i) => r && out.set(ids[i], r as Local));
  }
  return out;
}

/** Sends local changes; resolves with the items to try again next time. */
export async function uploadChanges(
  ctx: SyncContext,
  candidates: PendingItem[],
  remote: Map<string, RemoteEntry>
): Promise<PendingItem[]> {
  const retry: PendingItem[] = [];
  let done = 0;
  ctx.progress('uploading', 0, candidates.length);
  for (let start = 0; start < candidates.length; start += PAGE) {
    ctx.check();
    const page = candidates.slice(start, start + PAGE);
    const locals = await readLocal(ctx.db, page);
    const synced = await getSyncItems(
      ctx.db,
      page.map((p) => p.id)
    );
    const agreed: SyncItemRecord[] = [];
    const forgotten: string[] = [];
    try {
      await runPool(
        page,
        ctx.concurrency,
        async (item, i) => {
          ctx.check();
          try {
            const outcome = await uploadOne(ctx, item, locals.get(item.id), synced[i], remote.get(item.id));
            if (outcome === 'forget') forgotten.push(item.id);
            else if (outcome) agreed.push(outcome);
          } catch (error) {
            if (!(error instanceof SyncError) || error.kind !== 'too_large') throw error;
            ctx.report.problems.push(`“${titleOf(locals.get(item.id))}” was not sent: ${error.message}`);
            retry.push(item);
          }
          ctx.progress('uploading', ++done, candidates.length);
        },
        ctx.signal
      );
    } finally {
      // What reached the target is recorded even when a later request failed.
      await recordSynced(ctx.db, agreed);
      await forgetSynced(ctx.db, forgotten);
    }
  }
  return retry;
}

function titleOf(record: Local | undefined): string {
  return (record as { title?: string } | undefined)?.title || 'Untitled';
}

/** Handles one candidate; resolves with its new sync record, 'forget', or null (nothing to record). */
async function uploadOne(
  ctx: SyncContext,
  item: PendingItem,
  local: Local | undefined,
  synced: SyncItemRecord | undefined,
  entry: RemoteEntry | undefined
): Promise<SyncItemRecord | 'forget' | null> {
  if (!local) return deleteRemote(ctx, item, synced);
  if (item.type === ItemType.Note && local.is_conflict) return null; // Conflict copies stay on this device, as in Joplin.
  if (synced?.remote_deleted) {
    const stillDeleted =
      local.updated_time === synced.updated_time && (!('deleted_time' in local) || !!local.deleted_time);
    if (stillDeleted) return null;
    return put(ctx, item.type as InteropType, local, undefined, true);
  }
  if (synced && !synced.foreign && local.updated_time === synced.updated_time) return null;
  if (!entry) {
    if (!synced) return put(ctx, item.type as InteropType, local, undefined, true);
    return remoteDeleted(ctx, item, local, synced);
  }
  if (synced && entry.fingerprint === synced.fingerprint)
    return put(ctx, item.type as InteropType, local, synced, false);
  const text = await ctx.driver.getText(itemPath(item.id), { signal: ctx.signal });
  const read = text === null ? null : readRemoteItem(text);
  if (!read || read.kind !== 'item') return put(ctx, item.type as InteropType, local, synced, !synced);
  const theirs = read.record;
  const record: SyncItemRecord = {
    item_id: item.id,
    item_type: item.type,
    updated_time: theirs.updated_time,
    fingerprint: entry.fingerprint
  };
  if (theirs.updated_time === local.updated_time) return record;
  if (synced && theirs.updated_time === synced.updated_time)
    return put(ctx, item.type as InteropType, local, synced, false);
  // Changed on both sides (or present on both before they ever synced).
  if (item.type === ItemType.Note && textDiffers(local, theirs)) {
    await applyConflict(ctx.db, local as Note, theirs, record);
    ctx.report.conflicts++;
    ctx.report.downloaded++;
    return null;
  }
  await takeTheirs(ctx, item.type, theirs, local, record);
  return null;
}

async function takeTheirs(
  ctx: SyncContext,
  type: number,
  theirs: SyncedRecord,
  local: Local,
  record: SyncItemRecord
): Promise<void> {
  let blob: Blob | undefined;
  if (type === ItemType.Resource && blobChanged(local, theirs))
    blob = (await ctx.driver.getBlob(resourceBlobPath(theirs.id), { signal: ctx.signal })) ?? undefined;
  await applyRemoteItems(ctx.db, [{ type, record: theirs, blob, expect: local.updated_time }], [record]);
  ctx.report.downloaded++;
}

async function deleteRemote(
  ctx: SyncContext,
  item: PendingItem,
  synced: SyncItemRecord | undefined
): Promise<'forget' | null> {
  if (!synced) return null;
  if (!synced.remote_deleted && !synced.foreign) {
    await ctx.driver.delete(itemPath(item.id), { signal: ctx.signal });
    if (item.type === ItemType.Resource)
      await ctx.driver.delete(resourceBlobPath(item.id), { signal: ctx.signal });
    ctx.report.uploaded++;
  }
  return 'forget';
}

/** The target deleted an item this device changed since: notes are kept as conflict copies, the rest is sent again. */
async function remoteDeleted(
  ctx: SyncContext,
  item: PendingItem,
  local: Local,
  synced: SyncItemRecord
): Promise<SyncItemRecord | null> {
  if (item.type === ItemType.Note && !local.deleted_time) {
    await applyConflict(ctx.db, local as Note, null, { ...synced, fingerprint: '', remote_deleted: 1 });
    ctx.report.conflicts++;
    return null;
  }
  return put(ctx, item.type as InteropType, local, synced, true);
}

/** Writes the item (and, when new, an attachment's bytes first, as Joplin does) to the target. */
async function put(
  ctx: SyncContext,
  type: InteropType,
  local: Local,
  synced: SyncItemRecord | undefined,
  isNew: boolean
): Promise<SyncItemRecord | null> {
  let record = local;
  if (synced && local.updated_time <= synced.updated_time)
    record = { ...local, updated_time: synced.updated_time + 1 };
  if (type === ItemType.Resource && isNew) {
    const blob = (await ctx.db.blobs.get(local.id))?.data;
    if (!blob) {
      ctx.report.problems.push(
        `The attachment “${titleOf(local)}” has no file on this device, so it was not sent.`
      );
      return null;
    }
    await ctx.driver.put(resourceBlobPath(local.id), blob, { signal: ctx.signal });
  }
  const fingerprint = await ctx.driver.put(itemPath(local.id), itemText(type, record), {
    signal: ctx.signal
  });
  ctx.report.uploaded++;
  const agreed: SyncItemRecord = {
    item_id: local.id,
    item_type: type,
    updated_time: record.updated_time,
    fingerprint
  };
  if (record !== local) {
    // The clock here was behind: keep the moved time locally too, unless the item changed meanwhile.
    await applyRemoteItems(ctx.db, [{ type, record, expect: local.updated_time }], [agreed]);
    return null;
  }
  return agreed;
}
