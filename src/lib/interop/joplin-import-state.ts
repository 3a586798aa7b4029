/**
 * The state one Joplin import builds up as it reads the archive, shared by the reading step
 * (joplin-import.ts) and the finishing step (joplin-import-finish.ts).
 */
import type { NoteTag, Tag } from '$lib/core';
import type { FolioDatabase, ImportedIds } from '$lib/db';
import type { IdMap } from './id-map';
import type { ImportProblem } from './import-report';
import type { WithExtra } from './joplin-fields';

/** The state of one Joplin import (shared with the finishing step). */
export interface JoplinImportState {
  db: FolioDatabase;
  ids: IdMap;
  written: ImportedIds;
  blobIds: string[];
  problems: ImportProblem[];
  /** The archive's own item ids (as in the archive). */
  seen: Set<string>;
  /** Notes whose body links had their ids changed (new note id → the archive ids linked). */
  noteRefs: Map<string, string[]>;
  folderIds: Set<string>;
  /** New note id → new notebook id, to find notes whose notebook never came. */
  noteParents: Map<string, string>;
  folderParents: Map<string, string>;
  tags: { tag: WithExtra<Tag>; file: string }[];
  noteTags: { link: WithExtra<NoteTag>; file: string }[];
  /** Resource ids (new) with metadata, and with bytes. */
  resourceMeta: Set<string>;
  resourceBlobs: Map<string, { file: string; size: number; mime: string }>;
  /** Files met, and notes found among them (whether or not they could be written). */
  files: number;
  notesFound: number;
}
