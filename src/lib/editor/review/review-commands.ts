/*
 * Commands on the review queue, in ProseMirror's `(state, dispatch?) => boolean` shape.
 *
 * Accepting applies each proposal's replacements through its mapping in ONE transaction, so one
 * undo step takes it back exactly; history groups are closed around it, so typing just before or
 * after never joins that step. Stale and draft proposals are never accepted.
 */
import { closeHistory } from 'prosemirror-history';
import type { Command, EditorState, Transaction } from 'prosemirror-state';
import { Mapping } from 'prosemirror-transform';
import { applyChange } from './doc-change';
import { reviewKey, pendingProposals } from './review-plugin';
import type { ConflictChoice, Proposal, ReviewAction } from './review-types';

/** Meta set on a transaction that accepts AI edits (the shell saves it as the AI's). */
export const ACCEPTED_EDIT_META = 'folioAcceptedEdit';
/** Meta set on a transaction that resolves a conflict: `{ id, choice }`. */
export const CONFLICT_RESOLVED_META = 'folioConflictResolved';

export type { ConflictChoice } from './review-types';

const isEdit = (p: Proposal) => p.kind !== 'conflict';

/** Why a new proposal cannot join the queue, or null. */
export function overlapping(state: EditorState, from: number, to: number): Proposal | null {
  return pendingProposals(state).find((p) => !p.draft && from <= p.to && to >= p.from) ?? null;
}

/**
 * Adds a proposal computed on `state.doc` to the queue; `drop` names proposals it ends (the drafts of
 * the call it finishes), removed in the same transaction so the view redraws once.
 */
export function proposeEdit(
  state: EditorState,
  proposal: Pick<Proposal, 'id' | 'tool' | 'summary' | 'change'> &
    Partial<Pick<Proposal, 'draft' | 'kind' | 'both' | 'shown' | 'detail' | 'stale' | 'slot'>>,
  drop: readonly string[] = []
): Transaction {
  const full: Proposal = {
    ...proposal,
    draft: proposal.draft ?? false,
    mapping: new Mapping(),
    from: proposal.change.from,
    to: proposal.change.to,
    stale: proposal.stale ?? false
  };
  return state.tr
    .setMeta(reviewKey, { type: 'add', proposal: full, drop } satisfies ReviewAction)
    .setMeta('addToHistory', false);
}

/** Drops proposals (Reject; 'all' leaves conflicts alone); the document is untouched. */
export function rejectEdits(ids: readonly string[] | 'all'): Command {
  return (state, dispatch) => {
    const chosen = pendingProposals(state).filter((p) => (ids === 'all' ? isEdit(p) : ids.includes(p.id)));
    if (!chosen.length) return false;
    dispatch?.(
      state.tr.setMeta(reviewKey, { type: 'remove', ids: chosen.map((p) => p.id) } satisfies ReviewAction)
    );
    return true;
  };
}

/**
 * Accepts proposals (one, several or all) in one transaction. Returns false when none could be
 * accepted; the ids accepted are in the transaction's ACCEPTED_EDIT_META.
 */
export function acceptEdits(ids: readonly string[] | 'all'): Command {
  return (state, dispatch) => {
    const chosen = pendingProposals(state).filter(
      (p) => (ids === 'all' || ids.includes(p.id)) && isEdit(p) && !p.stale && !p.draft
    );
    const tr = state.tr;
    const accepted: string[] = [];
    // Last first: a replacement never moves the ones before it.
    for (const proposal of [...chosen].sort((a, b) => b.from - a.from)) {
      const mapping = new Mapping([...proposal.mapping.maps, ...tr.mapping.maps]);
      if (applyChange(tr, proposal.change, mapping)) accepted.push(proposal.id);
    }
    if (!accepted.length) return false;
    if (dispatch) {
      closeHistory(tr);
      tr.setMeta(reviewKey, { type: 'accept', ids: accepted } satisfies ReviewAction).setMeta(
        ACCEPTED_EDIT_META,
        accepted
      );
      // History starts a new group after a transaction with time 0 (its `prevTime == 0` test), so
      // typing right after the accept makes its own undo step too.
      dispatch(tr.setTime(0).scrollIntoView());
    }
    return true;
  };
}

/**
 * Resolves a conflict in one transaction (one undo step when it changes the text): keeps the
 * user's version, puts theirs in its place, or adds theirs after it. Once the user edited the
 * place (stale), theirs can no longer replace it blindly: only mine or both.
 */
export function resolveConflict(id: string, choice: ConflictChoice): Command {
  return (state, dispatch) => {
    const proposal = pendingProposals(state).find((p) => p.id === id && p.kind === 'conflict');
    if (!proposal || (choice === 'theirs' && proposal.stale)) return false;
    const tr = state.tr;
    const change = choice === 'theirs' ? proposal.change : choice === 'both' ? proposal.both : null;
    if (change && !applyChange(tr, change, proposal.mapping)) return false;
    if (dispatch) {
      if (tr.docChanged) closeHistory(tr);
      else tr.setMeta('addToHistory', false);
      tr.setMeta(reviewKey, { type: 'accept', ids: [id] } satisfies ReviewAction).setMeta(
        CONFLICT_RESOLVED_META,
        { id, choice }
      );
      dispatch(tr.setTime(0));
    }
    return true;
  };
}

/** Starts tracking a range (the turn's selection) through later edits. */
export function trackRange(state: EditorState, key: string, from: number, to: number): Transaction {
  return state.tr
    .setMeta(reviewKey, { type: 'track', key, from, to } satisfies ReviewAction)
    .setMeta('addToHistory', false);
}

/** Stops tracking a range. */
export function untrackRange(state: EditorState, key: string): Transaction {
  return state.tr
    .setMeta(reviewKey, { type: 'untrack', key } satisfies ReviewAction)
    .setMeta('addToHistory', false);
}

/** A tracked range as it is now, or undefined. */
export function trackedRange(state: EditorState, key: string): { from: number; to: number } | undefined {
  return reviewKey.getState(state)?.tracked.get(key);
}
