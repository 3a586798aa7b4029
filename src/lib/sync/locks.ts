/**
 * Joplin's sync-target locks (readme/dev/spec/sync_lock.md in Joplin's repository): files in
 * `locks/` named `<type>_<clientType>_<clientId>.json`, type 1 for a sync lock, 2 for an exclusive
 * one (a client upgrading the target). Any number of clients may hold sync locks; an active
 * exclusive lock stops everyone else. A lock is active while its file's modification time, on the
 * server's clock, is less than LOCK_TTL_MS old, so a holder refreshes it every LOCK_REFRESH_MS and
 * a crashed client's lock simply expires. Among several exclusive locks the oldest wins (then the
 * lowest client id). A client that failed to refresh in time must stop: others may have acted.
 *
 * Times come from the server's clock, estimated by writing a file to `temp/` and reading its
 * modification time back, so a device whose clock is wrong neither keeps dead locks alive nor
 * ignores live ones.
 *
 * Joplin 3.6 itself no longer writes or reads locks (its LockHandler ships disabled); earlier
 * Joplin versions and other Folio devices do, so Folio keeps to the protocol.
 */
import type { SyncDriver } from './driver';
import { SyncError } from './errors';

/** A lock without refresh for this long is dead (Joplin's defaultLockTtl). */
export const LOCK_TTL_MS = 3 * 60_000;
/** How often a held lock is refreshed (Joplin's autoRefreshInterval). */
export const LOCK_REFRESH_MS = 60_000;
/** How long a server-clock estimate is trusted. */
const CLOCK_CHECK_MS = 10 * 60_000;

/** Joplin's lock types. */
export const LockType = { Sync: 1, Exclusive: 2 } as const;
export type LockType = (typeof LockType)[keyof typeof LockType];

/** Joplin's client types; Folio takes Desktop's (Joplin only shows it in messages). */
export const LockClientType = { Desktop: 1, Mobile: 2, Cli: 3 } as const;

/** One lock file, read from its name and modification time. */
export interface Lock {
  type: LockType;
  clientType: number;
  clientId: string;
  updatedTime: number;
}

/** Reads a lock file's name; null for a file that is not a lock. */
export function parseLockName(name: string, updatedTime: number): Lock | null {
  const match = /^([12])_(\d+)_([^_]+)\.json$/.exec(name);
  if (!match) return null;
  return {
    type: Number(match[1]) as LockType,
    clientType: Number(match[2]),
    clientId: match[3],
    updatedTime
  };
}

/** The active lock of `type` (held by `clientId` when given), as Joplin's activeLock chooses it. */
export function activeLock(locks: Lock[], now: number, type: LockType, clientId?: string): Lock | null {
  const live = locks.filter((l) => l.type === type && now - l.updatedTime < LOCK_TTL_MS);
  if (type === LockType.Exclusive) {
    live.sort((a, b) => a.updatedTime - b.updatedTime || (a.clientId < b.clientId ? -1 : 1));
    const winner = live[0] ?? null;
    return winner && (!clientId || winner.clientId === clientId) ? winner : null;
  }
  return live.find((l) => !clientId || l.clientId === clientId) ?? null;
}

/** The locks of one client on one target. */
export class TargetLocks {
  readonly #driver: SyncDriver;
  readonly #clientId: string;
  readonly #clock: () => number;
  #offset = 0;
  #offsetCheckedAt = -Infinity;
  #refreshTimer: ReturnType<typeof setInterval> | null = null;
  #lastRefresh = 0;
  #lost: SyncError | null = null;

  constructor(driver: SyncDriver, clientId: string, clock: () => number = Date.now) {
    this.#driver = driver;
    this.#clientId = clientId;
    this.#clock = clock;
  }

  /** Set once a held lock could not be refreshed in time: the sync must stop. */
  get lost(): SyncError | null {
    return this.#lost;
  }

