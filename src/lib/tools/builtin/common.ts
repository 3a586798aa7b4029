/** What the built-in tools share: input limits, schema helpers, lookups with messages a model can act on. */
import { AppError, type Note, type Notebook } from '$lib/core';
import type { FolioDatabase, WriteOptions } from '$lib/db';
import type { JsonSchema, ToolContext } from '../types';

/** The longest search query accepted, in characters. */
export const MAX_QUERY_CHARS = 2_000;
/** The longest note or notebook title accepted, in characters. */
export const MAX_TITLE_CHARS = 1_000;
/** The largest note body a tool may write (also the limit after append/prepend), in characters. */
export const MAX_BODY_CHARS = 1_000_000;
/** The longest tag title, in characters. */
export const MAX_TAG_CHARS = 200;
/** The most tags added or removed in one call. */
export const MAX_TAGS_PER_CALL = 50;

/**
 * An item id (32 lowercase hex characters). No `pattern`: it would cost tokens in every tool
 * definition sent to the model, and a malformed id already gets "No note with id …" pointing to
 * the tool that finds ids.
 */
export const ID_SCHEMA = { type: 'string' } as const;

/** An object schema that rejects unknown properties, so a model's typo is reported, not ignored. */
export function objectSchema(properties: Record<string, unknown>, required: string[] = []): JsonSchema {
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false
  };
}

/** A string schema with length limits and an optional description. */
export function stringSchema(maxLength: number, description?: string, minLength = 0): JsonSchema {
  return {
    type: 'string',
    ...(minLength ? { minLength } : {}),
    maxLength,
    ...(description ? { description } : {})
  };
}

/** The write options of a tool's write: who made it (named in the change log and history) and which tool. */
export function writeOptions(ctx: ToolContext, toolId: string): WriteOptions {
  return { source: ctx.source, ...(ctx.caller ? { name: ctx.caller } : {}), tool: toolId };
}

/** A note that exists and is not in the trash, else a not_found error pointing to the search tools. */
export async function requireNote(db: FolioDatabase, id: string): Promise<Note> {
  const note = await db.notes.get(id);
  if (!note)
    throw new AppError('not_found', `No note with id ${id}. Use search_notes to find the note's id.`);
  if (note.deleted_time)
    throw new AppError(
      'not_found',
      `The note ${id} is in the trash; tools cannot read or change it. The user can restore it from the trash.`
    );
  return note;
}

/** A notebook that exists and is not in the trash, else a not_found error pointing to list_notebooks. */
export async function requireNotebook(db: FolioDatabase, id: string): Promise<Notebook> {
  const notebook = await db.folders.get(id);
  if (!notebook || notebook.deleted_time) {
    throw new AppError(
      'not_found',
      `No notebook with id ${id}${notebook ? ' (it is in the trash)' : ''}. Use list_notebooks to see the notebooks and their ids.`
    );
  }
  return notebook;
}

/** Throws when a whitespace-only value was given where text is needed. */
export function requireText(value: string, field: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw new AppError('invalid_argument', `${field}: must contain text, not only spaces.`);
  return trimmed;
}
