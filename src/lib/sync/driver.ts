/**
 * The one small interface a sync target implements: file operations on paths relative to the
 * target's root folder, as Joplin's file API drivers do. WebDAV (webdav-driver.ts) and a local
 * folder through the File System Access API (folder-driver.ts) implement it; the engine knows no
 * other. Paths use `/` and never start with it: `info.json`, `.resource/<id>`, `locks/1_1_<id>.json`.
 */

/** One file or folder of a listing. */
export interface RemoteEntry {
  /** The name inside the listed folder. */
  name: string;
  isDir: boolean;
  /** Last modification, ms (WebDAV gives whole seconds). */
  mtime: number;
  /**
   * What changes whenever the file's content does, as far as the target can tell: its ETag where it
   * has one, else modification time and size. Compared for equality only, never ordered.
   */
  fingerprint: string;
}

/** Options of a request. */
export interface DriverCallOptions {
  signal?: AbortSignal;
}

/** A sync target's file operations. Failures are SyncErrors. */
export interface SyncDriver {
  /** `webdav` or `folder` (Joplin's sync targets 6 and 2). */
  readonly kind: 'webdav' | 'folder';
  /** Where the target is, for messages: its URL or the folder's name. */
  readonly where: string;
  /** The files and folders directly inside `dir` ('' is the root). A missing folder is a `not_found` error. */
  list(dir: string, options?: DriverCallOptions): Promise<RemoteEntry[]>;
  /** One entry, or null when there is none. */
  stat(path: string, options?: DriverCallOptions): Promise<RemoteEntry | null>;
  /** A file's text (UTF-8), or null when there is none. */
  getText(path: string, options?: DriverCallOptions): Promise<string | null>;
  /** A file's bytes, or null when there is none. */
  getBlob(path: string, options?: DriverCallOptions): Promise<Blob | null>;
  /** Writes a file (replacing it); resolves with its new fingerprint when the target tells it cheaply, else ''. */
  put(path: string, body: string | Blob, options?: DriverCallOptions): Promise<string>;
  /** Deletes a file; deleting what is not there is not an error. */
  delete(path: string, options?: DriverCallOptions): Promise<void>;
  /** Creates a folder; one that exists already is not an error. */
  mkdir(path: string, options?: DriverCallOptions): Promise<void>;
}

/** The fingerprint of a file known only by its modification time and size. */
export function timeSizeFingerprint(mtime: number, size: number): string {
  return `t${mtime}:${size}`;
}
