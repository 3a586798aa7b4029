/**
 * The IndexedDB schema (Dexie). Each schema change is a new version: its stores are written out
 * here as `SCHEMA_Vn`, and a version that converts records keeps its `version()` with its upgrade
 * function forever, so a browser holding any older version opens cleanly; `database.test.ts` opens
 * databases written by older schemas and checks the upgrade.
 *
 * Tables hold Joplin-shaped records (core/records.ts). `changes` is the append-only log that every
 * repository write adds to in the same transaction; indexers (search, embeddings) follow it by `seq`.
 */
import Dexie, { type Table } from 'dexie';
import type { Change, Note, Notebook, NoteTag, Resource, Revision, Setting, Tag, Writer } from '$lib/core';
import { DEFAULT_DB_NAME } from './names';
import { titleSortMiddleware, TITLE_SORT_FIELD } from './title-sort-middleware';

/** An attachment's bytes, kept apart from its metadata so listing resources never loads blobs. */
export interface BlobRecord {
  id: string;
  data: Blob;
}

export { DEFAULT_DB_NAME };

/** The current schema version. */
export const SCHEMA_VERSION = 7;

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
 * updated, not trashed" lists; new stores for the semantic index, chats and plugins.
 */
export const SCHEMA_V2 = {
  ...SCHEMA_V1,
  notes:
    'id, parent_id, updated_time, deleted_time, [deleted_time+updated_time], [parent_id+deleted_time+updated_time]',
  revisions: 'id, note_id, created_time, [note_id+created_time]',
  changes: '++seq, item_id, time',
  embeddings: 'id, note_id, model, [model+note_id]',
  chats: 'id, note_id, updated_time',
  plugins: 'id'
};

/**
 * Version 3: a store for the search index's snapshot, so a big library is searchable at start
 * without rebuilding the index from every note (nothing to upgrade: the store starts empty).
 */
export const SCHEMA_V3 = {
  ...SCHEMA_V2,
  search_index: 'key'
};

/**
 * A stored snapshot of an index (search/), valid for the change log up to `seq`: whoever loads it
 * applies the changes after `seq`. `data` is the index's own layout, checked by the index.
 */
export interface SearchIndexRecord {
  key: string;
  seq: number;
  saved_time: number;
  data: unknown;
}

/**
 * Version 4: pending conflicts between an editor's version of a note and one stored meanwhile, one
 * record per note (note-writes.ts), so a conflict survives a reload and shows in every tab.
 */
export const SCHEMA_V4 = {
  ...SCHEMA_V3,
  conflicts: 'note_id'
};

/**
 * One place of a pending conflict: lines both sides changed. The note holds `mine` there; `theirs`
 * is the other version's. `before` (the line above, null at the top) and `at` (the line index when
 * it was found) find the place again after edits elsewhere.
 */
export interface ConflictHunk {
  id: string;
  at: number;
  before: string | null;
  base: string[];
  mine: string[];
  theirs: string[];
  /** Who wrote theirs. */
  theirsAuthor?: Writer;
  /** Who wrote mine (the save that found the conflict). */
  mineAuthor?: Writer;
}

/** The pending conflicts of one note, and the conflict copies (listed under Conflicts) holding theirs in full. */
export interface ConflictRecord {
  note_id: string;
  hunks: ConflictHunk[];
  copy_ids: string[];
  created_time: number;
}

/**
 * Version 5: the notes each note links to (`:/id` targets), for "Linked from" without reading every
 * note. The rows are derived data, built and kept up to date from the change log (note-links.ts),
 * so the upgrade only adds the store. Notes gain indexes to list them by creation time or title
 * (note-order.ts) without reading their bodies.
 */
export const SCHEMA_V5 = {
  ...SCHEMA_V4,
  notes: `${SCHEMA_V4.notes}, [deleted_time+created_time], [parent_id+deleted_time+created_time], [deleted_time+title], [parent_id+deleted_time+title]`,
  note_links: 'note_id, *targets'
};

/** The `:/id` targets of one note's body (see note-links.ts). */
export interface NoteLinksRecord {
  note_id: string;
  targets: string[];
}

