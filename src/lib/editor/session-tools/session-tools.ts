/*
 * The session tools' handler on the live editor (tier 1 of the spec): each call is resolved against
 * the document as it is now, turned into the smallest document change, and added to the review
 * queue. Nothing is applied: the result tells the model the edit waits for the user's review.
 * Every refusal is an `isError` result naming the problem, and leaves the document untouched.
 */
import type { Node as PMNode } from 'prosemirror-model';
import type { EditorState } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { serializeWithMap } from '../serialize';
import { markdownChange } from '../review/markdown-change';
import { diffDocs, type DocChange } from '../review/doc-change';
import { overlapping, proposeEdit, rejectEdits, trackedRange } from '../review/review-commands';
import { pendingProposals } from '../review/review-plugin';
import { partialArguments } from './partial-args';
import {
  appendToNote,
  insertAfterAnchor,
  insertBeforeAnchor,
  quote,
  rewriteParagraph,
  type Resolved
} from './resolve';
import { replaceSelection } from './selection-change';
import { replaceStructuredBlock } from './structured-block';

/** A tool result as the agent reads it (structurally the tools folder's ToolResult). */
export interface SessionToolResult {
  content: { type: 'text'; text: string }[];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}

/** What a turn's calls need besides the view. */
export interface SessionTurn {
  /** The tracked range of the selection the turn started with (see trackRange), if it had one. */
  selectionKey?: string;
  /** Why the editor cannot take an edit now (note closed, switched, read-only), or null. */
  refusal?(): string | null;
  /** A new proposal id. */
  newId(): string;
}

/** Builds an error result. */
export function toolError(text: string): SessionToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function str(args: Record<string, unknown>, name: string): string | undefined {
  return typeof args[name] === 'string' ? (args[name] as string) : undefined;
}

/** The cursor as an offset in the Markdown: the start of its block plus its offset inside it. */
export function cursorOffset(state: EditorState): number {
  const { spans } = serializeWithMap(state.doc);
  const head = state.selection.head;
  const index = Math.min(state.doc.resolve(head).index(0), spans.length - 1);
  const span = spans[index];
  if (!span) return 0;
  return Math.min(span.to, span.textFrom + Math.max(0, head - span.pos - 1));
}

/** Resolves an anchor, append or structured-block tool against the Markdown. */
function resolveMarkdownTool(
  state: EditorState,
  name: string,
  args: Record<string, unknown>
): Resolved | null {
  const markdown = serializeWithMap(state.doc).markdown;
  const cursor = cursorOffset(state);
  const anchor = str(args, 'anchor') ?? '';
  const text = str(args, 'text') ?? '';
  switch (name) {
    case 'rewrite_paragraph':
      return rewriteParagraph(markdown, anchor, text, cursor);
    case 'insert_before_anchor':
      return insertBeforeAnchor(markdown, anchor, text, cursor);
    case 'insert_after_anchor':
      return insertAfterAnchor(markdown, anchor, text, cursor);
    case 'append_to_note':
      return appendToNote(markdown, text);
    case 'replace_structured_block':
      return replaceStructuredBlock(markdown, str(args, 'tag') ?? '', text, cursor);
    default:
      return null;
  }
}

function summaryOf(name: string, args: Record<string, unknown>): string {
  if (name === 'replace_structured_block') return `${str(args, 'tag') ?? ''} block`;
  if (name === 'edit_selection') return 'the selection';
  if (name === 'append_to_note') return 'end of the note';
  return str(args, 'anchor') ?? '';
}

/**
 * The last change worked out on each document, by what it depends on: the finished call usually
 * repeats the last draft drawn of it (the same text at the same place), and reuses its work.
 */
const lastChange = new WeakMap<PMNode, { key: string; change: DocChange | string }>();

function changeKey(
  state: EditorState,
  name: string,
  args: Record<string, unknown>,
  turn: Pick<SessionTurn, 'selectionKey'>
): string {
  const range = turn.selectionKey ? trackedRange(state, turn.selectionKey) : undefined;
  const { anchor, head } = state.selection;
  return JSON.stringify([name, anchor, head, range?.from, range?.to, args.text, args.anchor, args.tag]);
}

/** changeFor, reusing the last result on the same document for the same call. */
function cachedChangeFor(
  state: EditorState,
  name: string,
  args: Record<string, unknown>,
  turn: Pick<SessionTurn, 'selectionKey'>
): DocChange | string {
  const key = changeKey(state, name, args, turn);
  const last = lastChange.get(state.doc);
  if (last?.key === key) return last.change;
  const change = changeFor(state, name, args, turn);
  lastChange.set(state.doc, { key, change });
  return change;
}

