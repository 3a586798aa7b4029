/** `read_note`: a note with its notebook and tags; long bodies come in pages. */
import { AppError } from '$lib/core';
import { getNoteTags } from '$lib/db';
import type { ToolDefinition } from '../types';
import { ID_SCHEMA, objectSchema, requireNote } from './common';

/** The page size when the model gives no max_chars: enough for most notes, not a flood for long ones. */
export const DEFAULT_READ_CHARS = 20_000;

interface ReadNoteInput {
  id: string;
  offset?: number;
  max_chars?: number;
}

/** The `read_note` tool. */
export const readNoteTool: ToolDefinition<ReadNoteInput> = {
  id: 'read_note',
  description:
    `Reads a note with its notebook and tags. The Markdown body comes in pages of max_chars (default ${DEFAULT_READ_CHARS}, 0 = all); ` +
    'if has_more, call again with offset = body_offset + body_returned_chars.',
  inputSchema: objectSchema(
    { id: ID_SCHEMA, offset: { type: 'integer', minimum: 0 }, max_chars: { type: 'integer', minimum: 0 } },
    ['id']
  ),
  outputSchema: objectSchema(
    {
      id: ID_SCHEMA,
      title: { type: 'string' },
      body: { type: 'string' },
      body_length: { type: 'integer' },
      body_offset: { type: 'integer' },
      body_returned_chars: { type: 'integer' },
      has_more: { type: 'boolean' },
      notebook_id: { type: 'string' },
      notebook_title: { type: 'string' },
      tags: { type: 'array', items: { type: 'string' } },
      is_todo: { type: 'boolean' },
      todo_completed: { type: 'boolean' },
      created_time: { type: 'number' },
      updated_time: { type: 'number' }
    },
    [
      'id',
      'title',
      'body',
      'body_length',
      'body_offset',
      'body_returned_chars',
      'has_more',
      'notebook_id',
      'notebook_title',
      'tags',
      'is_todo',
      'todo_completed',
      'created_time',
      'updated_time'
    ]
  ),
  annotations: { title: 'Read a note', readOnlyHint: true, openWorldHint: false },
  async handler(input, ctx) {
    const note = await requireNote(ctx.db, input.id);
    const page = bodyPage(note.body, input.offset ?? 0, input.max_chars ?? DEFAULT_READ_CHARS);
    const notebook = await ctx.db.folders.get(note.parent_id);
    const tags = await getNoteTags(ctx.db, note.id);
    return {
      id: note.id,
      title: note.title,
      body: page.text,
      body_length: note.body.length,
      body_offset: page.offset,
      body_returned_chars: page.text.length,
      has_more: page.offset + page.text.length < note.body.length,
      notebook_id: note.parent_id,
      notebook_title: notebook?.title ?? '',
      tags: tags.map((t) => t.title),
      is_todo: note.is_todo === 1,
      todo_completed: note.todo_completed > 0,
      created_time: note.created_time,
      updated_time: note.updated_time
    };
  }
};

/**
 * The slice of `body` from `offset`, at most `maxChars` long (0 = to the end). Lengths count UTF-16
 * code units, like JavaScript strings; a page never ends between the two halves of a surrogate pair.
 */
export function bodyPage(body: string, offset: number, maxChars: number): { text: string; offset: number } {
  if (offset > body.length) {
    throw new AppError(
      'invalid_argument',
      `offset: ${offset} is past the end of the body (body_length ${body.length}).`
    );
  }
  let end = maxChars === 0 ? body.length : Math.min(body.length, offset + maxChars);
  if (end < body.length && end > offset && isHighSurrogate(body.charCodeAt(end - 1))) end += 1;
  return { text: body.slice(offset, end), offset };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
