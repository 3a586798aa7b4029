/**
 * Step 2 of a sync (Joplin's "delta"): take what changed on the target. A WebDAV server or a folder
 * has no change feed, so the target's root is listed and each item file's fingerprint (ETag, or
 * modification time and size) compared with the one sync last saw; only files that differ are
 * downloaded. A downloaded item replaces the local one when the local one did not change since the
 * last sync (upload.ts ran first, so a local change here is one made during this sync: it waits
 * for the next one). Item files sync knew that are gone from the listing were deleted elsewhere.
 */
import { ItemType } from '$lib/core';
import { listSyncItems, type SyncedItem, type SyncItemRecord } from '$lib/db';
import { MAX_ATTACHMENT_BYTES, formatSize } from '$lib/interop';
import { applyRemoteItems, recordSynced } from './apply-remote';
import type { SyncContext } from './context';
import type { RemoteEntry } from './driver';
import { SyncError } from './errors';
import { itemIdOf, itemPath, resourceBlobPath } from './paths';
import { runPool } from './pool';
import { applyDeletions } from './remote-deletions';
import { blobChanged, readRemoteItem } from './remote-items';
import type { PendingItem } from './state';
import { readLocal } from './upload';

const CHUNK = 100;

/**
 * Applies the target's changes, given its root listing taken after the upload step. Resolves with
 * items to send again at the next sync (attachments deleted elsewhere that a note here links to).
 */
export async function downloadChanges(ctx: SyncContext, entries: RemoteEntry[]): Promise<PendingItem[]> {
  if (!entries.some((e) => e.name === 'info.json')) {
    throw new SyncError(
      'failsafe',
      `Sync stopped to protect your notes: ${ctx.driver.where} lost its info.json during the sync. Check the target, then sync again.`
    );
  }
  const known = new Map((await listSyncItems(ctx.db)).map((s) => [s.item_id, s]));
  const present = new Map<string, RemoteEntry>();
  for (const entry of entries) {
    const id = entry.isDir ? null : itemIdOf(entry.name);
    if (id) present.set(id, entry);
  }
  const changed = [...present].filter(([id, entry]) => known.get(id)?.fingerprint !== entry.fingerprint);
  ctx.progress('downloading', 0, changed.length);
  // The next chunk downloads while this one is written to the database, so the connections are
  // never idle during the writes (a tenth of a first sync down's time otherwise).
  const chunkAt = (start: number) =>
    start < changed.length ? fetchChunk(ctx, changed.slice(start, start + CHUNK)) : null;
  let next = chunkAt(0);
  try {
    for (let start = 0; start < changed.length; start += CHUNK) {
      ctx.check();
      const fetched = await next!;
      next = chunkAt(start + CHUNK);
      await applyChunk(ctx, fetched, known);
      ctx.progress('downloading', Math.min(start + CHUNK, changed.length), changed.length);
    }
  } finally {
    // A failure stops the sync; what was fetched ahead is dropped (the next sync fetches it again).
    next?.catch(() => {});
  }
  return applyDeletions(ctx, known, present);
}

interface Fetched {
  id: string;
  entry: RemoteEntry;
  text: string | null;
}

async function fetchChunk(ctx: SyncContext, chunk: [string, RemoteEntry][]): Promise<Fetched[]> {
  const fetched: Fetched[] = [];
  await runPool(
    chunk,
    ctx.concurrency,
    async ([id, entry]) => {
      fetched.push({ id, entry, text: await ctx.driver.getText(itemPath(id), { signal: ctx.signal }) });
    },
    ctx.signal
  );
  return fetched;
}

async function applyChunk(
  ctx: SyncContext,
  fetched: Fetched[],
  known: Map<string, SyncItemRecord>
): Promise<void> {
  const items = fetched.flatMap((f) => {
    if (f.text === null) return []; // Deleted since the listing: the next sync sees it gone.
    const read = readRemoteItem(f.text);
    return [{ ...f, read }];
  });
  const locals = await readLocal(
    ctx.db,
    items.flatMap((f) => (f.read.kind === 'item' ? [{ id: f.id, type: f.read.type }] : []))
  );
  const writes: SyncedItem[] = [];
  const records: SyncItemRecord[] = [];
  const agreedOnly: SyncItemRecord[] = [];
  const blobsNeeded: SyncedItem[] = [];
  for (const { id, entry, read } of items) {
    const synced = known.get(id);
    if (read.kind !== 'item') {
      if (read.kind === 'unreadable')
        ctx.report.problems.push(
          `${itemPath(id)} on the target could not be read (${read.reason}); it was left there as it is.`
        );
      if (read.kind === 'encrypted') {
        ctx.report.problems.push(
          `${itemPath(id)} on the target is encrypted; Folio cannot read it yet and left it there.`
        );
        continue;
      }
      agreedOnly.push({
        item_id: id,
        item_type: read.kind === 'foreign' ? read.type : 0,
        updated_time: 0,
        fingerprint: entry.fingerprint,
        foreign: 1
      });
      continue;
    }
    const local = locals.get(id);
    const record: SyncItemRecord = {
      item_id: id,
      item_type: read.type,
      updated_time: read.record.updated_time,
      fingerprint: entry.fingerprint
    };
    if (!local) {
      // Synced before and gone here: its deletion goes out with the next sync, it is not brought back.
      if (synced && !synced.remote_deleted && !synced.foreign) continue;
      const write: SyncedItem = { type: read.type, record: read.record, expect: null };
      (read.type === ItemType.Resource ? blobsNeeded : writes).push(write);
      records.push(record);
    } else if (read.record.updated_time === local.updated_time) {
      agreedOnly.push(record);
    } else if (
      !synced ||
      synced.remote_deleted ||
      synced.foreign ||
      local.updated_time === synced.updated_time
    ) {
      const write: SyncedItem = { type: read.type, record: read.record, expect: local.updated_time };
      (read.type === ItemType.Resource && blobChanged(local, read.record) ? blobsNeeded : writes).push(write);
      records.push(record);
    }
  }
  await fetchBlobs(ctx, blobsNeeded, writes);
  const skipped = new Set(await applyRemoteItems(ctx.db, writes, records));
  ctx.report.downloaded += writes.length - skipped.size;
  await recordSynced(ctx.db, agreedOnly);
}

/** Downloads the bytes of attachments to store; one whose bytes are missing or too large waits. */
async function fetchBlobs(ctx: SyncContext, needed: SyncedItem[], writes: SyncedItem[]): Promise<void> {
  await runPool(
    needed,
    Math.min(ctx.concurrency, 3),
    async (item) => {
      const size = Number((item.record as { size?: number }).size) || 0;
      const title = (item.record as { title?: string }).title || 'Untitled';
      if (size > MAX_ATTACHMENT_BYTES) {
        ctx.report.problems.push(
          `The attachment “${title}” (${formatSize(size)}) is larger than Folio keeps (${formatSize(MAX_ATTACHMENT_BYTES)}); it stays on the target only.`
        );
        return;
      }
      const blob = await ctx.driver.getBlob(resourceBlobPath(item.record.id), { signal: ctx.signal });
      if (!blob) {
        ctx.report.problems.push(
          `The attachment “${title}” has no file on the target yet; Folio will fetch it at a later sync.`
        );
        return;
      }
      writes.push({ ...item, blob });
    },
    ctx.signal
  );
}
