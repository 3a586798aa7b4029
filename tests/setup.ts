// Dexie needs IndexedDB; in Node tests it comes from fake-indexeddb.
import 'fake-indexeddb/auto';
