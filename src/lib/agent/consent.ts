/**
 * The consent gate, a step of the dispatcher: a destructive call that follows a plugin tool's output
 * in the same turn runs only after the user allows it in the sidebar.
 *
 * Destructive: delete_note (to the trash), update_note replacing a body (`body`, or `replace_text`,
 * which rewrites part of it), manage_tags removing a tag. Creating and appending are not: they lose
 * nothing.
 *
 * Why only after plugin output, not always: before any plugin spoke this turn, the model acts on the
 * user's message and the user's own notes, and asking before every delete would make "delete my old
 * packing list" a two-step chore (every write still saves a revision, and delete goes to the trash).
 * A plugin's output is third-party text that may be written to steer the model (prompt injection):
 * after it, the model's wish to delete may be the plugin's, so the user decides. Without a way to
 * ask (no sidebar: the hook is missing), the call is refused.
 */

import { cleanPluginName } from './provenance';

export type { ConsentHook, ConsentRequest } from './types';

/** What the call would destroy, in words, or undefined when it destroys nothing. */
export function destructiveAction(tool: string, args: Record<string, unknown>): string | undefined {
  const id =
    typeof args.id === 'string' ? args.id : typeof args.note_id === 'string' ? args.note_id : 'a note';
  if (tool === 'delete_note') return `move the note ${id} to the trash`;
  if (tool === 'update_note' && typeof args.body === 'string')
    return `replace the whole text of the note ${id}`;
  if (tool === 'update_note' && args.replace_text !== undefined) return `replace text in the note ${id}`;
  if (tool === 'manage_tags' && Array.isArray(args.remove) && args.remove.length > 0)
    return `remove tags from the note ${id}`;
  return undefined;
}

/** The result text when the user (or the missing hook) says no. */
export function declinedText(tool: string, pluginName: string, asked: boolean): string {
  const who = asked
    ? 'The user declined this call'
    : "This call needs the user's consent, which cannot be asked here";
  return `${who}: ${tool} was not run, because it would destroy data right after output from the plugin ${cleanPluginName(pluginName)}. Nothing was changed. Do not retry it; tell the user what you wanted to do and why.`;
}
