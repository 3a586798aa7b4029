/**
 * This tab's id, recorded with the user's edits so a tab can tell its own edits from another tab's
 * (history names "you, in another tab"). Kept in sessionStorage: a reload is the same tab.
 */
import { newId } from '$lib/core';

const KEY = 'folio.tab';
let id: string | undefined;

/** The id of this browser tab (a fresh one where sessionStorage is not available). */
export function tabId(): string {
  if (id) return id;
  try {
    id = globalThis.sessionStorage?.getItem(KEY) ?? undefined;
    if (!id) {
      id = newId();
      globalThis.sessionStorage?.setItem(KEY, id);
    }
  } catch {
    id = newId();
  }
  return id;
}
