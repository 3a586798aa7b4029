/*
 * The session tools (tier 1): resolving the model's calls against the open note and proposing
 * them to the review queue (../review).
 */
export { runSessionTool, showDraft, clearDrafts, changeFor, cursorOffset, toolError, type SessionTurn, type SessionToolResult } from './session-tools';
export { partialArguments, type PartialField } from './partial-args';
export { findAnchor, rewriteParagraph, insertBeforeAnchor, insertAfterAnchor, appendToNote, type Resolved } from './resolve';
export { replaceStructuredBlock } from './structured-block';
export { replaceSelection } from './selection-change';
