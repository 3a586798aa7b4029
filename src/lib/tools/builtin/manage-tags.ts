/** `manage_tags`: adds and removes a note's tags by title, in one transaction. */
import { AppError } from '$lib/core';
import { addTagsToNote, getNoteTags, removeTagsFromNote, writeTransaction } from '$lib/db';
import type { ToolDefinition } from '../types';
import {
  ID_SCHEMA,
  MAX_TAG_CHARS,
  MAX_TAGS_PER_CALL,
  objectSchema,
  requireNote,
  writeOptions
} from './common';

interface ManageTagsInput {
  note_id: string;
  add?: string[];
  remove?: string[];
}

// Limits are checked by the handler, not here: schema keywords cost tokens in every request to the model.
const titlesSchema = { type: 'array', items: { type: 'string' } };

/** The `manage_tags` tool. */
export const manageTagsTool: ToolDefinition<ManageTagsInput> = {
  id: 'manage_tags',
  description: "Adds and/or removes a note's tags by title (case-insensitive); missing tags are created.",
  inputSchema: objectSchema({ note_id: ID_SCHEMA, add: titlesSchema, remove: titlesSchema }, ['note_id']),
  outputSchema: objectSchema(
    {
      note_id: ID_SCHEMA,
      added: { type: 'array', items: { type: 'string' } },
      removed: { type: 'array', items: { type: 'string' } },
      tags: { type: 'array', items: { type: 'string' } }
    },
    ['note_id', 'added', 'removed', 'tags']
  ),
  annotations: {
    title: 'Tag a note',
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: false
  },
  writesNote: 'note_id',
  async handler(input, ctx) {
    const add = input.add ?? [];
    const remove = input.remove ?? [];
    if (!add.length && !remove.length)
      throw new AppError('invalid_argument', 'Give at least one tag title in add or remove.');
    checkTitles('add', add);
    checkTitles('remove', remove);
    const clash = add.find((a) => remove.some((r) => r.trim().toLowerCase() === a.trim().toLowerCase()));
    if (clash !== undefined)
      throw new AppError('invalid_argument', `The tag "${clash}" is in both add and remove; choose one.`);
    const options = writeOptions(ctx, 'manage_tags');
    return writeTransaction(ctx.db, ['notes', 'tags', 'note_tags'], options, async (changes) => {
      await requireNote(ctx.db, input.note_id);
      const inner = { ...options, now: changes.now };
      const { removed } = remove.length
        ? await removeTagsFromNote(ctx.db, input.note_id, remove, inner)
        : { removed: [] };
      const { added } = add.length ? await addTagsToNote(ctx.db, input.note_id, add, inner) : { added: [] };
      const tags = (await getNoteTags(ctx.db, input.note_id)).map((t) => t.title);
      return { note_id: input.note_id, added, removed, tags };
    });
  }
};

/** At most MAX_TAGS_PER_CALL titles, each at most MAX_TAG_CHARS long. */
function checkTitles(field: string, titles: string[]): void {
  if (titles.length > MAX_TAGS_PER_CALL) {
    throw new AppError(
      'invalid_argument',
      `${field}: at most ${MAX_TAGS_PER_CALL} tags per call (got ${titles.length}).`
    );
  }
  const long = titles.findIndex((t) => t.length > MAX_TAG_CHARS);
  if (long >= 0)
    throw new AppError(
      'invalid_argument',
      `${field}[${long}]: a tag title is at most ${MAX_TAG_CHARS} characters (got ${titles[long].length}).`
    );
}
