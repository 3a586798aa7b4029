/**
 * The session tools (tier 1): definitions only, so `buildToolList` stays a pure function of the note
 * context. Their handler is the editor's (issue 5), reached through `TurnHooks.sessionTools`. Each
 * tool proposes an edit for the user to review; the system prompt says so once instead of every
 * description repeating it (the prompt budget is 1,500 tokens for everything, see tests/bench).
 */
import type { ToolSpec } from '$lib/llm';

/** The names of the session tools. */
export type SessionToolName =
  | 'edit_selection'
  | 'rewrite_paragraph'
  | 'insert_before_anchor'
  | 'insert_after_anchor'
  | 'append_to_note'
  | 'replace_structured_block';

// Lean on purpose: every token here is sent on every step. The system prompt explains anchors and
// Markdown once; the handler refuses what the schema does not catch (an anchor over half the note).
const ANCHOR = { type: 'string', minLength: 1 };
const TEXT = { type: 'string' };

function objectSchema(properties: Record<string, unknown>): Record<string, unknown> {
  return { type: 'object', properties, required: Object.keys(properties) };
}

/** `edit_selection(text)`: offered only while the user has a selection. */
export const EDIT_SELECTION: ToolSpec = {
  name: 'edit_selection',
  description: 'Replace the selected text with `text`.',
  inputSchema: objectSchema({ text: TEXT })
};

/** `rewrite_paragraph(anchor, text)`: replaces the anchor text. */
export const REWRITE_PARAGRAPH: ToolSpec = {
  name: 'rewrite_paragraph',
  description: 'Replace `anchor` (a paragraph or part of one) with `text`.',
  inputSchema: objectSchema({ anchor: ANCHOR, text: TEXT })
};

/** `insert_before_anchor(anchor, text)`. */
export const INSERT_BEFORE_ANCHOR: ToolSpec = {
  name: 'insert_before_anchor',
  description: 'Insert `text` before `anchor`.',
  inputSchema: objectSchema({ anchor: ANCHOR, text: TEXT })
};

/** `insert_after_anchor(anchor, text)`. */
export const INSERT_AFTER_ANCHOR: ToolSpec = {
  name: 'insert_after_anchor',
  description: 'Insert `text` after `anchor`.',
  inputSchema: objectSchema({ anchor: ANCHOR, text: TEXT })
};

/** `append_to_note(text)`: adds a paragraph break as needed. */
export const APPEND_TO_NOTE: ToolSpec = {
  name: 'append_to_note',
  description: 'Append `text` to the note as a new paragraph (also the way to add a fenced block).',
  inputSchema: objectSchema({ text: TEXT })
};

/**
 * `replace_structured_block(tag, text)`: rewrites the content of an existing fenced block. `tag` is
 * limited to the tags of the blocks the note has, so the model cannot name one that isn't there.
 */
export function replaceStructuredBlock(tags: readonly string[]): ToolSpec {
  return {
    name: 'replace_structured_block',
    description:
      'Replace the content of the fenced block ```tag nearest the cursor with `text` (without the fence lines).',
    inputSchema: objectSchema({ tag: { type: 'string', enum: [...tags] }, text: TEXT })
  };
}

/** The anchor and append tools offered whenever a note is open without a selection. */
export const ANCHOR_TOOLS: readonly ToolSpec[] = [
  REWRITE_PARAGRAPH,
  INSERT_BEFORE_ANCHOR,
  INSERT_AFTER_ANCHOR,
  APPEND_TO_NOTE
];

/** All session tool names, to tell "not offered this turn" from "does not exist". */
export const SESSION_TOOL_NAMES: ReadonlySet<string> = new Set<SessionToolName>([
  'edit_selection',
  'rewrite_paragraph',
  'insert_before_anchor',
  'insert_after_anchor',
  'append_to_note',
  'replace_structured_block'
]);
