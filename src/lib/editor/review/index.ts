/*
 * The review queue for AI edits: proposals drawn inline as suggestions, accepted in one
 * transaction (one undo step) or rejected; see review-plugin.ts for the model.
 */
export { reviewPlugin, pendingProposals, type Proposal } from './review-plugin';
export {
  acceptEdits,
  rejectEdits,
  proposeEdit,
  overlapping,
  trackRange,
  untrackRange,
  resolveConflict,
  ACCEPTED_EDIT_META
} from './review-commands';
export type { ConflictChoice } from './review-commands';
