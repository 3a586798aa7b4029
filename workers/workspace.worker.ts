/**
 * The workspace worker's first module, kept tiny: it starts reading the search snapshot from
 * IndexedDB at once, and only then loads the worker itself (workspace-start.ts: Dexie, the search
 * index, the API). At 50,000 notes that read is the longest step of a start (the browser copies
 * tens of megabytes across processes), so it runs while the rest of the worker is fetched and
 * compiled instead of after it.
 */
import { readSnapshotBeforeOpen } from '$lib/db/snapshot-early-read';
import { DEFAULT_DB_NAME } from '$lib/db/names';
import { SNAPSHOT_KEY } from '$lib/search/snapshot-key';

// Marks of the start (folio:*), read by bench:vault to show where the time to a first answer goes.
performance.mark('folio:worker-start');
const early = readSnapshotBeforeOpen(DEFAULT_DB_NAME, SNAPSHOT_KEY);
void import('./workspace-start').then(({ startWorkspace }) => startWorkspace(early));
