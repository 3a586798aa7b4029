/*
 * The serializer state as our node and mark writers use it: the options they read, and the
 * fields prosemirror-markdown keeps on the state without typing them.
 */
import type { MarkdownSerializerState } from 'prosemirror-markdown';
import type { Node as PMNode } from 'prosemirror-model';
import type { EscapeMode } from './escape';
import type { Definitions } from './reference-links';

/** Options our node serializers read from the serializer state. */
export interface FreshOptions {
  /** How hard to escape text. */
  escapeMode: EscapeMode;
  /** The note's link reference definitions, for writing reference links as they were. */
  references: Definitions;
  /** Write every link inline (a definition went missing). */
  inlineLinks: boolean;
}

/** The state serializers get. */
export type State = MarkdownSerializerState;

/** The options of this serialisation. */
export function opts(state: State): FreshOptions {
  return state.options as unknown as FreshOptions;
}

/** Internal serializer-state fields prosemirror-markdown keeps but does not type. */
export interface StateInternals {
  atBlockStart: boolean;
  inAutolink: boolean | undefined;
  out: string;
  closed: PMNode | null;
  inTightList: boolean;
  flushClose(size: number): void;
}

/** The untyped fields of the state. */
export function internals(state: State): StateInternals {
  return state as unknown as StateInternals;
}
