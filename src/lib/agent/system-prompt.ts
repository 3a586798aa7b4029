/**
 * The system prompt of a turn. Built once per turn and sent unchanged on every step, so a provider's
 * prompt cache can reuse it: nothing in it depends on the step, the clock below the day, or the
 * conversation. The fixed framing and rules come first and the per-note part last, so the longest
 * possible prefix stays equal across turns and notes too.
 */
import { MARKDOWN_RULES } from './markdown-rules';
import { PLUGIN_PROMPT_RULE } from './provenance';
import type { FocusedNote, NoteContext, NoteSelection } from './types';

/** Options of `buildSystemPrompt`. */
export interface SystemPromptOptions {
  /** The day the prompt names as today. */
  today: Date;
  /** How much of the note body (or selection) the prompt holds, in characters. */
  bodyBudgetChars: number;
  /** Whether `read_note` is offered this turn, so the prompt can point at it for the rest of a long note. */
  canReadNote: boolean;
  /** Plugin tools are offered: state the rule about their text (provenance.ts). */
  pluginTools?: boolean;
}

const FRAME = `You are the assistant in Folio, a local-first Markdown notes app. Help with the open note and the user's notes, notebooks and tags, using the tools. Be brief; reply in the user's language.
Every change to the open note (session tools, and update_note, manage_tags or delete_note on it) is a proposal the user accepts or rejects, so say what you proposed. An anchor is an exact, case-sensitive substring of the note's Markdown, short but unique. Get ids from tools; never guess them.`;

/** The system prompt for `context`: app framing, Markdown rules, today's date, then the note. */
export function buildSystemPrompt(context: NoteContext, options: SystemPromptOptions): string {
  const rules = options.pluginTools ? [MARKDOWN_RULES, PLUGIN_PROMPT_RULE] : [MARKDOWN_RULES];
  return [FRAME, ...rules, `Today is ${isoDay(options.today)}.`, noteSection(context, options)].join('\n\n');
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function noteSection(context: NoteContext, options: SystemPromptOptions): string {
  const note = context.note;
  if (!note) return 'No note is open: work through the workspace tools.';
  const heading = `The open note is "${note.title}" (id ${note.id}).`;
  if (context.selection) return selectionSection(heading, note, context.selection, options);
  if (note.body.trim() === '') return `${heading} It is empty.`;
  const body = excerpt(note.body, options.bodyBudgetChars);
  return `${heading} Its Markdown:\n<note>\n${body.text}\n</note>${continuation(note, body.shown, options)}`;
}

function selectionSection(
  heading: string,
  note: FocusedNote,
  selection: NoteSelection,
  options: SystemPromptOptions
): string {
  const text = excerpt(selection.text, options.bodyBudgetChars);
  const more =
    text.shown < selection.text.length
      ? `\n[The selection continues: ${selection.text.length - text.shown} more characters not shown.]`
      : '';
  const context = options.canReadNote
    ? ` Read the whole note with read_note {"id": "${note.id}"} if you need its context.`
    : '';
  return `${heading} The user selected this part of it:\n<selection>\n${text.text}\n</selection>${more}
Scope your work to the selection: change only the selected text, with edit_selection (its \`text\` replaces the whole selection).${context}`;
}

function continuation(note: FocusedNote, shown: number, options: SystemPromptOptions): string {
  const rest = note.body.length - shown;
  if (rest <= 0) return '';
  const how = options.canReadNote
    ? ` Read them with read_note {"id": "${note.id}", "offset": ${shown}} before editing there.`
    : '';
  return `\n[The note continues: ${rest} more characters of ${note.body.length} not shown.${how}]`;
}

/**
 * The start of `text` within `budget` characters, cut at a line break when one is near the end of
 * the budget (so anchors the model copies are whole lines), never inside a surrogate pair.
 */
export function excerpt(text: string, budget: number): { text: string; shown: number } {
  if (text.length <= budget) return { text, shown: text.length };
  let end = Math.max(0, budget);
  const lineBreak = text.lastIndexOf('\n', end - 1);
  if (lineBreak >= end * 0.8) end = lineBreak;
  else if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  return { text: text.slice(0, end), shown: end };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
