/** What a row of the note list shows: title and a short plain-text excerpt of the Markdown body. */
import { markdownToText, type Note } from '$lib/core';

/** How many characters of the body a row shows. */
export const EXCERPT_CHARS = 120;

/** One row of the note list. */
export interface NoteSummary {
  id: string;
  /** The note's title, `Untitled` when empty. */
  title: string;
  excerpt: string;
  updatedTime: number;
  isTodo: boolean;
  completed: boolean;
}

/** A note as a list row. */
export function summarize(note: Note): NoteSummary {
  return {
    id: note.id,
    title: note.title.trim() || 'Untitled',
    excerpt: excerptOf(note.body),
    updatedTime: note.updated_time,
    isTodo: note.is_todo === 1,
    completed: note.todo_completed > 0
  };
}

/**
 * The start of a Markdown body as plain text: markup, link targets and attachments removed,
 * whitespace collapsed. Only the first few thousand characters are looked at, so a huge note
 * costs no more than a short one.
 */
export function excerptOf(markdown: string): string {
  const text = markdownToText(markdown.slice(0, 4000));
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : text;
}
