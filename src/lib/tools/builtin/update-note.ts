/**
 * `update_note`: every change of one call (title, body, prepend, append, replace_text, move, to-do
 * state) is applied in ONE transaction through db's `writeNote`: one revision saved before it,
 * nothing changed when any part fails, and no other write slipping in between read and write. On
 * the note open in the sidebar's editor, the agent turns the call into a suggestion instead
 * (agent/dispatch.ts): `writesNote` names the argument that says which note it changes.
 */
import { AppError, type Note } from '$lib/core';
import { writeNote, type NotePatch } from '$lib/db';
import type { ToolDefinition } from '../types';
import {
  ID_SCHEMA,
  MAX_BODY_CHARS,
  MAX_TITLE_CHARS,
  objectSchema,
  requireNote,
  requireNotebook,
  requireText,
  stringSchema,
  writeOptions
} from './common';

interface UpdateNoteInput {
  id: string;
  title?: string;
  body?: string;
  append?: string;
  prepend?: string;
  replace_text?: { find: string; replace: string };
  notebook_id?: string;
  todo_completed?: boolean;
}

const CHANGE_FIELDS = [
  'title',
  'body',
  'append',
  'prepend',
  'replace_text',
  'notebook_id',
  'todo_completed'
] as const;

/** The `update_note` tool. */
export const updateNoteTool: ToolDefinition<UpdateNoteInput> = {
  id: 'update_note',
  description:
    'Changes a note: title; body (replaces all); prepend/append (new paragraphs); replace_text (find must occur ' +
    'once, exactly); notebook_id (moves it); todo_completed. Applied in that order. The open note: suggested.',
  inputSchema: objectSchema(
    {
      id: ID_SCHEMA,
      title: stringSchema(MAX_TITLE_CHARS, undefined, 1),
      body: stringSchema(MAX_BODY_CHARS),
      // No maxLength on these: the size of the resulting body is checked (and its limit named) below,
      // and every schema keyword costs tokens in each request to the model.
      prepend: { type: 'string' },
      append: { type: 'string' },
      replace_text: objectSchema({ find: { type: 'string', minLength: 1 }, replace: { type: 'string' } }, [
        'find',
        'replace'
      ]),
      notebook_id: ID_SCHEMA,
      todo_completed: { type: 'boolean' }
    },
    ['id']
  ),
  outputSchema: objectSchema({ id: ID_SCHEMA, updated_time: { type: 'number' } }, ['id', 'updated_time']),
  annotations: { title: 'Update a note', readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  writesNote: 'id',
  async handler(input, ctx) {
    if (!CHANGE_FIELDS.some((field) => input[field] !== undefined)) {
      throw new AppError(
        'invalid_argument',
        `Nothing to change: give at least one of ${CHANGE_FIELDS.join(', ')}.`
      );
    }
    await requireNote(ctx.db, input.id); // for its message naming search_notes; writeNote checks again
    if (input.notebook_id) await requireNotebook(ctx.db, input.notebook_id);
    const now = Date.now();
    const note = await writeNote(ctx.db, input.id, (current) => notePatch(current, input, now), {
      ...writeOptions(ctx, 'update_note'),
      now
    });
    return { id: note.id, updated_time: note.updated_time };
  }
};

/** The patch of one call, computed from the note as it is inside the transaction. */
function notePatch(note: Note, input: UpdateNoteInput, now: number): NotePatch {
  const patch: NotePatch = {};
  if (input.title !== undefined) patch.title = requireText(input.title, 'title');
  const body = editedBody(note.body, input);
  if (body !== note.body) patch.body = body;
  if (input.notebook_id !== undefined) patch.parent_id = input.notebook_id;
  if (input.todo_completed !== undefined) {
    if (!note.is_todo)
      throw new AppError(
        'invalid_argument',
        'todo_completed: this note is not a to-do, so it cannot be completed.'
      );
    patch.todo_completed = input.todo_completed ? note.todo_completed || now : 0;
  }
  return patch;
}

/** The body after `body`, `prepend`, `append` and `replace_text`, in that order. */
export function editedBody(
  current: string,
  input: Pick<UpdateNoteInput, 'body' | 'prepend' | 'append' | 'replace_text'>
): string {
  let body = input.body ?? current;
  if (input.prepend !== undefined) body = joinBlocks(input.prepend, body);
  if (input.append !== undefined) body = joinBlocks(body, input.append);
  if (input.replace_text) body = replaceOnce(body, input.replace_text.find, input.replace_text.replace);
  if (body.length > MAX_BODY_CHARS) {
    throw new AppError(
      'invalid_argument',
      `The note body would be ${body.length} characters; the limit is ${MAX_BODY_CHARS}. Nothing was changed.`
    );
  }
  return body;
}

/** `a` then `b` as separate Markdown blocks: a blank line between them unless one is already there. */
export function joinBlocks(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  if (a.endsWith('\n\n')) return a + b;
  return a + (a.endsWith('\n') ? '\n' : '\n\n') + b;
}

/** Replaces `find` in `text`, which must occur exactly once (overlapping occurrences count). */
export function replaceOnce(text: string, find: string, replace: string): string {
  const first = text.indexOf(find);
  if (first < 0) {
    throw new AppError(
      'not_found',
      'replace_text.find was not found in the note. It must be an exact, case-sensitive copy of text in the current body (read_note shows it). Nothing was changed.'
    );
  }
  let count = 1;
  for (let at = text.indexOf(find, first + 1); at >= 0; at = text.indexOf(find, at + 1)) count += 1;
  if (count > 1) {
    throw new AppError(
      'ambiguous',
      `replace_text.find occurs ${count} times in the note; include more of the surrounding text so that it matches exactly once. Nothing was changed.`
    );
  }
  return text.slice(0, first) + replace + text.slice(first + find.length);
}
