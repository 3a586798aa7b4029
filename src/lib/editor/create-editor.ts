/*
 * The note editor: a ProseMirror view over markdownSchema with history, Markdown input rules,
 * keyboard shortcuts, clickable task checkboxes, `:/id` images and file attachments.
 *
 * The app shell owns saving: it gets `onChange(markdown)` after every edit, and can read the
 * Markdown at any time with `getMarkdown()` (cached per document, so flushing on blur is cheap).
 */
import { dropCursor } from 'prosemirror-dropcursor';
import { gapCursor } from 'prosemirror-gapcursor';
import { history, redo, redoDepth, undo, undoDepth } from 'prosemirror-history';
import type { Node as PMNode } from 'prosemirror-model';
import { EditorState, Selection, type Plugin, type Transaction } from 'prosemirror-state';
import { Mapping } from 'prosemirror-transform';
import { EditorView } from 'prosemirror-view';
import { attachmentsPlugin, type OnFiles } from './attachments';
import { parseClipboardText, serializeClipboardSlice } from './clipboard';
import { editorInputRules } from './input-rules';
import { editorKeymaps } from './keymap';
import { editorNodeViews, type ResolveResourceUrl } from './node-views';
import { parseMarkdown } from './parse';
import { replaceDocument } from './replace-document';
import { serializeMarkdown } from './serialize';
import { linkAt } from './links';
import { applyStoredVersion, type DocSnapshot } from './stored-change';

/** Options of {@link createEditor}. */
export interface EditorOptions {
  /** The note's Markdown to open. */
  markdown?: string;
  /** Called with the new Markdown after each edit by the user (not after setMarkdown/load). */
  onChange?: (markdown: string) => void;
  /** Stores pasted or dropped files as resources; without it files are not accepted. */
  onFiles?: OnFiles;
  /** Gives a displayable URL for a `:/id` image (a blob: URL), or undefined. */
  resolveResourceUrl?: ResolveResourceUrl;
  /** Called on Mod-click (Ctrl/Cmd) on a link, with its target (`:/id` for notes and files). */
  onOpenLink?: (href: string) => void;
  /** Called when the editor loses focus (flush autosave here). */
  onBlur?: () => void;
  /** Told about failures the editor cannot show itself (storing an attachment). */
  onError?: (error: unknown) => void;
  /** Accessible name of the textbox; default 'Note body'. */
  ariaLabel?: string;
  /** False to make the editor read-only (a note in the trash). */
  editable?: boolean;
  /** More plugins (the review queue for AI edits), kept across `load`. */
  plugins?: readonly Plugin[];
}

/** A mounted note editor; see {@link createEditor}. */
export interface FolioEditor {
  /** The ProseMirror view, for plugins built on top (review, session tools). */
  readonly view: EditorView;
  /** The document as Markdown; unedited blocks come back byte-identical. */
  getMarkdown(): string;
  /** Replaces the content after an outside change (another tab); keeps the selection, no undo step. */
  setMarkdown(markdown: string): void;
  /** Marks the document as it is now, for `applyStored` later; followed through every edit until used or released. */
  snapshot(): DocSnapshot;
  /** Stops following a snapshot. */
  release(snapshot: DocSnapshot): void;
  /**
   * Takes the document from the snapshot's Markdown to `markdown` (a stored version made from it),
   * keeping what the user typed since, the cursor and the undo history (stored-change.ts). The
   * change is no undo step and does not call onChange. Returns false, changing nothing, when it
   * cannot be fitted around the edits since. Releases the snapshot.
   */
  applyStored(snapshot: DocSnapshot, markdown: string): boolean;
  /** Opens another note: new content, empty history, cursor at the start. */
  load(markdown: string): void;
  undo(): boolean;
  redo(): boolean;
  canUndo(): boolean;
  canRedo(): boolean;
  focus(): void;
  setEditable(editable: boolean): void;
  destroy(): void;
}

