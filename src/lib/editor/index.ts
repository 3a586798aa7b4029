/*
 * The Markdown note editor (ProseMirror).
 *
 * - markdownSchema, parseMarkdown, serializeMarkdown: Markdown ⇄ document, where blocks the user
 *   did not edit serialise back byte-identical (see source-map.ts and serialize.ts).
 * - applyMarkdownEdit: an edit given on the Markdown text (replace from..to) as document steps,
 *   for accepting AI edit proposals in one transaction.
 * - createEditor: the mounted editor the app shell uses; see create-editor.ts for its options.
 * - review/, session-tools/: AI edit proposals from the session tools, drawn as suggestions and
 *   accepted in one transaction (review/review-plugin.ts explains the model).
 * - editor.css in this folder styles it (import it once in the app).
 */
export {
  markdownSchema,
  parseMarkdown,
  parseStructure,
  stripSources,
  serializeMarkdown,
  serializeBlock,
  serializeWithMap,
  type BlockSource
} from './markdown';
export { createEditor, type FolioEditor } from './create-editor';
export { exactMarkdownChange } from './stored-change';
export { selectionMarkdown } from './clipboard';
export {
  reviewPlugin,
  pendingProposals,
  acceptEdits,
  rejectEdits,
  trackRange,
  untrackRange,
  ACCEPTED_EDIT_META,
  resolveConflict,
  proposeEdit,
  overlapping,
  type ConflictChoice,
  type Proposal
} from './review';
export {
  runSessionTool,
  showDraft,
  clearDrafts,
  cursorOffset,
  toolError,
  type SessionToolResult
} from './session-tools';
export {
  isMarkActive,
  toggleStrong,
  toggleEmphasis,
  headingLevel,
  cycleHeading,
  toggleBulletList,
  toggleTaskList,
  insertTable,
  toggleCode,
  linkAtSelection,
  setLink,
  tableCommands
} from './format-commands';
export { attachFiles } from './attachments';
export { pickNoteLink, type LinkQuery } from './note-link-picker';
export { textStats, type TextStats } from './text-stats';
