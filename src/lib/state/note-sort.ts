/**
 * The Notes list order, remembered per device in localStorage (read synchronously at start, so
 * the first screen is listed in it).
 */
import type { NoteSort } from '$lib/db';

const NOTE_SORT_KEY = 'folio.noteSort';

/** The order this device last chose (updated when none, or storage is unavailable). */
export function savedSort(): NoteSort {
  try {
    const saved = localStorage.getItem(NOTE_SORT_KEY);
    return saved === 'created' || saved === 'title' ? saved : 'updated';
  } catch {
    return 'updated';
  }
}

/** Remembers the order; without localStorage it lasts until the tab closes. */
export function rememberSort(sort: NoteSort): void {
  try {
    localStorage.setItem(NOTE_SORT_KEY, sort);
  } catch {
    // Nothing to keep it in: the choice still holds for this tab.
  }
}
