/*
 * Clipboard as Markdown: copied content goes out as the Markdown it is written in, pasted plain
 * text is read as Markdown (Shift-paste keeps it literal, one paragraph per line), and text pasted
 * into a code block stays as it is.
 */
import { Fragment, Slice, type Node as PMNode, type ResolvedPos } from 'prosemirror-model';
import type { EditorState } from 'prosemirror-state';
import { markdownSchema as schema } from './schema';
import { parseMarkdown } from './parse';
import { serializeMarkdown } from './serialize';

/** Parses pasted plain text into a slice; see the module comment. */
export function parseClipboardText(text: string, $context: ResolvedPos, plain: boolean): Slice {
  if ($context.parent.type.spec.code) return new Slice(Fragment.from(text ? schema.text(text) : []), 0, 0);
  if (plain) {
    const paragraphs = text
      .split(/\r\n?|\n/)
      .map((line) => schema.nodes.paragraph.create(null, line ? schema.text(line) : null));
    return Slice.maxOpen(Fragment.from(paragraphs));
  }
  // The blocks are new to the note: without the parse's source records they serialise afresh.
  // Kept, the last one's record said it ended the text without a line break, and the note lost
  // its final newline when the paste ended it.
  const blocks: PMNode[] = [];
  parseMarkdown(text).forEach((node) =>
    blocks.push(node.type.create({ ...node.attrs, source: null }, node.content, node.marks))
  );
  return Slice.maxOpen(Fragment.from(keepEdgeSpaces(blocks, text)));
}

/**
 * Puts back the spaces markdown-it trims from the pasted text's first and last paragraphs: those
 * merge with the text at the caret, where `word ` pasted before a word is the gap between them.
 */
function keepEdgeSpaces(blocks: PMNode[], text: string): PMNode[] {
  const lead = /^[ \t]+(?=\S)/.exec(text)?.[0] ?? '';
  const trail = /(?<=\S)[ \t]+$/.exec(text)?.[0] ?? '';
  return blocks.map((node, i) => {
    const before = i === 0 ? lead : '';
    const after = i === blocks.length - 1 ? trail : '';
    if ((!before && !after) || node.type !== schema.nodes.paragraph || node.content.size === 0) return node;
    let content = node.content;
    if (before) content = Fragment.from(schema.text(before)).append(content);
    if (after) content = content.append(Fragment.from(schema.text(after)));
    return node.copy(content);
  });
}

/** Writes a copied slice as Markdown. */
export function serializeClipboardSlice(slice: Slice): string {
  let content = slice.content;
  const first = content.firstChild;
  if (first && (first.isInline || first.isText))
    content = Fragment.from(schema.nodes.paragraph.create(null, content));
  let doc: PMNode | null = null;
  try {
    doc = schema.topNodeType.create(null, content);
    doc.check();
  } catch {
    // Content that is not a valid doc on its own (say, bare table rows): fall back to its text.
    return slice.content.textBetween(0, slice.content.size, '\n\n');
  }
  return serializeMarkdown(doc)
    .replace(/^(?:[ \t]*\r?\n)+/, '')
    .replace(/\s+$/, '');
}

/** The selected part of the note as Markdown (empty for an empty selection). */
export function selectionMarkdown(state: EditorState): string {
  return state.selection.empty ? '' : serializeClipboardSlice(state.selection.content());
}
