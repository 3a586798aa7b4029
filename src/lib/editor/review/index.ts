/*
 * The review queue for AI edits: proposals drawn inline as suggestions, accepted in one
 * transaction (one undo step) or rejected; see review-plugin.ts for the model.
 */
export { reviewPlugin, reviewKey, pendingProposals, type Proposal, type ReviewState, type ReviewAction, type ReviewPluginOptions } from './review-plugin';
export type { ReviewHandlers } from './review-decorations';
export { acceptEdits, rejectEdits, proposeEdit, overlapping, trackRange, untrackRange, trackedRange, resolveConflict, ACCEPTED_EDIT_META, CONFLICT_RESOLVED_META } from './review-commands';
export type { ConflictChoice } from './review-commands';
export { diffDocs, applyChange, type DocChange, type Replacement } from './doc-change';
export { markdownChange, type MarkdownEdit } from './markdown-change';
