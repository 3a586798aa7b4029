/**
 * Attachment bytes that the database owns.
 *
 * Chromium's IndexedDB stores a File — or a slice of one, or a Blob built from one — by reference to
 * the file on disk, not as a copy (measured in Chromium 156: after the file is deleted, reading the
 * stored blob fails with NotFoundError; after it is edited, with NotReadableError). A photo dropped
 * from the Downloads folder, the zip a vault was imported from, a file of a sync folder: once the
 * user tidies it away, the attachment would be gone. Streaming the bytes into a new Blob before the
 * write makes the browser keep its own copy (streamed, so a large file is never held whole in memory).
 * It must run before the write's transaction opens: awaiting a stream inside one would commit it early.
 */
export async function ownedBlob(data: Blob): Promise<Blob> {
  const copy = await new Response(data.stream()).blob();
  if (copy.size !== data.size)
    throw new Error(`The file changed while it was being read (${copy.size} of ${data.size} bytes).`);
  return data.type ? new Blob([copy], { type: data.type }) : copy;
}
