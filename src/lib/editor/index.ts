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
  applyMarkdownEdit,
  createMarkdownIt,
  type BlockSource,
  type BlockSpan
} from './markdown';
export { createEditor, type EditorOptions, type FolioEditor } from './create-editor';
export { replaceDocument, replaceDocIn } from './replace-document';
export { applyStoredVersion, storedChanges, exactMarkdownChange, type DocSnapshot } from './stored-change';
export { selectionMarkdown, serializeClipboardSlice, parseClipboardText } from './clipboard';
export { toggleTask, setTaskChecked } from './task-commands';
export { resourceId, type ResolveResourceUrl } from './node-views';
export { attachmentNodes, insertAttachments, type OnFiles, type StoredFile } from './attachments';
export { editorKeymaps } from './keymap';
export { editorInputRules } from './input-rules';
export {
  reviewPlugin,
  reviewKey,
  pendingProposals,
  acceptEdits,
  rejectEdits,
  trackRange,
  untrackRange,
  ACCEPTED_EDIT_META,
  CONFLICT_RESOLVED_META,
  resolveConflict,
  markdownChange,
  proposeEdit,
  overlapping,
  type ConflictChoice,
  type Proposal,
  type ReviewPluginOptions
} from './review';
export { runSessionTool, showDraft, clearDrafts, cursorOffset, toolError, type SessionTurn, type SessionToolResult } from './session-tools';
