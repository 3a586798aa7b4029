/** Attachments for the editor: stores dropped or pasted files, and serves object URLs to show them. */
import { createResource, getResourceBlob, type FolioDatabase } from '$lib/db';
import type { StoredFile } from './editor-handle';

/** Object URLs of attachments for one editor; `revokeAll` on destroy frees them. */
export class ResourceUrls {
  #db: FolioDatabase;
  #urls = new Map<string, string>();

  constructor(db: FolioDatabase) {
    this.#db = db;
  }

  /** Stores files as resources; returns what the editor needs to link them. */
  async store(files: File[]): Promise<StoredFile[]> {
    const stored: StoredFile[] = [];
    for (const file of files) {
      const resource = await createResource(this.#db, file, { filename: file.name, mime: file.type });
      stored.push({ id: resource.id, name: file.name, isImage: resource.mime.startsWith('image/') });
    }
    return stored;
  }

  /** An object URL for a resource's bytes (undefined if it is missing). */
  async url(id: string): Promise<string | undefined> {
    const known = this.#urls.get(id);
    if (known) return known;
    const blob = await getResourceBlob(this.#db, id);
    if (!blob) return undefined;
    const url = URL.createObjectURL(blob);
    this.#urls.set(id, url);
    return url;
  }

  /** Frees every URL handed out. */
  revokeAll(): void {
    for (const url of this.#urls.values()) URL.revokeObjectURL(url);
    this.#urls.clear();
  }
}
