/** `delete_note`: moves a note to the trash, from where the user can restore it. */
import { trashNote } from '$lib/db';
import type { ToolDefinition } from '../types';
import { ID_SCHEMA, objectSchema, requireNote, writeOptions } from './common';

/** The `delete_note` tool. */
export const deleteNoteTool: ToolDefinition<{ id: string }> = {
  id: 'delete_note',
  description: 'Moves a note to the trash (the user can restore it).',
  inputSchema: objectSchema({ id: ID_SCHEMA }, ['id']),
  outputSchema: objectSchema({ id: ID_SCHEMA, trashed: { const: true } }, ['id', 'trashed']),
  annotations: {
    title: 'Delete a note',
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: false
  },
  writesNote: 'id',
  async handler(input, ctx) {
    await requireNote(ctx.db, input.id);
    await trashNote(ctx.db, input.id, writeOptions(ctx, 'delete_note'));
    return { id: input.id, trashed: true };
  }
};
