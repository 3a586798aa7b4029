/*
 * The session tools (tier 1): resolving the model's calls against the open note and proposing
 * them to the review queue (../review).
 */
export {
  runSessionTool,
  showDraft,
  clearDrafts,
  cursorOffset,
  toolError,
  type SessionToolResult
} from './session-tools';
