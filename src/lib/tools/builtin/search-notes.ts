/** `search_notes`: the full-text search, with the search syntax summarised for the model. */
import type { ToolContext, ToolDefinition } from '../types';
import { ID_SCHEMA, MAX_QUERY_CHARS, objectSchema, requireText, stringSchema } from './common';

/** The number of results when the model gives no limit. */
export const DEFAULT_SEARCH_LIMIT = 20;

interface SearchNotesInput {
  query: string;
  limit?: number;
}

const hitSchema = objectSchema(
  {
    id: ID_SCHEMA,
    title: { type: 'string' },
    notebook_id: { type: 'string' },
    updated_time: { type: 'number' },
    snippet: { type: 'string' }
  },
  ['id', 'title', 'notebook_id', 'updated_time', 'snippet']
);

/** The `search_notes` tool. */
export const searchNotesTool: ToolDefinition<SearchNotesInput> = {
  id: 'search_notes',
  description:
    'Keyword search over the notes; returns ids, titles, snippets. ' +
    'Words are ANDed and match whole words; "exact phrase"; prefix*; -word excludes. ' +
    'Filters, negatable with -: title: body: tag: notebook: created: updated: due: (YYYYMMDD, YYYYMM, day-7, month-1) ' +
    'type:note|todo iscompleted:1|0; any:1 means OR.',
  inputSchema: objectSchema(
    {
      query: stringSchema(MAX_QUERY_CHARS, undefined, 1),
      limit: { type: 'integer', minimum: 1, maximum: 100, description: `Default ${DEFAULT_SEARCH_LIMIT}` }
    },
    ['query']
  ),
  outputSchema: objectSchema({ results: { type: 'array', items: hitSchema }, total: { type: 'integer' } }, [
    'results',
    'total'
  ]),
  annotations: { title: 'Search notes', readOnlyHint: true, openWorldHint: false },
  async handler(input, ctx: ToolContext) {
    const query = requireText(input.query, 'query');
    const { results, total } = await ctx.search.search(query, { limit: input.limit ?? DEFAULT_SEARCH_LIMIT });
    return {
      results: results.map(({ id, title, notebook_id, updated_time, snippet }) => ({
        id,
        title,
        notebook_id,
        updated_time,
        snippet
      })),
      total
    };
  }
};
