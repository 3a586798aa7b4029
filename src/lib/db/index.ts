export {
  FolioDatabase,
  openDatabase,
  DEFAULT_DB_NAME,
  SCHEMA_VERSION,
  SCHEMA_V1,
  SCHEMA_V2,
  SCHEMA_V3,
  SCHEMA_V4,
  SCHEMA_V5,
  SCHEMA_V6
} from './database';
export type {
  BlobRecord,
  EmbeddingRecord,
  ChatRecord,
  PluginRecord,
  SearchIndexRecord,
  ConflictRecord,
  ConflictHunk,
  SyncItemRecord
} from './database';
// Dexie is db's: other tiers watch the database through its liveQuery, re-exported here, and reach
// tables only through the repositories (the import rules hold every other tier to this).
export { liveQuery } from 'dexie';
export { readSearchSnapshot, writeSearchSnapshot, deleteSearchSnapshot } from './search-snapshot-repo';
export { readSnapshotBeforeOpen, type EarlySnapshot } from './snapshot-early-read';
export { writeTransaction, toStorageError } from './write';
export type { WriteOptions, ChangeLog } from './write';
export {
  createNote,
  updateNote,
  getNote,
  getNotes,
  trashNote,
  restoreNote,
  listNoteIds,
  countNotesInNotebook
} from './notes-repo';
export type { NoteScope, NotePatch } from './notes-repo';
export {
  listNotebooks,
  getNotebook,
  createNotebook,
  renameNotebook,
  moveNotebook,
  trashNotebook,
  restoreNotebook,
  descendantNotebookIds,
  collectDescendants,
  getDefaultNotebookId,
  ensureDefaultNotebook
} from './notebooks-repo';
export {
  listTags,
  listTagsInUse,
  findTagByTitle,
  getNoteTags,
  noteIdsWithTag,
  addTagsToNote,
  removeTagsFromNote
} from './tags-repo';
export { createResource, getResource, getResourceBlob, deleteResource } from './resources-repo';
export {
  listRevisions,
  restoreRevision,
  saveRevisionIfDue,
  saveRevision,
  REVISION_INTERVAL_MS
} from './revisions-repo';
export { listTrash, emptyTrash } from './trash-repo';
export { getSetting, setSetting } from './settings-repo';
export { readChangesSince, latestChangeSeq } from './changes';
export { requestPersistentStorage, storageEstimate } from './storage';
export type { PersistenceState } from './storage';
export {
  existingItemIds,
  putImportBatch,
  putImportBlob,
  patchImportedNotes,
  patchImportedFolders,
  removeImported
} from './import-repo';
export type { ImportBatch, ImportedIds } from './import-repo';
export { getChat, newChat, saveChat, deleteChats, WORKSPACE_CHAT } from './chats-repo';
export { writeNote, saveNoteEdit, getConflict, resolveConflicts, locateHunk } from './note-writes';
export type { NoteEdit, NoteEditResult } from './note-writes';
export { lastTextWriter } from './revisions-repo';
export { linkTargets, followNoteLinks, listBacklinks, NOTE_LINKS_CURSOR_KEY } from './note-links';
export type { NoteLinksRecord } from './database';
export { findNotesByTitle } from './note-titles';
export type { NoteTitle } from './note-titles';
export { firstNotes, sortedNoteIds } from './note-order';
export { fillTitleSortKeys } from './title-sort-backfill';
export type { NoteSort } from './note-order';
export {
  getSyncItems,
  listSyncItems,
  putSyncItems,
  deleteSyncItems,
  clearSyncItems,
  putSyncedItems,
  putConflict,
  trashSyncedNotes,
  trashSyncedNotebook,
  deleteSyncedItems
} from './sync-repo';
export type { SyncedItem, SyncedRecord } from './sync-repo';
export { conflictNoteIds, conflictOriginal, conflictVersions, resolveConflict } from './conflicts-repo';
export type { ConflictChoice, ConflictVersions } from './conflicts-repo';
