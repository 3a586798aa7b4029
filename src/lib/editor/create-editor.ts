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
import { DOMParser, type Node as PMNode, type ParseOptions } from 'prosemirror-model';
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
import { linkPastePlugin } from './link-paste';
import { pasteBlocksPlugin } from './paste-blocks';
import { editingPlugin } from './render/render-views';
import { calloutPlugin } from './callouts';
import { placeholderPlugin } from './placeholder';
import { selectionBlockPlugin } from './selection-block';
import { noteLinkPicker, type NoteLinkPickerHooks } from './note-link-picker';
import { pipeInCell } from './table-commands';
import { replayTyping } from './replay-typing';
import { markdownSchema } from './schema';

/**
 * Reads the editor's own DOM back keeping every newline: soft line breaks are newlines in the
 * text, shown as line breaks (white-space: pre-wrap). ProseMirror reads a changed paragraph with
 * newlines folded into spaces unless its node type is `pre`, so typing one character in a
 * hard-wrapped paragraph would join its lines. Pasted HTML still goes through the schema's
 * ordinary parser (clipboardParser), where newlines are just spaces.
 */
class EditorDomParser extends DOMParser {
  parse(dom: globalThis.Node, options: ParseOptions = {}): PMNode {
    return super.parse(dom, { ...options, preserveWhitespace: 'full' });
  }
}

const editorDomParser = new EditorDomParser(markdownSchema, DOMParser.fromSchema(markdownSchema).rules);
const clipboardDomParser = DOMParser.fromSchema(markdownSchema);

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
  /**
   * Called on a click or tap on a link (Alt-click places the cursor in it instead), with its
   * target (`:/id` for notes and files) or, for a wiki link, its source (`[[Title]]`).
   */
  onOpenLink?: (href: string) => void;
  /** Called after every transaction (selection moves too), for toolbars that show the state. */
  onUpdate?: (state: EditorState) => void;
  /** Shown in the body while the note is empty. */
  placeholder?: string;
  /** The `[[` note picker; without it, `[[` is plain text. */
  noteLinks?: NoteLinkPickerHooks;
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
  /** Types keys typed before the editor was there, as if typed now (see replay-typing.ts). */
  replayTyping(keys: readonly string[]): void;
  setEditable(editable: boolean): void;
  destroy(): void;
}

/** Without an onError hook, a failure surfaces as an uncaught error rather than vanishing. */
function rethrow(error: unknown): void {
  queueMicrotask(() => {
    throw error;
  });
}

/** How long after a touch a click counts as that touch's tap. */
const TAP_WINDOW_MS = 800;

/** Marks transactions that come from outside (setMarkdown): they do not fire onChange. */
const EXTERNAL = 'folioExternal';

function createState(doc: PMNode, options: EditorOptions): EditorState {
  return EditorState.create({
    doc,
    plugins: [
      // First: while the [[ picker is open, its keys (arrows, Enter, Escape) go to it.
      ...(options.noteLinks ? [noteLinkPicker(options.noteLinks)] : []),
      history(),
      editorInputRules(),
      ...editorKeymaps(),
      dropCursor(),
      gapCursor(),
      attachmentsPlugin({ onFiles: options.onFiles, onError: options.onError ?? rethrow }),
      linkPastePlugin(),
      pasteBlocksPlugin(),
      editingPlugin(),
      calloutPlugin(),
      selectionBlockPlugin(),
      ...(options.placeholder ? [placeholderPlugin(options.placeholder)] : []),
      ...(options.plugins ?? [])
    ]
  });
}

/** Mounts a note editor in `element` and returns its handle. */
export function createEditor(element: HTMLElement, options: EditorOptions = {}): FolioEditor {
  let editable = options.editable ?? true;
  let lastTouch = 0;
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
    domParser: editorDomParser,
    clipboardParser: clipboardDomParser,
    clipboardTextParser: (text, $context, plain) => parseClipboardText(text, $context, plain),
    clipboardTextSerializer: (slice) => serializeClipboardSlice(slice),
    handleClickOn(_view, _pos, node, _nodePos, event, direct) {
      if (!direct || event.altKey || !options.onOpenLink || node.type.name !== 'wikilink') return false;
      options.onOpenLink(node.attrs.raw as string);
      return true;
    },
    handleClick(clickView, pos, event) {
      if (event.altKey || !options.onOpenLink) return false;
      // Only a click on the link's own text: a click beside a link at a line end places the cursor.
      if (!(event.target as Element | null)?.closest?.('a, img')) return false;
      const href = linkAt(clickView.state.doc, pos);
      if (href === null) return false;
      event.preventDefault();
      options.onOpenLink(href);
      return true;
    },
    handleTextInput: (textView, from, to, text) => pipeInCell(textView, from, to, text),
    handleDOMEvents: {
      blur: () => {
        options.onBlur?.();
        return false;
      },
      touchstart: () => {
        lastTouch = Date.now();
        return false;
      },
      // The browser would follow a link's href itself (to the app's own URL + `:/id`). A tap is
      // no click to ProseMirror (it leaves touch to the browser), so taps on links open them here.
      click: (clickView, event) => {
        const target = event.target as Element | null;
        const link = target?.closest?.('a[href], .wikilink');
        if (!link || event.altKey) return false;
        event.preventDefault();
        if (Date.now() - lastTouch > TAP_WINDOW_MS || !options.onOpenLink) return false;
        const raw = (link as HTMLElement).dataset.raw;
        const href = raw ?? linkAt(clickView.state.doc, clickView.posAtDOM(link, 0));
        if (href !== null) options.onOpenLink(href);
        return href !== null;
      }
    },
    dispatchTransaction(tr: Transaction) {
      view.updateState(view.state.apply(tr));
      if (tr.docChanged)
        for (const snapshot of snapshots) for (const map of tr.mapping.maps) snapshot.mapping.appendMap(map);
      if (tr.docChanged && !tr.getMeta(EXTERNAL)) options.onChange?.(getMarkdown());
      options.onUpdate?.(view.state);
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
    replayTyping: (keys) => replayTyping(view, keys),
    setEditable(value) {
      editable = value;
      view.setProps({});
    },
    destroy: () => view.destroy()
  };
}
