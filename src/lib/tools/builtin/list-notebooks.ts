/** `list_notebooks`: every notebook, flat, with the number of notes directly in it. */
import { countNotesInNotebook, listNotebooks } from '$lib/db';
import type { ToolDefinition } from '../types';
import { ID_SCHEMA, objectSchema } from './common';

const notebookSchema = objectSchema(
  {
    id: ID_SCHEMA,
    title: { type: 'string' },
    parent_id: { type: ['string', 'null'] },
    note_count: { type: 'integer' }
  },
  ['id', 'title', 'parent_id', 'note_count']
);

/** The `list_notebooks` tool. */
export const listNotebooksTool: ToolDefinition<Record<string, never>> = {
  id: 'list_notebooks',
  description:
    'Lists all notebooks with parent_id (null at the top level) and note_count (notes directly inside).',
  inputSchema: objectSchema({}),
  outputSchema: objectSchema({ notebooks: { type: 'array', items: notebookSchema } }, ['notebooks']),
  annotations: { title: 'List notebooks', readOnlyHint: true, openWorldHint: false },
  async handler(_input, ctx) {
    const notebooks = await listNotebooks(ctx.db);
    const counts = await Promise.all(notebooks.map((n) => countNotesInNotebook(ctx.db, n.id)));
    return {
      notebooks: notebooks.map((n, i) => ({
        id: n.id,
        title: n.title,
        parent_id: n.parent_id || null,
        note_count: counts[i]
      }))
    };
  }
};
