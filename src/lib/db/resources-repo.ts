/** Attachments: metadata in `resources`, bytes in `blobs`, written together. */
import { AppError, ItemType, newId, type Resource } from '$lib/core';
import type { FolioDatabase } from './database';
import { ownedBlob } from './owned-blob';
import { writeTransaction, type WriteOptions } from './write';

/** Stores a file as a resource and returns its metadata; link it as `![name](:/id)` or `[name](:/id)`. */
export async function createResource(
  db: FolioDatabase,
  data: Blob,
  fields: { filename: string; title?: string; mime?: string; id?: string },
  options: WriteOptions = {}
): Promise<Resource> {
  const filename = fields.filename || 'file';
  const dot = filename.lastIndexOf('.');
  const bytes = await ownedBlob(data);
  return writeTransaction(db, ['resources', 'blobs'], options, async (changes) => {
    const t = changes.now;
    const resource: Resource = {
      id: fields.id ?? newId(),
      title: fields.title ?? filename,
      mime: fields.mime || data.type || 'application/octet-stream',
      filename,
      file_extension: dot > 0 ? filename.slice(dot + 1).toLowerCase() : '',
      size: data.size,
      created_time: t,
      updated_time: t,
      user_created_time: t,
      user_updated_time: t
    };
    await db.resources.add(resource);
    await db.blobs.add({ id: resource.id, data: bytes });
    changes.log(resource.id, ItemType.Resource, 'created');
    return resource;
  });
}

/** A resource's metadata. */
export function getResource(db: FolioDatabase, id: string): Promise<Resource | undefined> {
  return db.resources.get(id);
}

/** A resource's bytes. */
export async function getResourceBlob(db: FolioDatabase, id: string): Promise<Blob | undefined> {
  return (await db.blobs.get(id))?.data;
}

/** Deletes a resource and its bytes. */
export async function deleteResource(
  db: FolioDatabase,
  id: string,
  options: WriteOptions = {}
): Promise<void> {
  await writeTransaction(db, ['resources', 'blobs'], options, async (changes) => {
    if (!(await db.resources.get(id))) throw new AppError('not_found', `No attachment with id ${id}.`);
    await db.resources.delete(id);
    await db.blobs.delete(id);
    changes.log(id, ItemType.Resource, 'deleted');
  });
}
