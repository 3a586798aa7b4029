/** What a row of the note list shows: title and a short plain-text excerpt of the Markdown body. */
import type { Note } from '$lib/core';

/** How many characters of the body a row shows. */
export const EXCERPT_CHARS = 120;

/** Marks an escaped character while markup is stripped (a private-use code point). */
const ESCAPED = '\uE000';

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
  // A backslash-escaped character is literal text: mark it so the markup removal below spares it.
  const text = markdown
    .slice(0, 4000)
    .replace(/\\([!-/:-@[-`{-~])/g, `${ESCAPED}$1`)
    .replace(/```[^\n]*\n/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]\s+\[[ xX]\]|[-*+]|\d+[.)])\s+/gm, '')
    .replace(new RegExp(`(?<!${ESCAPED})[*_~\`]+`, 'g'), '')
    .replaceAll(ESCAPED, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : text;
}
