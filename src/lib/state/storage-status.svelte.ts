/** The Settings dialog's Storage section: persistence and how much space Folio uses. */
import { storageEstimate } from '$lib/db';

/** Usage and quota in bytes, when the browser tells. */
export class StorageStatus {
  estimate: { usage: number; quota: number } | null = $state.raw(null);
  loaded = $state(false);

  /** Reads the browser's estimate again. */
  async refresh(): Promise<void> {
    try {
      this.estimate = await storageEstimate();
    } catch {
      this.estimate = null;
    }
    this.loaded = true;
  }
}

/** A byte count for people: "1.2 MB". */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}