/** The change a call proposes, or an error text. */
export function changeFor(
  state: EditorState,
  name: string,
  args: Record<string, unknown>,
  turn: Pick<SessionTurn, 'selectionKey'>
): DocChange | string {
  if (typeof args.text !== 'string') return `${name} needs a string \`text\`.`;
  if (name === 'edit_selection') {
    const range = turn.selectionKey ? trackedRange(state, turn.selectionKey) : undefined;
    if (!range) return 'There is no selection in this turn; edit_selection is only for a selection.';
    if (range.from === range.to)
      return 'The selected text was deleted since the turn started; there is nothing left to replace.';
    return (
      diffDocs(state.doc, replaceSelection(state.doc, range.from, range.to, args.text)) ??
      'The text is the same as the selection; nothing to propose.'
    );
  }
  const resolved = resolveMarkdownTool(state, name, args);
  if (!resolved) return `There is no session tool named ${JSON.stringify(name)}.`;
  if (!resolved.ok) return resolved.error;
  return (
    markdownChange(state.doc, resolved.edit) ??
    'The new text is the same as what is there; nothing to propose.'
  );
}

/** Runs one session tool call on the view: a proposal added to the review queue, or an error. */
export function runSessionTool(
  view: EditorView,
  name: string,
  args: Record<string, unknown>,
  turn: SessionTurn
): SessionToolResult {
  const refusal = turn.refusal?.();
  if (refusal) return toolError(`${refusal} Nothing was proposed.`);
  // The finished call ends the drafts: with its proposal in the same transaction, else on its own.
  const refuse = (text: string) => {
    clearDrafts(view);
    return toolError(text);
  };
  if (!view.editable)
    return refuse('The note is open read-only here, so it cannot be edited; nothing was proposed.');
  const state = view.state;
  let change: DocChange | string;
  try {
    change = cachedChangeFor(state, name, args, turn);
  } catch (error) {
    change = `The edit could not be worked out (${error instanceof Error ? error.message : String(error)}).`;
  }
  if (typeof change === 'string') return refuse(`${name}: ${change}`);
  const clash = overlapping(state, change.from, change.to);
  if (clash) {
    return refuse(
      `${name}: this edit overlaps your edit ${clash.id} (${clash.tool} at ${quote(clash.summary)}), which is still waiting for review. Edit another place, or wait for the user's review.`
    );
  }
  const id = turn.newId();
  view.dispatch(
    proposeEdit(state, { id, tool: name, summary: summaryOf(name, args), change }, draftIds(state))
  );
  return {
    content: [
      {
        type: 'text',
        text: `Edit ${id} proposed: it is shown in the note and waits for the user to accept or reject it (the note is unchanged until then). You will be told the outcome next turn.`
      }
    ],
    structuredContent: { status: 'pending', editId: id }
  };
}

const DRAFT_PREFIX = 'draft-';
let draftsDrawn = 0;

/** Fields that must be complete before a draft can be placed (where it goes). */
const PLACING_FIELD: Record<string, string | undefined> = {
  rewrite_paragraph: 'anchor',
  insert_before_anchor: 'anchor',
  insert_after_anchor: 'anchor',
  replace_structured_block: 'tag'
};

/**
 * Shows a session tool call the model is still writing (`argumentsText` so far) as a draft
 * suggestion, replacing the previous draft of the same call. Nothing is shown until the call's
 * place is known (its anchor or tag complete) and while what is written so far cannot be placed.
 * Returns whether the view changed.
 */
export function showDraft(
  view: EditorView,
  index: number,
  name: string,
  argumentsText: string,
  turn: Pick<SessionTurn, 'selectionKey'>
): boolean {
  const fields = partialArguments(argumentsText);
  const placing = PLACING_FIELD[name];
  const id = `${DRAFT_PREFIX}${index}`;
  if ((placing && !fields[placing]?.complete) || !fields.text) return false;
  const args: Record<string, unknown> = { text: fields.text.value };
  if (placing) args[placing] = fields[placing].value;
  let change: DocChange | string;
  try {
    change = cachedChangeFor(view.state, name, args, turn);
  } catch {
    return false;
  }
  const shown = pendingProposals(view.state).find((p) => p.id === id);
  if (typeof change === 'string') {
    return !!shown && rejectEdits([id])(view.state, view.dispatch);
  }
  // Drawn already (the piece that came only moved a field the draft does not show yet).
  if (shown?.change === change && shown.tool === name) return false;
  // Each new draft gets a slot of its own (its drawing; the finished call may take it over).
  const slot = shown?.slot ?? `${id}-${++draftsDrawn}`;
  view.dispatch(
    proposeEdit(view.state, { id, tool: name, summary: summaryOf(name, args), change, draft: true, slot })
  );
  return true;
}

/** Removes every draft suggestion (the real call arrived, or the turn ended). */
export function clearDrafts(view: EditorView): void {
  const drafts = draftIds(view.state);
  if (drafts.length) rejectEdits(drafts)(view.state, view.dispatch);
}

function draftIds(state: EditorState): string[] {
  return pendingProposals(state)
    .filter((p) => p.draft)
    .map((p) => p.id);
}
