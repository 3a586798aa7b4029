/** What the index keeps per note: the filterable metadata, and the body for snippets when it keeps bodies. */
import type { IndexedNote } from './types';

const LINK_RE = /:\/([0-9a-fA-F]{32})/g;

/** The item ids a Markdown body links to (`:/id`, as in `![](:/id)` or `[x](:/id)`). */
export function linkedIds(body: string): string[] {
  if (!body.includes(':/')) return [];
  return [...new Set(Array.from(body.matchAll(LINK_RE), (m) => m[1].toLowerCase()))];
}

/**
 * Builds the record of a note. Without `keepBody` the body is not held ('' in the record): the
 * caller reads bodies from the database for the few results it shows. `linkIds` are the body's
 * `:/id` links when known (a snapshot has them, not the body).
 */
export function toDocRecord(note: IndexedNote, keepBody: boolean, linkIds: string[] = linkedIds(note.body)): DocRecord {
  return new DocRecord(note, keepBody ? note.body : '', linkIds);
}

/**
 * One indexed note. A class, so every record has one hidden class: a spread-built literal of this
 * size falls into V8's slow dictionary mode, and filters read these fields for every note.
 * Exported as a type only: toDocRecord builds them.
 */
class DocRecord {
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

  constructor(note: IndexedNote, body: string, linkIds: string[]) {
    this.id = note.id;
    this.title = note.title;
    this.body = body;
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
    this.link_ids = linkIds;
  }
}

export type { DocRecord };
