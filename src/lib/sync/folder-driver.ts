/**
 * A local folder as the sync target (Joplin's sync target 2, "File system"), through the File
 * System Access API: the user picks a folder (showDirectoryPicker, Chromium-based browsers), and
 * Folio reads and writes Joplin's layout in it, so Joplin desktop pointed at the same folder (or a
 * folder that Syncthing, Dropbox, a network drive... keeps in step) syncs with it.
 *
 * The handle is kept in IndexedDB; after a reload the browser asks again before Folio may use it
 * (`queryPermission` here, `requestPermission` on a click in the page). Files have no ETag, so the
 * fingerprint is the modification time (ms) and size.
 */
import { SyncError } from './errors';
import { timeSizeFingerprint, type DriverCallOptions, type RemoteEntry, type SyncDriver } from './driver';

/** The parts of FileSystemDirectoryHandle the driver uses (entries() is not in every DOM typing). */
export interface DirectoryHandle {
  readonly kind: 'directory';
  readonly name: string;
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<DirectoryHandle>;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<FileHandle>;
  removeEntry(name: string, options?: { recursive?: boolean }): Promise<void>;
  entries(): AsyncIterableIterator<[string, DirectoryHandle | FileHandle]>;
  queryPermission?(descriptor: { mode: 'readwrite' }): Promise<PermissionState>;
  requestPermission?(descriptor: { mode: 'readwrite' }): Promise<PermissionState>;
}

/** The parts of FileSystemFileHandle the driver uses. */
export interface FileHandle {
  readonly kind: 'file';
  readonly name: string;
  getFile(): Promise<File>;
  createWritable(): Promise<{
    write(data: string | Blob): Promise<void>;
    close(): Promise<void>;
    abort?(): Promise<void>;
  }>;
}

/** Whether this browser can pick a folder (File System Access API). */
export function canPickFolder(scope: unknown = globalThis): boolean {
  return typeof (scope as { showDirectoryPicker?: unknown }).showDirectoryPicker === 'function';
}

/** Whether Folio may read and write the folder now, without asking. */
export async function folderPermission(handle: DirectoryHandle): Promise<PermissionState> {
  return handle.queryPermission ? handle.queryPermission({ mode: 'readwrite' }) : 'granted';
}

/** The folder driver. */
export class FolderDriver implements SyncDriver {
  readonly kind = 'folder' as const;
  readonly where: string;
  readonly #root: DirectoryHandle;

  constructor(root: DirectoryHandle) {
    this.#root = root;
    this.where = `the folder “${root.name}”`;
  }

  async list(dir: string, options: DriverCallOptions = {}): Promise<RemoteEntry[]> {
    const folder = await this.#folder(dir, false);
    if (!folder) throw new SyncError('not_found', `There is no folder “${dir}” in ${this.where}.`);
    const out: RemoteEntry[] = [];
    await guard(async () => {
      for await (const [name, handle] of folder.entries()) {
        options.signal?.throwIfAborted();
        if (handle.kind === 'directory') {
          out.push({ name, isDir: true, mtime: 0, fingerprint: '' });
        } else {
          out.push(entryOf(name, await handle.getFile()));
        }
      }
    });
    return out;
  }

  async stat(path: string): Promise<RemoteEntry | null> {
    const file = await this.#file(path);
    return file ? entryOf(file.name, await guard(() => file.getFile())) : null;
  }

  async getText(path: string): Promise<string | null> {
    const file = await this.#file(path);
    return file ? guard(async () => (await file.getFile()).text()) : null;
  }

  async getBlob(path: string): Promise<Blob | null> {
    const file = await this.#file(path);
    return file ? guard(() => file.getFile()) : null;
  }

  async put(path: string, body: string | Blob): Promise<string> {
    const { dir, name } = split(path);
    const folder = await this.#folder(dir, false);
    if (!folder) throw new SyncError('not_found', `There is no folder “${dir}” in ${this.where}.`);
    return guard(async () => {
      const handle = await folder.getFileHandle(name, { create: true });
      const writable = await handle.createWritable();
      try {
        await writable.write(body);
        await writable.close();
      } catch (error) {
        await writable.abort?.().catch(() => {});
        throw error;
      }
      return entryOf(name, await handle.getFile()).fingerprint;
    });
  }

  async delete(path: string): Promise<void> {
    const { dir, name } = split(path);
    const folder = await this.#folder(dir, false);
    if (!folder) return;
    await guard(async () => {
      try {
        await folder.removeEntry(name);
      } catch (error) {
        if ((error as Error).name !== 'NotFoundError') throw error;
      }
    });
  }

  async mkdir(path: string): Promise<void> {
    await this.#folder(path, true);
  }

  async #folder(path: string, create: boolean): Promise<DirectoryHandle | null> {
    let folder = this.#root;
    for (const part of path.split('/').filter(Boolean)) {
      try {
        folder = await folder.getDirectoryHandle(part, { create });
      } catch (error) {
        if ((error as Error).name === 'NotFoundError' || (error as Error).name === 'TypeMismatchError')
          return null;
        throw fsError(error);
      }
    }
    return folder;
  }

  async #file(path: string): Promise<FileHandle | null> {
    const { dir, name } = split(path);
    const folder = await this.#folder(dir, false);
    if (!folder) return null;
    try {
      return await folder.getFileHandle(name);
    } catch (error) {
      if ((error as Error).name === 'NotFoundError' || (error as Error).name === 'TypeMismatchError')
        return null;
      throw fsError(error);
    }
  }
}

function entryOf(name: string, file: File): RemoteEntry {
  return {
    name,
    isDir: false,
    mtime: file.lastModified,
    fingerprint: timeSizeFingerprint(file.lastModified, file.size)
  };
}

function split(path: string): { dir: string; name: string } {
  const parts = path.split('/').filter(Boolean);
  const name = parts.pop();
  if (!name) throw new TypeError(`FolderDriver: "${path}" names no file`);
  return { dir: parts.join('/'), name };
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw fsError(error);
  }
}

function fsError(error: unknown): unknown {
  if (error instanceof SyncError) return error;
  const name = (error as Error)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return new SyncError(
      'permission',
      'Folio may no longer use the sync folder. Open Settings → Sync and allow access to it again.',
      { cause: error }
    );
  }
  if (name === 'QuotaExceededError')
    return new SyncError(
      'full',
      'The disk of the sync folder is full. Free some space; nothing was lost here.',
      { cause: error }
    );
  if (name === 'AbortError') return error;
  return new SyncError(
    'server',
    `The sync folder could not be used: ${(error as Error)?.message ?? String(error)}`,
    { cause: error }
  );
}
