/**
 * Items deleted on another device: a file sync knew is gone from the target's listing. Nothing is
 * lost here: notes go to the trash (their text stays), a notebook goes to the trash and the notes
 * this device still keeps in it become conflicts (Joplin does the same), attachments a note here
 * still links to are sent again. Tags and note-tag links, which hold no text, are deleted.
 *
 * Joplin's fail-safe applies: when nine in ten synced items would go at once, it is far more
 * likely a wrong or emptied folder than the user's wish, so sync stops and deletes nothing.
 */
import { ItemType } from '$lib/core';
import type { SyncItemRecord } from '$lib/db';
import {
  applyRemoteDeletions,
  applyRemoteNoteDeletions,
  applyRemoteNotebookDeletion,
  forgetSynced
} from './apply-remote';
import type { SyncContext } from './context';
import type { RemoteEntry } from './driver';
import { SyncError } from './errors';
import type { PendingItem } from './state';
import { readLocal } from './upload';

/** At least this share of the synced items deleted at once trips the fail-safe… */
const FAILSAFE_SHARE = 0.9;
/** …when they are more than this many. */
const FAILSAFE_MIN_ITEMS = 10;

/** Applies deletions; resolves with attachments to send again at the next sync. */
export async function applyDeletions(
  ctx: SyncContext,
  known: Map<string, SyncItemRecord>,
  present: Map<string, RemoteEntry>
): Promise<PendingItem[]> {
  const live = [...known.values()].filter((s) => !s.foreign && !s.remote_deleted);
  const gone = live.filter((s) => !present.has(s.item_id));
  if (!gone.length) return [];
  if (gone.length > FAILSAFE_MIN_ITEMS && gone.length >= live.length * FAILSAFE_SHARE) {
    throw new SyncError(
      'failsafe',
      `Sync stopped to protect your notes: ${gone.length} of the ${live.length} synced items are gone from ${ctx.driver.where}, which looks like a wrong or emptied folder rather than deletions. Nothing was deleted here.`
    );
  }
  ctx.progress('deleting', 0, gone.length);
  const locals = await readLocal(
    ctx.db,
    gone.map((s) => ({ id: s.item_id, type: s.item_type }))
  );
  const missing = gone.filter((s) => !locals.has(s.item_id)).map((s) => s.item_id);
  const unchanged = gone.filter((s) => locals.get(s.item_id)?.updated_time === s.updated_time);
  const of = (type: number) => unchanged.filter((s) => s.item_type === type).map((s) => s.item_id);

  await forgetSynced(ctx.db, missing);
  await applyRemoteNoteDeletions(ctx.db, of(ItemType.Note));
  await applyRemoteDeletions(
    ctx.db,
    [...of(ItemType.NoteTag), ...of(ItemType.Tag)].map((id) => ({ id, type: known.get(id)!.item_type }))
  );
  const resend = await resourceDeletions(ctx, of(ItemType.Resource));
  const goneNotes = new Set(gone.filter((s) => s.item_type === ItemType.Note).map((s) => s.item_id));
  for (const folderId of of(ItemType.Folder)) {
    const inside = await ctx.db.notes.where('parent_id').equals(folderId).toArray();
    const kept = inside
      .filter((n) => !n.deleted_time && !n.is_conflict && !goneNotes.has(n.id))
      .map((n) => n.id);
    const marked = await applyRemoteNotebookDeletion(ctx.db, folderId, kept);
    if (marked.length) {
      ctx.report.conflicts += marked.length;
      ctx.report.problems.push(
        `A notebook was deleted on another device while ${marked.length} note${marked.length === 1 ? '' : 's'} here were still in it; they are kept under Conflicts.`
      );
    }
  }
  ctx.report.downloaded += unchanged.length;
  ctx.progress('deleting', gone.length, gone.length);
  return resend;
}

/** Attachments deleted elsewhere: deleted here unless a note here links to them (then sent again). */
async function resourceDeletions(ctx: SyncContext, ids: string[]): Promise<PendingItem[]> {
  if (!ids.length) return [];
  const linked = new Set<string>();
  await ctx.db.notes.each((note) => {
    if (note.deleted_time) return;
    for (const id of ids) if (note.body.includes(`:/${id}`)) linked.add(id);
  });
  await applyRemoteDeletions(
    ctx.db,
    ids.filter((id) => !linked.has(id)).map((id) => ({ id, type: ItemType.Resource }))
  );
  await forgetSynced(ctx.db, [...linked]);
  return [...linked].map((id) => ({ id, type: ItemType.Resource }));
}
