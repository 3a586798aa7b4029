/**
 * Items as they travel: the RAW text of `<id>.md` files (byte for byte Joplin's, via the interop
 * module), read into Folio records and written from them. A file of a type Folio keeps no record
 * of (Joplin's revisions, master keys...) is "foreign": left alone on the target, never deleted.
 */
import { ItemType } from '$lib/core';
import type { SyncedRecord } from '$lib/db';
import {
  isInteropType,
  parseRawItem,
  rawToRecord,
  recordToRaw,
  serializeRawItem,
  type InteropType
} from '$lib/interop';

/** A downloaded item file, read. */
export type RemoteItem =
  | { kind: 'item'; type: InteropType; record: SyncedRecord }
  | { kind: 'foreign'; type: number }
  | { kind: 'encrypted'; type: number }
  | { kind: 'unreadable'; reason: string };

/** Reads an item file's text. */
export function readRemoteItem(text: string): RemoteItem {
  let raw;
  try {
    raw = parseRawItem(text);
  } catch (error) {
    return { kind: 'unreadable', reason: (error as Error).message };
  }
  if (!isInteropType(raw.type_)) return { kind: 'foreign', type: raw.type_ };
  if (raw.props.get('encryption_applied') === '1') return { kind: 'encrypted', type: raw.type_ };
  return { kind: 'item', type: raw.type_, record: rawToRecord(raw) as SyncedRecord };
}

/** The file text of a local record. */
export function itemText(type: InteropType, record: SyncedRecord): string {
  return serializeRawItem(recordToRaw(type, record));
}

/** Whether a resource's bytes changed between two versions of its record (Joplin's blob_updated_time). */
export function blobChanged(before: SyncedRecord | undefined, after: SyncedRecord): boolean {
  if (!before) return true;
  const stamp = (r: SyncedRecord) => r.joplin_extra?.blob_updated_time ?? String(r.updated_time);
  return (
    stamp(before) !== stamp(after) || (before as { size?: number }).size !== (after as { size?: number }).size
  );
}

/** Whether two versions of a note differ in what a person wrote (Joplin's mustHandleConflict). */
export function textDiffers(a: SyncedRecord, b: SyncedRecord): boolean {
  const x = a as { title?: string; body?: string };
  const y = b as { title?: string; body?: string };
  return x.title !== y.title || x.body !== y.body;
}

export { ItemType };
