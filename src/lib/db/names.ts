/**
 * The app database's name, in a module of its own: the worker's first module reads the search
 * snapshot under it before Dexie (database.ts) has even loaded.
 */

/** The name of the app's database. Tests open others. */
export const DEFAULT_DB_NAME = 'folio';
