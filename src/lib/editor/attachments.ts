/*
 * Pasting or dropping files: the app stores each file as a resource (`onFiles`) and the editor
 * links it where it landed, as `![name](:/id)` for images and `[name](:/id)` for other files.
 * The insertion point is tracked through the edits made while the files are being stored.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { Plugin, PluginKey, type EditorState, type Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { markdownSchema as schema } from './schema';

/** A stored attachment, as the app's `onFiles` hook reports it. */
export interface StoredFile {
  id: string;
  name: string;
  isImage: boolean;
}

/** Stores files as resources and reports them in the same order. */
export type OnFiles = (files: File[]) => Promise<StoredFile[]>;

/** Inline nodes that link the stored files, separated by spaces. */
export function attachmentNodes(stored: StoredFile[]): PMNode[] {
  const nodes: PMNode[] = [];
  stored.forEach((file, i) => {
    if (i > 0) nodes.push(schema.text(' '));
    const href = `:/${file.id}`;
    if (file.isImage) nodes.push(schema.nodes.image.create({ src: href, alt: file.name }));
    else nodes.push(schema.text(file.name || file.id, [schema.marks.link.create({ href })]));
  });
  return nodes;
}

/** Inserts the links to stored files at `pos`; returns null when `pos` is no longer in the doc. */
export function insertAttachments(state: EditorState, pos: number, stored: StoredFile[]): Transaction | null {
  if (!stored.length || pos < 0 || pos > state.doc.content.size) return null;
  const nodes = attachmentNodes(stored);
  const $pos = state.doc.resolve(pos);
  const tr = state.tr;
  if ($pos.parent.inlineContent) {
    // Keep the link a word of its own: "see:" + file gives "see: ![file](:/id)".
    const before = $pos.parent.textBetween(
      Math.max(0, $pos.parentOffset - 1),
      $pos.parentOffset,
      '',
      '\ufffc'
    );
    tr.insert(pos, before && /\S/.test(before) ? [schema.text(' '), ...nodes] : nodes);
  } else {
    tr.insert(pos, schema.nodes.paragraph.create(null, nodes));
  }
  return tr.scrollIntoView();
}

const key = new PluginKey('folio-attachments');

function filesOf(data: DataTransfer | null): File[] {
  return data ? Array.from(data.files) : [];
}

/** Where files go while they are stored; mapped through later edits so the links land right. */
type Pending = Set<{ pos: number }>;

function store(view: EditorView, hooks: AttachmentHooks, files: File[], pos: number, pending: Pending): void {
  const marker = { pos };
  pending.add(marker);
  hooks.onFiles!(files)
    .then((stored) => {
      const tr = insertAttachments(view.state, marker.pos, stored);
      if (tr) view.dispatch(tr);
    }, hooks.onError)
    .finally(() => pending.delete(marker));
}

/** What the attachments plugin needs from the app. */
export interface AttachmentHooks {
  onFiles?: OnFiles;
  /** Told when storing files fails (nothing is inserted then). */
  onError: (error: unknown) => void;
}

type AttachFiles = (view: EditorView, files: File[]) => boolean;

/**
 * Stores files picked by the user (the toolbar's Attach file) and links them at the cursor, as a
 * paste would. False when the editor takes no files.
 */
export function attachFiles(view: EditorView, files: File[]): boolean {
  const plugin = key.get(view.state);
  return plugin ? (plugin.spec.attach as AttachFiles)(view, files) : false;
}

/** The plugin that sends pasted and dropped files to `onFiles`. */
export function attachmentsPlugin(hooks: AttachmentHooks): Plugin {
  const pending: Pending = new Set();
  const onFiles = hooks.onFiles;
  const attach: AttachFiles = (view, files) => {
    if (!onFiles || !files.length) return false;
    store(view, hooks, files, view.state.selection.from, pending);
    return true;
  };
  return new Plugin({
    key,
    attach,
    appendTransaction(trs) {
      for (const tr of trs) for (const marker of pending) marker.pos = tr.mapping.map(marker.pos);
      return null;
    },
    props: {
      handlePaste(view, event) {
        const files = filesOf(event.clipboardData);
        if (!onFiles || !files.length) return false;
        store(view, hooks, files, view.state.selection.from, pending);
        return true;
      },
      handleDrop(view, event, _slice, moved) {
        const files = filesOf((event as DragEvent).dataTransfer);
        if (!onFiles || moved || !files.length) return false;
        const at = view.posAtCoords({
          left: (event as DragEvent).clientX,
          top: (event as DragEvent).clientY
        });
        store(view, hooks, files, at ? at.pos : view.state.selection.from, pending);
        return true;
      }
    }
  });
}
