/**
 * Tells the worker when the change log grew, from any tab or context. Three signals, because none
 * is enough alone: Dexie's liveQuery (Dexie 4 forwards other contexts' writes over its own
 * BroadcastChannel, but only for connections it knows of), the `folio-changes` BroadcastChannel
 * pages may ping after a write, and a cheap poll of the newest seq as the backstop. Each one only
 * reads the newest seq; the callback runs when it moved past the last seen one.
 */
import { liveQuery, latestChangeSeq, type FolioDatabase } from '$lib/db';

/** How often the newest change seq is read when nothing else signalled. */
export const CHANGE_POLL_MS = 1_500;
/** The channel a page may ping after a write so the worker looks at once. */
export const CHANGES_CHANNEL = 'folio-changes';

/** Calls `onChange(seq)` whenever the newest seq grows past `fromSeq`; returns the stop function. */
export function watchChanges(
  db: FolioDatabase,
  fromSeq: number,
  onChange: (seq: number) => void,
  onError: (error: unknown) => void
): () => void {
  let seen = fromSeq;
  let stopped = false;
  const consider = (seq: number) => {
    if (stopped || seq <= seen) return;
    seen = seq;
    onChange(seq);
  };
  const check = () => latestChangeSeq(db).then(consider, onError);
  const subscription = liveQuery(() => latestChangeSeq(db)).subscribe({ next: consider, error: onError });
  const timer = setInterval(check, CHANGE_POLL_MS);
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANGES_CHANNEL) : null;
  channel?.addEventListener('message', () => void check());
  return () => {
    stopped = true;
    subscription.unsubscribe();
    clearInterval(timer);
    channel?.close();
  };
}
