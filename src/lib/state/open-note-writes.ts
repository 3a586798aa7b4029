/**
 * The sidebar assistant's workspace-tool calls on the note open in the editor (update_note,
 * manage_tags, delete_note with its id; agent/dispatch.ts sends them here instead of running them):
 * each becomes a suggestion, never a write. A change of the body is worked out on the editor's
 * text as it is now (the user's unsaved typing included) with update_note's own rules, and drawn
 * inline like a session tool's edit (the same Markdown-in, smallest-steps-out pipeline); a new
 * title, tags, a move, a to-do state or the trash become cards above the note (note-suggestions).
 * The model is told the change waits for the user, and next turn what the user chose.
 */
import { AppError, changedRange } from '$lib/core';
import {
  addTagsToNote,
  getNotebook,
  removeTagsFromNote,
  trashNote,
  writeNote,
  type FolioDatabase
} from '$lib/db';
import {
  exactMarkdownChange,
  overlapping,
  proposeEdit,
  toolError,
  type FolioEditor,
  type SessionToolResult
} from '$lib/editor';
import { editedBody } from '$lib/tools';
import type { NoteSession } from './note-session.svelte';
import type { NoteSuggestion, NoteSuggestions } from './note-suggestions.svelte';

/** The workspace tools whose calls on the open note are suggestions. */
export const OPEN_NOTE_WRITE_TOOLS: ReadonlySet<string> = new Set([
  'update_note',
  'manage_tags',
  'delete_note'
]);

/** The revision label of an accepted suggestion (the same as an accepted inline edit). */
const ACCEPTED = 'Accepted AI edit';

/** What a call needs: the open note's editor and session, the database, the cards, new ids. */
export interface OpenNoteTarget {
  editor: FolioEditor;
  session: NoteSession;
  db: FolioDatabase;
  cards: NoteSuggestions;
  newId(): string;
}

type Args = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const list = (v: unknown) =>
  Array.isArray(v)
    ? v
        .filter((x): x is string => typeof x === 'string')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];

/** Turns one call into suggestions; the result tells the model they are pending. */
export async function proposeOpenNoteWrite(
  target: OpenNoteTarget,
  name: string,
  args: Args
): Promise<SessionToolResult> {
  try {
    const ids =
      name === 'update_note'
        ? await updateNote(target, args)
        : name === 'manage_tags'
          ? manageTags(target, args)
          : [trash(target)];
    if (!ids.length)
      return toolError(`${name}: nothing would change in the open note; nothing was proposed.`);
    const which = ids.length === 1 ? `Edit ${ids[0]}` : `Edits ${ids.join(', ')}`;
    return {
      content: [
        {
          type: 'text',
          text: `${which} proposed: the note is open, so the change is shown to the user, who accepts or rejects it (the note is unchanged until then). You will be told the outcome next turn.`
        }
      ],
      structuredContent: { status: 'pending', editId: ids[0], editIds: ids }
    };
  } catch (error) {
    return toolError(
      `${name}: ${error instanceof Error ? error.message : String(error)} Nothing was proposed.`
    );
  }
}

async function updateNote(target: OpenNoteTarget, args: Args): Promise<string[]> {
  const ids: string[] = [];
  const textFields = ['body', 'prepend', 'append', 'replace_text'] as const;
  if (textFields.some((f) => args[f] !== undefined)) {
    const id = proposeBody(target, args);
    if (id) ids.push(id);
  }
  const title = str(args.title)?.trim();
  if (title !== undefined) {
    if (!title) throw new AppError('invalid_argument', 'title: must contain text, not only spaces.');
    if (title !== target.session.title)
      ids.push(
        card(target, 'update_note', `Rename the note to “${title}”`, `title “${title}”`, () =>
          renameTo(target, title)
        )
      );
  }
  const notebookId = str(args.notebook_id);
  if (notebookId !== undefined) {
    const notebook = await getNotebook(target.db, notebookId);
    if (!notebook || notebook.deleted_time)
      throw new AppError(
        'not_found',
        `No notebook with id ${notebookId}. Use list_notebooks to see the notebooks and their ids.`
      );
    ids.push(
      card(
        target,
        'update_note',
        `Move the note to the notebook “${notebook.title}”`,
        `move to ${notebook.title}`,
        () => write(target, { parent_id: notebookId })
      )
    );
  }
  if (typeof args.todo_completed === 'boolean') {
    if (!target.session.isTodo)
      throw new AppError(
        'invalid_argument',
        'todo_completed: this note is not a to-do, so it cannot be completed.'
      );
    const done = args.todo_completed;
    ids.push(
      card(
        target,
        'update_note',
        done ? 'Mark the to-do as done' : 'Mark the to-do as not done',
        done ? 'done' : 'not done',
        () => write(target, { todo_completed: done ? Date.now() : 0 })
      )
    );
  }
  return ids;
}

