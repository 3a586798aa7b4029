/*
 * The review queue: AI edit proposals waiting for the user's Accept or Reject, kept in a plugin's
 * state and drawn as decorations, so the document itself does not change until one is accepted.
 *
 * Model: a proposal is a DocChange (doc-change.ts) computed on the document as it was when it was
 * proposed, plus a Mapping from that document to the current one. Every transaction extends the
 * mappings and moves each proposal's range (`from`..`to`, current coordinates). A user change that
 * touches a range (overlaps it or borders it) marks that proposal stale: it can no longer be
 * accepted blindly, only rejected or asked for again. Accepting (review-commands.ts) applies the
 * replacements through the mapping in one transaction, which is also one undo step.
 *
 * A conflict (kind 'conflict') is a proposal too: a place where this editor's text and a version
 * stored meanwhile both changed the same lines (db's saveNoteEdit found it). The document holds the
 * user's version; `change` would put theirs there, `both` would add theirs after it, and `shown` is
 * theirs, drawn beside it. It is never accepted with Accept all, only with Keep mine / theirs / both.
 *
 * The plugin also tracks named ranges through the user's edits: the selection a chat turn started
 * with, which `edit_selection` applies to.
 */
import { Plugin, PluginKey, type EditorState, type Transaction } from 'prosemirror-state';
import { Mapping } from 'prosemirror-transform';
import { DecorationSet, type EditorView } from 'prosemirror-view';
import type { Proposal, ReviewAction, ReviewState } from './review-types';
import { proposalDecorations, type ReviewHandlers } from './review-decorations';
import { refreshLiveWidgets } from './live-widgets';

export type { Proposal, ReviewState, ReviewAction } from './review-types';

/** The review plugin's key: read its state with `reviewKey.getState(state)`. */
export const reviewKey = new PluginKey<ReviewState>('folioReview');

/** Whether a changed range oldStart..oldEnd touches from..to (bordering counts: typing at an edge). */
function touches(start: number, end: number, from: number, to: number): boolean {
  return start <= to && end >= from;
}

/** The proposal after a transaction's document changes. */
function mapProposal(proposal: Proposal, tr: Transaction, exempt: boolean): Proposal {
  let { from, to, stale } = proposal;
  for (const map of tr.mapping.maps) {
    if (!exempt && !stale) map.forEach((start, end) => (stale ||= touches(start, end, from, to)));
    from = map.map(from, -1);
    to = Math.max(from, map.map(to, 1));
  }
  const mapping = new Mapping([...proposal.mapping.maps, ...tr.mapping.maps]);
  return { ...proposal, from, to, stale, mapping };
}

/**
 * The dropped draft whose drawing a finished proposal takes over: the one showing exactly its change,
 * else one of the same tool starting at the same place (the call's last words often come after the
 * last frame drew its draft; the kept elements are then refilled with the whole text).
 */
function draftTakenOver(
  proposals: readonly Proposal[],
  drop: readonly string[],
  proposal: Proposal
): Proposal | undefined {
  const dropped = proposals.filter((p) => p.draft && drop.includes(p.id));
  return (
    dropped.find((p) => p.change === proposal.change) ??
    dropped.find((p) => p.tool === proposal.tool && p.from === proposal.from)
  );
}

function applyAction(
  value: ReviewState,
  action: ReviewAction | undefined
): { proposals: readonly Proposal[]; tracked: ReviewState['tracked'] } {
  let { proposals, tracked } = value;
  if (!action) return { proposals, tracked };
  if (action.type === 'add') {
    const { drop = [] } = action;
    let { proposal } = action;
    // The call a dropped draft showed takes over its drawing (see Proposal.slot).
    const shown = drop.length ? draftTakenOver(proposals, drop, proposal) : undefined;
    if (shown && !proposal.slot) proposal = { ...proposal, slot: shown.slot ?? shown.id };
    proposals = [...proposals.filter((p) => p.id !== proposal.id && !drop.includes(p.id)), proposal].sort(
      (a, b) => a.from - b.from
    );
  }
  if (action.type === 'remove' || action.type === 'accept')
    proposals = proposals.filter((p) => !action.ids.includes(p.id));
  if (action.type === 'track')
    tracked = new Map(tracked).set(action.key, { from: action.from, to: action.to });
  if (action.type === 'untrack') {
    const next = new Map(tracked);
    next.delete(action.key);
    tracked = next;
  }
  return { proposals, tracked };
}

function mapTracked(tracked: ReviewState['tracked'], tr: Transaction): ReviewState['tracked'] {
  if (!tracked.size) return tracked;
  const next = new Map<string, { from: number; to: number }>();
  for (const [key, range] of tracked)
    next.set(key, {
      from: tr.mapping.map(range.from, 1),
      to: Math.max(tr.mapping.map(range.from, 1), tr.mapping.map(range.to, -1))
    });
  return next;
}

function nextState(
  tr: Transaction,
  value: ReviewState,
  state: EditorState,
  handlers: ReviewHandlers
): ReviewState {
  const action = tr.getMeta(reviewKey) as ReviewAction | undefined;
  if (!action && !tr.docChanged) return value;
  const accepting = action?.type === 'accept';
  let proposals = value.proposals;
  let redraw = !!action && action.type !== 'track' && action.type !== 'untrack';
  if (tr.docChanged) {
    proposals = proposals.map((p) => {
      const mapped = mapProposal(p, tr, accepting);
      if (mapped.stale !== p.stale) redraw = true;
      return mapped;
    });
  }
  const next = applyAction({ ...value, proposals }, action);
  const tracked = tr.docChanged ? mapTracked(next.tracked, tr) : next.tracked;
  const decorations = redraw
    ? DecorationSet.create(
        state.doc,
        next.proposals.flatMap((p) => proposalDecorations(state.doc, p, handlers))
      )
    : value.decorations.map(tr.mapping, state.doc);
  return { proposals: next.proposals, tracked, decorations };
}

/** Options of {@link reviewPlugin}. */
export interface ReviewPluginOptions extends ReviewHandlers {
  /** Told after every update that changed the queue (to mirror its size in the UI). */
  onChange?(proposals: readonly Proposal[]): void;
}

/** The review queue plugin; see the module comment. */
export function reviewPlugin(options: ReviewPluginOptions = {}): Plugin<ReviewState> {
  return new Plugin<ReviewState>({
    key: reviewKey,
    state: {
      init: () => ({ proposals: [], tracked: new Map(), decorations: DecorationSet.empty }),
      apply: (tr, value, _old, state) => nextState(tr, value, state, options)
    },
    props: {
      decorations: (state) => reviewKey.getState(state)?.decorations
    },
    view: () => {
      // Told only when the set or a stale flag changes, not on every mapped keystroke. Draft text
      // drawn in place (live-widgets.ts) is refreshed whenever the decorations change.
      let last = '';
      let drawn: DecorationSet | undefined;
      return {
        update(view: EditorView) {
          const decorations = reviewKey.getState(view.state)?.decorations;
          if (decorations && decorations !== drawn) refreshLiveWidgets(view, decorations);
          drawn = decorations;
          const now = pendingProposals(view.state);
          const key = now.map((p) => `${p.id}${p.stale ? '!' : ''}${p.draft ? '~' : ''}`).join(' ');
          if (key !== last) options.onChange?.(now);
          last = key;
        }
      };
    }
  });
}

/** The pending proposals of an editor state (empty without the plugin). */
export function pendingProposals(state: EditorState): readonly Proposal[] {
  return reviewKey.getState(state)?.proposals ?? [];
}
