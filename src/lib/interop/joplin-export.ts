/**
 * Export as Joplin writes it: JEX (a tar) or RAW (here a zip of the same tree, since a browser
 * downloads one file): `<id>.md` per item, byte for byte in Joplin's format, and attachments in
 * `resources/<id>.<ext>`. Notes are written a page at a time.
 */
import { ItemType } from '$lib/core';
import type { FolioDatabase } from '$lib/db';
import type { ArchiveWriter } from './archive-writers';
import type { ExportSet } from './export-scope';
import { recordToRaw, type InteropType, type WithExtra } from './joplin-fields';
import { serializeRawItem } from './raw-item';

/** How far an export is, in items written. */
export interface ExportProgress {
  done: number;
  total: number;
}

const encoder = new TextEncoder();

/** The archive path of an attachment's bytes. */
export function resourcePath(resource: { id: string; file_extension: string }): string {
  return `resources/${resource.id}${resource.file_extension ? `.${resource.file_extension}` : ''}`;
}

/** Writes the items of `set` into `writer` in Joplin's RAW layout. */
export async function writeJoplinTree(
  db: FolioDatabase,
  set: ExportSet,
  writer: ArchiveWriter,
  options: { signal?: AbortSignal; onProgress?: (p: ExportProgress) => void } = {}
): Promise<void> {
  const total =
    set.folders.length + set.noteCount + set.tags.length + set.noteTags.length + set.resources.length * 2;
  let done = 0;
  const put = async (type: InteropType, record: WithExtra<{ id: string }>) => {
    options.signal?.throwIfAborted();
    const text = serializeRawItem(recordToRaw(type, record as never));
    await writer.add(`${record.id}.md`, encoder.encode(text));
    done++;
    if (done % 100 === 0) options.onProgress?.({ done, total });
  };
  for (const folder of set.folders) await put(ItemType.Folder, folder);
  for await (const page of set.notePages()) for (const note of page) await put(ItemType.Note, note);
  for (const tag of set.tags) await put(ItemType.Tag, tag);
  for (const link of set.noteTags) await put(ItemType.NoteTag, link);
  for (const resource of set.resources) await put(ItemType.Resource, resource);
  for (const resource of set.resources) {
    options.signal?.throwIfAborted();
    const blob = (await db.blobs.get(resource.id))?.data;
    if (blob) await writer.add(resourcePath(resource), blob);
    done++;
  }
  options.onProgress?.({ done: total, total });
}
