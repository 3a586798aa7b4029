/**
 * The stored records, field for field as Joplin keeps them (spec/reference.md), so that JEX/RAW
 * import and export are lossless. Ids are 32-hex strings; times are Unix milliseconds.
 */

/** Joplin's item type numbers, used by the RAW/JEX formats and the change log. */
export const ItemType = {
  Note: 1,
  Folder: 2,
  Resource: 4,
  Tag: 5,
  NoteTag: 6,
  Revision: 13
} as const;
export type ItemType = (typeof ItemType)[keyof typeof ItemType];

export interface Note {
  id: string;
  /** The notebook the note is in. */
  parent_id: string;
  title: string;
  /** Markdown. */
  body: string;
  created_time: number;
  updated_time: number;
  user_created_time: number;
  user_updated_time: number;
  is_todo: 0 | 1;
  /** Due time, 0 when none. */
  todo_due: number;
  /** When the to-do was completed, 0 while open. */
  todo_completed: number;
  source_url: string;
  author: string;
  latitude: number;
  longitude: number;
  altitude: number;
  /** 1 Markdown, 2 HTML. */
  markup_language: 1 | 2;
  is_conflict: 0 | 1;
  /** > 0 while in the trash. */
  deleted_time: number;
  /**
   * Front matter keys from an imported Markdown file that Folio does not use, as their YAML text;
   * a Markdown export writes them back. Absent for most notes.
   */
  front_matter?: string;
  /**
   * The title's sort key, for the Title order's index: derived by the database on every write
   * (db/title-sort-middleware.ts), whatever a writer gives; never exported or synced.
   */
  title_sort?: string;
}

/** A notebook (Joplin calls it a folder); `parent_id` '' is the root. */
export interface Notebook {
  id: string;
  title: string;
  parent_id: string;
  created_time: number;
  updated_time: number;
  user_created_time: number;
  user_updated_time: number;
  icon: string;
  deleted_time: number;
}

export interface Tag {
  id: string;
  title: string;
  created_time: number;
  updated_time: number;
  user_created_time: number;
  user_updated_time: number;
  parent_id: string;
}

export interface NoteTag {
  id: string;
  note_id: string;
  tag_id: string;
  created_time: number;
  updated_time: number;
  user_created_time: number;
  user_updated_time: number;
}

/** An attachment's metadata; its bytes are in the `blobs` table under the same id. */
export interface Resource {
  id: string;
  title: string;
  mime: string;
  filename: string;
  file_extension: string;
  size: number;
  created_time: number;
  updated_time: number;
  user_created_time: number;
  user_updated_time: number;
}

/**
 * The kind of writer behind a change: the user (their own editor, in this tab or another), the
 * sidebar's assistant, a plugin, an MCP client (a desktop app over the bridge, the browser's agent
 * over WebMCP, an embedding page), an import, a sync, or Folio itself (the default notebook).
 */
export type ChangeSource = 'user' | 'ai' | 'plugin' | 'mcp' | 'import' | 'sync' | 'system';

/**
 * Who wrote a change, as the change log and the history record it. Plain data, so it crosses
 * workers and is stored as is.
 */
export interface Writer {
  source: ChangeSource;
  /** Which one: the plugin's name, the MCP client's name (from its `initialize`), the sync target. */
  name?: string;
  /** The browser tab a user's edit came from, so a tab can tell its own edits from another tab's. */
  tab?: string;
}

/** A saved version of a note's title and body. */
export interface Revision {
  id: string;
  note_id: string;
  title: string;
  body: string;
  created_time: number;
  /** Who caused the revision to be kept (the writer of the change that replaced this version). */
  source: ChangeSource;
  /** Why it was kept, e.g. "Before an edit by the assistant (update_note)". */
  label: string;
  /** Who wrote this version (unknown for revisions kept before writers were recorded). */
  author?: Writer;
}

/** One entry of the change log every write appends to, in the same transaction. */
export interface Change {
  /** Auto-incremented, so indexers can keep a cursor. */
  seq?: number;
  item_id: string;
  item_type: ItemType;
  kind: 'created' | 'updated' | 'deleted';
  source: ChangeSource;
  /** Writer.name, when the writer has one. */
  name?: string;
  /** Writer.tab, for a user's edit. */
  tab?: string;
  /** 1 when the change wrote a note's title or body (not only its tags, notebook or to-do state). */
  text?: 1;
  time: number;
}

export interface Setting {
  key: string;
  value: unknown;
}

/** The defaults of a new note, before the caller's fields. */
export function noteDefaults(now: number): Omit<Note, 'id' | 'parent_id'> {
  return {
    title: '',
    body: '',
    created_time: now,
    updated_time: now,
    user_created_time: now,
    user_updated_time: now,
    is_todo: 0,
    todo_due: 0,
    todo_completed: 0,
    source_url: '',
    author: '',
    latitude: 0,
    longitude: 0,
    altitude: 0,
    markup_language: 1,
    is_conflict: 0,
    deleted_time: 0
  };
}
