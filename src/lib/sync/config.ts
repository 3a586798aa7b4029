/**
 * The sync target the user chose (Settings → Sync), stored in this browser's settings table like
 * the AI provider's key: the WebDAV password never leaves the device except to that server. A
 * local folder is kept as its File System Access handle (IndexedDB can store it). `targetKey`
 * names the target, so choosing another one starts sync over.
 */
import { newId } from '$lib/core';
import { getSetting, setSetting, type FolioDatabase } from '$lib/db';
import type { SyncDriver } from './driver';
import { SyncError } from './errors';
import { FolderDriver, type DirectoryHandle } from './folder-driver';
import { WebDavDriver } from './webdav-driver';

/** The settings key of the sync configuration. */
export const SYNC_CONFIG_KEY = 'sync.config';

/** Where to sync: nowhere, a WebDAV server (Joplin's target 6) or a local folder (target 2). */
export type SyncTargetKind = 'none' | 'webdav' | 'folder';

/** What Settings → Sync edits. */
export interface SyncConfig {
  kind: SyncTargetKind;
  url: string;
  username: string;
  password: string;
  /** The chosen folder (File System Access), with an id made when it was picked. */
  folder: DirectoryHandle | null;
  folderId: string;
  /** Sync by itself: shortly after a change, every few minutes, and when back online. */
  auto: boolean;
}

/** Before the user chose anything: no sync. */
export const DEFAULT_SYNC_CONFIG: SyncConfig = {
  kind: 'none',
  url: '',
  username: '',
  password: '',
  folder: null,
  folderId: '',
  auto: true
};

/** The stored configuration, or the default. */
export async function loadSyncConfig(db: FolioDatabase): Promise<SyncConfig> {
  const stored = await getSetting<Partial<SyncConfig> | null>(db, SYNC_CONFIG_KEY, null);
  return { ...DEFAULT_SYNC_CONFIG, ...(stored ?? {}) };
}

/** Stores the configuration (a newly picked folder gets its id here). */
export async function saveSyncConfig(db: FolioDatabase, config: SyncConfig): Promise<SyncConfig> {
  const next = { ...config, url: config.url.trim(), username: config.username.trim() };
  if (next.kind === 'folder' && next.folder && !next.folderId) next.folderId = newId();
  await setSetting(db, SYNC_CONFIG_KEY, next);
  return next;
}

/** Names the target: a change of URL, account or folder starts sync over with the new one. */
export function targetKey(config: SyncConfig): string {
  if (config.kind === 'webdav')
    return `webdav ${config.url.trim().replace(/\/+$/, '')} ${config.username.trim()}`;
  if (config.kind === 'folder') return `folder ${config.folderId}`;
  return 'none';
}

/** The driver for a configuration; a `config` error when it is incomplete. */
export function driverFor(config: SyncConfig): SyncDriver {
  if (config.kind === 'webdav') {
    if (!config.url.trim())
      throw new SyncError('config', 'Enter the Server URL of the WebDAV folder to sync with.');
    return new WebDavDriver({ url: config.url, username: config.username, password: config.password });
  }
  if (config.kind === 'folder') {
    if (!config.folder) throw new SyncError('config', 'Choose the folder to sync with.');
    return new FolderDriver(config.folder);
  }
  throw new SyncError('config', 'Sync is off. Choose a sync target in Settings → Sync.');
}
