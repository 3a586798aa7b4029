/**
 * The review queue's shapes, shared by the plugin (its state), its decorations and its commands,
 * so that none of those three imports another only for a type.
 */
import type { Fragment } from 'prosemirror-model';
import type { Mapping } from 'prosemirror-transform';
import type { DecorationSet } from 'prosemirror-view';
import type { DocChange } from './doc-change';

/** How the user settles a conflict: keep their version, the stored one, or both. */
export type ConflictChoice = 'mine' | 'theirs' | 'both';

/** One pending edit proposal. */
export interface Proposal {
  id: string;
  /** The session tool that proposed it. */
  tool: string;
  /** A few words on where it applies (the anchor, the tag), for the chat's report. */
  summary: string;
  change: DocChange;
  /** From the document the change was computed on to the current one. */
  mapping: Mapping;
  /** The range it replaces, in the current document. */
  from: number;
  to: number;
  /** The user changed the text there since it was proposed. */
  stale: boolean;
  /** A suggestion still being written by the model (streamed arguments): shown, not acceptable. */
  draft: boolean;
  /**
   * Whose drawing it takes over: a finished call shows in its last draft's elements (the one showing
   * its change, or of its tool at its place), refilled in place. Defaults to the id.
   */
  slot?: string;
  /** 'conflict' for a conflict with a stored version (see the module comment); else a suggested edit. */
  kind?: 'edit' | 'conflict';
  /** For a conflict: keeping both versions, the user's then theirs (null when theirs removed the text). */
  both?: DocChange | null;
  /** For a conflict: theirs, as it reads. */
  shown?: Fragment;
  /** For a conflict: who wrote the version in the note and who wrote theirs, in words ("you", "MCP client “Claude”"). */
  detail?: { mine: string; theirs: string };
}

/** The plugin's state. */
export interface ReviewState {
  proposals: readonly Proposal[];
  tracked: ReadonlyMap<string, { from: number; to: number }>;
  decorations: DecorationSet;
}

/** What a transaction asks of the review queue (as meta under `reviewKey`). */
export type ReviewAction =
  /** Adds (or replaces, by id) a proposal; `drop` removes others in the same step (the drafts it ends). */
  | { type: 'add'; proposal: Proposal; drop?: readonly string[] }
  | { type: 'remove'; ids: readonly string[] }
  /** The proposals the transaction accepts: removed, and their own change does not mark others stale. */
  | { type: 'accept'; ids: readonly string[] }
  | { type: 'track'; key: string; from: number; to: number }
  | { type: 'untrack'; key: string };