/** Without an onError hook, a failure surfaces as an uncaught error rather than vanishing. */
function rethrow(error: unknown): void {
  queueMicrotask(() => {
    throw error;
  });
}

/** Marks transactions that come from outside (setMarkdown): they do not fire onChange. */
const EXTERNAL = 'folioExternal';

function createState(doc: PMNode, options: EditorOptions): EditorState {
  return EditorState.create({
    doc,
    plugins: [
      history(),
      editorInputRules(),
      ...editorKeymaps(),
      dropCursor(),
      gapCursor(),
      attachmentsPlugin({ onFiles: options.onFiles, onError: options.onError ?? rethrow }),
      ...(options.plugins ?? [])
    ]
  });
}

/** Mounts a note editor in `element` and returns its handle. */
export function createEditor(element: HTMLElement, options: EditorOptions = {}): FolioEditor {
  let editable = options.editable ?? true;
  let cache: { doc: PMNode; markdown: string } | null = null;
  const snapshots = new Set<{ doc: PMNode; mapping: Mapping }>();
  const getMarkdown = (): string => {
    const doc = view.state.doc;
    if (cache?.doc !== doc) cache = { doc, markdown: serializeMarkdown(doc) };
    return cache.markdown;
  };
  const view: EditorView = new EditorView(element, {
    state: createState(parseMarkdown(options.markdown ?? ''), options),
    editable: () => editable,
    attributes: {
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-label': options.ariaLabel ?? 'Note body',
      class: 'folio-editor'
    },
    nodeViews: editorNodeViews(options.resolveResourceUrl),
    clipboardTextParser: (text, $context, plain) => parseClipboardText(text, $context, plain),
    clipboardTextSerializer: (slice) => serializeClipboardSlice(slice),
    handleClick(clickView, pos, event) {
      if (!(event.ctrlKey || event.metaKey) || !options.onOpenLink) return false;
      const href = linkAt(clickView.state.doc, pos);
      if (href === null) return false;
      options.onOpenLink(href);
      return true;
    },
    handleDOMEvents: {
      blur: () => {
        options.onBlur?.();
        return false;
      }
    },
    dispatchTransaction(tr: Transaction) {
      view.updateState(view.state.apply(tr));
      if (tr.docChanged) for (const snapshot of snapshots) for (const map of tr.mapping.maps) snapshot.mapping.appendMap(map);
      if (tr.docChanged && !tr.getMeta(EXTERNAL)) options.onChange?.(getMarkdown());
    }
  });
  return {
    view,
    getMarkdown,
    setMarkdown(markdown) {
      const tr = replaceDocument(view.state, parseMarkdown(markdown));
      if (tr) view.dispatch(tr.setMeta('addToHistory', false).setMeta(EXTERNAL, true));
    },
    snapshot() {
      const snapshot = { doc: view.state.doc, mapping: new Mapping() };
      snapshots.add(snapshot);
      return snapshot;
    },
    release(snapshot) {
      snapshots.delete(snapshot as { doc: PMNode; mapping: Mapping });
    },
    applyStored(snapshot, markdown) {
      // A snapshot from before a load() (or used already) maps nothing reliably.
      if (!snapshots.delete(snapshot as { doc: PMNode; mapping: Mapping })) return false;
      const tr = view.state.tr;
      if (!applyStoredVersion(tr, snapshot, markdown)) return false;
      if (tr.docChanged) view.dispatch(tr.setMeta('addToHistory', false).setMeta(EXTERNAL, true));
      return true;
    },
    load(markdown) {
      snapshots.clear();
      const state = createState(parseMarkdown(markdown), options);
      view.updateState(state.apply(state.tr.setSelection(Selection.atStart(state.doc))));
    },
    undo: () => undo(view.state, view.dispatch),
    redo: () => redo(view.state, view.dispatch),
    canUndo: () => undoDepth(view.state) > 0,
    canRedo: () => redoDepth(view.state) > 0,
    focus: () => view.focus(),
    setEditable(value) {
      editable = value;
      view.setProps({});
    },
    destroy: () => view.destroy()
  };
}
