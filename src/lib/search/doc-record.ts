/** What the index keeps per note: the filterable metadata, the text for snippets, term streams. */
import type { DocFields } from './postings';
import type { IndexedNote } from './types';

/** One indexed note. */
export interface DocRecord extends DocFields {
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
}

const LINK_RE = /:\/([0-9a-fA-F]{32})/g;

/** The item ids a Markdown body links to (`:/id`, as in `![](:/id)` or `[x](:/id)`). */
export function linkedIds(body: string): string[] {
  if (!body.includes(':/')) return [];
  return [...new Set(Array.from(body.matchAll(LINK_RE), (m) => m[1].toLowerCase()))];
}

/** Builds the record of a note from its fields and its term streams. */
export function toDocRecord(note: IndexedNote, fields: DocFields): DocRecord {
  return {
    ...fields,
    id: note.id,
    title: note.title,
    body: note.body,
    parent_id: note.parent_id,
    created: note.user_created_time || note.created_time,
    updated: note.user_updated_time || note.updated_time,
    updated_time: note.updated_time,
    is_todo: !!note.is_todo,
    todo_due: note.todo_due || 0,
    todo_completed: note.todo_completed || 0,
    source_url: note.source_url || '',
    latitude: note.latitude ?? 0,
    longitude: note.longitude ?? 0,
    altitude: note.altitude ?? 0,
    tag_ids: [...note.tag_ids],
    link_ids: linkedIds(note.body)
  };
}
