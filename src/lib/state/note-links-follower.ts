/**
 * Keeps the note-links index ($lib/db note-links.ts) following the change log in this tab: one
 * pass when it starts, and another whenever a change is logged (here or in another tab). While an
 * import writes in this page it waits for its end: each of its steps locks the notes for writing,
 * so following each 500-note batch queued behind and between the import's own transactions.
 */
import { liveQuery, followNoteLinks, latestChangeSeq, type FolioDatabase } from '$lib/db';
import { bulkWrites } from './bulk-writes.svelte';

/** Pauses between steps of a long build, so the page keeps answering. */
const STEP_PAUSE_MS = 10;

/** Starts following; returns the function that stops it. */
export function startNoteLinks(db: FolioDatabase, onError: (error: unknown) => void): () => void {
  let running = false;
  let again = false;
  let stopped = false;
  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        while (!stopped) {
          await bulkWrites.idle();
          if (stopped || !(await followNoteLinks(db))) break;
          await new Promise((resolve) => setTimeout(resolve, STEP_PAUSE_MS));
        }
      } while (again && !stopped);
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
  const subscription = liveQuery(() => latestChangeSeq(db)).subscribe({
    next: () => void run(),
    error: onError
  });
  return () => {
    stopped = true;
    subscription.unsubscribe();
  };
}
