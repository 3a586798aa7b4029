/*
 * `[[` to link a note: typing `[[` opens a picker of notes (the app draws it, see
 * NoteLinkPicker.svelte), the text typed after it narrows the choice, and picking a note replaces
 * `[[text` by a link to it in Joplin's form, `[Title](:/id)`. Escape closes the picker and leaves
 * the text as typed. The plugin only tracks where the `[[` query is and hands keys to the app
 * while the picker is open.
 */
import { Plugin, PluginKey, TextSelection, type EditorState } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { markdownSchema as schema } from './schema';

/** An open picker: the `[[query` range and where to draw it. */
export interface LinkQuery {
  /** Position of the first `[`. */
  from: number;
  /** The cursor (end of the query). */
  to: number;
  /** The text typed after `[[`. */
  query: string;
}

/** What the app does with the picker. */
export interface NoteLinkPickerHooks {
  /** The query changed (null: the picker closes); `coords` is where the `[[` is on screen. */
  onQuery(query: LinkQuery | null, coords: { left: number; bottom: number } | null): void;
  /** A key pressed while the picker is open; true when the picker took it. */
  onKey(event: KeyboardEvent): boolean;
}

const TRIGGER = /\[\[([^[\]\n]{0,80})$/;
interface PickerState {
  query: LinkQuery | null;
  /** Where the `[[` the user closed the picker on is (it stays closed for that one). */
  dismissedAt: number | null;
}

const key = new PluginKey<PickerState>('folio-note-link-picker');

function queryAt(state: EditorState, dismissedAt: number | null): LinkQuery | null {
  const { $from, empty } = state.selection;
  if (!empty || $from.parent.type.spec.code || !$from.parent.inlineContent) return null;
  const before = $from.parent.textBetween(
    Math.max(0, $from.parentOffset - 82),
    $from.parentOffset,
    '\n',
    '\ufffc'
  );
  const match = TRIGGER.exec(before);
  if (!match) return null;
  const from = $from.pos - match[0].length;
  if (from === dismissedAt) return null;
  return { from, to: $from.pos, query: match[1] };
}

/** The picker's plugin. */
export function noteLinkPicker(hooks: NoteLinkPickerHooks): Plugin {
  return new Plugin({
    key,
    state: {
      init: (): PickerState => ({ query: null, dismissedAt: null }),
      apply(tr, value: PickerState, _old, state): PickerState {
        let dismissedAt: number | null =
          tr.getMeta(key) === 'dismiss' ? (value.query?.from ?? null) : value.dismissedAt;
        if (dismissedAt !== null) dismissedAt = tr.mapping.map(dismissedAt);
        return { query: queryAt(state, dismissedAt), dismissedAt };
      }
    },
    view() {
      let shown: LinkQuery | null = null;
      return {
        update(view) {
          const query = key.getState(view.state)?.query ?? null;
          if (query?.from === shown?.from && query?.query === shown?.query) return;
          shown = query;
          let coords: { left: number; bottom: number } | null = null;
          try {
            coords = query ? view.coordsAtPos(query.from) : null;
          } catch {
            // No layout (a document without rendering): the picker is placed by the app's default.
          }
          hooks.onQuery(query, coords && { left: coords.left, bottom: coords.bottom });
        },
        destroy() {
          hooks.onQuery(null, null);
        }
      };
    },
    props: {
      handleKeyDown(view, event) {
        if (!key.getState(view.state)?.query) return false;
        if (event.key === 'Escape') {
          view.dispatch(view.state.tr.setMeta(key, 'dismiss'));
          return true;
        }
        return hooks.onKey(event);
      }
    }
  });
}

/** Replaces the open `[[query` by a link to the note, `[title](:/id)`; false when no picker is open. */
export function pickNoteLink(view: EditorView, note: { id: string; title: string }): boolean {
  const query = key.getState(view.state)?.query;
  if (!query) return false;
  const text = note.title.trim() || 'Untitled';
  const link = schema.marks.link.create({ href: `:/${note.id}` });
  const marks = view.state.doc
    .resolve(query.from)
    .marks()
    .filter((m) => m.type !== schema.marks.link);
  const tr = view.state.tr.replaceWith(query.from, query.to, schema.text(text, [...marks, link]));
  tr.setSelection(TextSelection.create(tr.doc, query.from + text.length)).removeStoredMark(schema.marks.link);
  view.dispatch(tr.scrollIntoView());
  view.focus();
  return true;
}

/** Closes the open picker, leaving the typed text. */
export function dismissNoteLinkPicker(view: EditorView): void {
  if (key.getState(view.state)?.query) view.dispatch(view.state.tr.setMeta(key, 'dismiss'));
}
