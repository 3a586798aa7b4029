/** `create_notebook`: a notebook at the top level or inside another. */
import { createNotebook } from '$lib/db';
import type { ToolDefinition } from '../types';
import {
  ID_SCHEMA,
  MAX_TITLE_CHARS,
  objectSchema,
  requireNotebook,
  requireText,
  stringSchema,
  writeOptions
} from './common';

interface CreateNotebookInput {
  title: string;
  parent_id?: string;
}

/** The `create_notebook` tool. */
export const createNotebookTool: ToolDefinition<CreateNotebookInput> = {
  id: 'create_notebook',
  description: 'Creates a notebook, at the top level or inside parent_id.',
  inputSchema: objectSchema({ title: stringSchema(MAX_TITLE_CHARS, undefined, 1), parent_id: ID_SCHEMA }, [
    'title'
  ]),
  outputSchema: objectSchema(
    { id: ID_SCHEMA, title: { type: 'string' }, parent_id: { type: ['string', 'null'] } },
    ['id', 'title', 'parent_id']
  ),
  annotations: {
    title: 'Create a notebook',
    readOnlyHint: false,
    destructiveHint: false,
    openWorldHint: false
  },
  async handler(input, ctx) {
    const title = requireText(input.title, 'title');
    if (input.parent_id) await requireNotebook(ctx.db, input.parent_id);
    const notebook = await createNotebook(
      ctx.db,
      { title, parent_id: input.parent_id },
      writeOptions(ctx, 'create_notebook')
    );
    return { id: notebook.id, title: notebook.title, parent_id: notebook.parent_id || null };
  }
};