/** The body change as an inline suggestion; its id, or null when the body would not change. */
function proposeBody(target: OpenNoteTarget, args: Args): string | null {
  const view = target.editor.view;
  const markdown = target.editor.getMarkdown();
  const next = editedBody(markdown, args as Parameters<typeof editedBody>[1]);
  const range = changedRange(markdown, next);
  const change = range && exactMarkdownChange(view.state.doc, range);
  if (!change) return null;
  const clash = overlapping(view.state, change.from, change.to);
  if (clash)
    throw new AppError(
      'conflict',
      `this change overlaps edit ${clash.id} (${clash.tool}), which still waits for the user's review. Change another place, or wait.`
    );
  const id = target.newId();
  const summary =
    args.append !== undefined
      ? 'append'
      : args.prepend !== undefined
        ? 'prepend'
        : args.replace_text !== undefined
          ? 'replace_text'
          : 'body';
  view.dispatch(proposeEdit(view.state, { id, tool: 'update_note', summary, change }));
  return id;
}

function manageTags(target: OpenNoteTarget, args: Args): string[] {
  const add = list(args.add);
  const remove = list(args.remove);
  if (!add.length && !remove.length)
    throw new AppError('invalid_argument', 'Give at least one tag title in add or remove.');
  const words = [
    add.length ? `add the tags ${add.map((t) => `“${t}”`).join(', ')}` : '',
    remove.length ? `remove ${remove.map((t) => `“${t}”`).join(', ')}` : ''
  ].filter(Boolean);
  const description = words.join('; ').replace(/^./, (c) => c.toUpperCase());
  const apply = async () => {
    const options = { source: 'ai' as const, tool: 'manage_tags' };
    if (remove.length) await removeTagsFromNote(target.db, target.session.id, remove, options);
    if (add.length) await addTagsToNote(target.db, target.session.id, add, options);
  };
  return [card(target, 'manage_tags', description, `tags: ${words.join('; ')}`, apply)];
}

function trash(target: OpenNoteTarget): string {
  return card(
    target,
    'delete_note',
    'Move this note to the trash (it can be restored from there)',
    'move to the trash',
    async () => {
      await target.session.flush();
      await trashNote(target.db, target.session.id, { source: 'ai', tool: 'delete_note' });
    }
  );
}

function card(
  target: OpenNoteTarget,
  tool: string,
  description: string,
  summary: string,
  apply: NoteSuggestion['apply']
): string {
  const id = target.newId();
  target.cards.add({ id, tool, description, summary, apply });
  return id;
}

async function renameTo(target: OpenNoteTarget, title: string): Promise<void> {
  target.session.setTitle(title);
  await target.session.saveAs({ source: 'ai', label: ACCEPTED });
}

/** Writes fields (after the user's pending edits are saved) as the assistant's accepted change. */
async function write(
  target: OpenNoteTarget,
  patch: { parent_id?: string; todo_completed?: number }
): Promise<void> {
  await target.session.flush();
  await writeNote(target.db, target.session.id, () => patch, {
    source: 'ai',
    tool: 'update_note',
    label: ACCEPTED
  });
}
