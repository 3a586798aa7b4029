/**
 * The sync target's own description, `info.json` (Joplin's sync version 3): which sync format the
 * target uses and whether end-to-end encryption is on. Folio reads it before anything else and
 * stops, having written nothing, when the target is encrypted, newer or older than version 3, or
 * missing although this device synced with it before (Joplin's fail-safe against a moved or wiped
 * folder). An empty target is set up with the layout Joplin 3.6 writes, so Joplin accepts it as is.
 */
import type { RemoteEntry, SyncDriver } from './driver';
import { SyncError } from './errors';
import { LockType, type TargetLocks } from './locks';

/** The sync format version Folio reads and writes (Joplin 2.x+ and 3.x). */
export const SYNC_VERSION = 3;
/** The oldest Joplin that understands what Folio writes (the trash's deleted_time came with 3.0). */
export const APP_MIN_VERSION = '3.0.0';

/** What Folio needs of info.json. */
export interface TargetInfo {
  version: number;
  e2ee: boolean;
  appMinVersion: string;
}

/** The folders of a target, as Joplin's migrations 1 and 2 make them. */
export const TARGET_DIRS = ['.resource', '.sync', '.lock', 'locks', 'temp'] as const;

const README =
  '2020-07-16: In the new sync format, the version number is stored in /info.json. However, for backward compatibility, we need to keep the old version.txt file here, otherwise old clients will automatically recreate it, and assume a sync target version 1. So we keep it here but set its value to "2", so that old clients know that they need to be upgraded. This directory can be removed after a year or so, once we are confident that all clients have been upgraded to recent versions.';

/** The info.json of a new target, byte for byte as Joplin 3.6 writes it (tab-indented JSON). */
export function newTargetInfoJson(): string {
  const flag = (value: unknown) => ({ value, updatedTime: 0 });
  const info = {
    version: SYNC_VERSION,
    e2ee: flag(false),
    activeMasterKeyId: flag(''),
    masterKeys: [],
    ppk: flag(null),
    appMinVersion: APP_MIN_VERSION,
    revisionServiceEnabled: flag(true),
    revisionServiceTtlDays: flag(90)
  };
  return JSON.stringify(info, null, '\t');
}

/** Reads info.json's text. Throws `damaged` when it is not JSON with a version. */
export function parseTargetInfo(text: string): TargetInfo {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SyncError(
      'damaged',
      "The target's info.json is not readable, so Folio did not sync. It may be damaged; Joplin can repair it from a device that syncs fine."
    );
  }
  const version = Number(json?.version);
  if (!version)
    throw new SyncError('damaged', "The target's info.json has no sync version, so Folio did not sync.");
  const e2ee = json.e2ee as { value?: unknown } | boolean | undefined;
  return {
    version,
    e2ee: typeof e2ee === 'object' && e2ee !== null ? e2ee.value === true : e2ee === true,
    appMinVersion: typeof json.appMinVersion === 'string' ? json.appMinVersion : ''
  };
}

/** Throws when Folio must not sync with a target described by `info`. */
export function checkTargetInfo(info: TargetInfo): void {
  if (info.e2ee) {
    throw new SyncError(
      'encrypted',
      "This sync target uses Joplin's end-to-end encryption. Folio cannot read encrypted notes yet, so it did not sync and wrote nothing there. Choose another target, or turn encryption off in Joplin (Settings → Encryption) if you want Folio to sync with it."
    );
  }
  if (info.version > SYNC_VERSION) {
    throw new SyncError(
      'version',
      `This sync target uses a newer sync format (version ${info.version}) than Folio knows (version ${SYNC_VERSION}). Folio did not sync and wrote nothing there.`
    );
  }
  if (info.version < SYNC_VERSION) {
    throw new SyncError(
      'version',
      `This sync target uses an old sync format (version ${info.version}). Open it once with a current Joplin (which upgrades it to version ${SYNC_VERSION}), then sync again.`
    );
  }
  const major = Number(info.appMinVersion.split('.')[0]);
  if (major > Number(APP_MIN_VERSION.split('.')[0])) {
    throw new SyncError(
      'version',
      `This sync target needs Joplin ${info.appMinVersion} or later, whose items Folio does not know yet. Folio did not sync.`
    );
  }
}

/**
 * Reads and checks the target's info.json, setting up an empty target first (creating its folder
 * when the server has none yet). `syncedBefore` tells whether this device already synced with
 * this target: then a missing info.json means a wrong or wiped folder, and Folio stops rather than
 * upload everything into it. Resolves with the root's entries when it had to list them (null when
 * info.json was there: a listing costs a large answer, and an incremental sync needs none first).
 */
export async function prepareTarget(
  driver: SyncDriver,
  syncedBefore: boolean,
  signal?: AbortSignal,
  locks?: TargetLocks
): Promise<{ info: TargetInfo; created: boolean; entries: RemoteEntry[] | null }> {
  const text = await driver.getText('info.json', { signal });
  if (text !== null) {
    const info = parseTargetInfo(text);
    checkTargetInfo(info);
    return { info, created: false, entries: null };
  }
  if (syncedBefore) {
    throw new SyncError(
      'failsafe',
      `Sync stopped to protect your notes: ${driver.where} no longer holds a sync target (its info.json is gone). If it moved, correct the Server URL; to start over on an empty target, choose it again in Settings → Sync.`
    );
  }
  let entries: RemoteEntry[];
  try {
    entries = await driver.list('', { signal });
  } catch (error) {
    if (!(error instanceof SyncError) || error.kind !== 'not_found') throw error;
    await driver.mkdir('', { signal });
    entries = await driver.list('', { signal });
  }
  if (entries.some((e) => e.name === '.sync') && (await driver.getText('.sync/version.txt', { signal }))) {
    throw new SyncError(
      'version',
      'This sync target uses an old sync format (version 1). Open it once with a current Joplin (which upgrades it), then sync again.'
    );
  }
  await setUpTarget(driver, signal, locks);
  return {
    info: parseTargetInfo(newTargetInfoJson()),
    created: true,
    entries: await driver.list('', { signal })
  };
}

/**
 * Writes the layout of a new, empty target, as Joplin's migrations do: the folders, then (under an
 * exclusive lock, so no other client syncs into a half-made target) .sync/version.txt and info.json.
 */
async function setUpTarget(driver: SyncDriver, signal?: AbortSignal, locks?: TargetLocks): Promise<void> {
  for (const dir of TARGET_DIRS) await driver.mkdir(dir, { signal });
  await locks?.acquireExclusive(signal);
  try {
    await driver.put('.sync/version.txt', '2', { signal });
    await driver.put('.sync/readme.txt', README, { signal });
    await driver.put('info.json', newTargetInfoJson(), { signal });
  } finally {
    await locks?.release(LockType.Exclusive);
  }
}
