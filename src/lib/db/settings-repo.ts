/** Settings: a key-value table. Values are structured-cloneable. */
import type { FolioDatabase } from './database';
import { toStorageError } from './write';

/** The setting's value, or `fallback` when it was never set. */
export async function getSetting<T>(db: FolioDatabase, key: string, fallback: T): Promise<T> {
  const row = await db.settings.get(key);
  return row === undefined ? fallback : (row.value as T);
}

/** Stores a setting. Settings are not items: they are not in the change log. */
export async function setSetting(db: FolioDatabase, key: string, value: unknown): Promise<void> {
  try {
    await db.settings.put({ key, value });
  } catch (error) {
    throw toStorageError(error);
  }
}

/** Same as setSetting, for use inside a transaction that already holds `settings`. */
export async function setSettingInTransaction(db: FolioDatabase, key: string, value: unknown): Promise<void> {
  await db.settings.put({ key, value });
}
