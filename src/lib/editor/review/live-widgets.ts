/*
 * Widgets drawn once and then refreshed in place: a suggestion's inserted text and its group
 * (label and buttons). A draft suggestion is proposed again on every animation frame with its
 * text grown by a few words, and the finished call then replaces it with the same text and the
 * Accept/Reject buttons. Drawn as ordinary widgets, each of those would make ProseMirror replace
 * the widgets, and every such DOM update ends in a selection sync that forces a layout of the whole
 * note (milliseconds on a long one). A live widget's key stays the same while only what it shows
 * changes, so the decorations compare equal and the view leaves the DOM alone; the review plugin's
 * view then refreshes the elements it kept (refreshLiveWidgets), and the browser lays them out once,
 * with the frame. ProseMirror ignores mutations inside widgets, so none is read back as an edit.
 */
import { Decoration, type DecorationSet, type EditorView } from 'prosemirror-view';

/** What a live widget shows, and how it is drawn. */
export interface LiveDrawing {
  /** What is shown; the element is refilled when the next drawing's differs. */
  shows: unknown;
  same(a: unknown, b: unknown): boolean;
  /** The element (drawn once per key). */
  create(): HTMLElement;
  /** Puts what is shown into the element (at creation and at each refresh). */
  fill(element: HTMLElement): void;
}

interface Drawn {
  element: HTMLElement;
  shows: unknown;
}

interface LiveSpec {
  key: string;
  live: LiveDrawing;
}

/** The live widgets each view shows, by key. */
const drawnByView = new WeakMap<EditorView, Map<string, Drawn>>();
/** Where a live widget's element is registered, for its clean-up. */
const owners = new WeakMap<globalThis.Node, { drawn: Map<string, Drawn>; key: string }>();

function isLive(spec: unknown): spec is LiveSpec {
  return typeof spec === 'object' && spec !== null && 'live' in spec;
}

/**
 * A widget at `pos`, kept across redraws with the same `spec.key` and refilled when what it shows
 * changes. The key must change when the element itself would (its tag).
 */
export function liveWidget(
  pos: number,
  live: LiveDrawing,
  spec: { key: string; side: number; ignoreSelection: boolean; stopEvent: () => boolean } & Record<
    string,
    unknown
  >
): Decoration {
  const toDOM = (view: EditorView) => {
    const element = live.create();
    live.fill(element);
    let drawn = drawnByView.get(view);
    if (!drawn) drawnByView.set(view, (drawn = new Map()));
    drawn.set(spec.key, { element, shows: live.shows });
    owners.set(element, { drawn, key: spec.key });
    return element;
  };
  const destroy = (node: globalThis.Node) => {
    const owner = owners.get(node);
    // A redraw may have made the key's new element before this one goes.
    if (owner && owner.drawn.get(owner.key)?.element === node) owner.drawn.delete(owner.key);
  };
  const liveSpec: LiveSpec = { key: spec.key, live };
  return Decoration.widget(pos, toDOM, { ...spec, ...liveSpec, destroy });
}

/** Refills every live widget the view kept from an earlier draw whose drawing changed since. */
export function refreshLiveWidgets(view: EditorView, decorations: DecorationSet): void {
  const drawn = drawnByView.get(view);
  if (!drawn?.size) return;
  for (const decoration of decorations.find(undefined, undefined, isLive)) {
    const { key, live } = decoration.spec as LiveSpec;
    const shown = drawn.get(key);
    if (shown && !live.same(shown.shows, live.shows)) {
      live.fill(shown.element);
      shown.shows = live.shows;
    }
  }
}
