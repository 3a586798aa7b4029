/**
 * `semantic_search_notes`: search by meaning through the embedding index. Without an embedder it
 * says so and points to `search_notes`; it never makes up similarity scores.
 */
import { AppError, DEFAULT_RELEVANCE, RELEVANCE_PRESETS, type Relevance } from '$lib/core';
import { descendantNotebookIds, listNoteIds, noteIdsWithTag } from '$lib/db';
import type { SemanticSearchOptions, ToolContext, ToolDefinition } from '../types';
import {
  ID_SCHEMA,
  MAX_QUERY_CHARS,
  objectSchema,
  requireNotebook,
  requireText,
  stringSchema
} from './common';

interface SemanticSearchInput {
  query: string;
  notebook_id?: string;
  tag_id?: string;
  relevance?: Relevance;
}

const hitSchema = objectSchema(
  {
    note_id: ID_SCHEMA,
    title: { type: 'string' },
    notebook_id: { type: 'string' },
    chunk_index: { type: 'integer' },
    chunk_text: { type: 'string' },
    score: { type: 'number' }
  },
  ['note_id', 'title', 'notebook_id', 'chunk_index', 'chunk_text', 'score']
);

/** The message when no embedding model is configured. */
export const NO_EMBEDDER_MESSAGE =
  'Semantic search is not available: no embedding model is configured (the user can choose one in the AI settings). Use search_notes for keyword search instead.';

/** What kind of embedder answers `semantic_search_notes`: none, a lexical one, or a real model. */
export type SemanticKind = 'none' | 'lexical' | 'meaning';

const DESCRIPTIONS: Record<SemanticKind, string> = {
  meaning:
    'Finds notes by meaning, not exact words; returns matching passages with similarity scores. ' +
    'For exact words, names or filters use search_notes. Give notebook_id or tag_id, not both.',
  lexical:
    'Finds passages that share spelling with the query (a character n-gram index: close word forms and typos match, synonyms and meaning do not); returns them with similarity scores. ' +
    'Prefer search_notes for words, names or filters. Give notebook_id or tag_id, not both.',
  none: 'Unavailable now: no embedding model is configured. Use search_notes.'
};

/**
 * The description the model should read, for the embedder in use: a model must not be told it
 * searches by meaning when the index is the lexical n-gram one, or when there is none.
 */
export function semanticSearchDescription(kind: SemanticKind): string {
  return DESCRIPTIONS[kind];
}

/** The `semantic_search_notes` tool. */
export const semanticSearchNotesTool: ToolDefinition<SemanticSearchInput> = {
  id: 'semantic_search_notes',
  description: DESCRIPTIONS.meaning,
  inputSchema: objectSchema(
    {
      query: stringSchema(MAX_QUERY_CHARS, undefined, 1),
      notebook_id: { ...ID_SCHEMA, description: 'Includes sub-notebooks' },
      tag_id: ID_SCHEMA,
      relevance: { enum: Object.keys(RELEVANCE_PRESETS), description: 'Default normal' }
    },
    ['query']
  ),
  outputSchema: objectSchema({ results: { type: 'array', items: hitSchema }, total: { type: 'integer' } }, [
    'results',
    'total'
  ]),
  annotations: { title: 'Search notes by meaning', readOnlyHint: true, openWorldHint: false },
  async handler(input, ctx) {
    const query = requireText(input.query, 'query');
    if (!ctx.semantic) throw new AppError('not_found', NO_EMBEDDER_MESSAGE);
    if (input.notebook_id && input.tag_id)
      throw new AppError('invalid_argument', 'Give notebook_id or tag_id, not both.');
    const options: SemanticSearchOptions = {
      ...RELEVANCE_PRESETS[input.relevance ?? DEFAULT_RELEVANCE],
      signal: ctx.signal
    };
    if (input.notebook_id) options.noteIds = await notebookScope(ctx, input.notebook_id);
    if (input.tag_id) options.noteIds = await tagScope(ctx, input.tag_id);
    const hits = await ctx.semantic.search(query, options);
    const notes = await ctx.db.notes.bulkGet(hits.map((h) => h.note_id));
    // The index follows the change log and may lag a moment behind: drop notes gone or trashed since.
    const results = hits.flatMap((hit, i) => {
      const note = notes[i];
      if (!note || note.deleted_time) return [];
      const { note_id, chunk_index, chunk_text } = hit;
      return [
        {
          note_id,
          title: note.title,
          notebook_id: note.parent_id,
          chunk_index,
          chunk_text,
          score: Math.round(hit.score * 1000) / 1000
        }
      ];
    });
    return { results, total: results.length };
  }
};

/** The notes (not trashed) in a notebook and its sub-notebooks. */
async function notebookScope(ctx: ToolContext, id: string): Promise<string[]> {
  await requireNotebook(ctx.db, id);
  const notebookIds = await descendantNotebookIds(ctx.db, id);
  const lists = await Promise.all(
    notebookIds.map((notebookId) => listNoteIds(ctx.db, { kind: 'notebook', id: notebookId }))
  );
  return lists.flat();
}

/** The notes carrying a tag. */
async function tagScope(ctx: ToolContext, id: string): Promise<string[]> {
  const tag = await ctx.db.tags.get(id);
  if (!tag)
    throw new AppError('not_found', `No tag with id ${id}. Use list_tags to see the tags and their ids.`);
  return noteIdsWithTag(ctx.db, id);
}
