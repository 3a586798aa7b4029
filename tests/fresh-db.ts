// A new, empty database per test (fake-indexeddb in Node), so tests never share state.
import { openDatabase, type FolioDatabase } from '$lib/db';

let counter = 0;

/** Opens a database with a name no other test uses. */
export function freshDb(): FolioDatabase {
  counter += 1;
  return openDatabase(`folio-test-${process.pid}-${counter}-${Math.random().toString(36).slice(2)}`);
}