/**
 * Version 6, for sync: `sync_items` remembers, per item, what this device and the sync target last
 * agreed on; notes gain an index on `is_conflict`, so lists can leave conflict copies out cheaply
 * and the Conflicts list can find them.
 */
export const SCHEMA_V6 = {
  ...SCHEMA_V5,
  notes: `${SCHEMA_V5.notes}, is_conflict`,
  sync_items: 'item_id'
};

/**
 * Version 7: the Title order reads an index of each note's title sort key (title-sort-key.ts),
 * which is IndexedDB's own order, instead of reading every title to sort them in memory. No
 * upgrade function: rewriting every note there would hold a 50,000-note vault's first start for
 * most of a minute. The middleware keys each note written from now on, title-sort-backfill.ts keys
 * the older ones in the background, and until it is done the Title order sorts as version 6 did,
 * with the raw-title indexes (kept for that).
 */
export const SCHEMA_V7 = {
  ...SCHEMA_V6,
  notes: `${SCHEMA_V6.notes}, [deleted_time+${TITLE_SORT_FIELD}], [parent_id+deleted_time+${TITLE_SORT_FIELD}]`
};

/**
 * What sync last agreed with the target about one item. Written by the sync module through
 * sync-repo.ts, in the same transaction as the item itself, so the two never disagree.
 */
export interface SyncItemRecord {
  item_id: string;
  /** Joplin's item type (1 note, 2 notebook, 4 resource, 5 tag, 6 note-tag link, or another type Folio keeps no record of). */
  item_type: number;
  /** The item's updated_time in the version both sides last held. */
  updated_time: number;
  /** The target's fingerprint of the item's file (ETag, else modification time) when last seen; '' when not known yet. */
  fingerprint: string;
  /** The target no longer has the item: it stays here (notes in the trash) and is not uploaded again unless it changes. */
  remote_deleted?: 1;
  /** An item type Folio keeps no record of (a Joplin revision, a master key...): only its fingerprint is kept, so it is not read again. */
  foreign?: 1;
}

/** One embedded chunk of a note, for semantic search. `id` is `${model}:${note_id}:${chunk_index}`. */
export interface EmbeddingRecord {
  id: string;
  note_id: string;
  model: string;
  chunk_index: number;
  chunk_text: string;
  vector: Float32Array;
  /** The note's updated_time when embedded, to tell stale chunks. */
  note_updated_time: number;
}

/** A stored conversation: one per note (`note_id`), plus the workspace one (`note_id` ''). */
export interface ChatRecord {
  id: string;
  note_id: string;
  title: string;
  /** The transcript, in the agent's message shape. */
  messages: unknown[];
  created_time: number;
  updated_time: number;
}

/** An installed plugin: its manifest, its script and whether it is enabled. */
export interface PluginRecord {
  id: string;
  manifest: Record<string, unknown>;
  script: string;
  enabled: boolean;
  installed_time: number;
}

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
  embeddings!: Table<EmbeddingRecord, string>;
  chats!: Table<ChatRecord, string>;
  plugins!: Table<PluginRecord, string>;
  search_index!: Table<SearchIndexRecord, string>;
  conflicts!: Table<ConflictRecord, string>;
  note_links!: Table<NoteLinksRecord, string>;
  sync_items!: Table<SyncItemRecord, string>;

  constructor(name: string = DEFAULT_DB_NAME) {
    super(name);
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
    // Versions 3 to 6 only added stores and indexes, and version 7 holds all of them: Dexie (since
    // 3.0) upgrades from the schema it finds installed, so a version without an upgrade function
    // need not be declared. Each `stores()` re-parses every version declared before it and rebuilds
    // every table's API, so the seven declarations cost several ms of the first screen, the
    // constructor running on the start's critical path (+layout.ts); two cost a fifth of that.
    this.version(SCHEMA_VERSION).stores(SCHEMA_V7);
    this.use(titleSortMiddleware);
  }
}

/** Opens (lazily: on first use) the database of that name. */
export function openDatabase(name: string = DEFAULT_DB_NAME): FolioDatabase {
  return new FolioDatabase(name);
}
