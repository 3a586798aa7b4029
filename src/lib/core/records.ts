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
 * Who made a change: the user typing, the AI (any tool tier), a plugin, an import, the app itself
 * (`system`), or a sync bringing another device's change (`sync`).
 */
export type ChangeSource = 'user' | 'ai' | 'plugin' | 'import' | 'system' | 'sync';

/** A saved version of a note's title and body, taken before it changed. */
export interface Revision {
  id: string;
  note_id: string;
  title: string;
  body: string;
  created_time: number;
  /** Why the revision was taken. */
  source: ChangeSource;
  /** A short label such as "Before AI edit (update_note)". */
  label: string;
}

/** One entry of the change log every write appends to, in the same transaction. */
export interface Change {
  /** Auto-incremented, so indexers can keep a cursor. */
  seq?: number;
  item_id: string;
  item_type: ItemType;
  kind: 'created' | 'updated' | 'deleted';
  source: ChangeSource;
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