  #path(type: LockType): string {
    return `locks/${type}_${LockClientType.Desktop}_${this.#clientId}.json`;
  }

  /** The server's current time, estimated from a file written to temp/ (cached for 10 minutes). */
  async serverNow(signal?: AbortSignal): Promise<number> {
    if (this.#clock() - this.#offsetCheckedAt > CLOCK_CHECK_MS) {
      const path = `temp/timeCheck${Math.round(Math.random() * 1e6)}.txt`;
      const start = this.#clock();
      await this.#driver.put(path, 'timeCheck', { signal });
      const stat = await this.#driver.stat(path, { signal });
      const end = this.#clock();
      void this.#driver.delete(path).catch(() => {});
      // A server without modification times leaves the device's clock in charge.
      this.#offset = stat?.mtime ? stat.mtime - Math.round((start + end) / 2) : 0;
      this.#offsetCheckedAt = end;
    }
    return this.#clock() + this.#offset;
  }

  /** The lock files on the target. */
  async list(signal?: AbortSignal): Promise<Lock[]> {
    let entries;
    try {
      entries = await this.#driver.list('locks', { signal });
    } catch (error) {
      // A target set up by a very old client may lack the folder; Joplin's migration 2 makes it.
      if (!(error instanceof SyncError) || error.kind !== 'not_found') throw error;
      await this.#driver.mkdir('locks', { signal });
      return [];
    }
    return entries.flatMap((e) => (e.isDir ? [] : (parseLockName(e.name, e.mtime) ?? [])));
  }

  async #write(type: LockType, signal?: AbortSignal): Promise<void> {
    const body = JSON.stringify({ type, clientType: LockClientType.Desktop, clientId: this.#clientId });
    await this.#driver.put(this.#path(type), body, { signal });
    this.#lastRefresh = this.#clock();
  }

  /** Takes a sync lock: refused while another client holds an exclusive one. */
  async acquireSync(signal?: AbortSignal): Promise<void> {
    for (let pass = 0; pass < 2; pass++) {
      const [locks, now] = [await this.list(signal), await this.serverNow(signal)];
      const exclusive = activeLock(locks, now, LockType.Exclusive);
      if (exclusive && exclusive.clientId !== this.#clientId) throw upgradingError(exclusive, now);
      if (pass === 1 && activeLock(locks, now, LockType.Sync, this.#clientId)) return;
      await this.#write(LockType.Sync, signal);
    }
    // Written but not read back as active: the server's clock or listing cannot be trusted.
    throw new SyncError(
      'locked',
      'Folio could not take a sync lock on the target (it wrote one but could not read it back). Folio will try again.'
    );
  }

  /** Takes an exclusive lock (to set a target up): refused while anyone else holds a lock. */
  async acquireExclusive(signal?: AbortSignal): Promise<void> {
    for (let pass = 0; pass < 2; pass++) {
      const [locks, now] = [await this.list(signal), await this.serverNow(signal)];
      const other = locks.find((l) => l.clientId !== this.#clientId && now - l.updatedTime < LOCK_TTL_MS);
      if (other)
        throw other.type === LockType.Exclusive
          ? upgradingError(other, now)
          : new SyncError(
              'locked',
              'Another device is syncing with this target right now. Folio will try again.'
            );
      if (pass === 1 && activeLock(locks, now, LockType.Exclusive, this.#clientId)) return;
      await this.#write(LockType.Exclusive, signal);
    }
    throw new SyncError(
      'locked',
      'Folio could not take an exclusive lock on the target. Folio will try again.'
    );
  }

  /** Refreshes the held lock every LOCK_REFRESH_MS until release; a failure past the TTL marks it lost. */
  startRefresh(type: LockType): void {
    this.stopRefresh();
    this.#refreshTimer = setInterval(() => {
      if (this.#clock() - this.#lastRefresh >= LOCK_TTL_MS) {
        this.#lost = new SyncError(
          'lock_expired',
          'Folio lost its lock on the sync target (it could not refresh it in time), so it stopped; the next sync finishes the job.'
        );
        this.stopRefresh();
        return;
      }
      this.#write(type).catch(() => {
        // Retried at the next tick; the check above stops the sync once the TTL has passed.
      });
    }, LOCK_REFRESH_MS);
  }

  /** Stops refreshing. */
  stopRefresh(): void {
    if (this.#refreshTimer) clearInterval(this.#refreshTimer);
    this.#refreshTimer = null;
  }

  /** Deletes the lock file (a failure only leaves it to expire). */
  async release(type: LockType): Promise<void> {
    this.stopRefresh();
    await this.#driver.delete(this.#path(type)).catch(() => {});
  }
}

function upgradingError(lock: Lock, now: number): SyncError {
  const minutes = Math.max(1, Math.ceil((LOCK_TTL_MS - (now - lock.updatedTime)) / 60_000));
  return new SyncError(
    'locked',
    `Another device (client ${lock.clientId.slice(0, 8)}…) holds an exclusive lock on the sync target, probably while upgrading it. Folio will try again; if that device crashed, its lock expires within ${minutes} minute${minutes === 1 ? '' : 's'}.`
  );
}
