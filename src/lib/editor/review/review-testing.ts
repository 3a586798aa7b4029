/*
 * A view stand-in for tests of the review queue and the session tools: an EditorState with history
 * and the review plugin that applies what is dispatched, as EditorView would (without a DOM).
 */
import { history } from 'prosemirror-history';
import { EditorState, TextSelection, type Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { parseMarkdown } from '../parse';
import { serializeMarkdown } from '../serialize';
import { reviewPlugin } from './review-plugin';

/** The stand-in: `view` is what runSessionTool takes. */
export interface TestEditor {
  view: EditorView;
  readonly state: EditorState;
  dispatch(tr: Transaction): void;
  markdown(): string;
  /** Types text at a document position, as the user would (its own undo step). */
  type(pos: number, text: string): void;
}

/** A test editor over `markdown`, cursor at `cursor` (a document position) when given. */
export function testEditor(
  markdown: string,
  options: { cursor?: number; editable?: boolean } = {}
): TestEditor {
  let state = EditorState.create({ doc: parseMarkdown(markdown), plugins: [history(), reviewPlugin()] });
  if (options.cursor !== undefined)
    state = state.apply(state.tr.setSelection(TextSelection.create(state.doc, options.cursor)));
  const dispatch = (tr: Transaction) => (state = state.apply(tr));
  const view = {
    get state() {
      return state;
    },
    editable: options.editable ?? true,
    dispatch
  } as unknown as EditorView;
  return {
    view,
    get state() {
      return state;
    },
    dispatch,
    markdown: () => serializeMarkdown(state.doc),
    type(pos, text) {
      dispatch(state.tr.insertText(text, pos).setTime(Date.now() + 10_000));
    }
  };
}
