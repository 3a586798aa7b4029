/**
 * A Folio "device" for sync tests: its own database (fake-indexeddb) and the real sync engine
 * against a target, so two devices, or a device and Joplin's CLI, can sync through one server.
 */
import { ensureDefaultNotebook, type FolioDatabase } from '$lib/db';
import { runSync, WebDavDriver, type SyncDriver, type SyncProgress, type SyncReport } from '$lib/sync';
import { freshDb } from '../fresh-db';
import type { DavServer } from './dav-server';

/** One device. */
export interface Device {
  db: FolioDatabase;
  notebookId: string;
  driver: SyncDriver;
  sync(options?: {
    clock?: () => number;
    signal?: AbortSignal;
    onProgress?: (p: SyncProgress) => void;
  }): Promise<SyncReport>;
}

/** A WebDAV driver for `folder` on the server, retrying at once (tests need no back-off). */
export function davDriver(server: DavServer, folder: string, password = server.password): WebDavDriver {
  return new WebDavDriver({
    url: server.url(folder),
    username: server.username,
    password,
    retryDelaysMs: [0, 0]
  });
}

/** A new device syncing with `driver`. */
export async function newDevice(driver: SyncDriver, targetKey = 'test-target'): Promise<Device> {
  const db = freshDb();
  const notebook = await ensureDefaultNotebook(db);
  return {
    db,
    notebookId: notebook.id,
    driver,
    sync: (options = {}) => runSync({ db, driver, targetKey, ...options })
  };
}
