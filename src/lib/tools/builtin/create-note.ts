/** `create_note`: a new note, in the default notebook unless one is named. */
import { createNote } from '$lib/db';
import type { ToolDefinition } from '../types';
import {
  ID_SCHEMA,
  MAX_BODY_CHARS,
  MAX_TITLE_CHARS,
  objectSchema,
  requireNotebook,
  requireText,
  stringSchema,
  writeOptions
} from './common';

interface CreateNoteInput {
  title: string;
  body?: string;
  notebook_id?: string;
  is_todo?: boolean;
}

/** The `create_note` tool. */
export const createNoteTool: ToolDefinition<CreateNoteInput> = {
  id: 'create_note',
  description:
    'Creates a note (or a to-do with is_todo) with a Markdown body, in notebook_id or else the default notebook.',
  inputSchema: objectSchema(
    {
      title: stringSchema(MAX_TITLE_CHARS, undefined, 1),
      body: stringSchema(MAX_BODY_CHARS, 'Markdown'),
      notebook_id: ID_SCHEMA,
      is_todo: { type: 'boolean' }
    },
    ['title']
  ),
  outputSchema: objectSchema({ id: ID_SCHEMA, title: { type: 'string' }, notebook_id: ID_SCHEMA }, [
    'id',
    'title',
    'notebook_id'
  ]),
  annotations: { title: 'Create a note', readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  async handler(input, ctx) {
    const title = requireText(input.title, 'title');
    // Checked here for a message that names list_notebooks; createNote checks again in its transaction.
    if (input.notebook_id) await requireNotebook(ctx.db, input.notebook_id);
    const note = await createNote(
      ctx.db,
      {
        title,
        body: input.body ?? '',
        is_todo: input.is_todo ? 1 : 0,
        ...(input.notebook_id ? { parent_id: input.notebook_id } : {})
      },
      writeOptions(ctx, 'create_note')
    );
    return { id: note.id, title: note.title, notebook_id: note.parent_id };
  }
};
