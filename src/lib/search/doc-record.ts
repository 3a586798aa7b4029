/** What the index keeps per note: the filterable metadata, the text for snippets, term streams. */
import type { DocFields } from './postings';
import type { IndexedNote } from './types';

const LINK_RE = /:\/([0-9a-fA-F]{32})/g;

/** The item ids a Markdown body links to (`:/id`, as in `![](:/id)` or `[x](:/id)`). */
export function linkedIds(body: string): string[] {
  if (!body.includes(':/')) return [];
  return [...new Set(Array.from(body.matchAll(LINK_RE), (m) => m[1].toLowerCase()))];
}

/** Builds the record of a note from its fields and its term streams. */
export function toDocRecord(note: IndexedNote, fields: DocFields): DocRecord {
  return new DocRecord(note, fields);
}

/**
 * One indexed note. A class, so every record has one hidden class: a spread-built literal of this
 * size falls into V8's slow dictionary mode, and filters read these fields for every note.
 * Exported as a type only: toDocRecord builds them.
 */
class DocRecord implements DocFields {
  titleTerms: Uint32Array;
  bodyTerms: Uint32Array;
  id: string;
  title: string;
  body: string;
  parent_id: string;
  /** user_created_time, else created_time. */
  created: number;
  /** user_updated_time, else updated_time. */
  updated: number;
  updated_time: number;
  is_todo: boolean;
  todo_due: number;
  todo_completed: number;
  source_url: string;
  latitude: number;
  longitude: number;
  altitude: number;
  tag_ids: string[];
  /** Item ids linked from the body as `:/id`; the resources among them serve `resource:`. */
  link_ids: string[];

  constructor(note: IndexedNote, fields: DocFields) {
    this.titleTerms = fields.titleTerms;
    this.bodyTerms = fields.bodyTerms;
    this.id = note.id;
    this.title = note.title;
    this.body = note.body;
    this.parent_id = note.parent_id;
    this.created = note.user_created_time || note.created_time;
    this.updated = note.user_updated_time || note.updated_time;
    this.updated_time = note.updated_time;
    this.is_todo = !!note.is_todo;
    this.todo_due = note.todo_due || 0;
    this.todo_completed = note.todo_completed || 0;
    this.source_url = note.source_url || '';
    this.latitude = note.latitude ?? 0;
    this.longitude = note.longitude ?? 0;
    this.altitude = note.altitude ?? 0;
    this.tag_ids = [...note.tag_ids];
    this.link_ids = linkedIds(note.body);
  }
}

export type { DocRecord };
