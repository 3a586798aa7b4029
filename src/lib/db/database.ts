/**
 * The IndexedDB schema (Dexie). Each schema change is a new `version()` with an upgrade function,
 * kept forever, so a browser holding any older version opens cleanly; `database.test.ts` opens a
 * version-1 database written by the old schema and checks the upgrade.
 *
 * Tables hold Joplin-shaped records (core/records.ts). `changes` is the append-only log that every
 * repository write adds to in the same transaction; indexers (search, embeddings) follow it by `seq`.
 */
import Dexie, { type Table } from 'dexie';
import type { Change, Note, Notebook, NoteTag, Resource, Revision, Setting, Tag } from '$lib/core';

/** An attachment's bytes, kept apart from its metadata so listing resources never loads blobs. */
export interface BlobRecord {
  id: string;
  data: Blob;
}

/** The name of the app's database. Tests open others. */
export const DEFAULT_DB_NAME = 'folio';

/** The current schema version. */
export const SCHEMA_VERSION = 2;

/** Version 1's stores, kept as they were so the upgrade path can be exercised. */
export const SCHEMA_V1 = {
  notes: 'id, parent_id, updated_time, deleted_time',
  folders: 'id, parent_id, deleted_time',
  tags: 'id, title',
  note_tags: 'id, note_id, tag_id, &[note_id+tag_id]',
  resources: 'id',
  blobs: 'id',
  revisions: 'id, note_id, created_time',
  settings: 'key',
  changes: '++seq, item_id'
};

/**
 * Version 2: revisions remember who caused them (`source`, `label`) so the history view can say
 * "Before AI edit"; the change log records its source too; notes gain an index for "recently
 * updated, not trashed" lists.
 */
export const SCHEMA_V2 = {
  ...SCHEMA_V1,
  notes: 'id, parent_id, updated_time, deleted_time, [deleted_time+updated_time]',
  revisions: 'id, note_id, created_time, [note_id+created_time]',
  changes: '++seq, item_id, time'
};

/** The Folio database: one instance per context (tab or worker), all on the same IndexedDB. */
export class FolioDatabase extends Dexie {
  notes!: Table<Note, string>;
  folders!: Table<Notebook, string>;
  tags!: Table<Tag, string>;
  note_tags!: Table<NoteTag, string>;
  resources!: Table<Resource, string>;
  blobs!: Table<BlobRecord, string>;
  revisions!: Table<Revision, string>;
  settings!: Table<Setting, string>;
  changes!: Table<Change, number>;

  constructor(name: string = DEFAULT_DB_NAME) {
    super(name);
    this.version(1).stores(SCHEMA_V1);
    this.version(2)
      .stores(SCHEMA_V2)
      .upgrade(async (tx) => {
        await tx
          .table('revisions')
          .toCollection()
          .modify((revision: Partial<Revision>) => {
            revision.source ??= 'user';
            revision.label ??= '';
          });
        await tx
          .table('changes')
          .toCollection()
          .modify((change: Partial<Change>) => {
            change.source ??= 'user';
          });
      });
  }
}

/** Opens (lazily: on first use) the database of that name. */
export function openDatabase(name: string = DEFAULT_DB_NAME): FolioDatabase {
  return new FolioDatabase(name);
}
