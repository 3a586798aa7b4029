/** `list_tags`: the tags in use. */
import { listTagsInUse } from '$lib/db';
import type { ToolDefinition } from '../types';
import { ID_SCHEMA, objectSchema } from './common';

/** The `list_tags` tool. */
export const listTagsTool: ToolDefinition<Record<string, never>> = {
  id: 'list_tags',
  description: 'Lists the tags that at least one note carries.',
  inputSchema: objectSchema({}),
  outputSchema: objectSchema(
    {
      tags: {
        type: 'array',
        items: objectSchema({ id: ID_SCHEMA, title: { type: 'string' } }, ['id', 'title'])
      }
    },
    ['tags']
  ),
  annotations: { title: 'List tags', readOnlyHint: true, openWorldHint: false },
  async handler(_input, ctx) {
    const tags = await listTagsInUse(ctx.db);
    return { tags: tags.map(({ id, title }) => ({ id, title })) };
  }
};
